import { BellOff, CheckCheck, RotateCw, Settings } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { NotificationRecord, NotificationsResponse } from '@ahente/contract/notifications';
import { useNotificationPages, useReadNotifications } from './api';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { currentLocale } from '../../lib/locale';
import { useServerPages } from '../../lib/use-server-pages';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { ShowMore } from '../../ui/show-more';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { NotificationItem } from './notification-item';

const rowsOf = (page: NotificationsResponse) => page.rows;

/**
 * /notifications: every notification of the member, newest first, in pages from the server
 * (decision 036's paging and 'Show more'), each with its whole text and its moment in Manila time;
 * the bell's "See all notifications" opens it. Opening one marks it read.
 */
export function NotificationsPage() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const pages = useNotificationPages(user.memberId);
  const read = useReadNotifications(user.memberId);
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
              <NotificationItem key={item.id} item={item} onOpen={() => openItem(item)} whole />
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
