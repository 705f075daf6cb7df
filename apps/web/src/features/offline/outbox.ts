/**
 * When the queued deals and proposals are sent (decision 028; the queues themselves are
 * features/deals/deal-outbox.ts and features/proposals/proposal-outbox.ts):
 * at app start once signed in, on the browser's `online` event, and every 30 s while changes wait
 * and the device says it is online (a server that did not answer, a lost answer). Background Sync
 * is not used: a service worker's `sync` event would need the session's XSRF token and the queue's
 * rules in the worker, and the next start or `online` event sends the same queue.
 */

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clearOutbox as clearQueue, countPending as countQueue, flushOutbox, useOutbox } from '../deals';
import { clearProposalOutbox, countPendingProposals, flushProposalOutbox, useProposalOutbox } from '../proposals';
import { useCurrentUser } from '../../api/session';

const RETRY_MS = 30_000;

/** Sends the signed-in agent's queued deal changes and proposals whenever the connection allows; renders nothing. */
export function OutboxSync(): null {
  const queryClient = useQueryClient();
  const memberId = useCurrentUser().memberId;
  const queue = useOutbox(memberId);
  const proposals = useProposalOutbox(memberId);
  const waiting = queue.some((entry) => entry.state === 'waiting') || proposals.some((entry) => entry.state === 'waiting');

  useEffect(() => {
    const flush = () => {
      void flushOutbox(queryClient, memberId).catch(() => undefined);
      void flushProposalOutbox(queryClient, memberId).catch(() => undefined);
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [queryClient, memberId]);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (!navigator.onLine) return;
      void flushOutbox(queryClient, memberId).catch(() => undefined);
      void flushProposalOutbox(queryClient, memberId).catch(() => undefined);
    }, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, queryClient, memberId]);

  return null;
}

/** How many deal changes and proposals on this device are not on the server yet (logging out warns about them). */
export async function countPending(): Promise<number> {
  const [deals, proposals] = await Promise.all([countQueue(), countPendingProposals()]);
  return deals + proposals;
}

/** Forgets the queued deal changes and proposals (logging out clears the device). */
export async function clearOutbox(): Promise<void> {
  await Promise.all([clearQueue(), clearProposalOutbox()]);
}
