import { afterAll, describe, expect, it } from 'vitest';
import readExcelFile from 'read-excel-file/node';
import { PDFParse } from 'pdf-parse';
import type { LedgerEntry, StatementRecord } from '@ahente/contract/commissions';
import { renderStatementPdf } from './statement-pdf.ts';
import {
  closeStatementPdfs,
  NO_BANK_DETAILS,
  payoutWorkbook,
  statementPdf,
  statementWorkbook,
  type StatementDocument,
} from './statement-files.ts';

/**
 * The statement's files as the member opens them: the PDF drawn in the worker pool (decision 018:
 * fonts unwrapped once, drawing off the event loop) and the workbook, with the summary
 * (decision 019: brought forward, gross, withholding tax, net, carried forward) and the amounts
 * earned but not on the statement under it.
 *
 * The figures, by hand: the entries are 1,234.56 + 100.00 + 0.00 − 250.00 = 1,084.56 gross; 5 % of
 * it is 54.228, withheld 54.23 (half up); with −200.00 brought forward the net is
 * −200.00 + 1,084.56 − 54.23 = 830.33.
 */

const statement = (over: Partial<StatementRecord> = {}): StatementRecord => ({
  id: 41,
  member_id: 7,
  member_name: 'Maria Clara Santos',
  period: '2026-10',
  brought_forward: -200,
  gross: 1084.56,
  withholding_tax: 54.23,
  net: 830.33,
  withholding_rate: 5,
  atc: 'WI070',
  carried: false,
  entry_count: 4,
  created_at: '2026-11-01T02:00:00.000Z',
  paid_on: null,
  paid_reference: null,
  ...over,
});

let nextId = 1;
const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  id: nextId++,
  kind: 'sale',
  member_id: 7,
  entry_date: '2026-10-15',
  period: '2026-10',
  amount: 0,
  rate: 10,
  base: 0,
  rule: 'Product rate: Comprehensive',
  position: null,
  sale_id: 900,
  customer_name: 'Jose Dela Cruz',
  product: 'Comprehensive',
  seller_id: 7,
  seller_name: 'Maria Clara Santos',
  reason: null,
  status: 'posted',
  statement_id: 41,
  created_at: '2026-10-15T02:00:00.000Z',
  hold_reason: null,
  decision: null,
  decided_by_name: null,
  decided_at: null,
  decision_reason: null,
  rejection_reason: null,
  reverses_id: null,
  reverses_date: null,
  ...over,
});

const document = (over: Partial<StatementDocument> = {}): StatementDocument => ({
  agencyName: 'Ahente Insurance Agency',
  statement: statement(),
  entries: [
    entry({ amount: 1234.56, base: 12345.6, sale_id: 901 }),
    // A leader's override: the seller's customer is never shown (decisions 017, 018).
    entry({
      kind: 'override',
      amount: 100,
      rate: 2,
      base: 5000,
      rule: 'Manager override',
      position: 'Manager',
      sale_id: 902,
      customer_name: null,
      product: 'Fire',
      seller_id: 8,
      seller_name: 'Andres Reyes',
    }),
    entry({
      kind: 'adjustment',
      amount: 0,
      rate: null,
      base: null,
      rule: 'Adjustment',
      sale_id: null,
      customer_name: null,
      product: null,
      reason: 'Rounding',
    }),
    // The reversal of an earlier month's sale entry (#5, of a sale recorded on Sep 12), its policy cancelled.
    entry({
      kind: 'reversal',
      amount: -250,
      rate: 10,
      base: 2500,
      rule: 'Cancelled on 2026-10-20: refund ₱2,500.00 of ₱2,500.00',
      sale_id: 880,
      customer_name: 'Juan Luna',
      product: 'Fire',
      reverses_id: 5,
      reverses_date: '2026-09-12',
    }),
  ],
  notPayable: { awaiting: 2500, held: 0, forfeited: 75.5, asOf: '2026-11-24' },
  ...over,
});

const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

afterAll(() => closeStatementPdfs());

describe('the statement PDF', () => {
  it('is a PDF with the agency, the member, every entry, the summary and what is not on the statement', async () => {
    const bytes = await statementPdf(document());
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Ahente Insurance Agency');
    expect(text).toContain('Member: Maria Clara Santos (ID#: 7)');
    expect(text).toContain('Period: October 2026 (2026-10)');
    expect(text).toContain('Status: Unpaid');
    expect(text).toContain('Jose Dela Cruz · Comprehensive');
    expect(text).toContain('₱1,234.56');
    // The override's customer is a dash, and its seller is named.
    expect(text).toContain('— · Fire (sold by Andres Reyes)');
    expect(text).toContain('Rounding');
    // The reversal says which sale's commission it takes back, by the sale's day, never an entry
    // number (decision 016).
    expect(text.replace(/\s+/g, ' ')).toContain('Reversal of the Sep 12 sale commission: Juan Luna · Fire');
    expect(text).not.toContain('entry #');
    expect(text).toContain('-₱250.00');
    expect(text).toContain('Balance brought forward -₱200.00');
    expect(text).toContain('Gross commission ₱1,084.56');
    expect(text).toContain('Withholding tax (5%, WI070) -₱54.23');
    expect(text).toContain('Net ₱830.33');
    expect(text).not.toContain('Carried forward');
    // Only the amounts that are not zero: nothing held here.
    expect(text).toContain('Not on this statement (as of 2026-11-24): Awaiting verification ₱2,500.00 · Forfeited ₱75.50');
    expect(text).not.toContain('Held');
  });

  it('leaves out a zero balance brought forward, and says why a statement is carried forward', async () => {
    // 300.00 gross at 10 %: 30.00 withheld, 270.00 net, under the minimum payout.
    const carried = statement({
      brought_forward: 0,
      gross: 300,
      withholding_tax: 30,
      net: 270,
      withholding_rate: 10,
      atc: 'WI071',
      carried: true,
    });
    const text = await pdfText(await statementPdf(document({ statement: carried })));
    expect(text).toContain('Status: Carried forward');
    expect(text).not.toContain('Balance brought forward');
    expect(text).toContain('Gross commission ₱300.00');
    expect(text).toContain('Withholding tax (10%, WI071) -₱30.00');
    expect(text).toContain('Net ₱270.00');
    expect(text).toContain('Carried forward: not paid this month (below the minimum payout or negative)');
  });

  it('withholds nothing on a negative gross, and a paid statement says when and how', async () => {
    const negative = statement({ brought_forward: 0, gross: -250, withholding_tax: 0, net: -250, carried: true });
    const text = await pdfText(await statementPdf(document({ statement: negative })));
    expect(text).toContain('Gross commission -₱250.00');
    expect(text).toContain('Withholding tax (5%, WI070) ₱0.00');
    expect(text).not.toContain('-₱0.00');
    expect(text).toContain('Net -₱250.00');
    const paid = await pdfText(
      await statementPdf(document({ statement: statement({ paid_on: '2026-11-05', paid_reference: 'BDO-7781' }) })),
    );
    expect(paid).toContain('Status: Paid on Nov 5, 2026 (reference BDO-7781)');
  });

  it('names the seller on the reversal of an override, never the customer', async () => {
    const reversal = entry({
      kind: 'reversal',
      amount: -100,
      rate: 2,
      base: 5000,
      rule: 'Cancelled on 2026-10-20',
      position: 'Manager',
      sale_id: 902,
      customer_name: null,
      product: 'Fire',
      seller_id: 8,
      seller_name: 'Andres Reyes',
      reverses_id: 6,
      reverses_date: '2025-12-30',
    });
    const text = await pdfText(await statementPdf(document({ entries: [reversal] })));
    // An override's reversal, of a sale of another year: the year is said.
    expect(text.replace(/\s+/g, ' ')).toContain('Reversal of the Dec 30, 2025 sale override: — · Fire (sold by Andres Reyes)');
  });

  it('says nothing of amounts not on the statement when there are none', async () => {
    const none = await pdfText(await statementPdf(document({ notPayable: { awaiting: 0, held: 0, forfeited: 0, asOf: '2026-11-24' } })));
    expect(none).toContain('Net ₱830.33');
    expect(none).not.toContain('Not on this statement');
    const absent = await pdfText(await statementPdf(document({ notPayable: undefined })));
    expect(absent).not.toContain('Not on this statement');
  });

  it('draws many statements asked for at once, each with its own member, and again after the pool was closed', async () => {
    const members = Array.from({ length: 6 }, (_, i) => ({ id: 100 + i, name: `Member Number ${i + 1}` }));
    const files = await Promise.all(
      members.map((m) => statementPdf(document({ statement: statement({ id: 500 + m.id, member_id: m.id, member_name: m.name }) }))),
    );
    for (const [i, file] of files.entries()) {
      const text = await pdfText(file);
      expect(text).toContain(`Member: ${members[i]!.name} (ID#: ${members[i]!.id})`);
      expect(text).toContain(`Statement no. ${500 + members[i]!.id}, issued 2026-11-01`);
    }
    await closeStatementPdfs();
    expect(await pdfText(await statementPdf(document()))).toContain('Net ₱830.33');
  });

  it('is drawn off the event loop: asking for a long statement returns at once, while drawing it here would block', async () => {
    const many = Array.from({ length: 1500 }, (_, i) =>
      entry({ amount: 10, base: 100, sale_id: 1000 + i, customer_name: `Customer ${i + 1}` }),
    );
    const long = document({
      entries: many,
      statement: statement({ brought_forward: 0, gross: 15000, withholding_tax: 750, net: 14250, entry_count: many.length }),
    });
    await statementPdf(document()); // the pool's thread is up

    const t0 = performance.now();
    const pending = statementPdf(long);
    const blockedByPool = performance.now() - t0;
    const pooled = await pending;

    const t1 = performance.now();
    const inline = renderStatementPdf(long);
    const blockedInline = performance.now() - t1;
    await inline;

    const text = await pdfText(pooled);
    expect(text).toContain('Customer 1500');
    expect(text).toContain('Net ₱14,250.00');
    // Handing the document to the pool (a structured clone) costs a sliver of drawing it on this thread.
    expect(blockedByPool * 5).toBeLessThan(blockedInline);
  });
});

/** The rows of a workbook's first sheet that are not empty. */
const sheetRows = async (bytes: Buffer) => {
  const [sheet] = await readExcelFile(bytes);
  return sheet!.data.filter((r) => r.some((c) => c !== null));
};

describe('the statement workbook', () => {
  it('lists the entries, then the summary, then the non-zero amounts not on the statement', async () => {
    const rows = await sheetRows(await statementWorkbook(document()));
    expect(rows.find((r) => r[0] === 'Status')).toEqual(['Status', 'Unpaid', null, null, null, null, null, null, null]);
    const header = rows.findIndex((r) => r[0] === 'Date');
    expect(rows[header]).toEqual(['Date', 'Kind', 'Sale ID', 'Customer', 'Product', 'Rule / Reason', 'Rate (%)', 'TCV', 'Amount']);
    expect(rows[header + 1]!.slice(3, 5)).toEqual(['Jose Dela Cruz', 'Comprehensive']);
    expect(rows[header + 2]!.slice(3, 5)).toEqual(['—', 'Fire']);
    // An adjustment has no customer at all.
    expect(rows[header + 3]![3]).toBeNull();
    expect(rows[header + 4]).toEqual([
      '2026-10-15',
      'Reversal',
      880,
      'Juan Luna',
      'Fire',
      'Reversal of the Sep 12 sale commission · Cancelled on 2026-10-20: refund ₱2,500.00 of ₱2,500.00',
      10,
      2500,
      -250,
    ]);
    expect(rows.slice(header + 5)).toEqual([
      ['Balance brought forward', null, null, null, null, null, null, null, -200],
      ['Gross commission', null, null, null, null, null, null, null, 1084.56],
      ['Withholding tax (5%, WI070)', null, null, null, null, null, null, null, -54.23],
      ['Net', null, null, null, null, null, null, null, 830.33],
      ['Not on this statement (as of 2026-11-24)', null, null, null, null, null, null, null, null],
      ['Awaiting verification', null, null, null, null, null, null, null, 2500],
      ['Forfeited', null, null, null, null, null, null, null, 75.5],
    ]);
  });

  it('says a statement was carried forward, and ends with its summary when nothing is left unpaid', async () => {
    const carried = statement({ brought_forward: 0, gross: 300, withholding_tax: 15, net: 285, carried: true });
    const rows = await sheetRows(
      await statementWorkbook(document({ statement: carried, notPayable: { awaiting: 0, held: 0, forfeited: 0, asOf: '2026-11-24' } })),
    );
    expect(rows.find((r) => r[0] === 'Status')![1]).toBe('Carried forward');
    expect(rows.find((r) => r[0] === 'Balance brought forward')).toBeUndefined();
    expect(rows.slice(-4).map((r) => [r[0], r[8]])).toEqual([
      ['Gross commission', 300],
      ['Withholding tax (5%, WI070)', -15],
      ['Net', 285],
      ['Carried forward: not paid this month (below the minimum payout or negative)', null],
    ]);
  });
});

describe('the statement files name a product as a person reads it (decision 023)', () => {
  it("writes 'Performance Bond' for the catalogue's 'Perfomance Bond', in the PDF and the workbook", async () => {
    const bond = entry({ amount: 500, base: 5000, sale_id: 903, product: 'Perfomance Bond', rule: 'Product rate: Performance Bond' });
    const text = await pdfText(await statementPdf(document({ entries: [bond] })));
    expect(text).toContain('Jose Dela Cruz · Performance Bond');
    expect(text).not.toContain('Perfomance');
    const rows = await sheetRows(await statementWorkbook(document({ entries: [bond] })));
    const header = rows.findIndex((r) => r[0] === 'Date');
    expect(rows[header + 1]!.slice(3, 6)).toEqual(['Jose Dela Cruz', 'Performance Bond', 'Product rate: Performance Bond']);
  });
});

describe('the payout workbook', () => {
  it('lists each statement to pay with its net, flags a member with no bank details, and totals them', async () => {
    const rows = await sheetRows(
      await payoutWorkbook('Ahente Insurance Agency', '2026-10', [
        {
          member_id: 7,
          member_name: 'Maria Clara Santos',
          bank_name: 'BDO Unibank',
          account_number: '001234567890',
          account_name: 'Maria Clara Santos',
          amount: 830.33,
        },
        { member_id: 8, member_name: 'Andres Reyes', bank_name: null, account_number: null, account_name: null, amount: 1140 },
      ]),
    );
    expect(rows).toEqual([
      ['Member ID', 'Member', 'Bank Name', 'Account Number', 'Account Name', 'Amount', 'Note'],
      [7, 'Maria Clara Santos', 'BDO Unibank', '001234567890', 'Maria Clara Santos', 830.33, null],
      [8, 'Andres Reyes', null, null, null, 1140, NO_BANK_DETAILS],
      ['Total', 'Ahente Insurance Agency, 2026-10', null, null, null, 1970.33, null],
    ]);
  });
});
