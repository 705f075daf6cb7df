import {
  IsRestoringProvider,
  QueryClientProvider,
  dehydrate,
  hydrate,
  onlineManager,
  type DehydratedState,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { useEffect, useState, type ReactNode } from 'react';
import { logout } from '../../api/session-calls';
import { CACHE_MAX_AGE_MS } from '../../api/query-client';
import { SESSION_QUERY_KEY, type SessionUser } from '../../api/session';

/**
 * The data shown offline (decision 028): the app's TanStack Query cache, saved to IndexedDB a
 * moment after each change (and when the page is hidden or left) and put back before the first
 * query runs on the next load, so a screen opened before shows its last answer with no signal.
 *
 * - Only what an agent needs in the field is kept: the session, deals, sales, portfolio,
 *   materials, commissions, reports, notifications, tickets, licences, certifications, team sizes
 *   and the address lists. Never the personal and bank details, the security and privacy screens,
 *   tax (TIN), the admin's member search, a member's history or a licence's scan.
 * - Saved answers older than CACHE_MAX_AGE_MS (7 days) are dropped; so is everything saved by an
 *   older format (BUSTER).
 * - One member never sees another's: when the session names a different member (or none), every
 *   answer but the session's is removed, and the save that follows holds nothing of the first.
 *   Logging out deletes the saved copy (`clearPersistedQueries`).
 *
 * Written here rather than with @tanstack/react-query-persist-client, which pins an older
 * query-core and would ship a second copy of it.
 */

const store: UseStore = createStore('ahente-cache', 'queries');
const KEY = 'query-cache';
/**
 * Bump when a saved answer's shape changes in a way the screens cannot read. 2: the session names its
 * member `memberId`, not the API's `user` (api/session-calls.ts); a copy saved before would show no one.
 */
const BUSTER = '2';
/** Changes coming together (a screen's queries answering) are saved in one write. */
const SAVE_DELAY_MS = 100;

interface SavedCache {
  buster: string;
  savedAt: number;
  state: DehydratedState;
}

/** The first part of each query key the device may keep, and the sub-keys of them it may not. */
const KEPT: Record<string, (key: QueryKey) => boolean> = {
  session: () => true,
  deals: () => true,
  sales: () => true,
  portfolio: () => true,
  materials: () => true,
  commissions: () => true,
  reports: () => true,
  notifications: (key) => key[1] === 'list',
  tickets: () => true,
  licences: (key) => key[1] === 'list',
  settings: (key) => key[1] === 'certifications',
  members: (key) => key[1] === 'team-size' || key[1] === 'recruits' || key[1] === 'hierarchy',
  geo: () => true,
};

/** Whether an answer may be saved on the device. */
export function isKeptOffline(queryKey: QueryKey): boolean {
  const first = queryKey[0];
  return typeof first === 'string' && (KEPT[first]?.(queryKey) ?? false);
}

const shouldDehydrateQuery = (query: Query) => query.state.status === 'success' && isKeptOffline(query.queryKey);

let saveTimer: ReturnType<typeof setTimeout> | null = null;
/** While logging out, nothing is saved (a save already planned would write the member's data back). */
let saving = true;

/**
 * Whether this device holds a saved copy, kept in localStorage beside it ('1' once a save is
 * written, removed before the copy is deleted): read synchronously at start, it spares a load with
 * nothing saved (a first visit, the first after logging out or after a week) the IndexedDB read,
 * whose callbacks on a phone wait behind the scripts' evaluation: ~1 s before the first render of
 * the Deals Table (bench/phone.ts --trace; decision 014). Only ever a shortcut when online: offline
 * the read is always made. A copy saved without the mark (by an older version, or a save racing a
 * logout in another tab) is not put back on an online load, whose screens ask the server anyway,
 * and is overwritten by the next save.
 */
const SAVED_MARK = 'ahente-cache-saved';

/** true or false as the mark says; null when localStorage cannot be read (then the copy is read as before). */
function hasSavedMark(): boolean | null {
  try {
    return localStorage.getItem(SAVED_MARK) === '1';
  } catch {
    return null;
  }
}

function setSavedMark(saved: boolean): void {
  try {
    if (saved) localStorage.setItem(SAVED_MARK, '1');
    else localStorage.removeItem(SAVED_MARK);
  } catch {
    // Storage refused (private mode): the copy is read at every start, as before the mark.
  }
}

function saveNow(queryClient: QueryClient) {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  if (!saving) return;
  const saved: SavedCache = { buster: BUSTER, savedAt: Date.now(), state: dehydrate(queryClient, { shouldDehydrateQuery }) };
  void set(KEY, saved, store).then(
    // Not after a logout that came while the write was on its way: its copy is deleted next.
    () => {
      if (saving) setSavedMark(true);
    },
    () => undefined,
  );
}

/** Deletes the saved copy, its mark first. */
async function deleteSaved(): Promise<void> {
  setSavedMark(false);
  await del(KEY, store);
}

function scheduleSave(queryClient: QueryClient) {
  if (saveTimer || !saving) return;
  saveTimer = setTimeout(() => saveNow(queryClient), SAVE_DELAY_MS);
}

async function restore(queryClient: QueryClient): Promise<void> {
  const online = onlineManager.isOnline();
  if (online) await sendPendingLogout().catch(() => undefined);
  if (!online || hasSavedMark() !== false) await restoreSaved(queryClient);
  // With no signal and no saved member, the login page (its Sign In says the connection is missing),
  // not a spinner waiting for GET /api/me; the session is asked for once the connection returns.
  if (!onlineManager.isOnline() && queryClient.getQueryData(SESSION_QUERY_KEY) === undefined) {
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
  }
}

async function restoreSaved(queryClient: QueryClient): Promise<void> {
  const saved = await get<SavedCache>(KEY, store);
  if (!saved) return setSavedMark(false);
  if (saved.buster !== BUSTER || Date.now() - saved.savedAt > CACHE_MAX_AGE_MS) return deleteSaved();
  const fresh: DehydratedState = {
    mutations: [],
    queries: saved.state.queries.filter((query) => Date.now() - query.state.dataUpdatedAt <= CACHE_MAX_AGE_MS),
  };
  hydrate(queryClient, fresh);
  // What comes from the device is shown at once but is never taken for the server's word: every
  // restored answer is stale, so a screen asks the server again on this load as it would without
  // a saved copy (and a failure shows the screen's error, not the old rows as if current). With no
  // signal the request waits for the connection and the saved answer stays on screen meanwhile.
  // (An answer the page already had before the restore, as the prerendered /login's GET /api/me,
  // is newer than the saved one, is kept by hydrate and stays fresh.)
  await Promise.all(
    fresh.queries
      .filter((saved) => queryClient.getQueryState(saved.queryKey)?.dataUpdatedAt === saved.state.dataUpdatedAt)
      .map((saved) => queryClient.invalidateQueries({ queryKey: saved.queryKey, exact: true, refetchType: 'none' })),
  );
}

/**
 * Deletes the saved copy of the cache and stops saving until the next sign-in (logging out).
 * What stays in memory is removed by the session's own logout.
 */
export async function clearPersistedQueries(): Promise<void> {
  saving = false;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  await deleteSaved();
}

const LOGOUT_PENDING = 'ahente-logout-pending';

/**
 * A logout with no signal cleared the device but could not end the session on the server: it is
 * sent before anything else once the connection is back (at the next start or on reconnecting), so
 * that the next person to open the app is not signed in as the member who left.
 */
export function markLogoutPending(): void {
  try {
    localStorage.setItem(LOGOUT_PENDING, '1');
  } catch {
    // Storage refused (private mode): the session ends on the server when it expires.
  }
}

async function sendPendingLogout(): Promise<void> {
  if (localStorage.getItem(LOGOUT_PENDING) === null) return;
  await logout();
  localStorage.removeItem(LOGOUT_PENDING);
}

/** Removes every answer but the session's when the signed-in member changes (or signs out). */
function forgetOtherMembers(queryClient: QueryClient): void {
  let member: number | null | undefined;
  queryClient.getQueryCache().subscribe((event) => {
    // 'added' and 'updated': the saved session put back, /api/me answered, a login, a logout.
    if ((event.type !== 'added' && event.type !== 'updated') || event.query.queryKey[0] !== SESSION_QUERY_KEY[0]) return;
    if (event.query.state.status !== 'success') return;
    const next = (event.query.state.data as SessionUser | null | undefined)?.memberId ?? null;
    if (next === member) return;
    const previous = member;
    member = next;
    // Saving starts again with the next member.
    if (next !== null) saving = true;
    if (previous === undefined) return;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  });
}

let restoring: { client: QueryClient; done: Promise<void> } | null = null;
/** The client whose saved cache is back (or was found missing or unreadable). */
let restoredClient: QueryClient | null = null;

/**
 * Puts the saved cache back, once per client: main.tsx starts it before the first render (on a
 * phone the IndexedDB read is done by the time the scripts have run), so the first render already
 * has it and its queries start at once, instead of a render that waits, then a second one (decision
 * 014). The watch on the signed-in member starts before anything is restored. TanStack starts
 * "online" whatever the device says: a page loaded with no signal is offline from the start.
 */
export function restorePersistedQueries(client: QueryClient): Promise<void> {
  if (restoring?.client === client) return restoring.done;
  onlineManager.setOnline(navigator.onLine);
  forgetOtherMembers(client);
  const done = restore(client)
    .catch(() => deleteSaved().catch(() => undefined))
    .finally(() => {
      restoredClient = client;
    });
  restoring = { client, done };
  return done;
}

/**
 * `QueryClientProvider`, with the saved cache put back first (queries wait for it, as with
 * TanStack's PersistQueryClientProvider) and saved again after each change.
 */
export function PersistedQueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const [restoring, setRestoring] = useState(() => restoredClient !== client);

  useEffect(() => {
    let stopped = false;
    void restorePersistedQueries(client).finally(() => {
      if (!stopped) setRestoring(false);
    });
    return () => {
      stopped = true;
    };
  }, [client]);

  // Back online, what is on screen is asked again, however recent (TanStack only refetches stale answers).
  useEffect(() => {
    let wasOnline = onlineManager.isOnline();
    return onlineManager.subscribe((online) => {
      if (online && !wasOnline) {
        void sendPendingLogout()
          .catch(() => undefined)
          .finally(() => void client.invalidateQueries(undefined, { cancelRefetch: false }));
      }
      wasOnline = online;
    });
  }, [client]);

  useEffect(() => {
    if (restoring) return;
    scheduleSave(client);
    // A save still planned is written at once when the page is hidden (the app switched away) or left.
    const flush = () => {
      if (saveTimer) saveNow(client);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    const unsubscribe = client.getQueryCache().subscribe(() => scheduleSave(client));
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [client, restoring]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
