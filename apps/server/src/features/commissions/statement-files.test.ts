import { afterAll, describe, expect, it } from 'vitest';
import readExcelFile from 'read-excel-file/node';
import { PDFParse } from 'pdf-parse';
import type { LedgerEntry, StatementRecord } from '@ahente/contract/commissions';
import { renderStatementPdf } from './statement-pdf.ts';
import { closeStatementPdfs, statementPdf, statementWorkbook, type StatementDocument } from './statement-files.ts';

/**
 * The statement's files as the member opens them: the PDF drawn in the worker pool (issue 20:
 * fonts unwrapped once, drawing off the event loop) and the workbook, with the amounts earned
 * but not on the statement under the total.
 */

const statement = (over: Partial<StatementRecord> = {}): StatementRecord => ({
  id: 41,
  member_id: 7,
  member_name: 'Maria Clara Santos',
  period: '2026-10',
  total: 1334.56,
  entry_count: 3,
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
  ],
  notPayable: { awaiting: 2500, held: 0, forfeited: 75.5, asOf: '2026-11-24' },
  ...over,
});

const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

afterAll(() => closeStatementPdfs());

describe('the statement PDF', () => {
  it('is a PDF with the agency, the member, every entry, the total and what is not on the statement', async () => {
    const bytes = await statementPdf(document());
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Ahente Insurance Agency');
    expect(text).toContain('Member: Maria Clara Santos (ID# 7)');
    expect(text).toContain('Period: October 2026 (2026-10)');
    expect(text).toContain('Jose Dela Cruz · Comprehensive');
    expect(text).toContain('₱1,234.56');
    // The override's customer is a dash, and its seller is named.
    expect(text).toContain('— · Fire (sold by Andres Reyes)');
    expect(text).toContain('Rounding');
    expect(text).toContain('Total (3 entries): ₱1,334.56');
    // Only the amounts that are not zero: nothing held here.
    expect(text).toContain('Not on this statement (as of 2026-11-24): Awaiting verification ₱2,500.00 · Forfeited ₱75.50');
    expect(text).not.toContain('Held');
  });

  it('says nothing of amounts not on the statement when there are none', async () => {
    const none = await pdfText(await statementPdf(document({ notPayable: { awaiting: 0, held: 0, forfeited: 0, asOf: '2026-11-24' } })));
    expect(none).toContain('Total (3 entries): ₱1,334.56');
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
      expect(text).toContain(`Member: ${members[i]!.name} (ID# ${members[i]!.id})`);
      expect(text).toContain(`Statement no. ${500 + members[i]!.id}, issued 2026-11-01`);
    }
    await closeStatementPdfs();
    expect(await pdfText(await statementPdf(document()))).toContain('Total (3 entries): ₱1,334.56');
  });

  it('is drawn off the event loop: asking for a long statement returns at once, while drawing it here would block', async () => {
    const many = Array.from({ length: 1500 }, (_, i) =>
      entry({ amount: 10, base: 100, sale_id: 1000 + i, customer_name: `Customer ${i + 1}` }),
    );
    const long = document({ entries: many, statement: statement({ total: 15000, entry_count: many.length }) });
    await statementPdf(document()); // the pool's thread is up

    const t0 = performance.now();
    const pending = statementPdf(long);
    const blockedByPool = performance.now() - t0;
    const pooled = await pending;

    const t1 = performance.now();
    const inline = renderStatementPdf(long);
    const blockedInline = performance.now() - t1;
    await inline;

    expect(await pdfText(pooled)).toContain('Total (1500 entries): ₱15,000.00');
    // Handing the document to the pool (a structured clone) costs a sliver of drawing it on this thread.
    expect(blockedByPool * 5).toBeLessThan(blockedInline);
  });
});

describe('the statement workbook', () => {
  it('puts a dash for an override’s customer and the non-zero amounts not on the statement under the total', async () => {
    const [sheet] = await readExcelFile(await statementWorkbook(document()));
    const rows = sheet!.data;
    const header = rows.findIndex((r) => r[0] === 'Date');
    expect(rows[header + 1]!.slice(3, 5)).toEqual(['Jose Dela Cruz', 'Comprehensive']);
    expect(rows[header + 2]!.slice(3, 5)).toEqual(['—', 'Fire']);
    // An adjustment has no customer at all.
    expect(rows[header + 3]![3]).toBeNull();
    const total = rows.findIndex((r) => r[0] === 'Total');
    expect(rows[total]![8]).toBe(1334.56);
    expect(rows.slice(total + 1).filter((r) => r.some((c) => c !== null))).toEqual([
      ['Not on this statement (as of 2026-11-24)', null, null, null, null, null, null, null, null],
      ['Awaiting verification', null, null, null, null, null, null, null, 2500],
      ['Forfeited', null, null, null, null, null, null, null, 75.5],
    ]);
  });

  it('ends with the total when nothing is left unpaid', async () => {
    const [sheet] = await readExcelFile(
      await statementWorkbook(document({ notPayable: { awaiting: 0, held: 0, forfeited: 0, asOf: '2026-11-24' } })),
    );
    expect(sheet!.data.at(-1)![0]).toBe('Total');
  });
});
