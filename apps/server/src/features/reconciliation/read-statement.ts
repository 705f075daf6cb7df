import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse';
import { isCalendarDate } from '@ahente/contract/dates';
import {
  HEADER_SEARCH_ROWS,
  MAPPING_FIELDS,
  STATEMENT_MAX_LINES,
  type MappingField,
  type StatementMappingRecord,
  type StatementTransaction,
} from '@ahente/contract/reconciliation';
import { policyKey } from '../../lib/insurer-keys.ts';

/**
 * Reading an insurer's statement (decision 037): .xlsx with exceljs' streaming
 * WorkbookReader (rows as the zip inflates, never the whole workbook in memory), .csv with
 * csv-parse's stream. The first worksheet only. Every cell becomes text or a number or a date; the
 * header row is the first of the first HEADER_SEARCH_ROWS that names a policy column and a
 * commission column; each line after it is read by the mapping, or refused with its row number.
 */

export type StatementKind = 'xlsx' | 'csv';
/** A cell as read: text (trimmed), a number, a calendar date (YYYY-MM-DD, from an Excel date cell) or nothing. */
export type Cell = string | number | { date: string } | null;
export interface RawRow {
  /** 1-based, as a spreadsheet shows it. */
  rowNo: number;
  cells: Cell[];
}

/** A line read, money in centavos (signed). */
export interface ReadLine {
  row_no: number;
  policy_no: string;
  policy_key: string;
  commission_centavos: number;
  premium_centavos: number | null;
  insured_name: string | null;
  transaction: StatementTransaction | null;
  effective_date: string | null;
  paid_on: string | null;
}

export class StatementFormatError extends Error {}

/** Rows read between two turns of the event loop. */
const YIELD_ROWS = 250;
/** Lets the I/O waiting (other requests) run before going on: a macrotask turn, not a microtask. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every row of the file's first worksheet (or the CSV), in order, blank rows included. */
export async function* readRows(stream: Readable, kind: StatementKind): AsyncGenerator<RawRow> {
  if (kind === 'csv') {
    yield* readCsv(stream);
    return;
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  } as Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>);
  // exceljs 4.4's streaming reader names a worksheet from the workbook part (`model.sheets`), and
  // reads `this.model.sheets` of an undefined model when a zip holds a worksheet before
  // xl/workbook.xml (the order a streaming writer may leave; seen about once in ten generated
  // files): an empty model until that part is read, which then replaces it (decision 037).
  const withModel = reader as unknown as { model?: { sheets: unknown[] } };
  withModel.model ??= { sheets: [] };
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells: Cell[] = [];
        for (let i = 1; i < values.length; i++) cells.push(excelCell(values[i]));
        yield { rowNo: row.number, cells };
      }
      break; // the first worksheet only
    }
  } catch (err) {
    if (err instanceof StatementFormatError) throw err;
    throw new StatementFormatError(`The Excel file cannot be read: ${(err as Error).message}`);
  } finally {
    stream.destroy();
  }
}

/** Bytes handed to csv-parse at once: it parses a piece synchronously, so pieces stay small. */
const CSV_PIECE = 8 * 1024;

/**
 * The CSV's records through csv-parse's stream API, written a small piece at a time and read back
 * after each piece (with a turn of the event loop between pieces), so that parsing a large chunk
 * never holds other requests up.
 */
async function* readCsv(stream: Readable): AsyncGenerator<RawRow> {
  const parser = parseCsv({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, info: true, trim: false });
  let failure: unknown = null;
  parser.on('error', (err) => (failure = err));
  const drain = function* (): Generator<RawRow> {
    for (let r = parser.read() as { record: string[]; info: { lines: number } } | null; r !== null; r = parser.read()) {
      yield { rowNo: r.info.lines, cells: r.record.map(textCell) };
    }
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      for (let i = 0; i < chunk.length; i += CSV_PIECE) {
        parser.write(chunk.subarray(i, i + CSV_PIECE));
        if (failure) throw failure;
        yield* drain();
        await yieldToEventLoop();
      }
    }
    parser.end();
    // The rest (the last line, when the file does not end with a line break) as the parser ends.
    for await (const r of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { rowNo: r.info.lines, cells: r.record.map(textCell) };
    }
    if (failure) throw failure;
  } catch (err) {
    throw err instanceof StatementFormatError ? err : new StatementFormatError(`The CSV file cannot be read: ${(err as Error).message}`);
  } finally {
    parser.destroy();
    stream.destroy();
  }
}

function textCell(value: string): Cell {
  const text = value.trim();
  return text === '' ? null : text;
}

/** An exceljs cell value as a Cell: rich text joined, a formula's result, a date as its day. */
function excelCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return textCell(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { date: value.toISOString().slice(0, 10) };
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return textCell(v.richText.map((r) => r.text).join(''));
    if ('result' in v) return excelCell(v.result);
    if (typeof v.text === 'string') return textCell(v.text);
    if (v.error !== undefined) return String(v.error);
  }
  return null;
}

/** A cell as the preview and the mapping show it. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'object') return cell.date;
  return String(cell);
}

const isBlankRow = (cells: readonly Cell[]) => cells.every((c) => c === null);

// ---------------------------------------------------------------- the header and the mapping

/** What a header's text is compared by: lower case, letters and digits only, single spaces. */
const headerKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9#]+/g, ' ')
    .trim();

/** The header names each field is guessed from, most telling first. */
const GUESSES: readonly [MappingField, RegExp][] = [
  ['policy_no', /\b(policy|pol|certificate|cert|coc)\b.*\b(no|number|num|#)\b|^policy$|\bpolicy #|^pol no$/],
  ['commission', /\b(commission|comm|comms|commn)\b|\bagent.?s? fee\b|\bamount paid\b|\bnet payable\b/],
  ['premium', /\bpremium\b|\bgross\b|\bprem\b/],
  ['effective_date', /\b(effective|eff|inception|issue|issued)\b/],
  ['paid_on', /\b(paid|payment|remit|remittance)\b.*\bdate\b|\bdate\b.*\b(paid|payment|remit)\b|\bpaid on\b|^paid$/],
  ['transaction', /\b(transaction|trans|txn|type)\b/],
  ['insured_name', /\b(insured|assured|client|policyholder|policy holder|customer|name)\b/],
];

/** A mapping guessed from a header row's texts (each column used once), or null without policy and commission. */
export function guessMapping(headers: readonly string[]): StatementMappingRecord | null {
  const mapping = Object.fromEntries(MAPPING_FIELDS.map((f) => [f, null])) as StatementMappingRecord;
  const used = new Set<number>();
  for (const [field, pattern] of GUESSES) {
    const i = headers.findIndex((h, j) => !used.has(j) && h !== '' && pattern.test(headerKey(h)));
    if (i >= 0) {
      used.add(i);
      mapping[field] = headers[i]!;
    }
  }
  return mapping.policy_no && mapping.commission ? mapping : null;
}

export interface StatementHead {
  headerRow: number;
  columns: string[];
  guessed: StatementMappingRecord;
}

/**
 * Reads rows up to the header (the first of HEADER_SEARCH_ROWS naming a policy and a commission
 * column), then hands every later row to `onRow`; stops early when onRow answers false.
 */
export async function scanStatement(
  rows: AsyncGenerator<RawRow>,
  onHead: (head: StatementHead) => void,
  onRow: (row: RawRow) => boolean | void,
): Promise<void> {
  let head: StatementHead | null = null;
  let seen = 0;
  let n = 0;
  try {
    for await (const row of rows) {
      // A parser hands rows over in microtasks: let other requests in every few hundred rows.
      if (++n % YIELD_ROWS === 0) await yieldToEventLoop();
      if (!head) {
        seen++;
        const columns = row.cells.map(cellText);
        const guessed = guessMapping(columns);
        if (guessed) {
          head = { headerRow: row.rowNo, columns, guessed };
          onHead(head);
        } else if (seen >= HEADER_SEARCH_ROWS) {
          break;
        }
        continue;
      }
      if (onRow(row) === false) break;
    }
  } finally {
    await rows.return(undefined);
  }
  if (!head) {
    throw new StatementFormatError(
      `No header row found in the first ${HEADER_SEARCH_ROWS} rows: one row must name the policy number and the commission columns`,
    );
  }
}

/** A mapping's fields as column indexes; a column the header does not have is refused. */
export function columnIndexes(columns: readonly string[], mapping: Record<MappingField, string | null>): Record<MappingField, number> {
  const index = {} as Record<MappingField, number>;
  for (const field of MAPPING_FIELDS) {
    const name = mapping[field];
    if (!name) {
      index[field] = -1;
      continue;
    }
    const i = columns.indexOf(name);
    const j = i >= 0 ? i : columns.findIndex((c) => c.trim().toLowerCase() === name.trim().toLowerCase());
    if (j < 0) throw new StatementFormatError(`The file has no column "${name}"`);
    index[field] = j;
  }
  return index;
}

// ---------------------------------------------------------------- a line

/** The outcome of reading one row: a line, a blank row (skipped), or why it cannot be read. */
export type LineOutcome = { line: ReadLine } | { blank: true } | { error: string };

export function readLine(row: RawRow, index: Record<MappingField, number>): LineOutcome {
  if (isBlankRow(row.cells)) return { blank: true };
  const at = (f: MappingField): Cell => (index[f] < 0 ? null : (row.cells[index[f]] ?? null));
  const policyText = cellText(at('policy_no')).trim();
  if (policyText === '') return { error: 'No policy number' };
  const key = policyKey(policyText);
  if (key === '') return { error: `Policy number "${policyText}" has no letters or digits` };
  if (policyText.length > 200) return { error: 'Policy number is longer than 200 characters' };
  const commission = amountOf(at('commission'));
  if (commission === null) return { error: 'No commission' };
  if (commission === undefined) return { error: `Commission "${cellText(at('commission'))}" is not an amount` };
  const premium = amountOf(at('premium'));
  if (premium === undefined) return { error: `Premium "${cellText(at('premium'))}" is not an amount` };
  const effective = dateOf(at('effective_date'));
  if (effective === undefined) return { error: `Effective date "${cellText(at('effective_date'))}" is not a date` };
  const paid = dateOf(at('paid_on'));
  if (paid === undefined) return { error: `Paid on "${cellText(at('paid_on'))}" is not a date` };
  const transaction = transactionOf(at('transaction'));
  if (transaction === undefined) {
    return { error: `Transaction "${cellText(at('transaction'))}" is not one of new, renewal, endorsement, cancellation` };
  }
  const name = cellText(at('insured_name')).replace(/\s+/g, ' ').trim();
  return {
    line: {
      row_no: row.rowNo,
      policy_no: policyText,
      policy_key: key,
      commission_centavos: commission,
      premium_centavos: premium,
      insured_name: name === '' ? null : name.slice(0, 200),
      transaction,
      effective_date: effective,
      paid_on: paid,
    },
  };
}

const MAX_CENTAVOS = 10_000_000_000 * 100;

/**
 * An amount in centavos: `1,234.50`, `₱1,234.50`, `PHP 1,234.50`, `(1,234.50)` or `-1,234.50` for
 * a negative, a number cell; null when blank, undefined when not money.
 */
export function amountOf(cell: Cell): number | null | undefined {
  if (cell === null) return null;
  if (typeof cell === 'number') {
    const centavos = Math.round(cell * 100);
    return Math.abs(centavos) > MAX_CENTAVOS ? undefined : centavos;
  }
  if (typeof cell === 'object') return undefined;
  // U+FFFD: a peso sign exceljs' streaming reader split across two chunks (a known exceljs fault
  // with multi-byte characters); never a digit, so dropping it reads the amount as written.
  let text = cell.replace(/[\s\uFFFD]+/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  }
  text = text.replace(/^(₱|PHP|Php|php|P)/, '');
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  }
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?$/.exec(text);
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined;
  const whole = Number((m[1] ?? '0').replace(/,/g, ''));
  const decimals = m[2] ?? '';
  if (decimals.length > 2 && /[1-9]/.test(decimals.slice(2))) {
    // More than centavos: rounded half away from zero, as a spreadsheet shows it.
    const value = Math.round(Number(`${whole}.${decimals}`) * 100);
    return negative ? -value : value;
  }
  const centavos = whole * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  if (centavos > MAX_CENTAVOS) return undefined;
  return negative ? -centavos : centavos;
}

/** Excel's day 0 (1899-12-30, its 1900 leap-year slip included): serial 46300 is 2026-10-05. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A date: `2026-10-05`, `10/05/2026` (month first), an Excel serial or date cell; null when blank, undefined when not a date. */
export function dateOf(cell: Cell): string | null | undefined {
  if (cell === null) return null;
  if (typeof cell === 'object') return cell.date;
  if (typeof cell === 'number') return serialDate(cell);
  const text = cell.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(text);
  if (iso) return calendar(iso[1]!, iso[2]!, iso[3]!);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) return calendar(us[3]!, us[1]!, us[2]!);
  if (/^\d{4,5}(\.\d+)?$/.test(text)) return serialDate(Number(text));
  return undefined;
}

function serialDate(serial: number): string | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2958465) return undefined;
  return new Date(EXCEL_EPOCH + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
}

function calendar(y: string, m: string, d: string): string | undefined {
  const value = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isCalendarDate(value) ? value : undefined;
}

const TRANSACTIONS: readonly [RegExp, StatementTransaction][] = [
  [/^(cancel|cancellation|cancelled|canceled|cnc|cxl|can|refund|reversal)/, 'cancellation'],
  [/^(renewal|renew|ren|rn|rnw)/, 'renewal'],
  [/^(endorsement|endorse|end|endt|end't)/, 'endorsement'],
  [/^(new|nb|new business|issuance|issue)/, 'new'],
];

function transactionOf(cell: Cell): StatementTransaction | null | undefined {
  const text = cellText(cell).trim().toLowerCase();
  if (text === '') return null;
  for (const [pattern, value] of TRANSACTIONS) if (pattern.test(text)) return value;
  return undefined;
}

export const LINE_LIMIT_MESSAGE = `A statement may have at most ${STATEMENT_MAX_LINES.toLocaleString('en-US')} lines`;
