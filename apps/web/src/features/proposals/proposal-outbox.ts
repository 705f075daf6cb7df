/**
 * The outbox of proposals saved with no signal (decision 028, as the Deals Table's queue,
 * features/deals/deal-outbox.ts; decision 038): Save Draft queues the `saveproposal` call when the
 * device is offline or the request gets no answer, and the queue is sent later, oldest first, one
 * request at a time.
 *
 * - Kept in IndexedDB (idb-keyval, the deals queue's database 'ahente-outbox', under its own key
 *   'proposals'), so it survives a reload and a closed tab; every change is one read-write
 *   transaction, and other tabs hear of it through a BroadcastChannel.
 * - Each entry carries the `Idempotency-Key` of the save (decision 029), fixed when it is queued: a
 *   send whose answer was lost is sent again with the same key and body, and the server answers the
 *   first proposal instead of making a second one.
 * - A second save of the same proposal (an edit of a draft, `proposal_id` set) while the first waits,
 *   never sent, replaces it (one request, a new key: the body changed). A new proposal is always an
 *   entry of its own.
 * - Sending (`flushProposalOutbox`): no answer or a 5xx stops the flush (the entry keeps waiting); a
 *   4xx refusal marks the entry 'refused' with the server's message, shown on /proposals until the
 *   agent discards it (nothing is dropped silently); a success removes it and reloads the proposals.
 *   One flush at a time across tabs (Web Locks).
 */

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createStore, get, update, type UseStore } from 'idb-keyval';
import { useMemo, useSyncExternalStore } from 'react';
import type { ProposalRecord, SaveProposalRequest } from '@ahente/contract/proposals';
import { isApiError, isNetworkError } from '../../api/client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { proposalKeys, saveProposal } from './api';

export type ProposalOutboxState = 'waiting' | 'sending' | 'refused';

export interface QueuedProposal {
  /** The entry's own id (not the proposal's). */
  id: string;
  /** The agent who wrote it: only their session sends it. */
  memberId: number;
  /** Sent as the Idempotency-Key header; new whenever the body changes. */
  idempotencyKey: string;
  /** When it was queued (ISO). */
  createdAt: string;
  state: ProposalOutboxState;
  /** The server's message when refused. */
  error: string | null;
  /** A request was sent with this key and body and its answer is unknown (it may have been saved). */
  attempted: boolean;
  body: SaveProposalRequest;
}

const KEY = 'proposals';
const CHANNEL = 'ahente-outbox-proposals';
let store: UseStore | null = null;
const db = () => (store ??= createStore('ahente-outbox', 'queue'));

let entries: readonly QueuedProposal[] = [];
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function publish(next: readonly QueuedProposal[]) {
  entries = next;
  for (const listener of listeners) listener();
}

async function reload(): Promise<void> {
  publish((await get<QueuedProposal[]>(KEY, db())) ?? []);
}

function ensureLoaded(): Promise<void> {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void reload().catch(() => undefined);
  }
  loading ??= reload().catch(() => undefined);
  return loading;
}

/** One read-write transaction over the queue, then every reader (this tab and the others) is told. */
async function change(fn: (current: QueuedProposal[]) => QueuedProposal[]): Promise<void> {
  await ensureLoaded();
  let next: QueuedProposal[] = [];
  await update<QueuedProposal[]>(
    KEY,
    (current) => {
      next = fn(current ?? []);
      return next;
    },
    db(),
  );
  publish(next);
  channel?.postMessage('changed');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void ensureLoaded();
  return () => listeners.delete(listener);
}

/** The agent's queued proposals, for a screen: re-renders when the queue changes (here or in another tab). */
export function useProposalOutbox(memberId: number): readonly QueuedProposal[] {
  const all = useSyncExternalStore(subscribe, () => entries);
  return useMemo(() => all.filter((entry) => entry.memberId === memberId), [all, memberId]);
}

/** How many proposals on this device are not on the server yet (waiting or refused), any agent's. */
export async function countPendingProposals(): Promise<number> {
  await ensureLoaded();
  return entries.length;
}

/** Forgets every queued proposal (logging out clears the device). */
export async function clearProposalOutbox(): Promise<void> {
  await change(() => []);
}

/** Discards one queued proposal (the agent confirmed it). */
export async function discardQueuedProposal(id: string): Promise<void> {
  await change((list) => list.filter((entry) => entry.id !== id));
}

async function queue(body: SaveProposalRequest, idempotencyKey: string, attempted: boolean): Promise<void> {
  const memberId = Number(body.id);
  const target = body.proposal_id ?? null;
  await change((list) => {
    // The same proposal saved again before its queued save was ever sent: one request, the latest values.
    const earlier =
      target === null
        ? undefined
        : list.find((e) => e.memberId === memberId && e.body.proposal_id === target && e.state !== 'sending' && !e.attempted);
    if (earlier) {
      return list.map((e) => (e === earlier ? { ...e, body, idempotencyKey: newIdempotencyKey(), state: 'waiting', error: null } : e));
    }
    const entry: QueuedProposal = {
      id: newIdempotencyKey(),
      memberId,
      idempotencyKey,
      createdAt: new Date().toISOString(),
      state: 'waiting',
      error: null,
      attempted,
      body,
    };
    return [...list, entry];
  });
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The result of Save Draft: saved now (the proposal), or kept on the device to be sent later. */
export type ProposalSaveOutcome = { queued: false; proposal: ProposalRecord } | { queued: true };

/** Save Draft: sends the proposal with its Idempotency-Key, or queues it (with that key) when no answer can come. */
export async function saveOrQueueProposal(body: SaveProposalRequest, idempotencyKey: string): Promise<ProposalSaveOutcome> {
  await ensureLoaded();
  if (offline()) {
    await queue(body, idempotencyKey, false);
    return { queued: true };
  }
  try {
    const answer = await saveProposal(body, idempotencyKey);
    return { queued: false, proposal: answer.proposal };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    await queue(body, idempotencyKey, true);
    return { queued: true };
  }
}

/** Save Draft's mutation: runs with no connection too (TanStack would pause it), where it queues. */
export function useSaveProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ body, key }: { body: SaveProposalRequest; key: string }) => saveOrQueueProposal(body, key),
    onSuccess: (outcome, { body }) => {
      if (!outcome.queued) void queryClient.invalidateQueries({ queryKey: proposalKeys.all });
      else if (!offline()) void flushProposalOutbox(queryClient, Number(body.id)).catch(() => undefined);
    },
  });
}

/** A refusal that waiting will not change (a 4xx other than an expired session, a timeout or a rate limit). */
function isRefusal(error: unknown): error is { status: number; error: string } {
  return isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

let flushes: Promise<void> = Promise.resolve();

/**
 * Sends the agent's waiting proposals, oldest first, one at a time; returns when the queue is done
 * or a send got no answer. One flush at a time in this tab, and across tabs through a Web Lock.
 */
export function flushProposalOutbox(queryClient: QueryClient, memberId: number): Promise<void> {
  const run = flushes.then(() => withLock(() => runFlush(queryClient, memberId)));
  flushes = run.catch(() => undefined);
  return run;
}

function withLock(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(CHANNEL, run) : run();
}

async function runFlush(queryClient: QueryClient, memberId: number): Promise<void> {
  await ensureLoaded();
  await reload();
  // Under the lock nothing else is sending: an entry left 'sending' (a tab closed mid-send) waits again.
  if (entries.some((entry) => entry.state === 'sending')) {
    await change((list) => list.map((entry) => (entry.state === 'sending' ? { ...entry, state: 'waiting' } : entry)));
  }
  let sent = false;
  try {
    for (;;) {
      const next = entries.find((entry) => entry.memberId === memberId && entry.state === 'waiting');
      if (!next || offline()) return;
      await change((list) => list.map((entry) => (entry.id === next.id ? { ...entry, state: 'sending', attempted: true } : entry)));
      try {
        await saveProposal(next.body, next.idempotencyKey);
        await change((list) => list.filter((entry) => entry.id !== next.id));
        sent = true;
      } catch (error) {
        const refused = isRefusal(error);
        await change((list) =>
          list.map((entry) =>
            entry.id === next.id ? { ...entry, state: refused ? 'refused' : 'waiting', error: refused ? error.error : null } : entry,
          ),
        );
        if (!refused) return;
      }
    }
  } finally {
    if (sent) void queryClient.invalidateQueries({ queryKey: proposalKeys.all });
  }
}
