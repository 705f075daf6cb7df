import type { QueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY, type SessionUser } from '../api/session';
import { setupChecklistQuery } from '../features/dashboard';
import { dealsPagesQuery } from '../features/deals';

/**
 * The first call of the screen a page load opens, started as soon as the server has named the
 * member (GET /api/me), before the first render, instead of by the screen's effects after it: on a
 * phone that render takes ~0.4 s, which the request then spent waiting (decision 014). The screen's
 * own query finds the request on its way, or its answer, under the same key.
 *
 * Only once the server's answer is in (`since`: not the session saved on the device, which may name
 * another member) and the member may use the screens (no privacy notice or two-factor step first).
 *
 * Here in app/, beside the router, rather than with the shared infrastructure of api/: it names the
 * first screens' queries, which are their features' (the Deals Table's, the dashboard's).
 */
export function startFirstCalls(client: QueryClient, pathname: string, since: number): Promise<unknown> {
  const state = client.getQueryState<SessionUser | null>(SESSION_QUERY_KEY);
  const member = state?.data;
  if (!member || state.dataUpdatedAt < since || member.consent_required || member.mfa_setup_required) return Promise.resolve();
  // The Deals Table opens on its whole range: no From, no To.
  if (pathname === '/deals/dealsview') void client.prefetchInfiniteQuery(dealsPagesQuery(member.memberId, '', ''));
  // An agent's first steps (decision 018): the dashboard's only block that can appear above its
  // cards. The answer is returned: the first render waits for it (within main.tsx's 300 ms), so the
  // checklist is drawn with the cards instead of arriving above them and pushing them down (CLS
  // 0.71 on the phone bench; decision 014). The Deals Table's first page is not waited for: its
  // skeleton holds the rows' place, nothing moves when they come.
  if (pathname === '/' && member.account_type === 'user') return client.prefetchQuery(setupChecklistQuery(member.memberId));
  return Promise.resolve();
}
