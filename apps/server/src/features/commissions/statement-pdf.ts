/**
 * Draws a statement as an A4 PDF. This module is the entry point of the PDF worker threads
 * (statement-files.ts runs it through a piscina pool; build.mjs bundles it as dist/statement-pdf.js):
 * its default export is the task a worker runs. It can also be called directly (tests).
 */
import PDFDocument from 'pdfkit';
import { COMMISSION_KIND_LABELS, formatRate } from '@ahente/contract/commissions';
import { formatMonth } from '@ahente/contract/dates';
import { formatPeso } from '@ahente/contract/money';
import {
  CARRIED_TEXT,
  detailText,
  notPayableText,
  saleText,
  statusText,
  summaryLines,
  type StatementDocument,
} from './statement-document.ts';
import { pdfBytes, useRoboto } from '../../platform/pdf.ts';
import { nameWithId } from '@ahente/contract/labels';

/** The statement as an A4 PDF: the agency, the member, the period, every entry, the summary (brought forward, gross, tax, net) and what is not on it. */
export function renderStatementPdf({ agencyName, statement: s, entries, notPayable }: StatementDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Commission statement ${s.period}`, Author: agencyName } });
  useRoboto(doc);
  const done = pdfBytes(doc);

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
  doc.text(`Member: ${nameWithId(s.member_name, s.member_id)}`);
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
  // The summary: brought forward, gross, the tax withheld, the net; and why a carried statement is not paid.
  // Its amounts end where the Amount column's do; the block is kept on one page.
  const lines = summaryLines(s);
  const notOnIt = notPayableText(notPayable);
  const blockHeight = 30 + 18 * lines.length + (s.carried ? 20 : 0) + (notOnIt ? 30 : 0);
  if (doc.y + blockHeight > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.moveDown(0.6);
  const amountRight = left + width - 3;
  const labelWidth = width - 120;
  for (const line of lines) {
    if (line.total) {
      doc
        .moveTo(left + labelWidth - 100, doc.y)
        .lineTo(left + width, doc.y)
        .lineWidth(0.5)
        .strokeColor('#94a3b8')
        .stroke();
      doc.y += 3;
    }
    const y = doc.y;
    doc
      .font(line.total ? 'bold' : 'regular')
      .fontSize(line.total ? 11 : 10)
      .fillColor('#0f172a');
    doc.text(line.label, left, y, { width: labelWidth, align: 'right' });
    doc.text(formatPeso(line.amount), left + labelWidth, y, { width: amountRight - left - labelWidth, align: 'right' });
    doc.x = left;
    doc.moveDown(0.2);
  }
  if (s.carried) {
    doc.moveDown(0.2);
    doc
      .font('bold')
      .fontSize(10)
      .fillColor('#b45309')
      .text(CARRIED_TEXT, left, doc.y, { width: amountRight - left, align: 'right' });
    doc.fillColor('#0f172a');
  }
  if (notOnIt) {
    doc.moveDown(0.4);
    doc
      .font('regular')
      .fontSize(9)
      .fillColor('#334155')
      .text(notOnIt, left, doc.y, { width: amountRight - left, align: 'right' });
  }
  doc.end();
  return done;
}

/** The worker's task (piscina calls a worker module's default export). */
export default renderStatementPdf;
