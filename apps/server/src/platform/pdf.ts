/**
 * What every PDF the server draws shares (statements, BIR Form 2307): Roboto, unwrapped once per
 * thread, and the bytes of a finished document.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

/**
 * WOFF 1.0 (a zlib-compressed TrueType/OpenType font) to the plain font file it wraps. fontkit
 * reads WOFF, but inflates a table again (in JavaScript) on every access: every glyph laid out
 * inflated the whole `glyf` table, ~0.3 s of one core per statement. Converting once makes a PDF
 * about 30 times cheaper (bench/README.md).
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
 * per thread (the main thread's, a PDF worker thread's) on the first PDF that thread draws (a few
 * milliseconds), not at start-up; then only read: an immutable value made from the installed
 * package, the same in every instance — not state shared between requests. pdfkit gets the bytes,
 * so no document reads or inflates a font file again.
 */
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** Registers Roboto as 'regular' and 'bold' on a document: what every PDF of the server draws with (the 2307 too). */
export function useRoboto(doc: PDFKit.PDFDocument): void {
  fonts ??= { regular: roboto('Regular'), bold: roboto('Bold') };
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
}

/** The bytes a document writes, once it is ended (call before drawing: it listens from the first byte). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
