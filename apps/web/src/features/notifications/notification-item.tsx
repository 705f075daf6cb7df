import { Link } from 'react-router';
import type { NotificationRecord } from '@ahente/contract/notifications';
import { useLanguage } from '../../i18n';
import { cn } from '../../lib/cn';
import { formatManilaDateTime } from '../../lib/dates';
import { fullTime, relativeTime, saidRelatively } from './relative-time';

/**
 * A notification: a link to its screen. Unread ones have a dot, a bold title and say "Unread" to
 * screen readers. In the bell (`whole` false) its text is cut at two lines and its moment is
 * relative; on the page of all notifications the text is whole and the moment also the date and
 * time in Manila.
 */
export function NotificationItem({ item, onOpen, whole = false }: { item: NotificationRecord; onOpen: () => void; whole?: boolean }) {
  const { t } = useLanguage();
  const unread = item.read_at === null;
  // The link is always a path inside the portal (the server's); anything else opens the dashboard.
  const to = item.link.startsWith('/') && !item.link.startsWith('//') ? item.link : '/';
  const moment = !whole
    ? relativeTime(item.created_at)
    : saidRelatively(item.created_at)
      ? `${relativeTime(item.created_at)} · ${formatManilaDateTime(item.created_at)}`
      : formatManilaDateTime(item.created_at);
  return (
    <li>
      <Link
        to={to}
        onClick={onOpen}
        data-unread={unread || undefined}
        className={cn(
          'flex gap-3 px-4 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
          whole ? 'py-3.5 sm:px-5' : 'py-3',
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
          <span
            className={cn('mt-0.5 block text-sm text-slate-600 [overflow-wrap:anywhere]', !whole && 'line-clamp-2')}
          >{` ${item.body}`}</span>
          <span className="mt-1 block text-xs text-slate-500">
            {' '}
            <time dateTime={item.created_at} title={whole ? undefined : fullTime(item.created_at)}>
              {moment}
            </time>
          </span>
        </span>
      </Link>
    </li>
  );
}
