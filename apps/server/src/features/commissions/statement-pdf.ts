/**
 * Draws a statement as an A4 PDF. This module is the entry point of the PDF worker threads
 * (statement-files.ts runs it through a piscina pool; build.mjs bundles it as dist/statement-pdf.js):
 * its default export is the task a worker runs. It can also be called directly (tests).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { COMMISSION_KIND_LABELS, formatRate } from '@ahente/contract/commissions';
import { formatMonth } from '@ahente/contract/dates';
import { formatPeso } from '@ahente/contract/money';
import { detailText, notPayableText, saleText, statusText, type StatementDocument } from './statement-document.ts';

/**
 * WOFF 1.0 (a zlib-compressed TrueType/OpenType font) to the plain font file it wraps. fontkit
 * reads WOFF, but inflates a table again (in JavaScript) on every access: every glyph laid out
 * inflated the whole `glyf` table, ~0.3 s of one core per statement. Converting once makes a PDF
 * about 30 times cheaper (bench/README.md, issue 20).
 */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const src = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (src.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const flavor = src.readUInt32BE(4);
  const numTables = src.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + 20 * i;
    const offset = src.readUInt32BE(at + 4);
    const compLength = src.readUInt32BE(at + 8);
    const origLength = src.readUInt32BE(at + 12);
    const stored = src.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('Damaged WOFF font: a table has the wrong length');
    return { tag: src.readUInt32BE(at), checksum: src.readUInt32BE(at + 16), data };
  });
  // The sfnt header, then the table records (WOFF keeps them sorted by tag, as sfnt requires), then each table 4-byte aligned.
  const padded = (n: number) => (n + 3) & ~3;
  const out = Buffer.alloc(12 + 16 * numTables + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 16 * 2 ** entrySelector;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(16 * numTables - searchRange, 10);
  let offset = 12 + 16 * numTables;
  tables.forEach((t, i) => {
    const at = 12 + 16 * i;
    out.writeUInt32BE(t.tag, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += padded(t.data.length);
  });
  return out;
}

const require = createRequire(import.meta.url);
const roboto = (weight: string) => woffToSfnt(fs.readFileSync(require.resolve(`roboto-fontface/fonts/roboto/Roboto-${weight}.woff`)));

/**
 * Roboto (Apache 2.0) from npm: the PDF's standard fonts have no peso sign. Read and unwrapped once
 * per thread, when this module loads (a few milliseconds), then only read: an immutable constant
 * made from the installed package, the same in every instance — not state shared between requests
 * (DESIGN §1). pdfkit gets the bytes, so no document reads or inflates a font file again.
 */
const FONTS = { regular: roboto('Regular'), bold: roboto('Bold') } as const;

/** The statement as an A4 PDF: the agency, the member, the period, every entry, the total and what is not on it. */
export function renderStatementPdf({ agencyName, statement: s, entries, notPayable }: StatementDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Commission statement ${s.period}`, Author: agencyName } });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
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
  const notOnIt = notPayableText(notPayable);
  if (notOnIt) {
    doc.moveDown(0.4);
    doc.font('regular').fontSize(9).fillColor('#334155').text(notOnIt, left, doc.y, { width, align: 'right' });
  }
  doc.end();
  return done;
}

/** The worker's task (piscina calls a worker module's default export). */
export default renderStatementPdf;
