import writeExcelFile, { type Row } from 'write-excel-file/node';
import { COMMISSION_KIND_LABELS } from '@ahente/contract/commissions';
import { productLabel } from '@ahente/contract/labels';
import { PESO_EXCEL_FORMAT } from '@ahente/contract/money';
import { closePdfWorkers, pdfWorkerFile, runPdfWorker } from '../../platform/pdf-pool.ts';
import {
  CARRIED_TEXT,
  customerText,
  notPayableHeading,
  notPayableParts,
  ruleText,
  statusText,
  summaryLines,
  type StatementDocument,
} from './statement-document.ts';
import { nameWithId } from '@ahente/contract/labels';

export type { StatementDocument } from './statement-document.ts';

export interface PayoutRow {
  member_id: number;
  member_name: string;
  bank_name: string | null;
  account_number: string | null;
  account_name: string | null;
  /** Pesos: the statement's net (brought forward + gross − tax withheld), what the bank pays. */
  amount: number;
}

export const NO_BANK_DETAILS = 'No bank details on file';

/** The statement as an A4 PDF (statement-pdf.ts), drawn in the PDF worker threads (platform/pdf-pool.ts). */
export const statementPdf = (doc: StatementDocument): Promise<Buffer> => runPdfWorker(pdfWorkerFile(import.meta.url, 'statement-pdf'), doc);

/** Ends the PDF worker threads (platform/pdf-pool.ts): for main.ts after app.close(), and for tests. */
export const closeStatementPdfs = closePdfWorkers;

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
const money = (value: number) => ({ value, type: Number, format: PESO_EXCEL_FORMAT });

/**
 * The statement as a workbook: one sheet 'Statement' with the agency, the period, every entry, the
 * summary (brought forward when not zero, gross, tax withheld as a deduction, net; whether it was
 * carried forward) and what is not on it, each amount in the Amount column.
 */
export function statementWorkbook({ agencyName, statement: s, entries, notPayable }: StatementDocument): Promise<Buffer> {
  const rows: Row[] = [
    [bold(agencyName)],
    ['Commission Statement'],
    ['Member', nameWithId(s.member_name, s.member_id)],
    ['Period', s.period],
    ['Status', statusText(s)],
    [],
    ['Date', 'Kind', 'Sale ID', 'Customer', 'Product', 'Rule / Reason', 'Rate (%)', 'TCV', 'Amount'].map(bold),
    ...entries.map((e): Row => [
      e.entry_date,
      COMMISSION_KIND_LABELS[e.kind],
      e.sale_id === null ? null : { value: e.sale_id, type: Number },
      customerText(e) || null,
      e.product === null ? null : productLabel(e.product),
      ruleText(e),
      e.rate === null ? null : { value: e.rate, type: Number },
      e.base === null ? null : money(e.base),
      money(e.amount),
    ]),
    [],
    ...summaryLines(s).map((line): Row => [
      line.total ? bold(line.label) : line.label,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      line.total ? { ...money(line.amount), fontWeight: 'bold' as const } : money(line.amount),
    ]),
  ];
  if (s.carried) rows.push([CARRIED_TEXT]);
  // Under the summary, what the member earned that this statement does not pay: the non-zero amounts, each in the Amount column.
  const notOnIt = notPayableParts(notPayable);
  if (notPayable && notOnIt.length > 0) {
    rows.push(
      [],
      [notPayableHeading(notPayable)],
      ...notOnIt.map((p): Row => [p.label, null, null, null, null, null, null, null, money(p.amount)]),
    );
  }
  return writeExcelFile(rows, {
    sheet: 'Statement',
    columns: [12, 12, 9, 26, 24, 28, 9, 16, 16].map((width) => ({ width })),
  }).toBuffer();
}

/** A month's payouts for the bank: member, bank name, account number, account name, amount (each statement's net). */
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
