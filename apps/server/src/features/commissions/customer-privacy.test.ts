import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import readExcelFile from 'read-excel-file/node';
import type { LedgerEntry, StatementRecord } from '@ahente/contract/commissions';
import { todayInManila } from '@ahente/contract/dates';
import { pathOf, routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * Who sees a customer's name on a commission entry (decisions 017 and 018): the rule is the
 * earner's, not the entry's kind. The seller sees their client on their sale, its reversal and
 * their statement; a leader earning an override sees the seller and the product only, on the
 * override, on its reversal, in the ledger, on the statement's .xlsx and PDF.
 */
const CUSTOMER = 'Davao Pet Care';
const clock = new Date('2026-10-05T02:00:00.000Z');
let t: TestApp;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  adminClient = await t.loginAs(await t.createAdmin());
  for (const [kind, key, rate] of [
    ['product', 'Comprehensive', 10],
    ['override', 'Manager', 2],
  ] as const) {
    const res = await adminClient.post(routes.setCommissionRate.path, { kind, key, rate, effective_from: todayInManila(clock) });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;
const xlsxText = async (bytes: Buffer) => JSON.stringify(await readExcelFile(bytes));

describe("a customer's name on commission entries", () => {
  it('never reaches a leader, on the override or on its reversal; the seller keeps seeing it', async () => {
    const mgr = await t.createMember({ position: 'Manager' });
    const agent = await t.createMember({ referror: mgr.id });
    for (const m of [mgr, agent]) await t.licenseMember(m.id);
    const agentClient = await t.loginAs(agent);
    const mgrClient = await t.loginAs(mgr);
    const deal = await agentClient.post(routes.addDeal.path, {
      id: agent.id,
      customerName: CUSTOMER,
      transactionType: 'New',
      product: 'Comprehensive',
      tcvValue: '50000',
      effectiveDate: '2026-10-05',
      salesType: 'Direct',
    });
    const sale = await agentClient.post(routes.addSale.path, {
      id: agent.id,
      formData: {
        dealid: deal.json().deal.id,
        customerName: CUSTOMER,
        product: 'Comprehensive',
        tcv: '50000',
        sales_type: 'Direct',
        effectiveDate: '2026-10-05',
      },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    const saleId: number = sale.json().sale.id;
    await t.verifySalesInDb([saleId]);
    const cancelled = await adminClient.post(routes.cancelSale.path, {
      sale_id: saleId,
      cancelled_on: '2026-10-05',
      reason: 'Free look',
      refund: '25000',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await adminClient.post(routes.closePeriod.path, { period: '2026-10', close_early: true })).statusCode).toBe(200);

    const ledgerOf = async (c: TestClient, id: number): Promise<LedgerEntry[]> =>
      (await c.post(routes.commissionLedger.path, { id })).json().entries;
    const theirs = await ledgerOf(mgrClient, mgr.id);
    expect(theirs.map((e) => [e.kind, e.customer_name, e.seller_name !== null])).toEqual([
      ['reversal', null, true],
      ['override', null, true],
    ]);
    // The admin reading the manager's ledger sees what the manager sees.
    expect((await ledgerOf(adminClient, mgr.id)).every((e) => e.customer_name === null)).toBe(true);
    const mine = await ledgerOf(agentClient, agent.id);
    expect(mine.map((e) => [e.kind, e.customer_name])).toEqual([
      ['reversal', CUSTOMER],
      ['sale', CUSTOMER],
    ]);

    const [statement]: StatementRecord[] = (await mgrClient.post(routes.commissionStatements.path, { id: mgr.id })).json();
    const params = { id: mgr.id, statementId: statement!.id };
    const xlsx = await mgrClient.get(pathOf(routes.statementXlsx, params));
    expect(xlsx.statusCode).toBe(200);
    const pdf = await mgrClient.get(pathOf(routes.statementPdf, params));
    expect(pdf.statusCode).toBe(200);
    const xlsxOfManager = await xlsxText(xlsx.rawPayload);
    expect(xlsxOfManager).toContain('Reversal of Manager override');
    expect(xlsxOfManager).not.toContain(CUSTOMER);
    expect(await pdfText(pdf.rawPayload)).not.toContain(CUSTOMER);

    const [own]: StatementRecord[] = (await agentClient.post(routes.commissionStatements.path, { id: agent.id })).json();
    const ownXlsx = await agentClient.get(pathOf(routes.statementXlsx, { id: agent.id, statementId: own!.id }));
    expect(await xlsxText(ownXlsx.rawPayload)).toContain(CUSTOMER);
  });
});
