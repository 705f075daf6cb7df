/**
 * The outbox of deals recorded with no signal (decision 028): Add New Deals and EDIT save here when
 * the request gets no answer (or the device says it is offline), and the queue is sent later, in
 * order, one request at a time.
 *
 * - The queue lives in IndexedDB (idb-keyval, its own database 'ahente-outbox'), so it survives a
 *   reload and a closed tab; every change is one read-write transaction, and other tabs hear of it
 *   through a BroadcastChannel.
 * - Each entry carries an `Idempotency-Key` fixed when it is queued: a send whose answer was lost
 *   is sent again with the same key and body, and the server answers with the first result instead
 *   of creating the deal twice. A changed body gets a new key (the same key with another body is 422).
 * - Merge rules: an edit of a deal still queued as an add, never sent, replaces the add's values
 *   (one request); if the add was already tried (its answer may have been lost), the edit waits
 *   behind it and learns the deal's id from the add's answer. A second edit of a deal replaces its
 *   queued edit. A deal with a queued change is always edited through the queue, so an older queued
 *   edit never overwrites a newer one.
 * - Sending (`flushOutbox`): the oldest waiting entry first; no answer or a 5xx stops the flush (the
 *   entry keeps waiting); a 4xx refusal marks the entry 'refused' with the server's message, shown
 *   until the agent fixes or discards it (nothing is dropped silently); a success removes it and
 *   puts the saved deal in the deals queries. One flush at a time across tabs (Web Locks).
 */

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createStore, get, update, type UseStore } from 'idb-keyval';
import { useMemo, useSyncExternalStore } from 'react';
import type { DealRecord, EditDealForm, EditDealRequest, NewDealRequest } from '@ahente/contract/deals';
import type { DealStatus, SalesGroup, SalesType, TransactionType } from '@ahente/contract/enums';
import { isApiError, isNetworkError } from '../../api/client';
import { addDeal, dealsKeys, editDeal } from './api';
import { newIdempotencyKey } from '../../lib/idempotency-key';

export type OutboxState = 'waiting' | 'sending' | 'refused';

interface EntryBase {
  /** The entry's own id (not the deal's). */
  id: string;
  /** The agent who recorded it: only their session sends it. */
  memberId: number;
  /** Sent as the Idempotency-Key header; new whenever the body changes. */
  idempotencyKey: string;
  /** When it was queued (ISO). */
  createdAt: string;
  state: OutboxState;
  /** The server's message when refused. */
  error: string | null;
  /** A request was sent with this key and body and its answer is unknown (it may have been saved). */
  attempted: boolean;
}

export interface QueuedAdd extends EntryBase {
  kind: 'add';
  /** A negative stand-in for the deal id until the server gives one (the table's row, EDIT of it). */
  tempId: number;
  body: NewDealRequest;
}

export interface QueuedEdit extends EntryBase {
  kind: 'edit';
  /** The deal edited; null while it is a queued add (`afterAdd`) that has not been saved yet. */
  dealId: number | null;
  /** The queued add this edit follows (its tempId, when the deal is not saved yet). */
  afterAdd: number | null;
  body: EditDealRequest;
}

export type OutboxEntry = QueuedAdd | QueuedEdit;

const KEY = 'entries';
const CHANNEL = 'ahente-outbox';
let store: UseStore | null = null;
const db = () => (store ??= createStore('ahente-outbox', 'queue'));

let entries: readonly OutboxEntry[] = [];
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function publish(next: readonly OutboxEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

async function reload(): Promise<void> {
  publish((await get<OutboxEntry[]>(KEY, db())) ?? []);
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
async function change(fn: (current: OutboxEntry[]) => OutboxEntry[]): Promise<void> {
  await ensureLoaded();
  let next: OutboxEntry[] = [];
  await update<OutboxEntry[]>(
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

/** A random key (lib/idempotency-key.ts, shared with the proposals' forms). */
export { newIdempotencyKey };

/** The queue, for a screen: re-renders when it changes (here or in another tab). */
export function useOutbox(memberId: number): readonly OutboxEntry[] {
  const all = useSyncExternalStore(subscribe, () => entries);
  return useMemo(() => all.filter((entry) => entry.memberId === memberId), [all, memberId]);
}

/** How many changes on this device are not on the server yet (waiting or refused), any agent's. */
export async function countPending(): Promise<number> {
  await ensureLoaded();
  return entries.length;
}

/** Forgets every queued change (logging out clears the device). */
export async function clearOutbox(): Promise<void> {
  await change(() => []);
}

/** Discards one queued change (the agent confirmed it); edits waiting behind a discarded add go with it. */
export async function discardEntry(id: string): Promise<void> {
  await change((list) => {
    const gone = list.find((entry) => entry.id === id);
    return list.filter((entry) => entry.id !== id && !(gone?.kind === 'add' && entry.kind === 'edit' && entry.afterAdd === gone.tempId));
  });
}

function base(memberId: number, idempotencyKey: string, attempted: boolean): EntryBase {
  return {
    id: newIdempotencyKey(),
    memberId,
    idempotencyKey,
    createdAt: new Date().toISOString(),
    state: 'waiting',
    error: null,
    attempted,
  };
}

async function queueAdd(body: NewDealRequest, idempotencyKey: string, attempted: boolean): Promise<void> {
  await change((list) => {
    const lowest = Math.min(0, ...list.flatMap((entry) => (entry.kind === 'add' ? [entry.tempId] : [])));
    return [...list, { ...base(Number(body.id), idempotencyKey, attempted), kind: 'add', tempId: lowest - 1, body }];
  });
}

/** An edit's values laid over a queued new deal (a field the edit leaves out keeps the add's). */
function mergeIntoAdd(add: NewDealRequest, f: EditDealForm): NewDealRequest {
  return {
    ...add,
    customerName: f.customerName,
    transactionType: f.transactionType || add.transactionType,
    product: f.product,
    tcvValue: f.tcv,
    effectiveDate: f.effectiveDate || add.effectiveDate,
    dealStatus: f.deal_status || add.dealStatus,
    salesType: f.sales_type,
    referror: f.referror,
    agent: f.agent,
    salesGroup: f.sales_group || add.salesGroup,
    customer_contact: f.customer_contact === undefined ? add.customer_contact : f.customer_contact,
    customer_email: f.customer_email === undefined ? add.customer_email : f.customer_email,
  };
}

function queueEdit(body: EditDealRequest, idempotencyKey: string, attempted: boolean): Promise<void> {
  const target = Number(body.formData.dealid);
  return change((list) => {
    const add = target < 0 ? list.find((entry): entry is QueuedAdd => entry.kind === 'add' && entry.tempId === target) : undefined;
    if (target < 0 && !add) throw new Error('This deal is no longer in the queue.');
    // An add never sent (or refused: nothing was created) takes the edit's values, with a new key.
    if (add && add.state !== 'sending' && (!add.attempted || add.state === 'refused')) {
      return list.map((entry) =>
        entry === add
          ? {
              ...add,
              body: mergeIntoAdd(add.body, body.formData),
              idempotencyKey: newIdempotencyKey(),
              state: 'waiting',
              error: null,
              attempted: false,
            }
          : entry,
      );
    }
    const same = (entry: OutboxEntry): entry is QueuedEdit =>
      entry.kind === 'edit' && entry.state !== 'sending' && (add ? entry.afterAdd === target : entry.dealId === target);
    const earlier = list.find(same);
    if (earlier) {
      return list.map((entry) =>
        entry === earlier
          ? { ...earlier, body, idempotencyKey: newIdempotencyKey(), state: 'waiting', error: null, attempted: false }
          : entry,
      );
    }
    return [
      ...list,
      {
        ...base(Number(body.id), idempotencyKey, attempted),
        kind: 'edit',
        dealId: add ? null : target,
        afterAdd: add ? target : null,
        body,
      },
    ];
  });
}

/** Whether a deal has a change in the queue (its next edit must queue behind it). */
function hasQueued(dealId: number): boolean {
  return entries.some((entry) => (entry.kind === 'add' ? entry.tempId === dealId : entry.dealId === dealId || entry.afterAdd === dealId));
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The result of saving: sent now, or kept on the device to be sent later. */
export interface SaveOutcome {
  queued: boolean;
}

/** Add New Deals: sends the deal with an Idempotency-Key, or queues it (with that key) when no answer comes. */
export async function recordDeal(body: NewDealRequest): Promise<SaveOutcome> {
  await ensureLoaded();
  const key = newIdempotencyKey();
  if (offline()) {
    await queueAdd(body, key, false);
    return { queued: true };
  }
  try {
    await addDeal(body, key);
    return { queued: false };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    await queueAdd(body, key, true);
    return { queued: true };
  }
}

/** EDIT: sends the change, or queues it when offline, when no answer comes, or behind the deal's queued changes. */
export async function updateDeal(body: EditDealRequest): Promise<SaveOutcome> {
  await ensureLoaded();
  const key = newIdempotencyKey();
  if (offline() || hasQueued(Number(body.formData.dealid))) {
    await queueEdit(body, key, false);
    return { queued: true };
  }
  try {
    await editDeal(body, key);
    return { queued: false };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    await queueEdit(body, key, true);
    return { queued: true };
  }
}

/** After a save: the lists reload, or, when it was queued and the device is online, the queue is sent now. */
function afterSave(queryClient: QueryClient, memberId: number, { queued }: SaveOutcome) {
  if (!queued) void queryClient.invalidateQueries({ queryKey: dealsKeys.all });
  else if (!offline()) void flushOutbox(queryClient, memberId).catch(() => undefined);
}

export function useAddDealMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs with no connection too (TanStack would pause it): with no signal the deal is queued.
    networkMode: 'always',
    mutationFn: recordDeal,
    onSuccess: (outcome, body) => afterSave(queryClient, Number(body.id), outcome),
  });
}

export function useEditDealMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (body: EditDealRequest): Promise<SaveOutcome> => {
      const outcome = await updateDeal(body);
      if (!outcome.queued || offline()) return outcome;
      // Online, but queued behind the deal's own changes (a fix of a refused one): sent now, in order.
      await flushOutbox(queryClient, Number(body.id)).catch(() => undefined);
      return { queued: hasQueued(Number(body.formData.dealid)) };
    },
    onSuccess: (outcome, body) => afterSave(queryClient, Number(body.id), outcome),
  });
}

/** A refusal that waiting will not change (a 4xx other than an expired session or a rate limit). */
function isRefusal(error: unknown): error is { status: number; error: string } {
  return isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

/** The flushes asked for, one after the other (a flush asked for while one runs still sees what was queued since). */
let flushes: Promise<void> = Promise.resolve();

/**
 * Sends the agent's waiting changes, oldest first, one at a time; returns when the queue is done or
 * a send got no answer. One flush runs at a time in this tab, and across tabs through a Web Lock.
 */
export function flushOutbox(queryClient: QueryClient, memberId: number): Promise<void> {
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
      const next = entries.find(
        (entry) => entry.memberId === memberId && entry.state === 'waiting' && (entry.kind === 'add' || entry.dealId !== null),
      );
      if (!next || offline()) return;
      await change((list) => list.map((entry) => (entry.id === next.id ? { ...entry, state: 'sending', attempted: true } : entry)));
      try {
        const saved = next.kind === 'add' ? await addDeal(next.body, next.idempotencyKey) : await editDeal(next.body, next.idempotencyKey);
        putInCache(queryClient, next, saved.deal);
        await change((list) => afterSent(list, next, saved.deal.id));
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
    if (sent) void queryClient.invalidateQueries({ queryKey: dealsKeys.all });
  }
}

/** The queue once `sent` is saved: it is gone, and edits waiting behind a saved add learn its id. */
function afterSent(list: OutboxEntry[], sent: OutboxEntry, dealId: number): OutboxEntry[] {
  return list
    .filter((entry) => entry.id !== sent.id)
    .map((entry) =>
      sent.kind === 'add' && entry.kind === 'edit' && entry.afterAdd === sent.tempId
        ? { ...entry, dealId, afterAdd: null, body: { ...entry.body, formData: { ...entry.body.formData, dealid: dealId } } }
        : entry,
    );
}

/** The saved deal in the agent's list at once (the refetch that follows confirms it), so its row does not blink. */
function putInCache(queryClient: QueryClient, sent: OutboxEntry, deal: DealRecord) {
  queryClient.setQueryData<DealRecord[]>(dealsKeys.byAgent(sent.memberId), (list) => {
    if (!list) return list;
    return sent.kind === 'add' ? [deal, ...list.filter((d) => d.id !== deal.id)] : list.map((d) => (d.id === deal.id ? deal : d));
  });
}

/** How a deal's row stands with the queue: its pending changes, and the refused one if any. */
export interface DealSync {
  state: OutboxState;
  /** The change to fix or discard when refused (else the latest pending one). */
  entry: OutboxEntry;
  /** The server's message when refused. */
  error: string | null;
}

export interface DealWithSync {
  deal: DealRecord;
  sync: DealSync | null;
}

/**
 * The deals as the agent should see them: queued new deals first (newest first), then the saved
 * deals with their queued edits applied; each with its sync state.
 */
export function withOutbox(deals: readonly DealRecord[], queue: readonly OutboxEntry[]): DealWithSync[] {
  const edits = (matches: (edit: QueuedEdit) => boolean) => queue.filter((e): e is QueuedEdit => e.kind === 'edit' && matches(e));
  const syncOf = (changes: readonly OutboxEntry[]): DealSync | null => {
    if (changes.length === 0) return null;
    const refused = changes.find((entry) => entry.state === 'refused');
    if (refused) return { state: 'refused', entry: refused, error: refused.error };
    const last = changes[changes.length - 1] as OutboxEntry;
    return { state: changes.some((e) => e.state === 'sending') ? 'sending' : 'waiting', entry: last, error: null };
  };
  const added = queue
    .filter((e): e is QueuedAdd => e.kind === 'add')
    .map((add) => {
      const later = edits((e) => e.afterAdd === add.tempId);
      return { deal: later.reduce((deal, e) => applyEdit(deal, e.body.formData), addToRecord(add)), sync: syncOf([add, ...later]) };
    })
    .reverse();
  const saved = deals.map((deal) => {
    const later = edits((e) => e.dealId === deal.id);
    return { deal: later.reduce((d, e) => applyEdit(d, e.body.formData), deal), sync: syncOf(later) };
  });
  return [...added, ...saved];
}

const orNull = (value: string | null | undefined) => (value ? value : null);

function addToRecord(add: QueuedAdd): DealRecord {
  const b = add.body;
  return {
    id: add.tempId,
    customer_name: b.customerName,
    tx_type: b.transactionType as TransactionType,
    product: b.product,
    tcv: Number(b.tcvValue),
    effective_date: b.effectiveDate,
    createdat: add.createdAt,
    deal_status: (b.dealStatus || 'For Quotation') as DealStatus,
    sales_type: (b.salesType || 'Direct') as SalesType,
    referror: b.salesType === 'Agent' ? orNull(b.referror) : null,
    agent: b.salesType === 'Agent' ? orNull(b.agent) : null,
    sales_group: (b.salesGroup || 'MedicalSalesGroup') as SalesGroup,
    sold: false,
    sale_id: null,
    customer_contact: orNull(b.customer_contact),
    customer_email: orNull(b.customer_email),
    renews_sale_id: null,
    source: null,
    notes: null,
    insurer: null,
  };
}

function applyEdit(deal: DealRecord, f: EditDealForm): DealRecord {
  return {
    ...deal,
    customer_name: f.customerName,
    tx_type: (f.transactionType || deal.tx_type) as TransactionType,
    product: f.product,
    tcv: Number(f.tcv),
    effective_date: f.effectiveDate || deal.effective_date,
    deal_status: (f.deal_status || deal.deal_status) as DealStatus,
    sales_type: f.sales_type as SalesType,
    referror: f.sales_type === 'Agent' ? orNull(f.referror) : null,
    agent: f.sales_type === 'Agent' ? orNull(f.agent) : null,
    sales_group: (f.sales_group || deal.sales_group) as SalesGroup,
    customer_contact: f.customer_contact === undefined ? deal.customer_contact : orNull(f.customer_contact),
    customer_email: f.customer_email === undefined ? deal.customer_email : orNull(f.customer_email),
  };
}
