import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@ahente/contract/dates';
import { pathOf, routes } from '@ahente/contract/routes';
import type { ProposalRecord, PublicProposal, SaveProposalRequest } from '@ahente/contract/proposals';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { PROPOSAL_MESSAGES, PUBLIC_LINK_LIMIT } from './service.ts';

/**
 * The client's link (decision 038) on both databases: no session, no cookie, the same 404 for any
 * token that names nothing, 410 once withdrawn or expired, limited per address; the agent told on
 * the first opening, an acceptance and a decline. Today is 10 March 2026 in Manila.
 */
let clock = new Date('2026-03-10T04:00:00.000Z');
const TODAY = '2026-03-10';
let t: TestApp;
let agent: Awaited<ReturnType<TestApp['createMember']>>;
let agentC: TestClient;
let ipSeq = 0;
/** Each test its own client address, so that the per-address limit is only met where a test means it. */
let ip = '10.0.0.1';

const body = (over: Partial<SaveProposalRequest> = {}): SaveProposalRequest => ({
  id: agent.id,
  client: { name: 'Maria Santos', contact: '09181112222', email: 'maria@example.ph' },
  product: 'CTPL',
  options: [
    { insurer: 'Malayan', basic_premium: 447 },
    { insurer: 'Standard', basic_premium: 500 },
  ],
  ...over,
});

/** A sent proposal of the agent's and its link's token. */
async function sent(over: Partial<SaveProposalRequest> = {}): Promise<{ proposal: ProposalRecord; token: string }> {
  const saved = await agentC.post(routes.saveProposal.path, body(over));
  expect(saved.statusCode, saved.body).toBe(200);
  const proposal = (saved.json() as { proposal: ProposalRecord }).proposal;
  const res = await agentC.post(routes.sendProposal.path, { proposal_id: proposal.id });
  return { proposal, token: (res.json() as { share_url: string }).share_url.split('/p/')[1]! };
}

const link = (
  route: typeof routes.publicProposal | typeof routes.acceptPublicProposal | typeof routes.declinePublicProposal,
  token: string,
) => pathOf(route, { token });
/** A request of the client's browser: no cookie, no CSRF token, from `ip`. */
const open = (token: string, from = ip) => t.app.inject({ method: 'GET', url: link(routes.publicProposal, token), remoteAddress: from });
const accept = (token: string, option: unknown) =>
  t.app.inject({ method: 'POST', url: link(routes.acceptPublicProposal, token), payload: { option }, remoteAddress: ip });
const decline = (token: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url: link(routes.declinePublicProposal, token), payload: payload as object, remoteAddress: ip });

const notifications = (event: string) =>
  t.db.db.selectFrom('notifications').selectAll().where('member_id', '=', agent.id).where('event', '=', event).execute();

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  agent = await t.createMember();
  agentC = await t.loginAs(agent);
});
beforeEach(() => {
  ip = `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/public/proposal/:token', () => {
  it('shows the options with their breakdowns and, of the agent, only name, licence number and chosen contact', async () => {
    await t.licenseMember(agent.id, {
      lines: ['Non-Life'],
      issued_on: '2025-01-01',
      expires_on: '2027-12-31',
      status: 'verified',
    });
    const { token } = await sent({ show_contact: true });
    const res = await open(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json() as PublicProposal;
    expect(view).toMatchObject({ status: 'sent', client_name: 'Maria Santos', product: 'CTPL', valid_until: addDays(TODAY, 30) });
    expect(view.options.map((o) => o.breakdown.amount_due)).toEqual([607.81, 673.9]); // 500 + 62.50 + 60 + 1 (0.2 % of 500) + 50.40 = 673.90
    expect(view.agent).toEqual({ name: 'First1 Last1', licence_number: `TEST-${agent.id}-Non-Life`, contact: '09171234567' });
    // Nothing else of anyone: not the client's contact or e-mail, not the agent's e-mail or username.
    for (const secret of ['09181112222', 'maria@example.ph', agent.username, `${agent.username}@example.ph`])
      expect(res.body).not.toContain(secret);
    const hidden = (await open((await sent({ show_contact: false })).token)).json() as PublicProposal;
    expect(hidden.agent.contact).toBeNull();
  });

  it('tells the agent the first time the client opens it, once', async () => {
    const { proposal, token } = await sent();
    const before = (await notifications('proposal_opened')).length;
    await Promise.all([open(token), open(token), open(token)]);
    expect((await notifications('proposal_opened')).length).toBe(before + 1);
    const read = (await agentC.post(routes.proposal.path, { proposal_id: proposal.id })).json() as { proposal: ProposalRecord };
    expect(read.proposal.events.filter((e) => e.action === 'opened')).toEqual([expect.objectContaining({ by: 'client', by_name: null })]);
  });

  it('answers the same 404 for a token that never existed, a malformed one, a draft’s and a replaced one', async () => {
    const { token: replaced, proposal } = await sent();
    await agentC.post(routes.sendProposal.path, { proposal_id: proposal.id }); // a new link: the first stops working
    const answers = await Promise.all(['A'.repeat(43), 'x', replaced, `${replaced}x`].map((tk) => open(tk)));
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json()).toEqual({ error: PROPOSAL_MESSAGES.notFound });
  });

  it('answers 410 once withdrawn, or expired', async () => {
    const w = await sent();
    await agentC.post(routes.withdrawProposal.path, { proposal_id: w.proposal.id });
    expect((await open(w.token)).statusCode).toBe(410);
    expect((await accept(w.token, 1)).statusCode).toBe(410);
    const e = await sent({ valid_until: addDays(TODAY, 2) });
    clock = new Date(`${addDays(TODAY, 3)}T04:00:00.000Z`);
    try {
      const res = await open(e.token);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ error: PROPOSAL_MESSAGES.gone });
    } finally {
      clock = new Date(`${TODAY}T04:00:00.000Z`);
    }
  });

  it('limits each address: over the limit 429, another address still served', async () => {
    const { token } = await sent();
    const answers = [];
    for (let i = 0; i < PUBLIC_LINK_LIMIT.max; i++) answers.push((await open(token)).statusCode);
    expect(answers.every((s) => s === 200)).toBe(true);
    const over = await open(token);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: PROPOSAL_MESSAGES.tooMany });
    // Unknown tokens count too: nothing to enumerate from one address.
    expect((await open('B'.repeat(43))).statusCode).toBe(429);
    expect((await open(token, '10.99.99.99')).statusCode).toBe(200);
  });
});

describe('the client accepts or declines', () => {
  it('accepting creates the agent’s one deal and tells the agent; again (or the agent after), the same deal', async () => {
    const { proposal, token } = await sent();
    const deals = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('deals')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await deals();
    const res = await accept(token, 2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'accepted', accepted_option: 2 });
    expect((await accept(token, 2)).statusCode).toBe(200);
    expect((await accept(token, 1)).statusCode).toBe(409);
    const byAgent = (await agentC.post(routes.acceptProposal.path, { proposal_id: proposal.id, option: 2 })).json() as { deal_id: number };
    expect(await deals()).toBe(before + 1);
    const deal = await t.db.db.selectFrom('deals').selectAll().where('id', '=', byAgent.deal_id).executeTakeFirstOrThrow();
    expect(deal).toMatchObject({
      customer_name: 'Maria Santos',
      insurer: 'Standard',
      tcv_centavos: 67_390,
      deal_status: 'For Application',
    });
    expect((await notifications('proposal_accepted')).filter((n) => n.link === `/proposals/${proposal.id}`)).toHaveLength(1);
    const read = (await agentC.post(routes.proposal.path, { proposal_id: proposal.id })).json() as { proposal: ProposalRecord };
    expect(read.proposal.events.filter((e) => e.action === 'accepted')).toEqual([expect.objectContaining({ by: 'client', option: 2 })]);
  });

  it('at once, from the link and by the agent: one deal', async () => {
    const { proposal, token } = await sent();
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => accept(token, 1)),
      ...Array.from({ length: 5 }, () => agentC.post(routes.acceptProposal.path, { proposal_id: proposal.id, option: 1 })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const linked = await t.db.db.selectFrom('proposals').select('deal_id').where('id', '=', proposal.id).executeTakeFirstOrThrow();
    const made = await t.db.db
      .selectFrom('deals')
      .select('id')
      .where('member_id', '=', agent.id)
      .where('customer_name', '=', 'Maria Santos')
      .execute();
    expect(made.filter((d) => d.id === linked.deal_id)).toHaveLength(1);
    const rows = await t.db.db
      .selectFrom('proposal_events')
      .selectAll()
      .where('proposal_id', '=', proposal.id)
      .where('action', '=', 'accepted')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('declining records the reason and tells the agent; a declined proposal is not accepted', async () => {
    const { proposal, token } = await sent();
    const res = await decline(token, { reason: 'Found a cheaper one' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined' });
    expect((await decline(token)).statusCode).toBe(200);
    expect((await accept(token, 1)).statusCode).toBe(409);
    const told = (await notifications('proposal_declined')).filter((n) => n.link === `/proposals/${proposal.id}`);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('Found a cheaper one');
    const read = (await agentC.post(routes.proposal.path, { proposal_id: proposal.id })).json() as { proposal: ProposalRecord };
    expect(read.proposal.status).toBe('declined');
    expect(read.proposal.events.at(-1)).toMatchObject({ action: 'declined', by: 'client', reason: 'Found a cheaper one' });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { proposal, token } = await sent();
    for (const option of [0, 4, 1.5, '1', null]) expect((await accept(token, option)).statusCode, String(option)).toBe(400);
    expect((await accept(token, 3)).statusCode).toBe(400); // this proposal has two options
    expect((await decline(token, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await decline(token, { reason: 'a\u0000b' })).statusCode).toBe(400);
    expect((await decline(token, { surprise: 1 })).statusCode).toBe(400);
    const row = await t.db.db.selectFrom('proposals').selectAll().where('id', '=', proposal.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', deal_id: null });
  });

  it('ignores a session: a signed-in browser is answered as anyone, without CSRF and without a cookie', async () => {
    const { token } = await sent();
    const res = await agentC.post(link(routes.declinePublicProposal, token), {}, { csrf: 'omit' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
