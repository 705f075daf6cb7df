import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import Piscina from 'piscina';
import writeExcelFile, { type Row } from 'write-excel-file/node';
import { COMMISSION_KIND_LABELS } from '@ahente/contract/commissions';
import { productLabel } from '@ahente/contract/labels';
import { PESO_EXCEL_FORMAT } from '@ahente/contract/money';
import { workerExecArgv } from '../../platform/worker-exec-argv.ts';
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

/**
 * The PDF worker threads. Drawing a statement takes one core for tens of milliseconds (more for a
 * long one), so it runs off the event loop: a request that awaits a PDF leaves every other request
 * served. Two threads at most (one on a single core); PDFs asked for at once queue for a thread.
 * The threads run at a lower priority (nice +10, through piscina where the OS allows it), so under
 * a burst of PDFs the event loop, and a database on the same machine, still get the cores first: on
 * two cores, four agents downloading PDFs in a loop raised another agent's getdeals p95 1.6–4.3×
 * with the threads at nice 0, 1.1–1.6× at nice 10 (bench/README.md). A thread idle for a minute
 * ends; piscina unrefs idle threads, so the pool never keeps the process alive.
 */
const PDF_THREADS = Math.min(2, availableParallelism());
const PDF_NICE = 10;
const PDF_IDLE_MS = 60_000;

/**
 * statement-pdf.ts beside this module when it runs from source (tsx, vitest), or the bundle's
 * dist/statement-pdf.js beside dist/main.js (build.mjs builds both). The threads get only the
 * process's options a worker accepts (workerExecArgv: never node-options.json's V8 options, which a
 * worker refuses; decision 035).
 */
function pdfWorkerFile(): { filename: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here);
  const filename = path.join(path.dirname(here), `statement-pdf${ext === '.ts' ? '.ts' : '.js'}`);
  const execArgv = workerExecArgv(process.execArgv);
  if (ext !== '.ts') return { filename, execArgv };
  // From source, the worker loads TypeScript through tsx (a dev dependency), unless the process already does.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const hasTsx = execArgv.some((arg) => arg.includes('tsx'));
  return { filename, execArgv: hasTsx ? execArgv : [...execArgv, '--import', tsx] };
}

/**
 * The pool, made on the first PDF. Not request state: a process resource like the database pool
 * (each instance has its own, and nothing in it outlives a task), so N instances still behave as one.
 */
let pool: Piscina<StatementDocument, Uint8Array> | null = null;

function pdfPool() {
  pool ??= new Piscina<StatementDocument, Uint8Array>({
    ...pdfWorkerFile(),
    minThreads: 0,
    maxThreads: PDF_THREADS,
    idleTimeout: PDF_IDLE_MS,
    niceIncrement: PDF_NICE,
  });
  return pool;
}

/** The statement as an A4 PDF (statement-pdf.ts), drawn in a worker thread. */
export async function statementPdf(doc: StatementDocument): Promise<Buffer> {
  const bytes = await pdfPool().run(doc);
  // A Buffer arrives as a plain Uint8Array: view it as a Buffer again, without copying.
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Ends the PDF threads once the PDFs under way are done (a later PDF starts a new pool). Idle
 * threads never hold the process open, so this only makes a shutdown prompt and tidy: for
 * main.ts to call after app.close(), and for tests.
 */
export async function closeStatementPdfs(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close();
}

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
