import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay, todayInManila } from '@ahente/contract/dates';
import type { LedgerEntry, StatementRecord } from '@ahente/contract/commissions';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * The events other features tell of (decision 026): each action writes the notification of its
 * event, in its own transaction, to the member it concerns and to nobody else. E-mail is on
 * (SMTP_URL set; no sender loop runs in tests), so the outbox rows written with them can be read
 * too. The clock is the test's, so months and quarters can be closed.
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;
interface Note {
  member_id: number;
  event: string;
  title: string;
  body: string;
  link: string;
}

let clock = new Date('2026-07-10T02:00:00.000Z');
const at = (day: string) => (clock = new Date(`${day}T02:00:00.000Z`));
let t: TestApp;
let admin: Member;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp(
    { smtpUrl: 'smtp://127.0.0.1:2', mailFrom: { name: 'Ahente', address: 'no-reply@ahente.test' }, portalUrl: 'https://ahente.test' },
    { now: () => clock },
  );
  admin = await t.createAdmin();
  adminClient = await t.loginAs(admin);
  for (const [kind, key, rate] of [
    ['product', 'Comprehensive', 10],
    ['override', 'Manager', 2],
  ] as const) {
    const res = await adminClient.post(routes.setCommissionRate.path, { kind, key, rate, effective_from: todayInManila(clock) });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

const lastId = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

/** The notifications `action` wrote, in the order written: who got which, and nothing else. */
async function written(action: () => Promise<unknown>): Promise<Note[]> {
  const before = await lastId();
  await action();
  return t.db.db
    .selectFrom('notifications')
    .select(['member_id', 'event', 'title', 'body', 'link'])
    .where('id', '>', before)
    .orderBy('id')
    .execute();
}
const brief = (notes: Note[]) => notes.map((n) => [n.member_id, n.event, n.title, n.link]);

async function ok<R extends { statusCode: number; body: string }>(res: Promise<R>, status = 200): Promise<R> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r;
}

async function activeAdminIds(): Promise<number[]> {
  const rows = await t.db.db
    .selectFrom('members')
    .select('id')
    .where('account_type', '=', 'admin')
    .where('status', '=', 'Approved')
    .where('deactivated_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

async function sell(member: Member, customerName = 'Juan dela Cruz', tcv = '1000') {
  const c = await t.loginAs(member);
  const deal = await c.post(routes.addDeal.path, {
    id: member.id,
    customerName,
    transactionType: 'New',
    product: 'Comprehensive',
    tcvValue: tcv,
    effectiveDate: todayInManila(clock),
    salesType: 'Direct',
  });
  expect(deal.statusCode, deal.body).toBe(200);
  const sale = await c.post(routes.addSale.path, {
    id: member.id,
    formData: {
      dealid: deal.json().deal.id,
      customerName,
      product: 'Comprehensive',
      tcv,
      sales_type: 'Direct',
      effectiveDate: todayInManila(clock),
    },
  });
  expect(sale.statusCode, sale.body).toBe(200);
  return sale.json().sale.id as number;
}

describe('a member approved', () => {
  it('tells that member they can log in, by approvemember and by an edit to Approved', async () => {
    const pending = await t.createMember({ status: 'Pending' });
    expect(brief(await written(() => ok(adminClient.post(routes.approveMember.path, { id: pending.id }))))).toEqual([
      [pending.id, 'member_approved', 'Your account was approved', '/'],
    ]);
    // Approving again is refused and tells nobody.
    expect(await written(() => ok(adminClient.post(routes.approveMember.path, { id: pending.id }), 409))).toEqual([]);

    const other = await t.createMember({ status: 'Pending' });
    expect(brief(await written(() => ok(adminClient.post(routes.editMember.path, { id: other.id, status: 'Approved' }))))).toEqual([
      [other.id, 'member_approved', 'Your account was approved', '/'],
    ]);
    // An edit that leaves the status alone tells nobody.
    expect(await written(() => ok(adminClient.post(routes.editMember.path, { id: other.id, f_name: 'Renamed' })))).toEqual([]);
  });
});

describe('a new sign-up', () => {
  const signUp = (over: Record<string, unknown>) =>
    t.client().post(routes.register.path, {
      username: `signup_${Math.random().toString(36).slice(2, 9)}`,
      password: 'secret-pass-1',
      email: `s${Math.random().toString(36).slice(2, 9)}@example.ph`,
      fname: 'Juan',
      mname: 'Santos',
      lname: 'Dela Cruz',
      contact: '09171234567',
      consent: true,
      ...over,
    });

  it('tells every active administrator and the sponsor, and nobody else', async () => {
    const sponsor = await t.createMember();
    const gone = await t.createAdmin();
    await ok(adminClient.post(routes.deactivateMember.path, { id: gone.id }));
    const admins = await activeAdminIds();
    expect(admins).not.toContain(gone.id);
    let id = 0;
    const notes = await written(async () => (id = (await ok(signUp({ refCode: sponsor.referral_code }))).json().id));
    expect(brief(notes)).toEqual([
      ...admins.map((a) => [
        a,
        'signup_pending',
        'New sign-up waiting for approval: Juan Santos Dela Cruz',
        '/admin/adminmembers?status=Pending',
      ]),
      [sponsor.id, 'new_recruit', 'New recruit: Juan Santos Dela Cruz', '/recruitment'],
    ]);
    expect(id).toBeGreaterThan(0);
  });

  it('without a referral code tells the administrators only; a refused sign-up tells nobody', async () => {
    const admins = await activeAdminIds();
    expect((await written(() => ok(signUp({ refCode: '' })))).map((n) => [n.member_id, n.event])).toEqual(
      admins.map((a) => [a, 'signup_pending']),
    );
    expect(await written(() => ok(signUp({ refCode: 'ZZZZZZZZ' }), 400))).toEqual([]);
  });
});

describe('a ticket', () => {
  it('answered by an administrator or closed tells its author; the author’s own messages tell nobody', async () => {
    const author = await t.createMember();
    const c = await t.loginAs(author);
    const opened = await ok(
      c.post(routes.addTicket.path, { id: author.id, title: 'Cannot upload my ID', description: 'It fails', type: 'concerns' }),
      201,
    );
    const ticketId = opened.json().ticket.id as number;

    expect(await written(() => ok(c.post(routes.replyTicket.path, { ticket_id: ticketId, message: 'Any news?' }), 201))).toEqual([]);
    expect(
      brief(await written(() => ok(adminClient.post(routes.replyTicket.path, { ticket_id: ticketId, message: 'Try a PNG' }), 201))),
    ).toEqual([[author.id, 'ticket_answered', 'Your ticket was answered: Cannot upload my ID', '/helpcenter']]);
    const closed = await written(() =>
      ok(adminClient.post(routes.closeTicket.path, { ticketId, status: 'Resolved', message: 'Fixed on our side' })),
    );
    expect(brief(closed)).toEqual([[author.id, 'ticket_closed', 'Your ticket was closed: Cannot upload my ID', '/helpcenter']]);
    expect(closed[0]!.body).toBe('Your ticket "Cannot upload my ID" was closed as resolved.');
    // Closed already: 409 and nobody is told again.
    expect(await written(() => ok(adminClient.post(routes.closeTicket.path, { ticketId, status: 'Rejected' }), 409))).toEqual([]);
  });

  it('an administrator’s answer to their own ticket tells nobody', async () => {
    const opened = await ok(
      adminClient.post(routes.addTicket.path, { id: admin.id, title: 'Own question', description: 'Note to self', type: 'concerns' }),
      201,
    );
    const ticketId = opened.json().ticket.id as number;
    expect(await written(() => ok(adminClient.post(routes.replyTicket.path, { ticket_id: ticketId, message: 'Answered' }), 201))).toEqual(
      [],
    );
    expect(await written(() => ok(adminClient.post(routes.closeTicket.path, { ticketId, status: 'Rejected' })))).toEqual([]);
  });
});

describe('sales verified or rejected', () => {
  it('tells each sale’s agent, with the rejection’s reason', async () => {
    const [a, b] = [await t.createMember(), await t.createMember()];
    await t.licenseMember(a.id);
    await t.licenseMember(b.id);
    const [saleA, saleB] = [await sell(a, 'Maria Clara'), await sell(b, 'Jose Rizal')];
    expect(
      brief(await written(() => ok(adminClient.post(routes.verifySales.path, { sale_ids: [saleA, saleB], decision: 'verified' })))),
    ).toEqual([
      [a.id, 'sale_verified', 'Sale verified: Maria Clara', '/sales/salesview'],
      [b.id, 'sale_verified', 'Sale verified: Jose Rizal', '/sales/salesview'],
    ]);
    const saleC = await sell(a, 'Andres Bonifacio');
    const rejected = await written(() =>
      ok(adminClient.post(routes.verifySales.path, { sale_ids: [saleC], decision: 'rejected', reason: 'No policy on file' })),
    );
    expect(brief(rejected)).toEqual([[a.id, 'sale_rejected', 'Sale rejected: Andres Bonifacio', '/sales/salesview']]);
    expect(rejected[0]!.body).toBe('The agency rejected your Comprehensive sale to Andres Bonifacio: No policy on file');
    // Already decided: 409, nobody told again.
    expect(await written(() => ok(adminClient.post(routes.verifySales.path, { sale_ids: [saleA], decision: 'verified' }), 409))).toEqual(
      [],
    );
  });
});

describe('commissions held and released', () => {
  it('tells each unlicensed earner, the leader without the client’s name; a release tells the earner', async () => {
    const mgr = await t.createMember({ position: 'Manager' });
    const seller = await t.createMember({ referror: mgr.id });
    const held = await written(() => sell(seller, 'Gabriela Silang'));
    expect(brief(held)).toEqual([
      [seller.id, 'commission_held', 'Commission held: Gabriela Silang', '/commissions'],
      [mgr.id, 'commission_held', 'Override held: a Comprehensive sale of your team', '/commissions'],
    ]);
    const day = todayInManila(clock);
    expect(held[0]!.body).toBe(
      `A commission on your Comprehensive sale to Gabriela Silang is held: No verified Non-Life licence on ${formatDay(day)}`,
    );
    expect(held[1]!.body).not.toContain('Gabriela');

    // A licensed seller's sale holds nothing and tells nobody.
    const licensed = await t.createMember();
    await t.licenseMember(licensed.id);
    expect(await written(() => sell(licensed))).toEqual([]);

    await t.licenseMember(seller.id, { issued_on: '2026-01-01' });
    await t.licenseMember(mgr.id, { issued_on: '2026-01-01' });
    const entries: LedgerEntry[] = (await ok(adminClient.post(routes.commissionLedger.path, { id: seller.id }))).json().entries;
    const released = await written(() => ok(adminClient.post(routes.releaseCommission.path, { entry_id: entries[0]!.id })));
    expect(brief(released)).toEqual([[seller.id, 'commission_released', 'Commission released: Gabriela Silang', '/commissions']]);
    const override: LedgerEntry[] = (await ok(adminClient.post(routes.commissionLedger.path, { id: mgr.id }))).json().entries;
    const leader = await written(() => ok(adminClient.post(routes.releaseCommission.path, { entry_id: override[0]!.id })));
    expect(brief(leader)).toEqual([
      [mgr.id, 'commission_released', 'Override released: a Comprehensive sale of your team', '/commissions'],
    ]);
    expect(leader[0]!.body).not.toContain('Gabriela');
    // A forfeit is no release: nobody is told.
    const again = await t.createMember();
    await sell(again);
    const [entry] = (await ok(adminClient.post(routes.commissionLedger.path, { id: again.id }))).json().entries as LedgerEntry[];
    expect(
      await written(() => ok(adminClient.post(routes.forfeitCommission.path, { entry_id: entry!.id, reason: 'Never licensed' }))),
    ).toEqual([]);
  });
});

describe('statements ready and paid, and the quarter’s 2307', () => {
  const adjust = (memberId: number, amount: string) =>
    ok(adminClient.post(routes.addAdjustment.path, { member_id: memberId, amount, reason: 'Commission from the insurer' }));
  const close = (period: string) => ok(adminClient.post(routes.closePeriod.path, { period, close_early: true }));

  it('a close tells each earner with a statement, in bulk, with their e-mail; paying one tells its earner', async () => {
    at('2026-10-05');
    const [a, b, quiet, gone] = [await t.createMember(), await t.createMember(), await t.createMember(), await t.createMember()];
    for (const m of [a, b, quiet, gone]) await adjust(m.id, '5000');
    // `quiet` turned this e-mail off; `gone` is deactivated: both are told in the portal, neither by e-mail.
    await t.db.db
      .insertInto('notification_preferences')
      .values({ member_id: quiet.id, event: 'statement_ready', email: 0, updated_at: clock.toISOString() })
      .execute();
    await ok(adminClient.post(routes.deactivateMember.path, { id: gone.id }));

    at('2026-10-31');
    const notes = await written(() => close('2026-10'));
    const statementIds = await t.db.db.selectFrom('commission_statements').select('member_id').where('period', '=', '2026-10').execute();
    expect(notes.map((n) => n.member_id).sort((x, y) => x - y)).toEqual(statementIds.map((s) => s.member_id).sort((x, y) => x - y));
    expect(new Set(notes.map((n) => [n.event, n.title, n.link].join('|')))).toEqual(
      new Set(['statement_ready|Your statement for October 2026 is ready|/commissions']),
    );

    const mails = await t.db.db
      .selectFrom('outbox')
      .innerJoin('notifications as n', 'n.id', 'outbox.notification_id')
      .select(['outbox.member_id', 'outbox.recipient', 'outbox.subject', 'outbox.body', 'outbox.status', 'outbox.channel'])
      .where('n.event', '=', 'statement_ready')
      .where('n.dedupe_key', '=', 'statement_ready:2026-10')
      .execute();
    const mailed = new Set(mails.map((m) => m.member_id));
    expect(mailed.has(a.id) && mailed.has(b.id)).toBe(true);
    expect(mailed.has(quiet.id) || mailed.has(gone.id)).toBe(false);
    expect(mails.length).toBe(notes.length - 2);
    const mailOfA = mails.find((m) => m.member_id === a.id)!;
    const rowA = (await t.services.members.findById(a.id))!;
    expect(mailOfA).toMatchObject({
      channel: 'email',
      status: 'pending',
      recipient: rowA.email,
      subject: 'Ahente Insurance Agency: Your statement for October 2026 is ready',
    });
    expect(mailOfA.body).toContain(`Hello ${rowA.f_name} ${rowA.l_name},`);
    expect(mailOfA.body).toContain('https://ahente.test/commissions');

    at('2026-11-03');
    const [statement]: StatementRecord[] = (await ok(adminClient.post(routes.commissionStatements.path, { id: a.id }))).json();
    const paid = await written(() =>
      ok(adminClient.post(routes.markStatementPaid.path, { statement_id: statement!.id, paid_on: '2026-11-03', reference: 'BDO-1' })),
    );
    expect(brief(paid)).toEqual([[a.id, 'statement_paid', 'Your statement for October 2026 was paid', '/commissions']]);
  });

  it('announces the 2307 once the close leaves every month of the quarter closed, to the payees with tax withheld', async () => {
    at('2026-07-15');
    const [payee, negative] = [await t.createMember(), await t.createMember()];
    await adjust(payee.id, '1000');
    await adjust(negative.id, '-200');
    at('2026-07-31');
    expect((await written(() => close('2026-07'))).filter((n) => n.event === 'form2307_ready')).toEqual([]);
    at('2026-08-05');
    await adjust(payee.id, '100');
    // September closed before August: the quarter is not final while August is open.
    at('2026-09-15');
    await adjust(payee.id, '300');
    at('2026-09-30');
    expect((await written(() => close('2026-09'))).filter((n) => n.event === 'form2307_ready')).toEqual([]);
    at('2026-10-01');
    const notes = (await written(() => close('2026-08'))).filter((n) => n.event === 'form2307_ready');
    const payees = await t.db.db
      .selectFrom('commission_statements')
      .select('member_id')
      .distinct()
      .where('period', 'in', ['2026-07', '2026-08', '2026-09'])
      .where('gross_centavos', '>', 0)
      .orderBy('member_id')
      .execute();
    expect(notes.map((n) => n.member_id).sort((x, y) => x - y)).toEqual(payees.map((p) => p.member_id));
    expect(notes.map((n) => n.member_id)).toContain(payee.id);
    expect(notes.map((n) => n.member_id)).not.toContain(negative.id);
    expect(new Set(notes.map((n) => `${n.title}|${n.link}`))).toEqual(new Set(['Your BIR Form 2307 for Q3 2026 is ready|/commissions']));
  });
});
