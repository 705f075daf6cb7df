/**
 * Insurer statements as the insurers send them (decision 037), for the demo data: each insurer in
 * its own layout, a title block above the header row, its own column names, date and amount
 * formats, and a blank line at the end. Malayan sends an .xlsx (dates as Excel dates, negatives as
 * negative numbers); Pioneer a .csv (dates `10/05/2026`, amounts `₱1,234.50`, negatives `(1,234.50)`).
 */
import writeExcelFile, { type Row } from 'write-excel-file/node';
import { PESO_EXCEL_FORMAT } from '@ahente/contract/money';

/** One line of a statement as the insurer writes it (amounts in centavos, dates YYYY-MM-DD). */
export interface StatementFileLine {
  policy_no: string;
  insured_name: string;
  transaction: 'New' | 'Renewal' | 'Endorsement' | 'Cancellation';
  effective_date: string;
  premium_centavos: number;
  commission_centavos: number;
  paid_on: string;
}

export interface StatementFile {
  file_name: string;
  bytes: Buffer;
  /** The insurer's column for each field the import reads, as its header row names it. */
  mapping: Record<string, string>;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthName = (period: string) => `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;

/** Malayan's layout: an .xlsx, four title rows and a blank one above its header. */
export async function malayanStatement(period: string, agencyName: string, lines: readonly StatementFileLine[]): Promise<StatementFile> {
  const header = ['Policy No.', 'Assured', 'Trans. Type', 'Eff. Date', 'Gross Premium', 'Comm. Amount', 'Date Paid'];
  const money = (centavos: number) => ({ value: centavos / 100, type: Number, format: PESO_EXCEL_FORMAT });
  const date = (day: string) => ({ value: new Date(`${day}T00:00:00.000Z`), type: Date, format: 'yyyy-mm-dd' });
  const rows: Row[] = [
    [{ value: 'MALAYAN INSURANCE CO., INC.', fontWeight: 'bold' as const }],
    ['Agency Commission Statement'],
    [`Agent / Agency: ${agencyName}`],
    [`Statement period: ${monthName(period)}`],
    [],
    header.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...lines.map((l): Row => [
      l.policy_no,
      l.insured_name,
      l.transaction.toUpperCase(),
      date(l.effective_date),
      money(l.premium_centavos),
      money(l.commission_centavos),
      date(l.paid_on),
    ]),
    [],
  ];
  const bytes = await writeExcelFile(rows, {
    sheet: 'Commissions',
    columns: [18, 28, 12, 12, 16, 16, 12].map((width) => ({ width })),
  }).toBuffer();
  return {
    file_name: `Malayan_Commission_${period.replace('-', '')}.xlsx`,
    bytes,
    mapping: {
      policy_no: 'Policy No.',
      insured_name: 'Assured',
      transaction: 'Trans. Type',
      effective_date: 'Eff. Date',
      premium: 'Gross Premium',
      commission: 'Comm. Amount',
      paid_on: 'Date Paid',
    },
  };
}

/** Pioneer's layout: a .csv, two title lines above its header, pesos with the sign and negatives in parentheses. */
export function pioneerStatement(period: string, lines: readonly StatementFileLine[]): StatementFile {
  const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
  const pesos = (centavos: number) => {
    const text = (Math.abs(centavos) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return centavos < 0 ? `(${text})` : `₱${text}`;
  };
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const csv = [
    'Pioneer Insurance & Surety Corporation,,,,,,',
    `Commission Statement - ${monthName(period)},,,,,,`,
    'POLICY NUMBER,INSURED,TRANSACTION,EFFECTIVITY,PREMIUM,COMMISSION,PAYMENT DATE',
    ...lines.map((l) =>
      [
        l.policy_no,
        l.insured_name,
        l.transaction,
        usDate(l.effective_date),
        pesos(l.premium_centavos),
        pesos(l.commission_centavos),
        usDate(l.paid_on),
      ]
        .map(quote)
        .join(','),
    ),
    '',
    '',
  ].join('\r\n');
  return {
    file_name: `pioneer-commissions-${period}.csv`,
    bytes: Buffer.from(csv, 'utf8'),
    mapping: {
      policy_no: 'POLICY NUMBER',
      insured_name: 'INSURED',
      transaction: 'TRANSACTION',
      effective_date: 'EFFECTIVITY',
      premium: 'PREMIUM',
      commission: 'COMMISSION',
      paid_on: 'PAYMENT DATE',
    },
  };
}
