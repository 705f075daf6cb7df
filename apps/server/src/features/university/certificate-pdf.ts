/**
 * Draws a course certificate as an A4 landscape PDF (issue 47, decision 039): the member's name,
 * the course and its version, the day issued, the expiry if any, the verification code and the
 * public address that checks it. A PDF worker thread's entry (platform/pdf-pool.ts runs its default
 * export; build.mjs bundles it as dist/certificate-pdf.js), drawn with pdfkit and Roboto like the
 * statements and proposals. It can also be called directly (tests).
 */
import PDFDocument from 'pdfkit';
import { formatDay } from '@ahente/contract/dates';
import { pdfBytes, useRoboto } from '../../platform/pdf.ts';

/** What the PDF shows: plain data (it is cloned into the worker thread). */
export interface CertificateDocument {
  agency: string;
  name: string;
  course: string;
  version: number;
  issued_on: string;
  valid_until: string | null;
  code: string;
  /** The public page that checks the code. */
  check_url: string;
}

const INK = '#0f172a';
const MUTED = '#475569';
const ACCENT = '#1d4ed8';

export function renderCertificatePdf(c: CertificateDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 50,
    info: { Title: `Certificate of completion: ${c.course}`, Author: c.agency },
  });
  useRoboto(doc);
  const done = pdfBytes(doc);
  const { width, height } = doc.page;
  const left = 50;
  const inner = width - 100;

  doc
    .lineWidth(3)
    .strokeColor(ACCENT)
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(0.75)
    .strokeColor(ACCENT)
    .rect(32, 32, width - 64, height - 64)
    .stroke();

  doc
    .font('bold')
    .fontSize(14)
    .fillColor(MUTED)
    .text(c.agency.toUpperCase(), left, 80, { width: inner, align: 'center', characterSpacing: 1.5 });
  doc.moveDown(1.2);
  doc.font('bold').fontSize(30).fillColor(INK).text('Certificate of Completion', { width: inner, align: 'center' });
  doc.moveDown(0.8);
  doc.font('regular').fontSize(13).fillColor(MUTED).text('This certifies that', { width: inner, align: 'center' });
  doc.moveDown(0.5);
  doc.font('bold').fontSize(26).fillColor(ACCENT).text(c.name, { width: inner, align: 'center' });
  doc.moveDown(0.5);
  doc.font('regular').fontSize(13).fillColor(MUTED).text('has completed the course', { width: inner, align: 'center' });
  doc.moveDown(0.4);
  doc.font('bold').fontSize(18).fillColor(INK).text(c.course, { width: inner, align: 'center' });
  doc.font('regular').fontSize(11).fillColor(MUTED).text(`Version ${c.version}`, { width: inner, align: 'center' });
  doc.moveDown(1.2);
  doc
    .fontSize(12)
    .fillColor(INK)
    .text(`Issued on ${formatDay(c.issued_on)}`, { width: inner, align: 'center' });
  doc.text(c.valid_until ? `Valid until ${formatDay(c.valid_until)}` : 'Does not expire', { width: inner, align: 'center' });

  const footY = height - 120;
  doc.font('regular').fontSize(10).fillColor(MUTED).text('Verification code', left, footY, { width: inner, align: 'center' });
  doc.font('bold').fontSize(14).fillColor(INK).text(c.code, { width: inner, align: 'center', characterSpacing: 1 });
  doc.font('regular').fontSize(9.5).fillColor(MUTED).text(`Check it at ${c.check_url}`, { width: inner, align: 'center' });
  doc.end();
  return done;
}

/** The worker's task (piscina calls a worker module's default export). */
export default renderCertificatePdf;
