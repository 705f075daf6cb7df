import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DealRecord, DealSavedResponse, EditDealForm, EditDealRequest, NewDealRequest } from '@ahente/contract/deals';
import { ApiError, NetworkError } from '../../api/client';
import {
  clearOutbox,
  countPending,
  discardEntry,
  flushOutbox,
  recordDeal,
  updateDeal,
  withOutbox,
  type OutboxEntry,
  type QueuedAdd,
  type QueuedEdit,
} from './deal-outbox';

/**
 * The outbox's rules, seen from outside: what is kept on the device (IndexedDB, here a map) and
 * what is sent to the server (addDeal and editDeal, here mocks) when, in which order and with
 * which Idempotency-Key. No browser: IndexedDB and the deals API are stand-ins.
 */
const device = vi.hoisted(() => ({ stored: new Map<string, unknown>() }));
vi.mock('idb-keyval', () => ({
  createStore: () => 'ahente-outbox',
  get: async (key: string) => structuredClone(device.stored.get(key)),
  update: async (key: string, updater: (current: unknown) => unknown) => {
    device.stored.set(key, structuredClone(updater(structuredClone(device.stored.get(key)))));
  },
}));

const server = vi.hoisted(() => ({
  addDeal: vi.fn<(body: NewDealRequest, key?: string) => Promise<DealSavedResponse>>(),
  editDeal: vi.fn<(body: EditDealRequest, key?: string) => Promise<DealSavedResponse>>(),
}));
vi.mock('./api', () => ({
  addDeal: server.addDeal,
  editDeal: server.editDeal,
  dealsKeys: { all: ['deals'], byAgent: (id: number) => ['deals', id] },
}));

const AGENT = 7;

/** What the device keeps. */
const queue = () => (device.stored.get('entries') ?? []) as OutboxEntry[];

function setOnline(online: boolean) {
  vi.stubGlobal('navigator', { onLine: online });
}

const newDeal = (over: Partial<NewDealRequest> = {}): NewDealRequest => ({
  id: AGENT,
  customerName: 'Maria Clara',
  transactionType: 'New',
  product: 'Comprehensive',
  tcvValue: '25000',
  effectiveDate: '2026-03-15',
  salesType: 'Direct',
  ...over,
});

const edit = (dealid: number, over: Partial<EditDealForm> = {}): EditDealRequest => ({
  id: AGENT,
  formData: { dealid, customerName: 'Maria Clara', product: 'Comprehensive', tcv: '25000', sales_type: 'Direct', ...over },
});

const record = (id: number, over: Partial<DealRecord> = {}): DealRecord => ({
  id,
  customer_name: 'Maria Clara',
  tx_type: 'New',
  product: 'Comprehensive',
  tcv: 25000,
  effective_date: '2026-03-15',
  createdat: '2026-03-01T02:00:00.000Z',
  deal_status: 'For Quotation',
  sales_type: 'Direct',
  referror: null,
  agent: null,
  sales_group: 'MedicalSalesGroup',
  sold: false,
  sale_id: null,
  customer_contact: null,
  customer_email: null,
  renews_sale_id: null,
  insurer: null,
  source: null,
  notes: null,
  ...over,
});
const saved = (deal: DealRecord): DealSavedResponse => ({ success: true, deal });

let queryClient: QueryClient;

beforeEach(async () => {
  // No other tab to tell; a connection unless a test takes it away.
  vi.stubGlobal('BroadcastChannel', undefined);
  setOnline(true);
  queryClient = new QueryClient();
  await clearOutbox();
});

afterEach(() => {
  server.addDeal.mockReset();
  server.editDeal.mockReset();
});

describe('saving a deal', () => {
  it('sends a new deal at once when there is a connection, with an Idempotency-Key, and keeps nothing', async () => {
    server.addDeal.mockResolvedValueOnce(saved(record(41)));
    await expect(recordDeal(newDeal())).resolves.toEqual({ queued: false });
    expect(server.addDeal).toHaveBeenCalledWith(newDeal(), expect.any(String));
    expect(server.addDeal.mock.calls[0]?.[1]).not.toBe('');
    expect(queue()).toEqual([]);
  });

  it('keeps a deal recorded offline, sends nothing, and counts it as pending', async () => {
    setOnline(false);
    await expect(recordDeal(newDeal())).resolves.toEqual({ queued: true });
    expect(server.addDeal).not.toHaveBeenCalled();
    expect(queue()).toMatchObject([{ kind: 'add', memberId: AGENT, tempId: -1, state: 'waiting', attempted: false, body: newDeal() }]);
    expect(await countPending()).toBe(1);
  });

  it('keeps a deal whose request got no answer, with the key it was sent with (it may have been saved)', async () => {
    server.addDeal.mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')));
    await expect(recordDeal(newDeal())).resolves.toEqual({ queued: true });
    const key = server.addDeal.mock.calls[0]?.[1];
    expect(queue()).toMatchObject([{ kind: 'add', attempted: true, idempotencyKey: key }]);
  });

  it('keeps nothing of a refused deal: the refusal is the caller’s to show', async () => {
    server.addDeal.mockRejectedValueOnce(new ApiError(400, 'TCV must be more than 0', {}));
    await expect(recordDeal(newDeal({ tcvValue: '0' }))).rejects.toMatchObject({ status: 400 });
    expect(queue()).toEqual([]);
  });

  it('numbers queued new deals -1, -2, … (the stand-in id of their row)', async () => {
    setOnline(false);
    await recordDeal(newDeal({ customerName: 'A' }));
    await recordDeal(newDeal({ customerName: 'B' }));
    expect(queue().map((e) => (e as QueuedAdd).tempId)).toEqual([-1, -2]);
  });
});

describe('merge rules', () => {
  it("lays an edit of a queued new deal, never sent, over the add's values: one request, with a new key", async () => {
    setOnline(false);
    await recordDeal(newDeal({ customer_contact: '09171234567' }));
    const firstKey = queue()[0]?.idempotencyKey;

    await expect(
      updateDeal(edit(-1, { customerName: 'Maria C. Reyes', product: 'CTPL', tcv: '30000', customer_email: 'maria@example.ph' })),
    ).resolves.toEqual({ queued: true });

    const [add] = queue();
    expect(queue()).toHaveLength(1);
    expect(add).toMatchObject({ kind: 'add', tempId: -1, state: 'waiting', attempted: false });
    expect(add?.idempotencyKey).not.toBe(firstKey);
    // A field the edit leaves out (transaction type, effective date, the contact) keeps the add's.
    expect(add?.body).toMatchObject({
      customerName: 'Maria C. Reyes',
      product: 'CTPL',
      tcvValue: '30000',
      transactionType: 'New',
      effectiveDate: '2026-03-15',
      customer_contact: '09171234567',
      customer_email: 'maria@example.ph',
    });

    setOnline(true);
    server.addDeal.mockResolvedValueOnce(saved(record(41)));
    await flushOutbox(queryClient, AGENT);
    expect(server.addDeal).toHaveBeenCalledOnce();
    expect(server.addDeal).toHaveBeenCalledWith(add?.body, add?.idempotencyKey);
    expect(server.editDeal).not.toHaveBeenCalled();
    expect(queue()).toEqual([]);
  });

  it('queues an edit behind a new deal already tried, and sends it with the id the add is answered with', async () => {
    server.addDeal.mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')));
    await recordDeal(newDeal());
    const addKey = server.addDeal.mock.calls[0]?.[1];

    // Online, but the deal is in the queue: the edit waits there, nothing is sent.
    await expect(updateDeal(edit(-1, { customerName: 'Maria C. Reyes' }))).resolves.toEqual({ queued: true });
    expect(server.editDeal).not.toHaveBeenCalled();
    expect(queue()).toMatchObject([
      { kind: 'add', tempId: -1, body: { customerName: 'Maria Clara' } },
      { kind: 'edit', dealId: null, afterAdd: -1 },
    ]);
    const editKey = queue()[1]?.idempotencyKey;

    queryClient.setQueryData(['deals', AGENT], [record(3)]);
    server.addDeal.mockResolvedValueOnce(saved(record(41)));
    server.editDeal.mockResolvedValueOnce(saved(record(41, { customer_name: 'Maria C. Reyes' })));
    await flushOutbox(queryClient, AGENT);

    // The add again with its first key (the server answers its first result), then the edit of deal 41.
    expect(server.addDeal).toHaveBeenLastCalledWith(newDeal(), addKey);
    expect(server.editDeal).toHaveBeenCalledWith(edit(41, { customerName: 'Maria C. Reyes' }), editKey);
    expect(server.addDeal.mock.invocationCallOrder[1]).toBeLessThan(server.editDeal.mock.invocationCallOrder[0]!);
    expect(queue()).toEqual([]);
    // The saved deal is in the agent's list at once, as last saved.
    expect(queryClient.getQueryData(['deals', AGENT])).toEqual([record(41, { customer_name: 'Maria C. Reyes' }), record(3)]);
  });

  it("replaces a deal's queued edit with a second one, so an older edit never overwrites a newer", async () => {
    setOnline(false);
    await updateDeal(edit(5, { customerName: 'First' }));
    const firstKey = queue()[0]?.idempotencyKey;
    await updateDeal(edit(5, { customerName: 'Second' }));
    expect(queue()).toHaveLength(1);
    expect(queue()[0]).toMatchObject({ kind: 'edit', dealId: 5, body: edit(5, { customerName: 'Second' }) });
    expect(queue()[0]?.idempotencyKey).not.toBe(firstKey);

    setOnline(true);
    server.editDeal.mockResolvedValueOnce(saved(record(5, { customer_name: 'Second' })));
    await flushOutbox(queryClient, AGENT);
    expect(server.editDeal).toHaveBeenCalledOnce();
    expect(server.editDeal.mock.calls[0]?.[0]).toEqual(edit(5, { customerName: 'Second' }));
  });

  it("lays an edit over a refused new deal (nothing was created) and makes it wait again, the server's message gone", async () => {
    setOnline(false);
    await recordDeal(newDeal({ tcvValue: '0' }));
    setOnline(true);
    server.addDeal.mockRejectedValueOnce(new ApiError(400, 'TCV must be more than 0', {}));
    await flushOutbox(queryClient, AGENT);
    expect(queue()).toMatchObject([{ kind: 'add', state: 'refused', error: 'TCV must be more than 0', attempted: true }]);

    const refusedKey = queue()[0]?.idempotencyKey;
    await updateDeal(edit(-1, { tcv: '1000' }));
    expect(queue()).toMatchObject([{ kind: 'add', state: 'waiting', error: null, attempted: false, body: { tcvValue: '1000' } }]);
    const [merged] = queue();
    expect(merged?.idempotencyKey).not.toBe(refusedKey);

    // The edit's mutation sends it at once (online); here the flush is asked for.
    server.addDeal.mockResolvedValueOnce(saved(record(42)));
    await flushOutbox(queryClient, AGENT);
    expect(server.addDeal).toHaveBeenLastCalledWith(merged?.body, merged?.idempotencyKey);
    expect(queue()).toEqual([]);
  });

  it('refuses to queue an edit of a new deal that is no longer in the queue', async () => {
    setOnline(false);
    await expect(updateDeal(edit(-9))).rejects.toThrow('This deal is no longer in the queue.');
  });

  it('discards a queued new deal with the edits waiting behind it, and nothing else', async () => {
    server.addDeal.mockRejectedValue(new NetworkError(new TypeError('Failed to fetch')));
    await recordDeal(newDeal({ customerName: 'A' }));
    await recordDeal(newDeal({ customerName: 'B' }));
    await updateDeal(edit(-1, { customerName: 'A2' }));
    await updateDeal(edit(-2, { customerName: 'B2' }));
    expect(queue()).toHaveLength(4);

    await discardEntry(queue()[0]!.id);
    expect(queue()).toMatchObject([
      { kind: 'add', tempId: -2 },
      { kind: 'edit', afterAdd: -2 },
    ]);
  });
});

describe('flushOutbox', () => {
  async function queueOffline(...customers: string[]) {
    setOnline(false);
    for (const customerName of customers) await recordDeal(newDeal({ customerName }));
    setOnline(true);
  }

  it("sends the oldest first; marks a refusal 'refused' with the server's message and goes on", async () => {
    await queueOffline('A', 'B');
    server.addDeal.mockRejectedValueOnce(new ApiError(400, 'TCV must be more than 0', {})).mockResolvedValueOnce(saved(record(50)));
    await flushOutbox(queryClient, AGENT);
    expect(server.addDeal.mock.calls.map(([body]) => body.customerName)).toEqual(['A', 'B']);
    expect(queue()).toMatchObject([{ body: { customerName: 'A' }, state: 'refused', error: 'TCV must be more than 0' }]);
    // A refused change is not sent again by itself.
    await flushOutbox(queryClient, AGENT);
    expect(server.addDeal).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['no answer', new NetworkError(new TypeError('Failed to fetch'))],
    ['a server error', new ApiError(503, 'Service Unavailable', null)],
    ['an expired session', new ApiError(401, 'Not logged in', {})],
    ['a rate limit', new ApiError(429, 'Too many requests', {})],
  ])('stops at %s: the entry waits, and those after it are not tried', async (_what, error) => {
    await queueOffline('A', 'B');
    server.addDeal.mockRejectedValueOnce(error);
    await flushOutbox(queryClient, AGENT);
    expect(server.addDeal).toHaveBeenCalledOnce();
    expect(queue()).toMatchObject([
      { body: { customerName: 'A' }, state: 'waiting', error: null, attempted: true },
      { body: { customerName: 'B' }, state: 'waiting', attempted: false },
    ]);
  });

  it("sends only the signed-in agent's changes", async () => {
    setOnline(false);
    await recordDeal(newDeal({ id: 8, customerName: 'Not mine' }));
    await recordDeal(newDeal({ customerName: 'Mine' }));
    setOnline(true);
    server.addDeal.mockResolvedValueOnce(saved(record(51)));
    await flushOutbox(queryClient, AGENT);
    expect(server.addDeal.mock.calls.map(([body]) => body.customerName)).toEqual(['Mine']);
    expect(queue()).toMatchObject([{ memberId: 8, body: { customerName: 'Not mine' } }]);
    expect(await countPending()).toBe(1);
  });

  it('sends nothing while offline', async () => {
    await queueOffline('A');
    setOnline(false);
    await flushOutbox(queryClient, AGENT);
    expect(server.addDeal).not.toHaveBeenCalled();
    expect(queue()).toHaveLength(1);
  });

  it("sends again an entry left 'sending' by a tab closed mid-send, with its key", async () => {
    await queueOffline('A');
    const [entry] = queue();
    device.stored.set('entries', [{ ...entry, state: 'sending', attempted: true }]);
    server.addDeal.mockResolvedValueOnce(saved(record(52)));
    await flushOutbox(queryClient, AGENT);
    expect(server.addDeal).toHaveBeenCalledWith(entry?.body, entry?.idempotencyKey);
    expect(queue()).toEqual([]);
  });
});

describe('withOutbox', () => {
  const base = { memberId: AGENT, createdAt: '2026-03-02T01:00:00.000Z', error: null, attempted: false };
  const add = (tempId: number, over: Partial<QueuedAdd> = {}): QueuedAdd => ({
    ...base,
    id: `add${tempId}`,
    idempotencyKey: `k${tempId}`,
    state: 'waiting',
    kind: 'add',
    tempId,
    body: newDeal({ customerName: `Queued ${tempId}` }),
    ...over,
  });
  const queuedEdit = (
    target: { dealId: number } | { afterAdd: number },
    form: Partial<EditDealForm>,
    over: Partial<QueuedEdit> = {},
  ): QueuedEdit => ({
    ...base,
    id: `edit${JSON.stringify(target)}`,
    idempotencyKey: 'ke',
    state: 'waiting',
    kind: 'edit',
    dealId: 'dealId' in target ? target.dealId : null,
    afterAdd: 'afterAdd' in target ? target.afterAdd : null,
    body: edit('dealId' in target ? target.dealId : target.afterAdd, form),
    ...over,
  });

  it('lists queued new deals first, newest first, then the saved deals; without a queue, the deals as they are', () => {
    const deals = [record(3), record(2)];
    expect(withOutbox(deals, [])).toEqual([
      { deal: record(3), sync: null },
      { deal: record(2), sync: null },
    ]);
    const rows = withOutbox(deals, [add(-1), add(-2)]);
    expect(rows.map((r) => r.deal.id)).toEqual([-2, -1, 3, 2]);
    expect(rows[0]?.sync).toMatchObject({ state: 'waiting', error: null });
  });

  it("shows a queued new deal as the record it will be: the defaults of a new deal, no agent's names unless sold through one", () => {
    const [row] = withOutbox([], [add(-1, { body: newDeal({ referror: 'Someone', agent: 'Else', customer_email: '' }) })]);
    expect(row?.deal).toEqual(record(-1, { createdat: base.createdAt }));
  });

  it('applies the queued edits to the rows they change, keeping what an edit leaves out', () => {
    const rows = withOutbox(
      [record(3, { deal_status: 'For Billing', customer_contact: '09171234567' }), record(2)],
      [
        add(-1),
        queuedEdit({ afterAdd: -1 }, { customerName: 'Renamed queued', tcv: '99' }),
        queuedEdit(
          { dealId: 3 },
          { customerName: 'Renamed saved', sales_type: 'Agent', referror: 'Ref', agent: 'Agt', product: 'CTPL', tcv: '500' },
        ),
      ],
    );
    expect(rows.map((r) => [r.deal.id, r.deal.customer_name, r.deal.tcv])).toEqual([
      [-1, 'Renamed queued', 99],
      [3, 'Renamed saved', 500],
      [2, 'Maria Clara', 25000],
    ]);
    expect(rows[1]?.deal).toMatchObject({
      sales_type: 'Agent',
      referror: 'Ref',
      agent: 'Agt',
      product: 'CTPL',
      deal_status: 'For Billing',
      customer_contact: '09171234567',
    });
    expect(rows[1]?.sync).toMatchObject({ state: 'waiting' });
    expect(rows[2]?.sync).toBeNull();
  });

  it('says a row is refused (with the message) before it says it is waiting, and sending while one is on its way', () => {
    const refused = queuedEdit({ afterAdd: -1 }, {}, { state: 'refused', error: 'TCV must be more than 0' });
    const rows = withOutbox([record(3)], [add(-1), refused, queuedEdit({ dealId: 3 }, {}, { state: 'sending' })]);
    expect(rows[0]?.sync).toEqual({ state: 'refused', entry: refused, error: 'TCV must be more than 0' });
    expect(rows[1]?.sync).toMatchObject({ state: 'sending', error: null });
  });
});
