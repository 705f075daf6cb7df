/**
 * The quarter's alphalist of payees (decision 019): a workbook for people and the .DAT file that
 * BIR's alphalist module reads for the 1601-EQ (QAP), its layout as decision 019 gives it.
 */
import writeExcelFile, { type Row } from 'write-excel-file/node';
import { alphalistDatFileName, splitTin } from '@ahente/contract/tax';
import { PESO_EXCEL_FORMAT, sumPesos } from '@ahente/contract/money';
import { NOT_ON_FILE, type AlphalistDocument } from './bir-documents.ts';

/** The .DAT's TIN and branch for a payee with no TIN on file: zeros (the module then flags the line). */
export const NO_TIN = { tin9: '000000000', branch: '0000' } as const;

const QUARTER_NAMES = ['1st', '2nd', '3rd', '4th'] as const;
const quarterText = (year: number, quarter: number) => `${QUARTER_NAMES[quarter - 1]} quarter of ${year}`;

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
const money = (value: number) => ({ value, type: Number, format: PESO_EXCEL_FORMAT });
const dashed = (tin9: string) => tin9.match(/\d{3}/g)!.join('-');

/**
 * The alphalist as a workbook, one sheet 'Alphalist': the agency and the quarter, then per payee
 * and ATC the TIN (text, 000-000-000, or "Not on file"), the branch, the name, the ATC, the rate,
 * the income and the tax withheld, then the totals.
 */
export function alphalistWorkbook(doc: AlphalistDocument): Promise<Buffer> {
  const rows: Row[] = [
    [bold(doc.agency.name)],
    [`Alphalist of payees subject to expanded withholding tax (BIR Form 1601-EQ), ${quarterText(doc.year, doc.quarter)}`],
    ['TIN', doc.agency.tin],
    ['RDO Code', doc.agency.rdo],
    ['Address', doc.agency.address],
    [],
    ['Seq', 'TIN', 'Branch', 'Last Name', 'First Name', 'Middle Name', 'ATC', 'Rate (%)', 'Income', 'Tax Withheld'].map(bold),
    ...doc.rows.map((r, i): Row => {
      const tin = r.tin === null ? null : splitTin(r.tin);
      return [
        { value: i + 1, type: Number },
        // Text, so the leading zeros stay.
        tin ? dashed(tin.tin9) : NOT_ON_FILE,
        tin ? tin.branch : null,
        r.last_name,
        r.first_name,
        r.middle_name,
        r.atc,
        { value: r.rate, type: Number, format: '0.00' },
        money(r.income),
        money(r.tax),
      ];
    }),
    [
      bold('Total'),
      `${doc.rows.length} ${doc.rows.length === 1 ? 'line' : 'lines'}`,
      null,
      null,
      null,
      null,
      null,
      null,
      { ...money(sumPesos(doc.rows.map((r) => r.income))), fontWeight: 'bold' as const },
      { ...money(sumPesos(doc.rows.map((r) => r.tax))), fontWeight: 'bold' as const },
    ],
  ];
  return writeExcelFile(rows, {
    sheet: 'Alphalist',
    columns: [6, 14, 8, 20, 20, 18, 8, 9, 16, 16].map((width) => ({ width })),
  }).toBuffer();
}

/** Text for the .DAT: ASCII only (ñ → N, é → E), upper case, no double quotes, single spaces. */
export function datText(text: string | null): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/"/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

/** Pesos as the .DAT writes them: 2 decimals, no thousands separators (1234.50). */
const datAmount = (pesos: number) => (Math.round(pesos * 100) / 100 || 0).toFixed(2);

/**
 * The .DAT for BIR's alphalist module (1601-EQ, quarterly alphalist of payees), CRLF lines:
 * - `HQAP,H1601EQ,{TIN9},{BRANCH4},"{AGENCY NAME}",{MM/YYYY},{RDO}`
 * - per row `D1,1601EQ,{SEQ},{TIN9},{BRANCH4},"{REGISTERED NAME}","{LAST}","{FIRST}","{MIDDLE}",{MM/YYYY},{ATC},{RATE},{INCOME},{TAX}`,
 *   the registered name empty for an individual, a payee with no TIN as 000000000 and 0000;
 * - `C1,1601EQ,{TIN9},{BRANCH4},{MM/YYYY},{TOTAL INCOME},{TOTAL TAX}`.
 * MM/YYYY is the quarter's last month. Its file name is `alphalistDatFileName` (contract).
 */
export function alphalistDat(doc: AlphalistDocument): string {
  const agency = splitTin(doc.agency.tin);
  const period = `${String(doc.quarter * 3).padStart(2, '0')}/${doc.year}`;
  const lines = [
    `HQAP,H1601EQ,${agency.tin9},${agency.branch},"${datText(doc.agency.name)}",${period},${datText(doc.agency.rdo)}`,
    ...doc.rows.map((r, i) => {
      const tin = r.tin === null ? NO_TIN : splitTin(r.tin);
      return [
        'D1',
        '1601EQ',
        i + 1,
        tin.tin9,
        tin.branch,
        '""',
        `"${datText(r.last_name)}"`,
        `"${datText(r.first_name)}"`,
        `"${datText(r.middle_name)}"`,
        period,
        datText(r.atc),
        r.rate.toFixed(2),
        datAmount(r.income),
        datAmount(r.tax),
      ].join(',');
    }),
    [
      'C1',
      '1601EQ',
      agency.tin9,
      agency.branch,
      period,
      datAmount(sumPesos(doc.rows.map((r) => r.income))),
      datAmount(sumPesos(doc.rows.map((r) => r.tax))),
    ].join(','),
  ];
  return lines.map((line) => `${line}\r\n`).join('');
}

/** The .DAT as the download: its bytes (ASCII) and the name the module expects, `{TIN}{BRANCH}{MMYYYY}1601EQ.DAT`. */
export function alphalistDatFile(doc: AlphalistDocument): { fileName: string; bytes: Buffer } {
  return { fileName: alphalistDatFileName(doc.agency.tin, doc.year, doc.quarter), bytes: Buffer.from(alphalistDat(doc), 'ascii') };
}
