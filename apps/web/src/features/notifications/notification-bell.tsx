import * as Popover from '@radix-ui/react-popover';
import { Bell, BellOff, CheckCheck, List as ListIcon, RotateCw, Settings } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NotificationRecord } from '@ahente/contract/notifications';
import { useNotifications, useReadNotifications } from './api';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import { currentLocale } from '../../lib/locale';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { NotificationItem } from './notification-item';

const FOOTER_LINK =
  'inline-flex min-h-8 items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The badge shows at most this; the button's name says the same. */
const BADGE_MAX = 99;

/**
 * The bell in the header (decision 026): the unread count on it, and a panel with the newest
 * notifications, each a link to its screen that also marks it read, "Mark all as read", and "See
 * all notifications" (the page of all of them, decision 036). The count is read again every minute
 * and when the window regains focus; the badge sits over the button's corner, so its coming and
 * going moves nothing.
 */
export function NotificationBell() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const notifications = useNotifications(user.memberId);
  const read = useReadNotifications(user.memberId);
  const [open, setOpen] = useState(false);
  const panelHeading = useRef<HTMLHeadingElement>(null);

  const unread = notifications.data?.unread ?? 0;
  const shown = unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
  const rows = notifications.data?.rows ?? [];

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && !notifications.isFetching) void notifications.refetch();
  };

  const markAllRead = () => {
    if (read.isPending) return;
    // The button is disabled once nothing is unread: the focus moves to the panel's heading first.
    panelHeading.current?.focus();
    read.mutate({ all: true }, { onError: () => toast.error(t('bell.markFailed')) });
  };

  const openItem = (item: NotificationRecord) => {
    if (item.read_at === null) read.mutate({ ids: [item.id] });
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        aria-label={unread > 0 ? t('bell.labelUnread', { shown }) : t('bell.label')}
        className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:bg-brand-50 data-[state=open]:text-brand-800"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span className="absolute top-0.5 right-0 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-semibold text-white tabular-nums ring-2 ring-white">
            {shown}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={10}
          collisionPadding={12}
          aria-label={t('bell.label')}
          className="z-50 flex max-h-[min(34rem,var(--radix-popover-content-available-height))] w-[min(24rem,calc(100vw-1.5rem))] flex-col rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
        >
          <div className="flex shrink-0 items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
            <div className="min-w-0">
              <h2 ref={panelHeading} tabIndex={-1} className="text-[0.9375rem] font-semibold text-slate-900 focus:outline-none">
                {t('bell.label')}
              </h2>
              <p className="text-xs text-slate-500" aria-live="polite">
                {notifications.isPending
                  ? ''
                  : unread === 0
                    ? t('bell.nothingUnread')
                    : t('bell.unread', { n: unread.toLocaleString(currentLocale()) })}
              </p>
            </div>
            <Button variant="ghost" size="sm" onClick={markAllRead} disabled={unread === 0} className="-mr-2 shrink-0">
              <CheckCheck aria-hidden="true" />
              {t('bell.markAllRead')}
            </Button>
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain" aria-busy={notifications.isPending || undefined}>
            {notifications.isPending ? (
              <div className="flex flex-col gap-3 px-4 py-4">
                <Skeleton className="h-14 w-full" />
                <Skeleton className="h-14 w-full" />
                <span className="sr-only" role="status">
                  {t('bell.loading')}
                </span>
              </div>
            ) : notifications.isError && rows.length === 0 ? (
              <div className="flex flex-col items-start gap-3 px-4 py-5 text-sm">
                <p className="font-medium text-slate-700">{t('bell.failed')}</p>
                <Button variant="outline" size="sm" onClick={() => void notifications.refetch()} loading={notifications.isFetching}>
                  {!notifications.isFetching && <RotateCw aria-hidden="true" />}
                  {t('bell.tryAgain')}
                </Button>
              </div>
            ) : rows.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
                <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500">
                  <BellOff className="size-5" />
                </span>
                <p className="text-sm font-medium text-slate-700">{t('bell.caughtUp')}</p>
                <p className="max-w-xs text-sm text-slate-500">{t('bell.caughtUpText')}</p>
              </div>
            ) : (
              <ul aria-label={t('bell.newest')} className="divide-y divide-slate-100">
                {rows.map((item) => (
                  <NotificationItem key={item.id} item={item} onOpen={() => openItem(item)} />
                ))}
              </ul>
            )}
          </div>

          <div className="flex shrink-0 flex-wrap items-center justify-between gap-x-4 border-t border-slate-100 px-4 py-2.5">
            <Link to="/notifications" onClick={() => setOpen(false)} className={FOOTER_LINK}>
              <ListIcon aria-hidden="true" className="size-4" />
              {t('bell.seeAll')}
            </Link>
            <Link to="/settings/notifications" onClick={() => setOpen(false)} className={FOOTER_LINK}>
              <Settings aria-hidden="true" className="size-4" />
              {t('bell.settings')}
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
