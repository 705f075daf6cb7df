import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInManila } from '@ahente/contract/dates';
import { routes } from '@ahente/contract/routes';
import type { StatementLineRecord } from '@ahente/contract/reconciliation';
import type { SaleRecord, SaleToVerify } from '@ahente/contract/sales';
import { startTestApp, type FormPart, type TestApp, type TestClient } from '../../../test/harness.ts';
import { insurerSale, mappingOf, newInsurer, setAgencyRate, statementFile, type StatementLineSpec } from '../../../test/statement-files.ts';

/**
 * After the import (decision 037): the imports and their lines, matching and
 * ignoring by hand (recorded), verification from a statement with decision 018's refusals, its
 * evidence on the sale, undo (and its refusal once a close posted a sale), and two admins
 * verifying at once (each sale verified once).
 */
let t: TestApp;
let agent: { id: number };
let agentClient: TestClient;
let adminClient: TestClient;
let admin2Client: TestClient;
let admin: Awaited<ReturnType<TestApp['createAdmin']>>;
let anonymous: TestClient;
const postgres = process.env.TEST_DIALECT === 'postgres';

beforeAll(async () => {
  t = await startTestApp();
  const c = await t.callers();
  agent = c.agent;
  agentClient = c.agentClient;
  admin = await t.createAdmin();
  adminClient = await t.loginAs(admin);
  admin2Client = await t.loginAs(await t.createAdmin());
  anonymous = t.client();
  await t.licenseMember(agent.id);
  // The agents' schedule (decision 016): the sales' entries, which a close posts once verified.
  const rate = await adminClient.post(routes.setCommissionRate.path, {
    kind: 'product',
    key: 'Comprehensive',
    rate: 10,
    effective_from: todayInManila(),
  });
  expect(rate.statusCode, rate.body).toBe(200);
});
afterAll(() => t.close());

let seq = 0;
const importForm = (insurerId: number, file: Buffer): FormPart[] => [
  { name: 'insurer_id', value: String(insurerId) },
  { name: 'period', value: '2026-10' },
  { name: 'mapping', value: mappingOf('malayan') },
  { name: 'file', filename: `s${++seq}.csv`, content: file },
];

/** An insurer, `n` sales of the agent's matched by a statement (10% rate, paid exactly), imported. */
async function imported(n: number, extra: StatementLineSpec[] = []) {
  const insurer = await newInsurer(t);
  await setAgencyRate(t, insurer.id, 'Comprehensive', 10);
  const tag = `R${++seq}`;
  const sales: number[] = [];
  const spec: StatementLineSpec[] = [];
  for (let i = 1; i <= n; i++) {
    sales.push(
      await insurerSale(t, agentClient, agent.id, insurer, { policy: `${tag}-${i}`, customer: `Client ${tag} ${i}`, tcv: 1000 * i }),
    );
    spec.push({ policy: `${tag}-${i}`, name: `Client ${tag} ${i}`, premium: 1000 * i, commission: 100 * i });
  }
  const res = await adminClient.postForm(
    routes.importStatement.path,
    importForm(insurer.id, await statementFile('malayan', [...spec, ...extra], 'csv')),
  );
  expect(res.statusCode, res.body).toBe(200);
  return { insurer, sales, tag, importId: res.json().import.id as number };
}
async function linesOf(client: TestClient, importId: number, body: Record<string, unknown> = {}) {
  const res = await client.post(routes.statementLines.path, { import_id: importId, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: StatementLineRecord[]; next_cursor: string | null; count: number; import: { id: number } };
}
async function saleOf(id: number): Promise<SaleRecord> {
  const res = await agentClient.post(routes.getSales.path, { id: agent.id });
  return (res.json() as SaleRecord[]).find((s) => s.id === id)!;
}

describe('POST /api/statementimports and /api/statementlines', () => {
  it("lists imports newest first (one insurer's or all), and an import's lines in pages, by state", async () => {
    const a = await imported(3, [{ policy: 'NOPE-1', commission: 5 }]);
    const list = await adminClient.post(routes.statementImports.path, { insurer_id: a.insurer.id });
    expect(list.statusCode).toBe(200);
    expect(list.json().imports.map((i: { id: number }) => i.id)).toEqual([a.importId]);
    const all = await adminClient.post(routes.statementImports.path, {});
    expect(all.json().imports[0].id).toBe(a.importId);

    const first = await linesOf(adminClient, a.importId, { limit: 2 });
    expect(first.count).toBe(4);
    expect(first.rows.map((r) => r.policy_no)).toEqual([`${a.tag}-1`, `${a.tag}-2`]);
    const second = await linesOf(adminClient, a.importId, { limit: 2, cursor: first.next_cursor });
    expect(second.rows.map((r) => r.policy_no)).toEqual([`${a.tag}-3`, 'NOPE-1']);
    expect(second.next_cursor).toBeNull();
    const unmatched = await linesOf(adminClient, a.importId, { status: 'unmatched' });
    expect(unmatched.rows.map((r) => r.policy_no)).toEqual(['NOPE-1']);
    expect(unmatched.count).toBe(1);
    expect(first.rows[0]!.sale).toMatchObject({
      id: a.sales[0],
      customer_name: `Client ${a.tag} 1`,
      tcv: 1000,
      verification: 'unverified',
    });
  });

  it('bad input: 400 with the field, 404 for an unknown import; access', async () => {
    const bad = [
      [{ import_id: 'x' }, 'Import id must be a number'],
      [{ import_id: 1, status: 'lost' }, 'Status must be one of'],
      [{ import_id: 1, cursor: 'nonsense' }, 'Cursor is not one this list gave'],
      [{ import_id: 1, limit: 0 }, 'Limit must be a whole number'],
    ] as const;
    for (const [body, message] of bad) {
      const res = await adminClient.post(routes.statementLines.path, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect((await adminClient.post(routes.statementLines.path, { import_id: 987654 })).statusCode).toBe(404);
    expect((await adminClient.post(routes.statementImports.path, { insurer_id: 'abc' })).statusCode).toBe(400);
    for (const route of [routes.statementLines, routes.statementImports]) {
      expect((await anonymous.post(route.path, { import_id: 1 })).statusCode).toBe(401);
      expect((await agentClient.post(route.path, { import_id: 1 })).statusCode).toBe(403);
    }
  });
});

describe('POST /api/matchstatementline and /api/ignorestatementline', () => {
  it('matches an unmatched line to a sale by hand (its state by the amounts), ignores another; each recorded with who, when and why', async () => {
    const a = await imported(1, [
      { policy: 'TYPO-1', name: 'Someone', premium: 5000, commission: 500 },
      { policy: 'JUNK-1', commission: 3 },
    ]);
    const extra = await insurerSale(t, agentClient, agent.id, a.insurer, { policy: 'REAL-1', customer: 'Someone', tcv: 5000 });
    const rows = (await linesOf(adminClient, a.importId)).rows;
    const typo = rows.find((r) => r.policy_no === 'TYPO-1')!;
    const junk = rows.find((r) => r.policy_no === 'JUNK-1')!;
    expect(typo.status).toBe('unmatched');

    const matched = await adminClient.post(routes.matchStatementLine.path, { line_id: typo.id, sale_id: extra });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().line).toMatchObject({
      status: 'matched',
      expected: 500,
      received: 500,
      sale: { id: extra },
      decision: { action: 'match' },
    });
    expect(matched.json().line.decision.by_name).toBeTruthy();

    const ignored = await adminClient.post(routes.ignoreStatementLine.path, { line_id: junk.id, reason: 'Not ours: a test line' });
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(ignored.json().line).toMatchObject({
      status: 'ignored',
      reason: 'Not ours: a test line',
      decision: { action: 'ignore', reason: 'Not ours: a test line' },
    });
    expect((await adminClient.post(routes.ignoreStatementLine.path, { line_id: junk.id, reason: 'again' })).statusCode).toBe(409);

    const decisions = await t.db.db
      .selectFrom('statement_line_decisions')
      .selectAll()
      .where('line_id', 'in', [typo.id, junk.id])
      .orderBy('id')
      .execute();
    expect(decisions.map((d) => [d.action, d.from_status, d.to_status])).toEqual([
      ['match', 'unmatched', 'matched'],
      ['ignore', 'unmatched', 'ignored'],
    ]);
    expect(decisions.every((d) => d.decided_by !== null && d.decided_at)).toBe(true);
    const imp = (await linesOf(adminClient, a.importId)).import as unknown as { matched: number; ignored: number; unmatched: number };
    expect(imp).toMatchObject({ matched: 2, ignored: 1, unmatched: 0 });
  });

  it("bad input: another insurer's sale 400, unknown line or sale 404, missing reason 400; nothing changed; access", async () => {
    const a = await imported(1, [{ policy: 'LOOSE-1', commission: 7 }]);
    const otherInsurer = await newInsurer(t);
    const foreign = await insurerSale(t, agentClient, agent.id, otherInsurer, { policy: 'F-1', customer: 'Foreign', tcv: 70 });
    const line = (await linesOf(adminClient, a.importId, { status: 'unmatched' })).rows[0]!;
    const attempts: [string, Record<string, unknown>, number, string][] = [
      [routes.matchStatementLine.path, { line_id: line.id, sale_id: foreign }, 400, "not of the statement's insurer"],
      [routes.matchStatementLine.path, { line_id: 99999999, sale_id: foreign }, 404, 'Statement line not found'],
      [routes.matchStatementLine.path, { line_id: line.id, sale_id: 99999999 }, 404, 'Sale not found'],
      [routes.matchStatementLine.path, { line_id: line.id }, 400, 'Sale id is required'],
      [routes.ignoreStatementLine.path, { line_id: line.id }, 400, 'Reason is required'],
      [routes.ignoreStatementLine.path, { line_id: line.id, reason: '   ' }, 400, 'Reason is required'],
    ];
    for (const [path, body, status, message] of attempts) {
      const res = await adminClient.post(path, body);
      expect(res.statusCode, `${path} ${res.body}`).toBe(status);
      expect(res.json().error).toContain(message);
    }
    expect((await linesOf(adminClient, a.importId, { status: 'unmatched' })).rows[0]).toMatchObject({
      id: line.id,
      status: 'unmatched',
      decision: null,
    });
    for (const path of [routes.matchStatementLine.path, routes.ignoreStatementLine.path]) {
      const body = { line_id: line.id, sale_id: a.sales[0], reason: 'x' };
      expect((await anonymous.post(path, body)).statusCode).toBe(401);
      expect((await agentClient.post(path, body)).statusCode).toBe(403);
    }
  });
});

describe('POST /api/verifyfromstatement and /api/undoimport', () => {
  it('verifies every matched sale with the line as evidence; the sale shows it; undo takes it back', async () => {
    const a = await imported(3, [{ policy: 'NOPE-2', commission: 5 }]);
    // Before: the Sales to verify list says the statement paid them.
    const toVerify = await adminClient.post(routes.salesToVerify.path, {});
    const listed = (toVerify.json().sales as SaleToVerify[]).filter((s) => a.sales.includes(s.id));
    expect(listed.map((s) => s.statement_paid)).toEqual([true, true, true]);

    const res = await adminClient.post(routes.verifyFromStatement.path, { import_id: a.importId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ verified: 3, tcv: 6000, skipped: [] });
    const sale = await saleOf(a.sales[1]!);
    expect(sale.verification).toBe('verified');
    expect(sale.verified_from).toEqual({ import_id: a.importId, insurer: a.insurer.name, period: '2026-10', row_no: 6 });
    const lines = (await linesOf(adminClient, a.importId)).rows;
    expect(lines.map((l) => l.verified_here)).toEqual([true, true, true, false]);
    // A verified line is not changed by hand.
    expect((await adminClient.post(routes.ignoreStatementLine.path, { line_id: lines[0]!.id, reason: 'x' })).statusCode).toBe(409);
    // Twice: nothing more to verify.
    expect((await adminClient.post(routes.verifyFromStatement.path, { import_id: a.importId })).json()).toMatchObject({ verified: 0 });

    const undo = await adminClient.post(routes.undoImport.path, { import_id: a.importId, reason: 'Wrong month' });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({
      unverified: 3,
      import: { id: a.importId, undo_reason: 'Wrong month', can_undo: false, verified: 0 },
    });
    expect(undo.json().import.undone_at).toBeTruthy();
    const back = await saleOf(a.sales[1]!);
    expect(back).toMatchObject({ verification: 'unverified', verified_from: null, verified_at: null });
    expect((await adminClient.post(routes.undoImport.path, { import_id: a.importId, reason: 'again' })).statusCode).toBe(409);
    expect((await adminClient.post(routes.verifyFromStatement.path, { import_id: a.importId })).statusCode).toBe(409);
    expect((await adminClient.post(routes.ignoreStatementLine.path, { line_id: lines[3]!.id, reason: 'x' })).statusCode).toBe(409);
    // The undone import no longer pays the sales on the Sales to verify list.
    const after = (await adminClient.post(routes.salesToVerify.path, {})).json().sales as SaleToVerify[];
    expect(after.filter((s) => a.sales.includes(s.id)).map((s) => s.statement_paid)).toEqual([false, false, false]);
    // The same bytes may be imported again once the first import is undone.
  });

  it("decision 018: an admin's own sale and one they entered are skipped with the reason; another admin verifies them", async () => {
    const insurer = await newInsurer(t);
    const own = await insurerSale(t, adminClient, admin.id, insurer, { policy: 'OWN-1', customer: 'Own', tcv: 100 });
    const entered = await insurerSale(t, adminClient, agent.id, insurer, { policy: 'ENT-1', customer: 'Entered', tcv: 100 });
    const plain = await insurerSale(t, agentClient, agent.id, insurer, { policy: 'PLN-1', customer: 'Plain', tcv: 100 });
    const file = await statementFile(
      'malayan',
      ['OWN-1', 'ENT-1', 'PLN-1'].map((policy) => ({ policy, commission: 10 })),
      'csv',
    );
    const imp = (await adminClient.postForm(routes.importStatement.path, importForm(insurer.id, file))).json().import.id;
    const res = await adminClient.post(routes.verifyFromStatement.path, { import_id: imp });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().verified).toBe(1);
    expect(res.json().skipped.map((s: { sale_id: number; reason: string }) => [s.sale_id, s.reason.slice(0, 24)])).toEqual([
      [own, 'You may not verify your '],
      [entered, 'You may not verify a sal'],
    ]);
    const byOther = await admin2Client.post(routes.verifyFromStatement.path, { import_id: imp });
    expect(byOther.json()).toMatchObject({ verified: 2, skipped: [] });
    expect(
      (await t.db.db.selectFrom('sales').select('verification').where('id', 'in', [own, entered, plain]).execute()).map(
        (r) => r.verification,
      ),
    ).toEqual(['verified', 'verified', 'verified']);
  });

  it("undo is refused once a sale it verified has been posted by a month's close", async () => {
    const a = await imported(1);
    expect((await admin2Client.post(routes.verifyFromStatement.path, { import_id: a.importId })).json().verified).toBe(1);
    const entry = await t.db.db
      .selectFrom('commission_entries')
      .select(['id', 'entry_date'])
      .where('sale_id', '=', a.sales[0]!)
      .executeTakeFirstOrThrow();
    const period = entry.entry_date.slice(0, 7);
    const close = await adminClient.post(routes.closePeriod.path, { period, close_early: true });
    expect(close.statusCode, close.body).toBe(200);
    const undo = await adminClient.post(routes.undoImport.path, { import_id: a.importId, reason: 'Too late' });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().error).toContain("posted by a month's close");
    expect((await saleOf(a.sales[0]!)).verification).toBe('verified');
    const list = (await adminClient.post(routes.statementImports.path, { insurer_id: a.insurer.id })).json().imports;
    expect(list[0]).toMatchObject({ can_undo: false, undone_at: null });
  });

  it('bad input and access', async () => {
    expect((await adminClient.post(routes.verifyFromStatement.path, { import_id: 87654321 })).statusCode).toBe(404);
    expect((await adminClient.post(routes.verifyFromStatement.path, {})).statusCode).toBe(400);
    expect((await adminClient.post(routes.undoImport.path, { import_id: 87654321, reason: 'x' })).statusCode).toBe(404);
    const noReason = await adminClient.post(routes.undoImport.path, { import_id: 1 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('Reason is required');
    for (const path of [routes.verifyFromStatement.path, routes.undoImport.path]) {
      expect((await anonymous.post(path, { import_id: 1, reason: 'x' })).statusCode).toBe(401);
      expect((await agentClient.post(path, { import_id: 1, reason: 'x' })).statusCode).toBe(403);
    }
  });

  it.runIf(postgres)(
    'two admins verifying from the same statement at once, and verifysales meanwhile: each sale verified once',
    async () => {
      const a = await imported(30);
      const [x, y, z] = await Promise.all([
        adminClient.post(routes.verifyFromStatement.path, { import_id: a.importId }),
        admin2Client.post(routes.verifyFromStatement.path, { import_id: a.importId }),
        admin2Client.post(routes.verifySales.path, { sale_ids: a.sales.slice(0, 5), decision: 'verified' }),
      ]);
      expect([x.statusCode, y.statusCode], `${x.body} ${y.body}`).toEqual([200, 200]);
      const byStatement = x.json().verified + y.json().verified;
      const bySales = z.statusCode === 200 ? z.json().count : 0;
      expect(byStatement + bySales).toBe(30);
      const verifications = await t.db.db
        .selectFrom('statement_verifications')
        .select('sale_id')
        .where('import_id', '=', a.importId)
        .execute();
      expect(new Set(verifications.map((v) => v.sale_id)).size).toBe(verifications.length);
      expect(verifications.length).toBe(byStatement);
      const states = await t.db.db.selectFrom('sales').select('verification').where('id', 'in', a.sales).execute();
      expect(states.every((s) => s.verification === 'verified')).toBe(true);
    },
  );
});
