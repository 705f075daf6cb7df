/**
 * Draws a proposal as an A4 PDF (issue 46 §4, decision 038): the agent's copy and the client's
 * are the same document. This module is a PDF worker thread's entry (platform/pdf-pool.ts runs its
 * default export; build.mjs bundles it as dist/proposal-pdf.js), drawn with the statements' library
 * and fonts (pdfkit, Roboto). It can also be called directly (tests).
 */
import PDFDocument from 'pdfkit';
import { formatDay } from '@ahente/contract/dates';
import { productLabel } from '@ahente/contract/labels';
import { formatPeso } from '@ahente/contract/money';
import type { ProposalOptionRecord } from '@ahente/contract/proposals';
import { pdfBytes, useRoboto } from '../../platform/pdf.ts';

/** What the PDF shows: plain data (it is cloned into the worker thread). */
export interface ProposalDocument {
  agency: string;
  number: string;
  version: number;
  client_name: string;
  product: string;
  valid_until: string;
  options: ProposalOptionRecord[];
  agent: { name: string; licence_number: string | null; contact: string | null };
}

/** The client's page says the same (proposals.public.disclaimer). */
export const PROPOSAL_DISCLAIMER =
  'The amounts are the insurer’s premium and the taxes and fees due on it. The insurer’s policy terms govern the cover.';

/** The breakdown's rows, as the proposal page names them; a tax that is zero on every option is left out. */
const BREAKDOWN_ROWS = [
  ['basic_premium', 'Basic premium'],
  ['dst', 'Documentary Stamp Tax'],
  ['vat', 'VAT'],
  ['lgt', 'Local Government Tax'],
  ['fst', 'Fire Service Tax'],
  ['fees', 'LTO fee'],
] as const;

const INK = '#0f172a';
const MUTED = '#475569';
const LINE = '#cbd5e1';

export function renderProposalPdf(p: ProposalDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `Proposal ${p.number} version ${p.version}`, Author: p.agency },
  });
  useRoboto(doc);
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.font('bold').fontSize(16).fillColor(INK).text(p.agency, left, doc.y, { width });
  doc.font('regular').fontSize(12).fillColor(MUTED).text(`Insurance proposal ${p.number} · version ${p.version}`);
  doc.moveDown(0.6);
  doc.fontSize(10).fillColor(INK);
  doc.text(`Prepared for: ${p.client_name}`);
  doc.text(`Product: ${productLabel(p.product)}`);
  doc.font('bold').text(`Valid until ${formatDay(p.valid_until)}`);
  doc.moveDown(0.8);

  // The options side by side: a label column, then one column per option.
  const labelWidth = p.options.length > 2 ? 130 : 160;
  const optionWidth = (width - labelWidth) / Math.max(1, p.options.length);
  const cols = [labelWidth, ...p.options.map(() => optionWidth)];
  const row = (cells: string[], style: { font?: 'regular' | 'bold'; size?: number; right?: boolean; shade?: boolean } = {}) => {
    doc.font(style.font ?? 'regular').fontSize(style.size ?? 9);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: cols[i]! - 8 }))) + 8;
    if (doc.y + h > bottom()) doc.addPage();
    const y = doc.y;
    if (style.shade) doc.rect(left, y, width, h).fill('#f1f5f9');
    let x = left;
    cells.forEach((c, i) => {
      doc
        .fillColor(i === 0 && !style.shade ? MUTED : INK)
        .font(i === 0 && !style.shade ? 'regular' : (style.font ?? 'regular'))
        .text(c, x + 4, y + 4, { width: cols[i]! - 8, align: i > 0 && style.right ? 'right' : 'left' });
      x += cols[i]!;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    doc.x = left;
    doc.y = y + h;
  };

  const os = p.options;
  row(['', ...os.map((o) => `Option ${o.option}`)], { font: 'bold', size: 10, shade: true });
  row(['Insurer', ...os.map((o) => o.insurer)], { font: 'bold' });
  if (os.some((o) => o.plan_name)) row(['Plan', ...os.map((o) => o.plan_name ?? '')]);
  if (os.some((o) => o.sum_insured !== null))
    row(['Sum insured', ...os.map((o) => (o.sum_insured === null ? '' : formatPeso(o.sum_insured)))]);
  if (os.some((o) => o.coverages.length > 0)) {
    row(['Coverage', ...os.map((o) => o.coverages.map((c) => (c.limit ? `${c.name}: ${c.limit}` : c.name)).join('\n'))]);
  }
  if (os.some((o) => o.deductible)) row(['Deductible', ...os.map((o) => o.deductible ?? '')]);
  if (os.some((o) => o.remarks)) row(['Remarks', ...os.map((o) => o.remarks ?? '')]);
  for (const [key, label] of BREAKDOWN_ROWS) {
    if (key !== 'basic_premium' && os.every((o) => o.breakdown[key] === 0)) continue;
    row([label, ...os.map((o) => formatPeso(o.breakdown[key]))], { right: true });
  }
  row(['Amount due', ...os.map((o) => formatPeso(o.breakdown.amount_due))], { font: 'bold', size: 11, right: true, shade: true });

  // The agent, then the disclaimer: kept together on the last page.
  const agentLines = [
    `Your agent: ${p.agent.name}`,
    p.agent.licence_number ? `Insurance Commission licence no. ${p.agent.licence_number}` : null,
    p.agent.contact ? `Contact: ${p.agent.contact}` : null,
  ].filter((l): l is string => l !== null);
  if (doc.y + 40 + 14 * agentLines.length + 30 > bottom()) doc.addPage();
  doc.moveDown(1.2);
  doc.font('regular').fontSize(10).fillColor(INK);
  for (const line of agentLines) doc.text(line, left, doc.y, { width });
  doc.moveDown(1);
  doc.fontSize(8.5).fillColor(MUTED).text(PROPOSAL_DISCLAIMER, left, doc.y, { width });
  doc.end();
  return done;
}

/** The worker's task (piscina calls a worker module's default export). */
export default renderProposalPdf;
