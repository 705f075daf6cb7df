import { BellOff, CheckCheck, RotateCw, Settings } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { NotificationRecord, NotificationsResponse } from '@ahente/contract/notifications';
import { useNotificationPages, useReadNotifications } from '../../api/notifications';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import '../../i18n/areas/notifications.en';
import { cn } from '../../lib/cn';
import { formatManilaDateTime } from '../../lib/dates';
import { currentLocale } from '../../lib/locale';
import { useServerPages } from '../../lib/use-server-pages';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { ShowMore } from '../../ui/show-more';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { relativeTime, saidRelatively } from './relative-time';

const rowsOf = (page: NotificationsResponse) => page.rows;

/**
 * /notifications (issue 43 §6): every notification of the member, newest first, in pages from the
 * server (decision 036's paging and 'Show more'), each with its whole text and its moment in
 * Manila time; the bell's "See all notifications" opens it. Opening one marks it read.
 */
export function NotificationsPage() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const pages = useNotificationPages(user.user);
  const read = useReadNotifications(user.user);
  const list = useServerPages(pages, rowsOf);
  const rows = list.rows ?? [];
  const unread = pages.data?.pages.at(-1)?.unread ?? 0;

  const markAllRead = () => {
    if (read.isPending) return;
    read.mutate({ all: true }, { onError: () => toast.error(t('bell.markFailed')) });
  };
  const openItem = useCallback(
    (item: NotificationRecord) => {
      if (item.read_at === null) read.mutate({ ids: [item.id] });
    },
    [read],
  );

  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        description={t('notifications.description')}
        actions={
          <>
            <Link to="/settings/notifications" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              <Settings aria-hidden="true" />
              {t('bell.settings')}
            </Link>
            <Button variant="outline" size="sm" onClick={markAllRead} disabled={unread === 0}>
              <CheckCheck aria-hidden="true" />
              {t('bell.markAllRead')}
            </Button>
          </>
        }
      />
      <Card aria-busy={pages.isPending || undefined}>
        <p className="border-b border-slate-100 px-4 py-3 text-sm text-slate-600 sm:px-5" aria-live="polite">
          {pages.isPending ? '' : unread === 0 ? t('bell.nothingUnread') : t('bell.unread', { n: unread.toLocaleString(currentLocale()) })}
        </p>
        {pages.isPending ? (
          <div className="flex flex-col gap-3 px-5 py-5">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <span className="sr-only" role="status">
              {t('bell.loading')}
            </span>
          </div>
        ) : pages.isError && rows.length === 0 ? (
          <div className="flex flex-col items-start gap-3 px-5 py-5 text-sm">
            <p className="font-medium text-slate-700">{t('bell.failed')}</p>
            <Button variant="outline" size="sm" onClick={() => void pages.refetch()} loading={pages.isFetching}>
              {!pages.isFetching && <RotateCw aria-hidden="true" />}
              {t('bell.tryAgain')}
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <EmptyState icon={<BellOff />} title={t('notifications.emptyTitle')} description={t('bell.caughtUpText')} />
        ) : (
          <ul aria-label={t('notifications.list')} className="divide-y divide-slate-100">
            {rows.map((item) => (
              <NotificationRow key={item.id} item={item} onOpen={openItem} />
            ))}
          </ul>
        )}
        <ShowMore
          shown={rows.length}
          total={list.total}
          next={list.next}
          expanded={list.expanded}
          noun={t('notifications.noun')}
          onShowMore={list.showMore}
        />
      </Card>
    </>
  );
}

/** A notification: its title, whole text and moment (relative, and the date and time in Manila), a link to its screen. */
function NotificationRow({ item, onOpen }: { item: NotificationRecord; onOpen: (item: NotificationRecord) => void }) {
  const { t } = useLanguage();
  const unread = item.read_at === null;
  // The link is always a path inside the portal (the server's); anything else opens the dashboard.
  const to = item.link.startsWith('/') && !item.link.startsWith('//') ? item.link : '/';
  return (
    <li>
      <Link
        to={to}
        onClick={() => onOpen(item)}
        data-unread={unread || undefined}
        className={cn(
          'flex gap-3 px-4 py-3.5 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-5',
          unread && 'bg-brand-50/40',
        )}
      >
        <span aria-hidden="true" className="flex w-2 shrink-0 justify-center pt-1.5">
          {unread && <span className="size-2 rounded-full bg-brand-600" />}
        </span>
        <span className="min-w-0 flex-1">
          {unread && <span className="sr-only">{t('bell.unreadPrefix')}</span>}
          <span
            className={cn('block text-sm [overflow-wrap:anywhere]', unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700')}
          >
            {item.title}
          </span>
          <span className="mt-0.5 block text-sm text-slate-600 [overflow-wrap:anywhere]">{` ${item.body}`}</span>
          <span className="mt-1 block text-xs text-slate-500">
            {' '}
            <time dateTime={item.created_at}>
              {saidRelatively(item.created_at)
                ? `${relativeTime(item.created_at)} · ${formatManilaDateTime(item.created_at)}`
                : formatManilaDateTime(item.created_at)}
            </time>
          </span>
        </span>
      </Link>
    </li>
  );
}
