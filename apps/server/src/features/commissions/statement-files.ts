import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import writeExcelFile, { type Row } from 'write-excel-file/node';
import { COMMISSION_KIND_LABELS, formatRate, type LedgerEntry, type StatementRecord } from '@ahente/contract/commissions';
import { formatMonth } from '@ahente/contract/dates';
import { formatPeso, PESO_EXCEL_FORMAT } from '@ahente/contract/money';

/** What a statement's files show: the agency, the statement and every entry on it. */
export interface StatementDocument {
  agencyName: string;
  statement: StatementRecord;
  entries: LedgerEntry[];
}

export interface PayoutRow {
  member_id: number;
  member_name: string;
  bank_name: string | null;
  account_number: string | null;
  account_name: string | null;
  amount: number;
}

export const NO_BANK_DETAILS = 'No bank details on file';

const require = createRequire(import.meta.url);
/** Roboto (Apache 2.0) from npm: the PDF's standard fonts have no peso sign. */
const FONT_REGULAR = require.resolve('roboto-fontface/fonts/roboto/Roboto-Regular.woff');
const FONT_BOLD = require.resolve('roboto-fontface/fonts/roboto/Roboto-Bold.woff');

const statusText = (s: StatementRecord) => (s.paid_on ? `Paid on ${s.paid_on} (reference ${s.paid_reference ?? ''})` : 'Unpaid');
const saleText = (e: LedgerEntry) => (e.sale_id === null ? '' : `#${e.sale_id}`);
const detailText = (e: LedgerEntry) =>
  e.kind === 'adjustment'
    ? (e.reason ?? '')
    : [e.customer_name, e.product].filter(Boolean).join(' · ') +
      (e.kind === 'override' && e.seller_name ? ` (sold by ${e.seller_name})` : '');

/** The statement as an A4 PDF: the agency, the member, the period, every entry and the total. */
export function statementPdf({ agencyName, statement: s, entries }: StatementDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Commission statement ${s.period}`, Author: agencyName } });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  // Date, Kind, Sale, Details, Rate, Amount
  const cols = [62, 58, 44, 221, 50, 80];
  const headers = ['Date', 'Kind', 'Sale', 'Customer · Product / Reason', 'Rate', 'Amount'];
  const rightAligned = new Set([4, 5]);

  doc.font('bold').fontSize(16).fillColor('#0f172a').text(agencyName, left, doc.y, { width });
  doc.font('regular').fontSize(12).fillColor('#334155').text('Commission Statement');
  doc.moveDown(0.6);
  doc.fontSize(10).fillColor('#0f172a');
  doc.text(`Member: ${s.member_name} (ID# ${s.member_id})`);
  doc.text(`Period: ${formatMonth(s.period)} (${s.period})`);
  doc.text(`Statement no. ${s.id}, issued ${s.created_at.slice(0, 10)}`);
  doc.text(`Status: ${statusText(s)}`);
  doc.moveDown(0.8);

  const row = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(9);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: cols[i]! - 6 }));
    const h = Math.max(...heights) + 6;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (font === 'regular') row(headers, 'bold');
    }
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      doc.text(c, x + 3, y + 3, { width: cols[i]! - 6, align: rightAligned.has(i) ? 'right' : 'left' });
      x += cols[i]!;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.5)
      .strokeColor('#cbd5e1')
      .stroke();
    doc.x = left;
    doc.y = y + h;
  };

  row(headers, 'bold');
  for (const e of entries) {
    row(
      [
        e.entry_date,
        COMMISSION_KIND_LABELS[e.kind],
        saleText(e),
        detailText(e),
        e.rate === null ? '' : formatRate(e.rate),
        formatPeso(e.amount),
      ],
      'regular',
    );
  }
  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(11)
    .text(`Total (${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}): ${formatPeso(s.total)}`, left, doc.y, {
      width,
      align: 'right',
    });
  doc.end();
  return done;
}

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
const money = (value: number) => ({ value, type: Number, format: PESO_EXCEL_FORMAT });

/** The statement as a workbook: one sheet 'Statement' with the agency, the period, every entry and the total. */
export function statementWorkbook({ agencyName, statement: s, entries }: StatementDocument): Promise<Buffer> {
  const rows: Row[] = [
    [bold(agencyName)],
    ['Commission Statement'],
    ['Member', `${s.member_name} (ID# ${s.member_id})`],
    ['Period', s.period],
    ['Status', statusText(s)],
    [],
    ['Date', 'Kind', 'Sale ID', 'Customer', 'Product', 'Rule / Reason', 'Rate (%)', 'TCV', 'Amount'].map(bold),
    ...entries.map((e): Row => [
      e.entry_date,
      COMMISSION_KIND_LABELS[e.kind],
      e.sale_id === null ? null : { value: e.sale_id, type: Number },
      e.customer_name,
      e.product,
      e.kind === 'adjustment' ? (e.reason ?? '') : e.rule,
      e.rate === null ? null : { value: e.rate, type: Number },
      e.base === null ? null : money(e.base),
      money(e.amount),
    ]),
    [bold('Total'), null, null, null, null, null, null, null, { ...money(s.total), fontWeight: 'bold' as const }],
  ];
  return writeExcelFile(rows, {
    sheet: 'Statement',
    columns: [12, 12, 9, 26, 24, 28, 9, 16, 16].map((width) => ({ width })),
  }).toBuffer();
}

/** A month's payouts for the bank: member, bank name, account number, account name, amount. */
export function payoutWorkbook(agencyName: string, period: string, rows: PayoutRow[]): Promise<Buffer> {
  const total = rows.reduce((sum, r) => sum + Math.round(r.amount * 100), 0) / 100;
  const sheet: Row[] = [
    ['Member ID', 'Member', 'Bank Name', 'Account Number', 'Account Name', 'Amount', 'Note'].map(bold),
    ...rows.map((r): Row => [
      { value: r.member_id, type: Number },
      r.member_name,
      r.bank_name,
      // Text, so the bank's leading zeros stay.
      r.account_number,
      r.account_name,
      money(r.amount),
      r.account_number === null ? NO_BANK_DETAILS : null,
    ]),
    [bold('Total'), `${agencyName}, ${period}`, null, null, null, { ...money(total), fontWeight: 'bold' as const }, null],
  ];
  return writeExcelFile(sheet, {
    sheet: 'Payouts',
    columns: [10, 28, 24, 20, 28, 16, 26].map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBuffer();
}
