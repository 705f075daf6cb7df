import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';

/**
 * Insurers' commission statements as real files (decision 037), in three insurers' layouts:
 * title rows above the header, each insurer's own column names, dates as `2026-10-05`,
 * `10/05/2026` or Excel serials, amounts as `1,234.50`, `₱1,234.50` or numbers, negatives in
 * parentheses, and a blank line at the end. Used by the statement tests and bench/reconciliation.ts.
 */

export interface StatementLineSpec {
  policy: string;
  name?: string | null;
  /** Pesos. */
  premium?: number | null;
  /** Pesos, signed (a chargeback is negative). */
  commission: number;
  effective_date?: string | null;
  paid_on?: string | null;
  transaction?: string | null;
}

export type StatementLayout = 'malayan' | 'pioneer' | 'standard';
export const STATEMENT_LAYOUTS: readonly StatementLayout[] = ['malayan', 'pioneer', 'standard'];

interface Layout {
  title: string[][];
  headers: string[];
  /** The header text of each field, as the layout names it (what the import's mapping names). */
  mapping: Record<string, string | null>;
  row: (l: StatementLineSpec, format: 'xlsx' | 'csv') => (string | number | Date | null)[];
}

const amountText = (pesos: number, peso = false) => {
  const text = Math.abs(pesos).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const withSign = `${peso ? '₱' : ''}${text}`;
  return pesos < 0 ? `(${withSign})` : withSign;
};
const usDate = (iso: string | null | undefined) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : null);
const serial = (iso: string | null | undefined) =>
  iso ? Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000) : null;
const utcDate = (iso: string | null | undefined) => (iso ? new Date(`${iso}T00:00:00Z`) : null);

export const LAYOUTS: Record<StatementLayout, Layout> = {
  // Amounts as text with thousands separators and (negatives); ISO dates (date cells in .xlsx).
  malayan: {
    title: [['MALAYAN INSURANCE CO., INC.'], ['Agency Commission Statement'], []],
    headers: ['Policy No.', 'Assured', 'Transaction', 'Effective Date', 'Gross Premium', 'Commission Amount', 'Date Paid'],
    mapping: {
      policy_no: 'Policy No.',
      insured_name: 'Assured',
      transaction: 'Transaction',
      effective_date: 'Effective Date',
      premium: 'Gross Premium',
      commission: 'Commission Amount',
      paid_on: 'Date Paid',
    },
    row: (l, format) => [
      l.policy,
      l.name ?? null,
      l.transaction ?? null,
      format === 'xlsx' ? utcDate(l.effective_date) : (l.effective_date ?? null),
      l.premium == null ? null : amountText(l.premium),
      amountText(l.commission),
      format === 'xlsx' ? utcDate(l.paid_on) : (l.paid_on ?? null),
    ],
  },
  // Peso signs, month-first dates as text.
  pioneer: {
    title: [['Pioneer Insurance & Surety Corp.', '', 'Statement of Commissions']],
    headers: ['POLICY NUMBER', 'INSURED NAME', 'PREMIUM', 'COMM', 'EFF DATE', 'TXN TYPE', 'PAYMENT DATE'],
    mapping: {
      policy_no: 'POLICY NUMBER',
      insured_name: 'INSURED NAME',
      premium: 'PREMIUM',
      commission: 'COMM',
      effective_date: 'EFF DATE',
      transaction: 'TXN TYPE',
      paid_on: 'PAYMENT DATE',
    },
    row: (l) => [
      l.policy,
      l.name ?? null,
      l.premium == null ? null : amountText(l.premium, true),
      amountText(l.commission, true),
      usDate(l.effective_date),
      l.transaction ? l.transaction.toUpperCase().slice(0, 3) : null,
      usDate(l.paid_on),
    ],
  },
  // Numbers (negatives as numbers in .xlsx, in parentheses in .csv) and Excel serial dates.
  standard: {
    title: [['Standard Insurance Co., Inc.'], ['Commission Remittance'], ['Period:', 'see file'], []],
    headers: ['Line', 'Certificate No', 'Client', 'Premium Amount', 'Commission (PHP)', 'Inception', 'Type'],
    mapping: {
      policy_no: 'Certificate No',
      insured_name: 'Client',
      premium: 'Premium Amount',
      commission: 'Commission (PHP)',
      effective_date: 'Inception',
      transaction: 'Type',
      paid_on: null,
    },
    row: (l, format) => [
      'Motor',
      l.policy,
      l.name ?? null,
      l.premium ?? null,
      format === 'xlsx' ? l.commission : l.commission < 0 ? `(${Math.abs(l.commission).toFixed(2)})` : l.commission.toFixed(2),
      serial(l.effective_date),
      l.transaction ?? null,
    ],
  },
};

/** The mapping of a layout as importstatement takes it (JSON text). */
export const mappingOf = (layout: StatementLayout) => JSON.stringify(LAYOUTS[layout].mapping);

function csvField(v: string | number | Date | null): string {
  if (v === null) return '';
  const text = v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A statement as .xlsx or .csv: the layout's title rows, its header, the lines and a blank line. */
export async function statementFile(layout: StatementLayout, lines: readonly StatementLineSpec[], format: 'xlsx' | 'csv'): Promise<Buffer> {
  const l = LAYOUTS[layout];
  const rows = [...l.title, l.headers, ...lines.map((x) => l.row(x, format)), []];
  if (format === 'csv') {
    return Buffer.from(rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n', 'utf8');
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Statement');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A large statement written with exceljs' streaming writer to `path` (the bench). */
export async function writeStatementFile(
  path: string,
  layout: StatementLayout,
  lines: Iterable<StatementLineSpec>,
  format: 'xlsx' | 'csv',
): Promise<void> {
  const l = LAYOUTS[layout];
  if (format === 'csv') {
    const fs = await import('node:fs');
    const out = fs.createWriteStream(path);
    const write = (r: (string | number | Date | null)[]) => out.write(r.map(csvField).join(',') + '\r\n');
    for (const r of l.title) write(r);
    write(l.headers);
    for (const x of lines) write(l.row(x, format));
    write([]);
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    return;
  }
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: true });
  const ws = wb.addWorksheet('Statement');
  for (const r of l.title) ws.addRow(r).commit();
  ws.addRow(l.headers).commit();
  for (const x of lines) ws.addRow(l.row(x, format)).commit();
  ws.addRow([]).commit();
  ws.commit();
  await wb.commit();
}

// ---------------------------------------------------------------- the records a statement test needs

/** What the helpers below need of a test app (test/harness.ts). */
interface StatementWorld {
  db: { db: Kysely<Database> };
}
interface Answer {
  statusCode: number;
  body: string;
  json(): unknown;
}
interface Poster {
  post(url: string, body: unknown): Promise<Answer>;
}

let insurerSeq = 0;
/** An insurer made in the database (the insurers' own routes are decision 037's other half). */
export async function newInsurer(
  t: StatementWorld,
  name = `Insurer ${++insurerSeq} ${Date.now() % 100000}`,
): Promise<{ id: number; name: string }> {
  const now = new Date().toISOString();
  const row = await t.db.db
    .insertInto('insurers')
    .values({
      name,
      name_key: name.toLowerCase().replace(/\s+/g, ''),
      code: `T${++insurerSeq}${Math.floor(Math.random() * 1e6)}`.slice(0, 20),
      active: 1,
      statement_mapping: null,
      created_at: now,
      created_by: null,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

/** The agency's rate (percent) for an insurer's product from a day, made in the database. */
export async function setAgencyRate(t: StatementWorld, insurerId: number, product: string, percent: number, effectiveFrom = '2000-01-01') {
  await t.db.db
    .insertInto('insurer_rates')
    .values({
      insurer_id: insurerId,
      product,
      rate_hundredths: Math.round(percent * 100),
      effective_from: effectiveFrom,
      created_at: new Date().toISOString(),
      created_by: null,
    })
    .execute();
}

/**
 * A sale of the member's (a deal, then its sale, through the API as the agent enters them), linked
 * to the insurer: returns its id.
 */
export async function insurerSale(
  t: StatementWorld,
  client: Poster,
  memberId: number,
  insurer: { id: number; name: string },
  s: { policy: string; customer: string; tcv: number; product?: string; effective?: string },
): Promise<number> {
  const product = s.product ?? 'Comprehensive';
  const deal = await client.post('/api/adddeals', {
    id: memberId,
    customerName: s.customer,
    transactionType: 'New',
    product,
    tcvValue: String(s.tcv),
    effectiveDate: s.effective ?? '2026-09-01',
    dealStatus: 'For Payment Collection',
    salesType: 'Direct',
    salesGroup: 'CarSalesGroup',
  });
  if (deal.statusCode !== 200) throw new Error(`deal failed: ${deal.body}`);
  const d = (deal.json() as { deal: { id: number; deal_status: string } }).deal;
  const sale = await client.post('/api/addsales', {
    id: memberId,
    formData: {
      customerName: s.customer,
      transactionType: 'New',
      product,
      tcv: String(s.tcv),
      sales_type: 'Direct',
      referror: '',
      agent: '',
      deal_status: d.deal_status,
      sales_group: 'CarSalesGroup',
      policy: s.policy,
      insurer: insurer.name,
      planName: 'Plan',
      effectiveDate: s.effective ?? '2026-09-01',
      dealid: d.id,
    },
  });
  if (sale.statusCode !== 200) throw new Error(`sale failed: ${sale.body}`);
  const id = (sale.json() as { sale: { id: number } }).sale.id;
  await t.db.db.updateTable('sales').set({ insurer_id: insurer.id }).where('id', '=', id).execute();
  return id;
}

interface FormPoster {
  postForm(
    url: string,
    parts: ({ name: string; value: string } | { name: string; filename: string; content: Buffer | string })[],
  ): Promise<Answer>;
}

/**
 * Fresh statement records for the platform tests (a row per route): an insurer made once, and per
 * call an import of a new file (its own bytes) with one unmatched line, made by `admin`.
 */
export function statementFixtures(world: () => StatementWorld, admin: () => Promise<FormPoster>) {
  let insurer: Promise<{ id: number; name: string }> | null = null;
  let n = 0;
  const insurerOf = () => (insurer ??= newInsurer(world()));
  return {
    insurerId: async () => (await insurerOf()).id,
    /** The form of an import of a fresh one-line statement. */
    async importParts() {
      const file = await statementFile('malayan', [{ policy: `FIX-${Date.now()}-${++n}`, commission: 10 }], 'csv');
      return [
        { name: 'insurer_id', value: String((await insurerOf()).id) },
        { name: 'period', value: '2026-10' },
        { name: 'mapping', value: mappingOf('malayan') },
        { name: 'file', filename: `fixture-${n}.csv`, content: file },
      ];
    },
    async previewParts() {
      const file = await statementFile('pioneer', [{ policy: `PRE-${++n}`, commission: 10 }], 'csv');
      return [
        { name: 'insurer_id', value: String((await insurerOf()).id) },
        { name: 'file', filename: `preview-${n}.csv`, content: file },
      ];
    },
    /** A fresh import and its one line. */
    async newImport(): Promise<{ importId: number; lineId: number }> {
      const res = await (await admin()).postForm('/api/importstatement', await this.importParts());
      if (res.statusCode !== 200) throw new Error(`import failed: ${res.body}`);
      const importId = (res.json() as { import: { id: number } }).import.id;
      const line = await world()
        .db.db.selectFrom('statement_lines')
        .select('id')
        .where('import_id', '=', importId)
        .executeTakeFirstOrThrow();
      return { importId, lineId: line.id };
    },
    /** The sale linked to the fixtures' insurer (what matchstatementline needs). */
    async linkSale(saleId: number): Promise<number> {
      await world()
        .db.db.updateTable('sales')
        .set({ insurer_id: (await insurerOf()).id })
        .where('id', '=', saleId)
        .execute();
      return saleId;
    },
  };
}
