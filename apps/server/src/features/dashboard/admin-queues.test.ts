import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQueues } from '@ahente/contract/admin-queues';
import type { ComplianceResponse } from '@ahente/contract/licences';
import type { MemberCountsResponse } from '@ahente/contract/members';
import type { PrivacyRequestsResponse } from '@ahente/contract/my-data';
import { routes } from '@ahente/contract/routes';
import type { SalesToVerifyResponse } from '@ahente/contract/sales';
import type { Ticket } from '@ahente/contract/tickets';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * The administrator's queues (decision 021): one call, administrators only, whose every count is
 * the length of the queue it links to, as that queue's own route answers it, after each change.
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

const clock = new Date('2026-11-24T02:00:00.000Z'); // 2026-11-24 in Manila
let t: TestApp;
let admin: Member;
let otherAdmin: Member;
let adminClient: TestClient;
let otherAdminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  admin = await t.createAdmin();
  otherAdmin = await t.createAdmin();
  adminClient = await t.loginAs(admin);
  otherAdminClient = await t.loginAs(otherAdmin);
  const rate = await adminClient.post(routes.setCommissionRate.path, {
    kind: 'product',
    key: 'Comprehensive',
    rate: 10,
    effective_from: '2026-11-24',
  });
  expect(rate.statusCode, rate.body).toBe(200);
});
afterAll(() => t.close());

async function queues(client: TestClient): Promise<AdminQueues> {
  const res = await client.post(routes.adminQueues.path, {});
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json();
}

/** Each queue as its own screen loads it, reduced to what the count says. */
async function fromTheQueues(client: TestClient) {
  const sales: SalesToVerifyResponse = (await client.post(routes.salesToVerify.path, {})).json();
  const counts: MemberCountsResponse = (await client.post(routes.adminMemberCounts.path, { id: admin.id })).json();
  const tickets: Ticket[] = (await client.get(routes.adminTicketList.path)).json();
  const compliance: ComplianceResponse = (await client.get(routes.compliance.path)).json();
  const privacy: PrivacyRequestsResponse = (await client.post(routes.privacyRequests.path, {})).json();
  return {
    sales_to_verify: sales.sales.length,
    pending_members: counts.byStatus.Pending,
    open_tickets: tickets.filter((x) => x.status === 'Pending').length,
    licences_to_verify: compliance.to_verify.length,
    held_commissions: compliance.held.length,
    privacy_requests: {
      count: privacy.open.length,
      nearest_due_on: privacy.open.map((r) => r.due_on).sort()[0] ?? null,
    },
  };
}

async function sell(member: Member, tcv = '1000'): Promise<number> {
  const c = await t.loginAs(member);
  const deal = await c.post(routes.addDeal.path, {
    id: member.id,
    customerName: 'Maria Clara',
    transactionType: 'New',
    product: 'Comprehensive',
    tcvValue: tcv,
    effectiveDate: '2026-11-01',
    salesType: 'Direct',
  });
  expect(deal.statusCode, deal.body).toBe(200);
  const sale = await c.post(routes.addSale.path, {
    id: member.id,
    formData: {
      dealid: deal.json().deal.id,
      customerName: 'Maria Clara',
      product: 'Comprehensive',
      tcv,
      sales_type: 'Direct',
      effectiveDate: '2026-11-01',
    },
  });
  expect(sale.statusCode, sale.body).toBe(200);
  return sale.json().sale.id;
}

describe('adminqueues', () => {
  it('starts at zero with nothing waiting, and the set-up list empty when the agency’s tax details are set', async () => {
    expect(await queues(adminClient)).toEqual({
      sales_to_verify: 0,
      pending_members: 0,
      open_tickets: 0,
      licences_to_verify: 0,
      held_commissions: 0,
      privacy_requests: { count: 0, nearest_due_on: null },
      setup: { agency_tax_details: [] },
    });
  });

  it('counts exactly what each queue lists, as work arrives and is done', async () => {
    // An unlicensed agent's sale: to verify, and its commission held.
    const agent = await t.createMember();
    const licensed = await t.createMember();
    await t.licenseMember(licensed.id);
    const sold = [await sell(agent), await sell(licensed, '2000')];
    // A sign-up waiting; a licence to verify; two tickets, one closed; an erasure request and a Privacy ticket.
    await t.createMember({ status: 'Pending' });
    await t.licenseMember(licensed.id, { lines: ['Life'], status: 'pending' });
    const agentClient = await t.loginAs(agent);
    const ticket = async (type: string) =>
      (
        await agentClient.post(routes.addTicket.path, { id: agent.id, title: `A ${type} question`, description: 'Please help.', type })
      ).json().ticket.id as number;
    await ticket('concerns');
    const closed = await ticket('finance');
    await ticket('privacy');
    expect((await adminClient.post(routes.closeTicket.path, { ticketId: closed, status: 'Resolved', message: 'Done.' })).statusCode).toBe(
      200,
    );
    const leaver = await t.createMember();
    const erase = await (await t.loginAs(leaver)).post(routes.requestErasure.path, { id: leaver.id, password: leaver.password });
    expect(erase.statusCode, erase.body).toBe(200);

    const counted = await queues(adminClient);
    expect(counted).toEqual({ ...(await fromTheQueues(adminClient)), setup: { agency_tax_details: [] } });
    expect(counted).toMatchObject({
      sales_to_verify: 2,
      pending_members: 1,
      open_tickets: 2,
      licences_to_verify: 1,
      held_commissions: 1,
      privacy_requests: { count: 2 },
    });
    // 30 working days from 24 November 2026 (a Tuesday), as the Privacy queue writes it.
    expect(counted.privacy_requests.nearest_due_on).toMatch(/^2027-01-\d\d$/);

    // Work done: the sales verified, the licence decided; the counts follow the queues down.
    await t.verifySalesInDb(sold);
    const licence = (await adminClient.get(routes.compliance.path)).json().to_verify[0].id as number;
    expect((await adminClient.post(routes.verifyLicense.path, { license_id: licence, decision: 'verified' })).statusCode).toBe(200);
    const after = await queues(adminClient);
    expect(after).toEqual({ ...(await fromTheQueues(adminClient)), setup: { agency_tax_details: [] } });
    expect(after).toMatchObject({ sales_to_verify: 0, licences_to_verify: 0 });
  });

  it('counts for each administrator the sales they may verify: not their own', async () => {
    await t.licenseMember(otherAdmin.id);
    const own = await sell(otherAdmin, '3000');
    const mine = await queues(adminClient);
    const theirs = await queues(otherAdminClient);
    expect(mine.sales_to_verify).toBe(theirs.sales_to_verify + 1);
    expect(theirs.sales_to_verify).toBe((await fromTheQueues(otherAdminClient)).sales_to_verify);
    await t.verifySalesInDb([own]);
  });

  it('is for administrators only', async () => {
    const agent = await t.createMember();
    expect((await (await t.loginAs(agent)).post(routes.adminQueues.path, {})).statusCode).toBe(403);
    expect((await t.client().post(routes.adminQueues.path, {})).statusCode).toBe(401);
  });

  it('lists the agency’s unset tax details in the set-up list', async () => {
    const bare = await startTestApp({ agencyTin: null, agencyAddress: '12 Ayala Avenue, Makati City', agencyRdo: null });
    try {
      const client = await bare.loginAs(await bare.createAdmin());
      expect((await client.post(routes.adminQueues.path, {})).json().setup).toEqual({ agency_tax_details: ['tin', 'rdo'] });
    } finally {
      await bare.close();
    }
  });
});
