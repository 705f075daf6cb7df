import { describe, expect, it } from 'vitest';
import readExcelFile from 'read-excel-file/node';
import { PDFParse } from 'pdf-parse';
import { alphalistDatFileName } from '@ahente/contract/tax';
import { alphalistDat, alphalistDatFile, alphalistWorkbook } from './alphalist-files.ts';
import type { AlphalistDocument, Form2307Document } from './bir-documents.ts';
import { form2307Pdf } from './form2307-pdf.ts';

/**
 * The BIR's documents as the payee and the BIR read them: the 2307's text, the .DAT's exact lines
 * and the alphalist workbook's cells, against figures computed here by hand.
 *
 * Maria Clara Santos's first quarter of 2026: statements of 12,345.67 (January) and 8,000.00
 * (February) at 5 % (WI070), then her declaration moved her to 10 % (WI071) for March's 4,321.10.
 * Tax per statement, half up: 617.2835 → 617.28; 400.00; 432.11. So:
 * - WI070: 12,345.67 + 8,000.00 + 0.00 = 20,345.67 income, 617.28 + 400.00 = 1,017.28 tax;
 * - WI071: 4,321.10 income, 432.11 tax;
 * - total: 24,666.77 income, 1,449.39 tax.
 */

const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

const form = (over: Partial<Form2307Document> = {}): Form2307Document => ({
  year: 2026,
  quarter: 1,
  months: ['2026-01', '2026-02', '2026-03'],
  payee: { name: 'SANTOS, MARIA CLARA PEÑA', tin: '234-567-890', address: '45 Mabini Street, Barangay San Roque, Quezon City' },
  payor: { name: 'Ahente Insurance Agency, Inc.', tin: '123-456-789-000', address: '12 Ayala Avenue, Makati City', rdo: '050' },
  lines: [
    { atc: 'WI070', rate: 5, months: [12345.67, 8000, 0], income: 20345.67, tax: 1017.28 },
    { atc: 'WI071', rate: 10, months: [0, 0, 4321.1], income: 4321.1, tax: 432.11 },
  ],
  totals: { months: [12345.67, 8000, 4321.1], income: 24666.77, tax: 1449.39 },
  issuedOn: '2026-04-15',
  ...over,
});

describe('BIR Form 2307', () => {
  it('shows the period, the payee and the payor, each ATC’s months, total and tax, and the date issued', async () => {
    const bytes = await form2307Pdf(form());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Certificate of Creditable Tax');
    expect(text).toContain('Withheld at Source');
    expect(text).toContain('For the Period From 01/01/2026 To 03/31/2026');
    expect(text).toContain('Part I – Payee Information');
    expect(text).toContain('Taxpayer Identification Number (TIN) 234-567-890');
    expect(text).toContain('SANTOS, MARIA CLARA PEÑA');
    expect(text).toContain('Registered Address 45 Mabini Street, Barangay San Roque, Quezon City');
    expect(text).toContain('Part II – Payor Information');
    expect(text).toContain('Taxpayer Identification Number (TIN) 123-456-789-000');
    expect(text).toContain('Ahente Insurance Agency, Inc.');
    expect(text).toContain('Registered Address 12 Ayala Avenue, Makati City');
    expect(text).toContain('RDO Code 050');
    expect(text).toContain('Part III – Details of Monthly Income Payments and Taxes Withheld');
    expect(text).toContain('January 2026');
    expect(text).toContain('March 2026');
    // One row per ATC: the three months, their total, the tax withheld; then the totals.
    expect(text).toContain('Commission (insurance agent) WI070 12,345.67 8,000.00 0.00 20,345.67 1,017.28');
    expect(text).toContain('Commission (insurance agent) WI071 0.00 0.00 4,321.10 4,321.10 432.11');
    expect(text).toContain('Total 12,345.67 8,000.00 4,321.10 24,666.77 1,449.39');
    expect(text).toContain("Signature over printed name of payor/payor's authorized representative");
    expect(text).toContain('04/15/2026');
    expect(text).toContain('Date issued (MM/DD/YYYY)');
    expect(text).not.toContain('Not on file');
  });

  it('prints "Not on file" for a payee with no TIN or address, and a fourth quarter to 31 December', async () => {
    const q4 = form({
      year: 2026,
      quarter: 4,
      months: ['2026-10', '2026-11', '2026-12'],
      payee: { name: 'REYES, ANDRES', tin: null, address: null },
      lines: [{ atc: 'WI070', rate: 5, months: [1000, 0, 500.5], income: 1500.5, tax: 75.03 }],
      totals: { months: [1000, 0, 500.5], income: 1500.5, tax: 75.03 },
      issuedOn: '2027-01-20',
    });
    const text = await pdfText(await form2307Pdf(q4));
    expect(text).toContain('For the Period From 10/01/2026 To 12/31/2026');
    expect(text).toContain('Taxpayer Identification Number (TIN) Not on file');
    expect(text).toContain('Registered Address Not on file');
    expect(text).toContain('Commission (insurance agent) WI070 1,000.00 0.00 500.50 1,500.50 75.03');
    expect(text).toContain('Total 1,000.00 0.00 500.50 1,500.50 75.03');
    expect(text).toContain('01/20/2027');
  });

  it('is refused when its totals are not the sums of its lines', async () => {
    await expect(form2307Pdf(form({ totals: { months: [12345.67, 8000, 4321.1], income: 24666.77, tax: 1449.4 } }))).rejects.toThrow(
      'Form 2307: the totals are not the sums of the monthly amounts',
    );
    const badLine = form();
    badLine.lines[0]!.income = 20345.68;
    await expect(form2307Pdf(badLine)).rejects.toThrow('the totals are not the sums');
  });
});

/**
 * The third quarter of 2026 at a branch (TIN 123-456-789-002): two payees, Maria Clara (two ATCs,
 * her rate changed) and José "Pepe" Dela Cruz, who has no TIN on file. Totals by hand:
 * income 20,345.67 + 4,321.10 + 1,000.50 = 25,667.27; tax 1,017.28 + 432.11 + 50.03 = 1,499.42.
 */
const alphalist = (): AlphalistDocument => ({
  year: 2026,
  quarter: 3,
  agency: { name: 'Ahente Insurance Agency, Inc.', tin: '123-456-789-002', address: '12 Ayala Avenue, Makati City', rdo: '050' },
  rows: [
    {
      member_id: 7,
      tin: '234-567-890',
      last_name: 'Santos',
      first_name: 'Maria Clara',
      middle_name: 'Peña',
      atc: 'WI070',
      rate: 5,
      income: 20345.67,
      tax: 1017.28,
    },
    {
      member_id: 7,
      tin: '234-567-890',
      last_name: 'Santos',
      first_name: 'Maria Clara',
      middle_name: 'Peña',
      atc: 'WI071',
      rate: 10,
      income: 4321.1,
      tax: 432.11,
    },
    {
      member_id: 9,
      tin: null,
      last_name: 'Dela Cruz',
      first_name: 'José "Pepe"',
      middle_name: null,
      atc: 'WI070',
      rate: 5,
      income: 1000.5,
      tax: 50.03,
    },
  ],
});

describe('the alphalist .DAT (1601-EQ)', () => {
  it('has the header, a D1 line per payee and ATC and the control line, in ASCII with CRLF', () => {
    const dat = alphalistDat(alphalist());
    expect(dat).toBe(
      [
        'HQAP,H1601EQ,123456789,0002,"AHENTE INSURANCE AGENCY, INC.",09/2026,050',
        'D1,1601EQ,1,234567890,0000,"","SANTOS","MARIA CLARA","PENA",09/2026,WI070,5.00,20345.67,1017.28',
        'D1,1601EQ,2,234567890,0000,"","SANTOS","MARIA CLARA","PENA",09/2026,WI071,10.00,4321.10,432.11',
        // No TIN on file: zeros, as the module expects a TIN in every line; the quotes in the name are dropped.
        'D1,1601EQ,3,000000000,0000,"","DELA CRUZ","JOSE PEPE","",09/2026,WI070,5.00,1000.50,50.03',
        'C1,1601EQ,123456789,0002,09/2026,25667.27,1499.42',
        '',
      ].join('\r\n'),
    );
    expect(/^[\x20-\x7e\r\n]*$/.test(dat)).toBe(true);
  });

  it('is named {TIN}{BRANCH}{MMYYYY}1601EQ.DAT and downloads as ASCII bytes', () => {
    const file = alphalistDatFile(alphalist());
    expect(file.fileName).toBe('12345678900020920261601EQ.DAT');
    expect(file.fileName).toBe(alphalistDatFileName('123-456-789-002', 2026, 3));
    expect(file.bytes.toString('ascii')).toBe(alphalistDat(alphalist()));
    expect(file.bytes.length).toBe(alphalistDat(alphalist()).length);
  });

  it('has only the header and a zero control line for a quarter with no payees', () => {
    const empty = { ...alphalist(), quarter: 1, rows: [] };
    expect(alphalistDat(empty)).toBe(
      'HQAP,H1601EQ,123456789,0002,"AHENTE INSURANCE AGENCY, INC.",03/2026,050\r\nC1,1601EQ,123456789,0002,03/2026,0.00,0.00\r\n',
    );
  });
});

describe('the alphalist workbook', () => {
  it('lists each payee and ATC with TIN, branch, name, rate, income and tax, then the totals', async () => {
    const [sheet] = await readExcelFile(await alphalistWorkbook(alphalist()));
    expect(sheet!.sheet).toBe('Alphalist');
    const rows = sheet!.data.filter((r) => r.some((c) => c !== null));
    expect(rows[0]![0]).toBe('Ahente Insurance Agency, Inc.');
    expect(rows[1]![0]).toBe('Alphalist of payees subject to expanded withholding tax (BIR Form 1601-EQ), 3rd quarter of 2026');
    expect(rows.find((r) => r[0] === 'TIN')!.slice(0, 2)).toEqual(['TIN', '123-456-789-002']);
    expect(rows.find((r) => r[0] === 'RDO Code')!.slice(0, 2)).toEqual(['RDO Code', '050']);
    const header = rows.findIndex((r) => r[0] === 'Seq');
    expect(rows.slice(header)).toEqual([
      ['Seq', 'TIN', 'Branch', 'Last Name', 'First Name', 'Middle Name', 'ATC', 'Rate (%)', 'Income', 'Tax Withheld'],
      [1, '234-567-890', '0000', 'Santos', 'Maria Clara', 'Peña', 'WI070', 5, 20345.67, 1017.28],
      [2, '234-567-890', '0000', 'Santos', 'Maria Clara', 'Peña', 'WI071', 10, 4321.1, 432.11],
      [3, 'Not on file', null, 'Dela Cruz', 'José "Pepe"', null, 'WI070', 5, 1000.5, 50.03],
      ['Total', '3 lines', null, null, null, null, null, null, 25667.27, 1499.42],
    ]);
  });
});
