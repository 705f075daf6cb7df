/**
 * BIR Form 2307, Certificate of Creditable Tax Withheld at Source (January 2018 ENCS), as an A4
 * PDF: the period, the payee (Part I), the payor (Part II), the income of each month of the
 * quarter and the tax withheld per ATC (Part III), the declaration and the signatures.
 *
 * Drawn on the calling thread, not in the statement PDFs' worker pool (statement-files.ts): a 2307
 * is one page of a few lines, and a member asks for it once a quarter. Measured on the 2-core
 * development machine: 28 ms median, 31 ms p95 after the first (35 and 62 ms with the machine busy
 * with other work); the first in a fresh process takes 90–250 ms (the fonts' first parse, the JIT).
 * A statement, by contrast, is drawn again and again by many members at a close.
 */
import PDFDocument from 'pdfkit';
import { pdfBytes, useRoboto } from '../../platform/pdf.ts';
import { formatAmount, NOT_ON_FILE, type Form2307Document } from './bir-documents.ts';

/** What Part III calls the income of an insurance agent's commission. */
export const COMMISSION_INCOME_LABEL = 'Commission (insurance agent)';

const INK = '#0f172a';
const RULE = '#334155';
const BAR = '#1e293b';

/** 'YYYY-MM-DD' → 'MM/DD/YYYY', as the form writes dates. */
export const formDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** The first and last day of a quarter, YYYY-MM-DD. */
export function quarterBounds(year: number, quarter: number): { from: string; to: string } {
  const first = (quarter - 1) * 3 + 1;
  const last = first + 2;
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  const mm = (m: number) => String(m).padStart(2, '0');
  return { from: `${year}-${mm(first)}-01`, to: `${year}-${mm(last)}-${lastDay}` };
}

const monthName = new Intl.DateTimeFormat('en-PH', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (month: string) => monthName.format(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1)));

/** Throws unless each line's income is the sum of its months and the totals are the sums of the lines. */
function checkSums(form: Form2307Document): void {
  const c = (pesos: number) => Math.round(pesos * 100);
  const sum = (values: number[]) => values.reduce((a, v) => a + c(v), 0);
  const lineOk = form.lines.every((l) => sum(l.months) === c(l.income));
  const totalsOk =
    [0, 1, 2].every((m) => sum(form.lines.map((l) => l.months[m]!)) === c(form.totals.months[m]!)) &&
    sum(form.lines.map((l) => l.income)) === c(form.totals.income) &&
    sum(form.lines.map((l) => l.tax)) === c(form.totals.tax);
  if (!lineOk || !totalsOk) throw new Error('Form 2307: the totals are not the sums of the monthly amounts');
}

/** The certificate as an A4 PDF (one page). Throws if its totals are not the sums of its lines. */
export async function form2307Pdf(form: Form2307Document): Promise<Buffer> {
  checkSums(form);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 36,
    info: { Title: `BIR Form 2307, ${form.year} Q${form.quarter}, ${form.payee.name}`, Author: form.payor.name },
  });
  useRoboto(doc);
  const done = pdfBytes(doc);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const right = left + width;

  const hline = (y: number, weight = 0.5) => doc.moveTo(left, y).lineTo(right, y).lineWidth(weight).strokeColor(RULE).stroke();

  // ---------------------------------------------------------------- heading
  let y = doc.page.margins.top;
  doc.rect(left, y, 90, 48).lineWidth(0.8).strokeColor(RULE).stroke();
  doc
    .fillColor(INK)
    .font('regular')
    .fontSize(7)
    .text('BIR Form No.', left, y + 5, { width: 90, align: 'center' });
  doc
    .font('bold')
    .fontSize(16)
    .text('2307', left, y + 14, { width: 90, align: 'center' });
  doc
    .font('regular')
    .fontSize(6.5)
    .text('January 2018 (ENCS)', left, y + 34, { width: 90, align: 'center' });
  doc.font('regular').fontSize(8);
  doc.text('Republic of the Philippines', left + 100, y, { width: width - 200, align: 'center' });
  doc.text('Department of Finance', { width: width - 200, align: 'center' });
  doc.text('Bureau of Internal Revenue', { width: width - 200, align: 'center' });
  doc
    .font('bold')
    .fontSize(13)
    .text('Certificate of Creditable Tax', left + 100, y + 27, { width: width - 200, align: 'center' });
  doc.text('Withheld at Source', { width: width - 200, align: 'center' });
  y += 62;

  // 1: the period.
  const { from, to } = quarterBounds(form.year, form.quarter);
  hline(y, 0.8);
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(INK)
    .text(`1  For the Period From ${formDate(from)} To ${formDate(to)}`, left + 4, y + 6, { width: width - 8 });
  doc
    .font('regular')
    .fontSize(7.5)
    .text('(MM/DD/YYYY)', left, y + 7, { width: width - 4, align: 'right' });
  y += 22;

  // ---------------------------------------------------------------- parts I and II
  const bar = (title: string) => {
    doc.rect(left, y, width, 15).fill(BAR);
    doc
      .fillColor('#ffffff')
      .font('bold')
      .fontSize(9)
      .text(title, left, y + 3.5, { width, align: 'center' });
    doc.fillColor(INK);
    y += 15;
  };
  const labelWidth = 190;
  const field = (label: string, value: string) => {
    doc.font('regular').fontSize(7.5);
    const labelHeight = doc.heightOfString(label, { width: labelWidth - 8 });
    doc.font('bold').fontSize(10);
    const valueHeight = doc.heightOfString(value, { width: width - labelWidth - 12 });
    const h = Math.max(labelHeight, valueHeight) + 10;
    doc
      .font('regular')
      .fontSize(7.5)
      .text(label, left + 4, y + 5, { width: labelWidth - 8 });
    doc
      .rect(left + labelWidth, y + 3, width - labelWidth - 2, h - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font('bold')
      .fontSize(10)
      .text(value, left + labelWidth + 5, y + 5.5, { width: width - labelWidth - 12 });
    y += h;
  };

  bar('Part I – Payee Information');
  field('2  Taxpayer Identification Number (TIN)', form.payee.tin ?? NOT_ON_FILE);
  field("3  Payee's Name (Last Name, First Name, Middle Name for Individual OR Registered Name for Non-Individual)", form.payee.name);
  field('4  Registered Address', form.payee.address ?? NOT_ON_FILE);
  y += 4;
  bar('Part II – Payor Information');
  field('6  Taxpayer Identification Number (TIN)', form.payor.tin);
  field("7  Payor's Name (Last Name, First Name, Middle Name for Individual OR Registered Name for Non-Individual)", form.payor.name);
  field('8  Registered Address', form.payor.address);
  field('RDO Code', form.payor.rdo);
  y += 4;

  // ---------------------------------------------------------------- part III
  bar('Part III – Details of Monthly Income Payments and Taxes Withheld');
  // Income payments, ATC, the three months, total, tax withheld.
  const cols = [131, 44, 70, 70, 70, 69, 69];
  const xs = cols.map((_, i) => left + cols.slice(0, i).reduce((a, b) => a + b, 0));
  /** Vertical rules from `top` to `bottom` at the left edge of the columns given (cols.length: the right edge). */
  const grid = (top: number, bottom: number, edges = cols.map((_, i) => i).concat(cols.length)) => {
    for (const i of edges) {
      const x = i === cols.length ? right : xs[i]!;
      doc.moveTo(x, top).lineTo(x, bottom).lineWidth(0.5).strokeColor(RULE).stroke();
    }
  };
  const cell = (text: string, i: number, top: number, opts: { bold?: boolean; align?: 'left' | 'center' | 'right'; size?: number } = {}) =>
    doc
      .font(opts.bold ? 'bold' : 'regular')
      .fontSize(opts.size ?? 8)
      .fillColor(INK)
      .text(text, xs[i]! + 3, top, { width: cols[i]! - 6, align: opts.align ?? 'left' });

  // The heading: "Amount of income payments" over the three months and the total.
  const headTop = y;
  const groupHeight = 14;
  const headHeight = 46;
  doc
    .font('bold')
    .fontSize(7.5)
    .text('AMOUNT OF INCOME PAYMENTS', xs[2]!, headTop + 4, { width: cols[2]! + cols[3]! + cols[4]! + cols[5]!, align: 'center' });
  doc
    .moveTo(xs[2]!, headTop + groupHeight)
    .lineTo(xs[6]!, headTop + groupHeight)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  cell('Income Payments Subject to Expanded Withholding Tax', 0, headTop + 12, { bold: true, align: 'center', size: 7.5 });
  cell('ATC', 1, headTop + 19, { bold: true, align: 'center', size: 7.5 });
  ['1st Month of the Quarter', '2nd Month of the Quarter', '3rd Month of the Quarter'].forEach((label, m) => {
    cell(label, 2 + m, headTop + groupHeight + 3, { bold: true, align: 'center', size: 7.5 });
    cell(monthLabel(form.months[m]!), 2 + m, headTop + groupHeight + 22, { align: 'center', size: 6.5 });
  });
  cell('Total', 5, headTop + groupHeight + 10, { bold: true, align: 'center', size: 7.5 });
  cell('Tax Withheld for the Quarter', 6, headTop + 12, { bold: true, align: 'center', size: 7.5 });
  // The group's band has no rules between the months; below it, every column has its own.
  grid(headTop, headTop + groupHeight, [0, 1, 2, 6, cols.length]);
  grid(headTop + groupHeight, headTop + headHeight);
  y = headTop + headHeight;
  hline(y);

  const amountRow = (label: string, atc: string, amounts: (number | null)[], bold = false) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(8);
    const h = Math.max(doc.heightOfString(label, { width: cols[0]! - 6 }), 10) + 8;
    cell(label, 0, y + 4, { bold });
    cell(atc, 1, y + 4, { bold, align: 'center' });
    amounts.forEach((a, i) => {
      if (a !== null) cell(formatAmount(a), 2 + i, y + 4, { bold, align: 'right' });
    });
    grid(y, y + h);
    y += h;
    hline(y);
  };
  for (const line of form.lines) {
    amountRow(COMMISSION_INCOME_LABEL, line.atc, [...line.months, line.income, line.tax]);
  }
  amountRow('Total', '', [...form.totals.months, form.totals.income, form.totals.tax], true);
  // The form's second table, for money payments subject to business tax: nothing of an agent's commission goes there.
  amountRow('Money Payments Subject to Withholding of Business Tax (Government & Private)', '', [null, null, null, null, null]);
  doc.moveTo(left, headTop).lineTo(right, headTop).lineWidth(0.5).strokeColor(RULE).stroke();
  y += 10;

  // ---------------------------------------------------------------- declaration and signatures
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(INK)
    .text(
      'We declare under the penalties of perjury that this certificate has been made in good faith, verified by us, and to the ' +
        'best of our knowledge and belief, is true and correct, pursuant to the provisions of the National Internal Revenue Code, ' +
        'as amended, and the regulations issued under authority thereof. Further, we give our consent to the processing of our ' +
        'information as contemplated under the Data Privacy Act of 2012 (R.A. No. 10173) for legitimate and lawful purposes.',
      left,
      y,
      { width, align: 'justify' },
    );
  y = doc.y + 34;

  const signature = (value: string, caption: string, x: number, w: number) => {
    doc
      .font('bold')
      .fontSize(9)
      .text(value, x, y - 13, { width: w, align: 'center' });
    doc
      .moveTo(x, y)
      .lineTo(x + w, y)
      .lineWidth(0.6)
      .strokeColor(INK)
      .stroke();
    doc
      .font('regular')
      .fontSize(7)
      .text(caption, x, y + 3, { width: w, align: 'center' });
  };
  signature(form.payor.name, "Signature over printed name of payor/payor's authorized representative", left, width * 0.62);
  signature(formDate(form.issuedOn), 'Date issued (MM/DD/YYYY)', left + width * 0.7, width * 0.3);
  y += 58;
  doc
    .font('bold')
    .fontSize(8)
    .text('CONFORME:', left, y - 34, { width });
  signature(form.payee.name, "Signature over printed name of payee/payee's authorized representative", left, width * 0.62);
  signature('', 'Date signed (MM/DD/YYYY)', left + width * 0.7, width * 0.3);

  doc.end();
  return done;
}
