/**
 * When the queued deals are sent (decision 028; the queue itself is features/deals/deal-outbox.ts):
 * at app start once signed in, on the browser's `online` event, and every 30 s while changes wait
 * and the device says it is online (a server that did not answer, a lost answer). Background Sync
 * is not used: a service worker's `sync` event would need the session's XSRF token and the queue's
 * rules in the worker, and the next start or `online` event sends the same queue.
 */

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clearOutbox as clearQueue, countPending as countQueue, flushOutbox, useOutbox } from '../deals';
import { useCurrentUser } from '../../api/session';

const RETRY_MS = 30_000;

/** Sends the signed-in agent's queued deal changes whenever the connection allows; renders nothing. */
export function OutboxSync(): null {
  const queryClient = useQueryClient();
  const memberId = useCurrentUser().memberId;
  const queue = useOutbox(memberId);
  const waiting = queue.some((entry) => entry.state === 'waiting');

  useEffect(() => {
    const flush = () => void flushOutbox(queryClient, memberId).catch(() => undefined);
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [queryClient, memberId]);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flushOutbox(queryClient, memberId).catch(() => undefined);
    }, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, queryClient, memberId]);

  return null;
}

/** How many deal changes on this device are not on the server yet (logging out warns about them). */
export function countPending(): Promise<number> {
  return countQueue();
}

/** Forgets the queued deal changes (logging out clears the device). */
export function clearOutbox(): Promise<void> {
  return clearQueue();
}
