import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import readExcelFile from 'read-excel-file/node';
import { MAX_ID } from '@ahente/contract/common';
import { DATE_EXCEL_FORMAT, addDays } from '@ahente/contract/dates';
import type { DealRecord } from '@ahente/contract/deals';
import { PESO_EXCEL_FORMAT } from '@ahente/contract/money';
import { POLICY_STATUSES, type PolicyRow, type PortfolioResponse } from '@ahente/contract/portfolio';
import type { ReportResponse } from '@ahente/contract/reports';
import { routes } from '@ahente/contract/routes';
import type { SaleRecord } from '@ahente/contract/sales';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { isPolicySql, policyStatusIsSql, policyStatusSql } from '../../db/policy-status.ts';
import { PORTFOLIO_MESSAGES } from './service.ts';

/**
 * The book of business (decision 025) on both databases, with a clock the test moves: today is
 * 15 June 2026 in Manila unless a test says otherwise.
 *
 *   owner (AgencyOwner)
 *   └─ mgr (Manager)
 *      └─ agent (Agent): the book below, every status
 *   mgr2 (Manager, another branch), other (Agent), admin
 */
let clock = new Date('2026-06-15T04:00:00.000Z'); // noon in Manila
const setToday = (day: string) => {
  clock = new Date(`${day}T04:00:00.000Z`);
};

let t: TestApp;
type Member = Awaited<ReturnType<TestApp['createMember']>>;
let owner: Member, mgr: Member, mgr2: Member, agent: Member, other: Member;
/** `admin` enters sales for the agents; `verifier`, another admin, decides them (decision 018). */
let admin: TestClient,
  verifier: TestClient,
  ownerClient: TestClient,
  mgrClient: TestClient,
  mgr2Client: TestClient,
  agentClient: TestClient,
  otherClient: TestClient;
let seq = 0;

interface PolicyOptions {
  product?: string;
  expiry?: string;
  effective?: string;
  customer?: string;
  policy?: string;
  contact?: string | null;
  email?: string | null;
  insurer?: string;
  tcv?: number;
}

/** A policy of the member's through the API (as an admin records it for them): a deal, then its sale with its term. */
async function sell(memberId: number, o: PolicyOptions = {}): Promise<SaleRecord> {
  seq += 1;
  const product = o.product ?? 'Comprehensive';
  const effective = o.effective ?? (o.expiry ? addDays(o.expiry, -364) : '2026-01-10');
  const customer = o.customer ?? `Client ${seq}`;
  const deal = await admin.post(routes.addDeal.path, {
    id: memberId,
    customerName: customer,
    transactionType: 'New',
    product,
    tcvValue: o.tcv ?? 12_000 + seq,
    effectiveDate: effective,
    salesType: 'Agent',
    referror: 'Jose Rizal',
    agent: 'Andres Bonifacio',
    salesGroup: 'CarSalesGroup',
    customer_contact: o.contact === undefined ? '09171234567' : o.contact,
    customer_email: o.email === undefined ? `client${seq}@example.ph` : o.email,
  });
  expect(deal.statusCode, deal.body).toBe(200);
  const d: DealRecord = deal.json().deal;
  return sellDeal(memberId, d, {
    policy: o.policy ?? `POL-${seq}`,
    insurer: o.insurer ?? 'Malayan Insurance',
    ...(o.expiry ? { expiry: o.expiry } : {}),
  });
}

/** Sells a deal as the Add Sales form does, prefilled from it. */
async function sellDeal(
  memberId: number,
  d: DealRecord,
  o: { policy?: string; insurer?: string; expiry?: string } = {},
): Promise<SaleRecord> {
  const res = await admin.post(routes.addSale.path, {
    id: memberId,
    formData: {
      dealid: d.id,
      customerName: d.customer_name,
      product: d.product,
      tcv: d.tcv,
      sales_type: d.sales_type,
      referror: d.referror,
      agent: d.agent,
      policy: o.policy ?? `POL-R-${d.id}`,
      insurer: o.insurer ?? d.insurer,
      effectiveDate: d.effective_date,
      expiry_date: o.expiry ?? '',
      customer_contact: d.customer_contact,
      customer_email: d.customer_email,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sale;
}

async function cancel(saleId: number, on: string) {
  const res = await admin.post(routes.cancelSale.path, { sale_id: saleId, cancelled_on: on, reason: 'Client cancelled' });
  expect(res.statusCode, res.body).toBe(200);
}
async function reject(saleId: number) {
  const res = await verifier.post(routes.verifySales.path, { sale_ids: [saleId], decision: 'rejected', reason: 'Not issued' });
  expect(res.statusCode, res.body).toBe(200);
}
async function renew(client: TestClient, saleId: number): Promise<number> {
  const res = await client.post(routes.startRenewal.path, { sale_id: saleId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deal_id;
}
async function dealOf(memberId: number, dealId: number): Promise<DealRecord> {
  const res = await admin.post(routes.getDeals.path, { id: memberId });
  return (res.json() as DealRecord[]).find((d) => d.id === dealId)!;
}

async function portfolio(client: TestClient, body: Record<string, unknown>): Promise<PortfolioResponse> {
  const res = await client.post(routes.portfolio.path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = (p: PortfolioResponse) => p.rows.map((r) => r.sale_id);
const countsOf = (due: number, lapsed: number, inForce: number, renewed: number, cancelled: number) => ({
  due,
  lapsed,
  'in force': inForce,
  renewed,
  cancelled,
});

/** The agent's book on 15 June 2026 (see each line). */
const book = {} as Record<
  | 'dueToday'
  | 'dueEdge'
  | 'inForceEdge'
  | 'lapsed'
  | 'memorial'
  | 'cancelled'
  | 'renewed'
  | 'renewal'
  | 'rejected'
  | 'renewalRejected'
  | 'renewalCancelled'
  | 'renewalCancelledSale',
  SaleRecord
>;
let renewedDealId: number;
let renewalRejectedDealId: number;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  admin = await t.loginAs(await t.createAdmin());
  verifier = await t.loginAs(await t.createAdmin());
  owner = await t.createMember({ position: 'AgencyOwner' });
  mgr = await t.createMember({ position: 'Manager', referror: owner.id });
  agent = await t.createMember({ referror: mgr.id });
  mgr2 = await t.createMember({ position: 'Manager' });
  other = await t.createMember();
  ownerClient = await t.loginAs(owner);
  mgrClient = await t.loginAs(mgr);
  mgr2Client = await t.loginAs(mgr2);
  agentClient = await t.loginAs(agent);
  otherClient = await t.loginAs(other);

  book.dueToday = await sell(agent.id, { expiry: '2026-06-15', customer: 'Ana Reyes', policy: 'MAL-2025-0001' });
  book.dueEdge = await sell(agent.id, { expiry: '2026-08-14' }); // today + 60: due
  book.inForceEdge = await sell(agent.id, { expiry: '2026-08-15' }); // today + 61: in force
  book.lapsed = await sell(agent.id, { expiry: '2026-06-14' }); // yesterday
  book.memorial = await sell(agent.id, { product: 'Memorial Plan', effective: '2026-01-10' }); // no term
  book.cancelled = await sell(agent.id, { expiry: '2026-12-31' });
  await cancel(book.cancelled.id, '2026-06-01');
  // Renewed: due on 1 July, its Renewal deal sold.
  book.renewed = await sell(agent.id, { expiry: '2026-07-01', insurer: 'Pioneer Insurance' });
  renewedDealId = await renew(agentClient, book.renewed.id);
  book.renewal = await sellDeal(agent.id, await dealOf(agent.id, renewedDealId));
  // A rejected sale is no policy.
  book.rejected = await sell(agent.id, { expiry: '2026-07-10' });
  await reject(book.rejected.id);
  // Renewal sold but rejected: the policy is still due.
  book.renewalRejected = await sell(agent.id, { expiry: '2026-07-20' });
  renewalRejectedDealId = await renew(agentClient, book.renewalRejected.id);
  await reject((await sellDeal(agent.id, await dealOf(agent.id, renewalRejectedDealId))).id);
  // Renewal sold then cancelled: the policy is lapsed; its renewal sale is a cancelled policy.
  book.renewalCancelled = await sell(agent.id, { expiry: '2026-06-01' });
  book.renewalCancelledSale = await sellDeal(agent.id, await dealOf(agent.id, await renew(agentClient, book.renewalCancelled.id)));
  await cancel(book.renewalCancelledSale.id, '2026-06-15');
});
afterAll(() => t.close());

describe('POST /api/portfolio: statuses', () => {
  it('derives each policy status on 15 June 2026 and lists them due, lapsed, in force, renewed, cancelled', async () => {
    setToday('2026-06-15');
    const p = await portfolio(agentClient, { id: agent.id });
    expect(p).toMatchObject({ scope: 'own', scopes: ['own'], clients_hidden: false, total: 11, page: 1, pageSize: 25 });
    expect(p.counts).toEqual(countsOf(3, 2, 3, 1, 2));
    expect(ids(p)).toEqual([
      // due, soonest expiry first
      book.dueToday.id,
      book.renewalRejected.id,
      book.dueEdge.id,
      // lapsed, most recently lapsed first
      book.lapsed.id,
      book.renewalCancelled.id,
      // in force, soonest expiry first, then those without a term
      book.inForceEdge.id,
      book.renewal.id,
      book.memorial.id,
      // renewed, then cancelled (latest cancellation first)
      book.renewed.id,
      book.renewalCancelledSale.id,
      book.cancelled.id,
    ]);
    const byId = new Map(p.rows.map((r) => [r.sale_id, r]));
    const status = (s: SaleRecord) => byId.get(s.id)!.status;
    expect(status(book.dueToday)).toBe('due');
    expect(status(book.dueEdge)).toBe('due');
    expect(status(book.inForceEdge)).toBe('in force');
    expect(status(book.lapsed)).toBe('lapsed');
    expect(status(book.memorial)).toBe('in force');
    expect(status(book.cancelled)).toBe('cancelled');
    expect(status(book.renewed)).toBe('renewed');
    expect(status(book.renewalRejected)).toBe('due');
    expect(status(book.renewalCancelled)).toBe('lapsed');
    expect(byId.has(book.rejected.id)).toBe(false);
    expect(byId.get(book.dueToday.id)!.days_to_expiry).toBe(0);
    expect(byId.get(book.dueEdge.id)!.days_to_expiry).toBe(60);
    expect(byId.get(book.inForceEdge.id)!.days_to_expiry).toBe(61);
    expect(byId.get(book.lapsed.id)!.days_to_expiry).toBe(-1);
    expect(byId.get(book.memorial.id)).toMatchObject({ expiry_date: null, days_to_expiry: null, product: 'Memorial Plan' });
  });

  it('answers every column of a row, with the renewal deal and its sale', async () => {
    setToday('2026-06-15');
    const p = await portfolio(agentClient, { id: agent.id });
    const row = (s: SaleRecord) => p.rows.find((r) => r.sale_id === s.id)!;
    expect(row(book.dueToday)).toEqual({
      sale_id: book.dueToday.id,
      member_id: agent.id,
      agent_name: expect.stringMatching(/^First\d+ Last\d+$/) as unknown as string,
      customer_name: 'Ana Reyes',
      customer_contact: '09171234567',
      customer_email: expect.stringMatching(/@example\.ph$/) as unknown as string,
      policy_number: 'MAL-2025-0001',
      product: 'Comprehensive',
      insurer: 'Malayan Insurance',
      tcv: book.dueToday.tcv,
      effective_date: '2025-06-16',
      expiry_date: '2026-06-15',
      days_to_expiry: 0,
      status: 'due',
      renewal: null,
    } satisfies PolicyRow);
    expect(row(book.renewed).renewal).toEqual({ deal_id: renewedDealId, deal_status: 'For Quotation', sale_id: book.renewal.id });
    // A rejected renewal sale is no sale: the deal may be sold again.
    expect(row(book.renewalRejected).renewal).toEqual({ deal_id: renewalRejectedDealId, deal_status: 'For Quotation', sale_id: null });
    expect(row(book.renewalCancelled).renewal).toEqual(expect.objectContaining({ sale_id: book.renewalCancelledSale.id }));
  });

  it('moves with the clock: on 15 August the 14 August policy has lapsed and the 15 August one is due', async () => {
    setToday('2026-08-15');
    const p = await portfolio(agentClient, { id: agent.id, pageSize: 50 });
    const byId = new Map(p.rows.map((r) => [r.sale_id, r]));
    expect(byId.get(book.dueEdge.id)).toMatchObject({ status: 'lapsed', days_to_expiry: -1 });
    expect(byId.get(book.inForceEdge.id)).toMatchObject({ status: 'due', days_to_expiry: 0 });
    expect(byId.get(book.renewalRejected.id)!.status).toBe('lapsed');
    expect(byId.get(book.memorial.id)!.status).toBe('in force');
    expect(byId.get(book.renewed.id)!.status).toBe('renewed');
    expect(p.counts).toEqual(countsOf(1, 5, 2, 1, 2));
    // The renewal (2 July 2026 to 1 July 2027) falls due 60 days before its last day.
    setToday('2027-05-02');
    const later = await portfolio(agentClient, { id: agent.id, status: 'due' });
    expect(ids(later)).toEqual([book.renewal.id]);
    setToday('2027-05-01');
    expect((await portfolio(agentClient, { id: agent.id, status: 'due' })).total).toBe(0);
    setToday('2026-06-15');
  });
});

describe('db/policy-status.ts', () => {
  it("writes one rule twice: each policy's status value is the one status condition it meets, on any day", async () => {
    let checked = 0;
    for (const today of ['2025-01-01', '2026-06-14', '2026-06-15', '2026-07-20', '2026-08-14', '2026-08-15', '2027-06-01']) {
      const rows = await t.db.db
        .selectFrom('sales as s')
        .select(['s.id', policyStatusSql('s', today).as('status')])
        .select(POLICY_STATUSES.map((st) => sql<number | boolean>`case when ${policyStatusIsSql('s', st, today)} then 1 else 0 end`.as(st)))
        .where(isPolicySql('s'))
        .execute();
      for (const r of rows) {
        const meets = POLICY_STATUSES.filter((st) => Number((r as Record<string, unknown>)[st]) === 1);
        expect(meets, `sale ${r.id} on ${today}`).toEqual([r.status]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(70);
  });
});

describe('POST /api/portfolio: filters, counts and paging', () => {
  it('filters by status; the counts stay those of every status', async () => {
    const due = await portfolio(agentClient, { id: agent.id, status: 'due' });
    expect(ids(due)).toEqual([book.dueToday.id, book.renewalRejected.id, book.dueEdge.id]);
    expect(due.total).toBe(3);
    expect(due.counts).toEqual(countsOf(3, 2, 3, 1, 2));
    const inForce = await portfolio(agentClient, { id: agent.id, status: 'in force' });
    expect(ids(inForce)).toEqual([book.inForceEdge.id, book.renewal.id, book.memorial.id]);
    const cancelled = await portfolio(agentClient, { id: agent.id, status: 'cancelled' });
    expect(ids(cancelled)).toEqual([book.renewalCancelledSale.id, book.cancelled.id]);
  });

  it('keeps open policies expiring in the next 30, 60 or 90 days, and counts within them', async () => {
    const in30 = await portfolio(agentClient, { id: agent.id, due_within_days: 30 });
    expect(ids(in30)).toEqual([book.dueToday.id]); // the 1 July one is renewed
    expect(in30.counts).toEqual(countsOf(1, 0, 0, 0, 0));
    const in60 = await portfolio(agentClient, { id: agent.id, due_within_days: 60 });
    expect(ids(in60)).toEqual([book.dueToday.id, book.renewalRejected.id, book.dueEdge.id]);
    const in90 = await portfolio(agentClient, { id: agent.id, due_within_days: 90 });
    expect(ids(in90)).toEqual([book.dueToday.id, book.renewalRejected.id, book.dueEdge.id, book.inForceEdge.id]);
    expect(in90.counts).toEqual(countsOf(3, 0, 1, 0, 0));
    const in90InForce = await portfolio(agentClient, { id: agent.id, due_within_days: 90, status: 'in force' });
    expect(in90InForce).toMatchObject({ total: 1, counts: countsOf(3, 0, 1, 0, 0) });
  });

  it('searches the customer name and the policy number, whatever the case; % and _ are literal', async () => {
    const byName = await portfolio(agentClient, { id: agent.id, q: '  ana   REYES ' });
    expect(ids(byName)).toEqual([book.dueToday.id]);
    expect(byName.counts).toEqual(countsOf(1, 0, 0, 0, 0));
    expect(ids(await portfolio(agentClient, { id: agent.id, q: 'mal-2025' }))).toEqual([book.dueToday.id]);
    expect((await portfolio(agentClient, { id: agent.id, q: '%' })).total).toBe(0);
    expect((await portfolio(agentClient, { id: agent.id, q: 'POL_' })).total).toBe(0);
    expect((await portfolio(agentClient, { id: agent.id, q: 'nobody' })).rows).toEqual([]);
  });

  it('pages on the server across the parts of the list', async () => {
    const bulk = await t.createMember();
    const c = await t.loginAs(bulk);
    const due: number[] = [];
    for (let i = 1; i <= 27; i++) due.push((await sell(bulk.id, { expiry: addDays('2026-06-15', i) })).id);
    const lapsed: number[] = [];
    for (let i = 1; i <= 3; i++) lapsed.push((await sell(bulk.id, { expiry: addDays('2026-06-15', -i) })).id);
    const first = await portfolio(c, { id: bulk.id, pageSize: 25 });
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25, counts: countsOf(27, 3, 0, 0, 0) });
    expect(ids(first)).toEqual(due.slice(0, 25));
    const second = await portfolio(c, { id: bulk.id, pageSize: 25, page: 2 });
    expect(ids(second)).toEqual([...due.slice(25), ...lapsed]);
    expect((await portfolio(c, { id: bulk.id, page: 3 })).rows).toEqual([]);
    expect(ids(await portfolio(c, { id: bulk.id, pageSize: 50 }))).toEqual([...due, ...lapsed]);
    expect(ids(await portfolio(c, { id: bulk.id, status: 'lapsed', page: 1 }))).toEqual(lapsed);
    expect(await portfolio(c, { id: bulk.id, status: 'renewed' })).toMatchObject({ total: 0, rows: [] });
  });

  it('answers a member without policies with zeros', async () => {
    const p = await portfolio(otherClient, { id: other.id });
    expect(p).toMatchObject({ total: 0, rows: [], counts: countsOf(0, 0, 0, 0, 0), clients_hidden: false });
  });
});

describe('POST /api/portfolio: who sees what', () => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await t.client().post(routes.portfolio.path, { id: agent.id });
    expect(res.statusCode).toBe(401);
  });

  it("shows a leader a downline member's pipeline without the clients, and ignores their search", async () => {
    for (const client of [mgrClient, ownerClient]) {
      const p = await portfolio(client, { id: agent.id, q: 'ana reyes' });
      expect(p).toMatchObject({ scope: 'own', scopes: ['own'], clients_hidden: true, total: 11, counts: countsOf(3, 2, 3, 1, 2) });
      for (const r of p.rows) {
        expect(r).toMatchObject({ customer_name: null, customer_contact: null, customer_email: null, policy_number: null });
        expect(r.product).toEqual(expect.any(String));
      }
      expect(p.rows[0]).toMatchObject({ sale_id: book.dueToday.id, insurer: 'Malayan Insurance', tcv: book.dueToday.tcv, status: 'due' });
    }
  });

  it("gives a leader their team's policies (everyone below them), clients hidden; an agent has no team", async () => {
    const team = await portfolio(ownerClient, { id: owner.id, scope: 'team' });
    expect(team).toMatchObject({ scope: 'team', scopes: ['own', 'team'], clients_hidden: true, total: 11 });
    expect(new Set(team.rows.map((r) => r.member_id))).toEqual(new Set([agent.id]));
    const ownOfOwner = await portfolio(ownerClient, { id: owner.id });
    expect(ownOfOwner).toMatchObject({ scope: 'own', scopes: ['own', 'team'], clients_hidden: false, total: 0 });
    const mgrTeam = await portfolio(ownerClient, { id: mgr.id, scope: 'team' });
    expect(mgrTeam).toMatchObject({ clients_hidden: true, total: 11 });
    const refused = await agentClient.post(routes.portfolio.path, { id: agent.id, scope: 'team' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(PORTFOLIO_MESSAGES.teamForLeaders);
  });

  it('refuses another agent, a leader of another branch and a member below the caller, with one text for any id', async () => {
    for (const [client, id] of [
      [otherClient, agent.id],
      [mgr2Client, agent.id],
      [agentClient, mgr.id],
      [mgrClient, owner.id],
      [otherClient, MAX_ID],
      [otherClient, 0],
      [mgr2Client, mgr2.id + 100_000],
    ] as const) {
      const res = await client.post(routes.portfolio.path, { id });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ error: PORTFOLIO_MESSAGES.notYours });
      const team = await client.post(routes.portfolio.path, { id, scope: 'team' });
      expect(team.statusCode).toBe(403);
    }
  });

  it("lets an admin see anyone's policies with the clients, and the team of anyone; 404 for an unknown member", async () => {
    const p = await portfolio(admin, { id: agent.id, q: 'reyes' });
    expect(p).toMatchObject({ clients_hidden: false, total: 1, scopes: ['own', 'team'] });
    expect(p.rows[0]).toMatchObject({ customer_name: 'Ana Reyes', policy_number: 'MAL-2025-0001' });
    const team = await portfolio(admin, { id: mgr.id, scope: 'team' });
    expect(team).toMatchObject({ clients_hidden: false, total: 11 });
    const unknown = await admin.post(routes.portfolio.path, { id: MAX_ID });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(PORTFOLIO_MESSAGES.memberNotFound);
  });

  it('answers 400 with the reason to bad input', async () => {
    for (const [body, error] of [
      [{}, 'id is required'],
      [{ id: agent.id, status: 'active' }, 'status must be one of in force, due, lapsed, renewed, cancelled'],
      [{ id: agent.id, due_within_days: 45 }, 'due_within_days must be one of 30, 60, 90'],
      [{ id: agent.id, pageSize: 10 }, 'pageSize must be one of 25, 50, 100'],
      [{ id: agent.id, page: 0 }, 'page must be at least 1'],
      [{ id: agent.id, scope: 'agency' }, 'scope must be one of own, team'],
      [{ id: agent.id, q: 'x'.repeat(101) }, 'Search must be at most 100 characters'],
      [{ id: agent.id, q: 'a\u0000b' }, 'Search may not contain control characters'],
      [{ id: agent.id, extra: 1 }, expect.any(String)],
      [{ id: 'abc' }, expect.any(String)],
    ] as const) {
      const res = await agentClient.post(routes.portfolio.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toEqual(error);
    }
  });
});

/** A calendar date as read-excel-file reads a date cell: that day at midnight UTC. */
const day = (value: string) => new Date(`${value}T00:00:00.000Z`);
/** Excel's serial number of a calendar date (days since 1899-12-30). */
const excelSerial = (value: string) => (Date.parse(`${value}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;

/** The entries of a .xlsx (a zip): their names and inflated bytes, read with node:zlib. */
function unzip(bytes: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  // The central directory lists every entry with its sizes and where its local header is.
  let eocd = bytes.length - 22;
  while (bytes.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  let at = bytes.readUInt32LE(eocd + 16);
  for (let n = bytes.readUInt16LE(eocd + 10); n > 0; n--) {
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + size);
    files.set(name, (method === 8 ? zlib.inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return files;
}

describe('POST /api/portfolioexport', () => {
  it('sends portfolio.xlsx: labelled columns, the rows in the list order, money as pesos with the peso format', async () => {
    setToday('2026-06-15');
    const res = await agentClient.post(routes.portfolioExport.path, { id: agent.id, status: 'due' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename=portfolio.xlsx');
    const [sheet] = await readExcelFile(res.rawPayload);
    expect(sheet!.sheet).toBe('Portfolio');
    expect(sheet!.data[0]).toEqual([
      'Customer',
      'Contact',
      'Email',
      'Policy Number',
      'Product',
      'Insurer',
      'Premium (TCV)',
      'Effective Date',
      'Expiry Date',
      'Days to Expiry',
      'Status',
      'Renewal',
    ]);
    expect(sheet!.data.slice(1)).toEqual([
      [
        'Ana Reyes',
        '09171234567',
        expect.any(String),
        'MAL-2025-0001',
        'Comprehensive',
        'Malayan Insurance',
        book.dueToday.tcv,
        day('2025-06-16'),
        day('2026-06-15'),
        0,
        'Due',
        null,
      ],
      [
        book.renewalRejected.customer_name,
        '09171234567',
        expect.any(String),
        book.renewalRejected.policy_number,
        'Comprehensive',
        'Malayan Insurance',
        book.renewalRejected.tcv,
        day(book.renewalRejected.effective_date),
        day('2026-07-20'),
        35,
        'Due',
        `Deal #${renewalRejectedDealId} (For Quotation)`,
      ],
      [
        expect.any(String),
        '09171234567',
        expect.any(String),
        book.dueEdge.policy_number,
        'Comprehensive',
        'Malayan Insurance',
        book.dueEdge.tcv,
        expect.any(Date),
        day('2026-08-14'),
        60,
        'Due',
        null,
      ],
    ]);
    const files = unzip(res.rawPayload);
    expect(files.get('xl/styles.xml')).toContain(PESO_EXCEL_FORMAT.replace(/"/g, '&quot;'));
    // Real dates (decision 023): the date columns (H, I) hold numbers, styled with the date format, not text.
    const styles = files.get('xl/styles.xml')!;
    expect(styles).toContain(`formatCode="${DATE_EXCEL_FORMAT}"`);
    const sheetXml = files.get('xl/worksheets/sheet1.xml')!;
    for (const ref of ['H2', 'I2', 'H4', 'I4']) {
      const cell = new RegExp(`<c r="${ref}"([^>]*)>(.*?)</c>`).exec(sheetXml);
      expect(cell, ref).not.toBeNull();
      expect(cell![1], `${ref} is not a text cell`).not.toMatch(/t="(s|str|inlineStr)"/);
      expect(cell![2]).toMatch(/^<v>\d+<\/v>$/);
    }
    expect(new RegExp(`<c r="I2"[^>]*><v>(\\d+)</v>`).exec(sheetXml)![1]).toBe(String(excelSerial('2026-06-15')));
  });

  it('leaves the client columns out for a leader, and names the agent in a team export', async () => {
    const res = await mgrClient.post(routes.portfolioExport.path, { id: mgr.id, scope: 'team', q: 'reyes' });
    expect(res.statusCode).toBe(200);
    const [sheet] = await readExcelFile(res.rawPayload);
    expect(sheet!.data[0]).toEqual([
      'Agent',
      'Product',
      'Insurer',
      'Premium (TCV)',
      'Effective Date',
      'Expiry Date',
      'Days to Expiry',
      'Status',
      'Renewal',
    ]);
    expect(sheet!.data).toHaveLength(12); // the header and the 11 policies: the search is ignored
    const text = JSON.stringify(sheet!.data);
    expect(text).not.toContain('Ana Reyes');
    expect(text).not.toContain('MAL-2025-0001');
    expect(text).not.toContain('0917');
    expect(sheet!.data.find((r) => r[7] === 'Renewed')).toEqual([
      expect.any(String),
      'Comprehensive',
      'Pioneer Insurance',
      book.renewed.tcv,
      day(book.renewed.effective_date),
      day('2026-07-01'),
      16,
      'Renewed',
      `Sale #${book.renewal.id}`,
    ]);
  });

  it('answers 401, 403 and 400 as the list does', async () => {
    expect((await t.client().post(routes.portfolioExport.path, { id: agent.id })).statusCode).toBe(401);
    const refused = await otherClient.post(routes.portfolioExport.path, { id: agent.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(PORTFOLIO_MESSAGES.notYours);
    expect((await agentClient.post(routes.portfolioExport.path, { id: agent.id, page: 1 })).statusCode).toBe(400);
    expect((await agentClient.post(routes.portfolioExport.path, { id: agent.id, status: 'x' })).statusCode).toBe(400);
  });
});

describe('POST /api/startrenewal', () => {
  it('creates the Renewal deal of a due policy: same client, product, insurer and premium, from the day after the expiry', async () => {
    setToday('2026-06-15');
    const policy = await sell(agent.id, { expiry: '2026-07-31', customer: 'Lorna Villanueva', insurer: 'FPG Insurance', tcv: 45_678.9 });
    const res = await agentClient.post(routes.startRenewal.path, { sale_id: policy.id });
    expect(res.statusCode).toBe(200);
    const dealId: number = res.json().deal_id;
    expect(res.json()).toEqual({ deal_id: expect.any(Number) });
    const deal = await dealOf(agent.id, dealId);
    expect(deal).toEqual({
      id: dealId,
      customer_name: 'Lorna Villanueva',
      tx_type: 'Renewal',
      product: 'Comprehensive',
      tcv: 45_678.9,
      effective_date: '2026-08-01',
      createdat: expect.any(String),
      deal_status: 'For Quotation',
      sales_type: 'Agent',
      referror: 'Jose Rizal',
      agent: 'Andres Bonifacio',
      sales_group: 'CarSalesGroup',
      sold: false,
      sale_id: null,
      customer_contact: '09171234567',
      customer_email: policy.customer_email,
      renews_sale_id: policy.id,
      insurer: 'FPG Insurance',
      source: null,
      notes: null,
    } satisfies DealRecord);
    // The Portfolio shows the renewal; selling the deal renews the policy, the sale carrying the link.
    const before = await portfolio(agentClient, { id: agent.id, q: 'lorna' });
    expect(before.rows[0]).toMatchObject({ status: 'due', renewal: { deal_id: dealId, deal_status: 'For Quotation', sale_id: null } });
    const sale = await sellDeal(agent.id, deal);
    expect(sale).toMatchObject({ tx_type: 'Renewal', renews_sale_id: policy.id, insurer: 'FPG Insurance', expiry_date: '2027-07-31' });
    const after = await portfolio(agentClient, { id: agent.id, q: 'lorna' });
    expect(after.rows.map((r) => [r.sale_id, r.status])).toEqual([
      [sale.id, 'in force'],
      [policy.id, 'renewed'],
    ]);
    // A second call, once sold, still names the deal.
    const again = await agentClient.post(routes.startRenewal.path, { sale_id: policy.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: PORTFOLIO_MESSAGES.alreadyRenewing, deal_id: dealId });
  });

  it('follows the renewal sale: rejected, the policy is due again; the deal sold again, renewed; that sale cancelled, due', async () => {
    setToday('2026-06-15');
    const policy = await sell(agent.id, { expiry: '2026-07-25', customer: 'Teodora Alonso' });
    const dealId = await renew(agentClient, policy.id);
    const statusOf = async () => (await portfolio(agentClient, { id: agent.id, q: 'teodora' })).rows.find((r) => r.sale_id === policy.id)!;
    const first = await sellDeal(agent.id, await dealOf(agent.id, dealId));
    expect(await statusOf()).toMatchObject({ status: 'renewed', renewal: { deal_id: dealId, sale_id: first.id } });
    await reject(first.id);
    expect(await statusOf()).toMatchObject({ status: 'due', renewal: { deal_id: dealId, sale_id: null } });
    const second = await sellDeal(agent.id, await dealOf(agent.id, dealId));
    expect(await statusOf()).toMatchObject({ status: 'renewed', renewal: { deal_id: dealId, sale_id: second.id } });
    await cancel(second.id, '2026-06-15');
    expect(await statusOf()).toMatchObject({ status: 'due', renewal: { deal_id: dealId, sale_id: second.id } });
    // Rejecting or cancelling another sale leaves the link alone.
    const other = await sell(agent.id, { expiry: '2026-12-01' });
    await cancel(other.id, '2026-06-15');
    expect((await statusOf()).status).toBe('due');
  });

  it("answers 409 with the existing deal's id to a second call, and makes one deal of two calls at once", async () => {
    const policy = await sell(agent.id, { expiry: '2026-06-10' }); // lapsed
    const countDeals = async () =>
      (await t.db.db.selectFrom('deals').select('id').where('renews_sale_id', '=', policy.id).execute()).length;
    const [a, b] = await Promise.all([
      agentClient.post(routes.startRenewal.path, { sale_id: policy.id }),
      agentClient.post(routes.startRenewal.path, { sale_id: policy.id }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const won = [a, b].find((r) => r.statusCode === 200)!;
    const lost = [a, b].find((r) => r.statusCode === 409)!;
    expect(lost.json()).toEqual({ error: PORTFOLIO_MESSAGES.alreadyRenewing, deal_id: won.json().deal_id });
    expect(await countDeals()).toBe(1);
    const third = await agentClient.post(routes.startRenewal.path, { sale_id: policy.id });
    expect(third.json()).toEqual({ error: PORTFOLIO_MESSAGES.alreadyRenewing, deal_id: won.json().deal_id });
    expect(await countDeals()).toBe(1);
  });

  it('refuses a policy in force, a cancelled one and a rejected sale with 409, creating nothing', async () => {
    const before = await t.db.db.selectFrom('deals').select('id').execute();
    for (const [sale, error] of [
      [book.inForceEdge, PORTFOLIO_MESSAGES.notRenewable('in force')],
      [book.memorial, PORTFOLIO_MESSAGES.notRenewable('in force')],
      [book.cancelled, PORTFOLIO_MESSAGES.notRenewable('cancelled')],
      [book.rejected, PORTFOLIO_MESSAGES.rejected],
    ] as const) {
      const res = await agentClient.post(routes.startRenewal.path, { sale_id: sale.id });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ error: error });
    }
    expect(PORTFOLIO_MESSAGES.notRenewable('in force')).toBe('Only a due or lapsed policy can be renewed: this one is in force');
    expect(await t.db.db.selectFrom('deals').select('id').execute()).toEqual(before);
  });

  it("lets the owner and an admin renew (the deal is the owner's); 404 for anyone else and unknown sales; 401 anonymous", async () => {
    const policy = await sell(agent.id, { expiry: '2026-07-05' });
    const before = await t.db.db.selectFrom('deals').select('id').execute();
    for (const client of [otherClient, mgrClient, ownerClient]) {
      const res = await client.post(routes.startRenewal.path, { sale_id: policy.id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: PORTFOLIO_MESSAGES.policyNotFound });
    }
    const unknown = await agentClient.post(routes.startRenewal.path, { sale_id: MAX_ID });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: PORTFOLIO_MESSAGES.policyNotFound });
    expect((await t.client().post(routes.startRenewal.path, { sale_id: policy.id })).statusCode).toBe(401);
    expect(await t.db.db.selectFrom('deals').select('id').execute()).toEqual(before);
    const dealId = await renew(admin, policy.id);
    expect(await dealOf(agent.id, dealId)).toMatchObject({ renews_sale_id: policy.id, tx_type: 'Renewal', effective_date: '2026-07-06' });
  });

  it('answers 400 to bad input and saves nothing', async () => {
    const before = await t.db.db.selectFrom('deals').select('id').execute();
    for (const body of [{}, { sale_id: 'x' }, { sale_id: -1 }, { sale_id: MAX_ID + 1 }, { sale_id: 1, id: agent.id }]) {
      const res = await agentClient.post(routes.startRenewal.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(await t.db.db.selectFrom('deals').select('id').execute()).toEqual(before);
  });
});

describe('retention on /reports', () => {
  it('counts per month the policies whose term ended in it and how many were renewed, for the agent, the team and the agency', async () => {
    setToday('2026-08-20');
    // A member of their own: a fresh branch under a fresh manager, so the figures are this test's.
    const lead = await t.createMember({ position: 'Manager' });
    const seller = await t.createMember({ referror: lead.id });
    const [leadClient, sellerClient] = [await t.loginAs(lead), await t.loginAs(seller)];
    // June: two ended, one renewed. July: three ended, two renewed (one renewal sale cancelled: not
    // renewed), plus a cancelled policy (not counted). August: one ending on the 31st, renewed early.
    const j1 = await sell(seller.id, { expiry: '2026-06-01' });
    await sell(seller.id, { expiry: '2026-06-30' });
    const jl1 = await sell(seller.id, { expiry: '2026-07-01' });
    const jl2 = await sell(seller.id, { expiry: '2026-07-31' });
    const jl3 = await sell(seller.id, { expiry: '2026-07-15' });
    const gone = await sell(seller.id, { expiry: '2026-07-20' });
    await cancel(gone.id, '2026-08-01');
    const a1 = await sell(seller.id, { expiry: '2026-08-31' });
    for (const p of [j1, jl1, jl2, a1]) await sellDeal(seller.id, await dealOf(seller.id, await renew(sellerClient, p.id)));
    const cancelledRenewal = await sellDeal(seller.id, await dealOf(seller.id, await renew(sellerClient, jl3.id)));
    await cancel(cancelledRenewal.id, '2026-08-10');

    const report = async (client: TestClient, body: Record<string, unknown>) => {
      const res = await client.post(routes.reports.path, body);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as ReportResponse).retention;
    };
    const own = await report(sellerClient, { id: seller.id, scope: 'own' });
    expect(own).toHaveLength(12);
    expect(own[0]).toEqual({ month: '2025-09', due: 0, renewed: 0, rate: null });
    expect(own.slice(-3)).toEqual([
      { month: '2026-06', due: 2, renewed: 1, rate: 50 },
      { month: '2026-07', due: 3, renewed: 2, rate: 66.7 },
      { month: '2026-08', due: 1, renewed: 1, rate: 100 },
    ]);
    expect(await report(leadClient, { id: lead.id, scope: 'team' })).toEqual(own);
    expect((await report(leadClient, { id: lead.id, scope: 'own' })).every((m) => m.due === 0 && m.rate === null)).toBe(true);
    const agency = await report(admin, { id: (await t.createAdmin()).id, scope: 'agency' });
    const july = agency.find((m) => m.month === '2026-07')!;
    expect(july.due).toBeGreaterThanOrEqual(3);
    expect(july.rate).toBe(Math.round((july.renewed / july.due) * 1000) / 10);
    setToday('2026-06-15');
  });
});
