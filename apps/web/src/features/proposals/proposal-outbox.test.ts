import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProposalRecord, ProposalResponse, SaveProposalRequest } from '@ahente/contract/proposals';
import { ApiError, NetworkError } from '../../api/client';
import {
  clearProposalOutbox,
  countPendingProposals,
  discardQueuedProposal,
  flushProposalOutbox,
  saveOrQueueProposal,
  type QueuedProposal,
} from './proposal-outbox';

/**
 * The proposals' outbox (decision 038, as the deals' of decision 028), seen from outside: what is
 * kept on the device (IndexedDB, here a map) and what is sent (saveProposal, here a mock) when, in
 * which order and with which Idempotency-Key.
 */
const device = vi.hoisted(() => ({ stored: new Map<string, unknown>() }));
vi.mock('idb-keyval', () => ({
  createStore: () => 'ahente-outbox',
  get: async (key: string) => structuredClone(device.stored.get(key)),
  update: async (key: string, updater: (current: unknown) => unknown) => {
    device.stored.set(key, structuredClone(updater(structuredClone(device.stored.get(key)))));
  },
}));

const server = vi.hoisted(() => ({ saveProposal: vi.fn<(body: SaveProposalRequest, key: string) => Promise<ProposalResponse>>() }));
vi.mock('./api', () => ({ saveProposal: server.saveProposal, proposalKeys: { all: ['proposals'] } }));

const AGENT = 7;
const queue = () => (device.stored.get('proposals') ?? []) as QueuedProposal[];
const setOnline = (online: boolean) => vi.stubGlobal('navigator', { onLine: online });

const draft = (over: Partial<SaveProposalRequest> = {}): SaveProposalRequest => ({
  id: AGENT,
  client: { name: 'Maria Clara' },
  product: 'Comprehensive',
  options: [{ insurer: 'Malayan Insurance', basic_premium: 18500 }],
  ...over,
});
const answer = (id: number) => ({ proposal: { id } as ProposalRecord }) as ProposalResponse;

let queryClient: QueryClient;

beforeEach(async () => {
  vi.stubGlobal('BroadcastChannel', undefined);
  setOnline(true);
  queryClient = new QueryClient();
  await clearProposalOutbox();
});

afterEach(() => server.saveProposal.mockReset());

describe('Save Draft', () => {
  it('sends at once with a connection, with the form’s key, and keeps nothing', async () => {
    server.saveProposal.mockResolvedValueOnce(answer(12));
    await expect(saveOrQueueProposal(draft(), 'key-1')).resolves.toEqual({ queued: false, proposal: { id: 12 } });
    expect(server.saveProposal).toHaveBeenCalledWith(draft(), 'key-1');
    expect(queue()).toEqual([]);
  });

  it('keeps a proposal saved with no signal, with its key, sends nothing and counts it as pending', async () => {
    setOnline(false);
    await expect(saveOrQueueProposal(draft(), 'key-1')).resolves.toEqual({ queued: true });
    expect(server.saveProposal).not.toHaveBeenCalled();
    expect(queue()).toMatchObject([{ memberId: AGENT, idempotencyKey: 'key-1', state: 'waiting', attempted: false, body: draft() }]);
    expect(await countPendingProposals()).toBe(1);
  });

  it('keeps a save whose answer was lost, with the key it was sent with (it may have been saved)', async () => {
    server.saveProposal.mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')));
    await expect(saveOrQueueProposal(draft(), 'key-1')).resolves.toEqual({ queued: true });
    expect(queue()).toMatchObject([{ idempotencyKey: 'key-1', attempted: true }]);
  });

  it('keeps nothing of a refused save: the form shows the refusal', async () => {
    server.saveProposal.mockRejectedValueOnce(new ApiError(400, 'A proposal needs at least one option', {}));
    await expect(saveOrQueueProposal(draft({ options: [] }), 'key-1')).rejects.toMatchObject({ status: 400 });
    expect(queue()).toEqual([]);
  });

  it('two new proposals are two entries; a draft saved twice before it was sent is one, with a new key', async () => {
    setOnline(false);
    await saveOrQueueProposal(draft({ client: { name: 'A' } }), 'key-a');
    await saveOrQueueProposal(draft({ client: { name: 'B' } }), 'key-b');
    expect(queue().map((e) => e.body.client.name)).toEqual(['A', 'B']);

    await saveOrQueueProposal(draft({ proposal_id: 5, notes: 'first' }), 'key-5');
    await saveOrQueueProposal(draft({ proposal_id: 5, notes: 'second' }), 'key-5b');
    const edits = queue().filter((e) => e.body.proposal_id === 5);
    expect(edits).toHaveLength(1);
    expect(edits[0]?.body.notes).toBe('second');
    expect(edits[0]?.idempotencyKey).not.toBe('key-5');
  });
});

describe('sending the queue', () => {
  it('sends the waiting proposals oldest first, each with its own key, and empties the queue', async () => {
    setOnline(false);
    await saveOrQueueProposal(draft({ client: { name: 'A' } }), 'key-a');
    await saveOrQueueProposal(draft({ client: { name: 'B' } }), 'key-b');
    setOnline(true);
    server.saveProposal.mockResolvedValueOnce(answer(1)).mockResolvedValueOnce(answer(2));
    await flushProposalOutbox(queryClient, AGENT);
    expect(server.saveProposal.mock.calls.map(([body, key]) => [body.client.name, key])).toEqual([
      ['A', 'key-a'],
      ['B', 'key-b'],
    ]);
    expect(queue()).toEqual([]);
    expect(await countPendingProposals()).toBe(0);
  });

  it('a send with no answer stops the flush: the entry waits, with the same key, for the next one', async () => {
    setOnline(false);
    await saveOrQueueProposal(draft({ client: { name: 'A' } }), 'key-a');
    await saveOrQueueProposal(draft({ client: { name: 'B' } }), 'key-b');
    setOnline(true);
    server.saveProposal.mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')));
    await flushProposalOutbox(queryClient, AGENT);
    expect(server.saveProposal).toHaveBeenCalledTimes(1);
    expect(queue()).toMatchObject([
      { idempotencyKey: 'key-a', state: 'waiting', attempted: true },
      { idempotencyKey: 'key-b', state: 'waiting', attempted: false },
    ]);

    server.saveProposal.mockResolvedValue(answer(1));
    await flushProposalOutbox(queryClient, AGENT);
    expect(server.saveProposal.mock.calls.map(([, key]) => key)).toEqual(['key-a', 'key-a', 'key-b']);
    expect(queue()).toEqual([]);
  });

  it('a 5xx waits too; a 4xx refusal is kept with its reason, and the next entry is still sent', async () => {
    setOnline(false);
    await saveOrQueueProposal(draft({ client: { name: 'A' } }), 'key-a');
    await saveOrQueueProposal(draft({ client: { name: 'B' } }), 'key-b');
    setOnline(true);
    server.saveProposal.mockRejectedValueOnce(new ApiError(503, 'Try again', {}));
    await flushProposalOutbox(queryClient, AGENT);
    expect(queue()).toMatchObject([{ state: 'waiting' }, { state: 'waiting' }]);

    server.saveProposal
      .mockRejectedValueOnce(new ApiError(409, 'This proposal was accepted: it is not changed', {}))
      .mockResolvedValueOnce(answer(2));
    await flushProposalOutbox(queryClient, AGENT);
    expect(queue()).toMatchObject([{ idempotencyKey: 'key-a', state: 'refused', error: 'This proposal was accepted: it is not changed' }]);
    expect(await countPendingProposals()).toBe(1);

    // A refused entry is not sent again; the agent discards it.
    await flushProposalOutbox(queryClient, AGENT);
    expect(server.saveProposal).toHaveBeenCalledTimes(3);
    await discardQueuedProposal(queue()[0]!.id);
    expect(queue()).toEqual([]);
  });

  it('an expired session (401) or a rate limit (429) waits rather than refusing', async () => {
    setOnline(false);
    await saveOrQueueProposal(draft(), 'key-a');
    setOnline(true);
    server.saveProposal.mockRejectedValueOnce(new ApiError(401, 'Sign in again', {}));
    await flushProposalOutbox(queryClient, AGENT);
    server.saveProposal.mockRejectedValueOnce(new ApiError(429, 'Too many', {}));
    await flushProposalOutbox(queryClient, AGENT);
    expect(queue()).toMatchObject([{ state: 'waiting', error: null }]);
  });

  it('sends only the signed-in agent’s proposals, and nothing while offline', async () => {
    setOnline(false);
    await saveOrQueueProposal(draft({ id: 8 }), 'key-other');
    await saveOrQueueProposal(draft(), 'key-mine');
    await flushProposalOutbox(queryClient, AGENT);
    expect(server.saveProposal).not.toHaveBeenCalled();
    setOnline(true);
    server.saveProposal.mockResolvedValue(answer(1));
    await flushProposalOutbox(queryClient, AGENT);
    expect(server.saveProposal.mock.calls.map(([, key]) => key)).toEqual(['key-mine']);
    expect(queue()).toMatchObject([{ memberId: 8 }]);
  });

  it('an entry left “sending” by a closed tab is sent again with its key', async () => {
    device.stored.set('proposals', [
      { id: 'e1', memberId: AGENT, idempotencyKey: 'key-a', createdAt: '', state: 'sending', error: null, attempted: true, body: draft() },
    ]);
    server.saveProposal.mockResolvedValue(answer(1));
    await flushProposalOutbox(queryClient, AGENT);
    expect(server.saveProposal).toHaveBeenCalledWith(draft(), 'key-a');
    expect(queue()).toEqual([]);
  });
});
