import { onlineManager, useQueryClient, type Query, type QueryCache } from '@tanstack/react-query';
import { CloudOff, WifiOff } from 'lucide-react';
import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { formatManilaDate } from '../../lib/dates';

/**
 * What the signed-in layout shows with no signal (decision 028): a bar under the header saying when
 * the data on screen was last updated, and, for a screen never opened on this device (so nothing of
 * it is saved), a message in its place rather than a spinner that never ends.
 */

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Whether TanStack Query (and so every screen) considers the device online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline);
}

/** The query cache's changes, for useSyncExternalStore. */
function useQueryCacheStore(): [QueryCache, (onChange: () => void) => () => void] {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  return [cache, subscribe];
}

/** The newest successful answer in the cache (ms since the epoch), or 0 when there is none. */
function newestUpdate(cache: QueryCache): number {
  let newest = 0;
  for (const query of cache.getAll()) {
    if (query.state.data !== undefined && query.state.dataUpdatedAt > newest) newest = query.state.dataUpdatedAt;
  }
  return newest;
}

/**
 * Built on first use, not when the layout's chunk loads: a page's first `Intl` object loads the
 * locale's data, ~40 ms of the layout's evaluation on a phone before the first render, for a bar
 * shown only with no signal (decision 014 lever 20).
 */
let manilaClock: Intl.DateTimeFormat | undefined;

/** "10:42" (Philippine time, 24-hour clock) today; "Mar 5, 2026, 10:42" on another day. */
export function formatLastUpdated(at: number, now = Date.now()): string {
  manilaClock ??= new Intl.DateTimeFormat('en-PH', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Manila' });
  const time = manilaClock.format(at);
  const day = formatManilaDate(new Date(at).toISOString());
  return day === formatManilaDate(new Date(now).toISOString()) ? time : `${day}, ${time}`;
}

/** The live region of the offline bar: always present, so that going offline is announced. */
export function OfflineBar() {
  const online = useOnline();
  const [cache, subscribe] = useQueryCacheStore();
  const newest = useSyncExternalStore(subscribe, () => newestUpdate(cache));
  return (
    <div role="status">
      {!online && (
        <div className="flex items-center justify-center gap-2 border-t border-amber-200 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <span>{newest > 0 ? `Offline, last updated ${formatLastUpdated(newest)}` : 'Offline'}</span>
        </div>
      )}
    </div>
  );
}

/** Queries a screen asks for itself (not the session's, not the bell's in the header). */
const isPageQuery = (query: Query) => query.queryKey[0] !== 'session' && query.queryKey[0] !== 'notifications';

/** Whether the screens on display wait for the connection and have nothing saved to show meanwhile. */
function screenHasNothing(cache: QueryCache): boolean {
  let waiting = false;
  for (const query of cache.getAll()) {
    if (query.getObserversCount() === 0 || !isPageQuery(query)) continue;
    if (query.state.data !== undefined) return false;
    if (query.state.fetchStatus === 'paused') waiting = true;
  }
  return waiting;
}

/**
 * The page, or offline, when it has nothing saved on this device, a message in its place. The page
 * stays mounted (hidden) so its queries load as soon as the connection returns.
 */
export function OfflinePage({ children }: { children: ReactNode }) {
  const online = useOnline();
  const [cache, subscribe] = useQueryCacheStore();
  const nothing = useSyncExternalStore(subscribe, () => !online && screenHasNothing(cache));
  return (
    <>
      {nothing && (
        <section aria-labelledby="offline-page-title" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
          <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <CloudOff className="size-6" />
          </span>
          <h1 id="offline-page-title" className="text-lg font-semibold text-slate-900">
            You are offline
          </h1>
          <p className="text-sm text-slate-600">
            This page has not been opened on this device yet, so nothing of it is saved here. It will load when you are back online.
          </p>
        </section>
      )}
      <div hidden={nothing}>{children}</div>
    </>
  );
}
