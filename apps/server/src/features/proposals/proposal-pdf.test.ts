import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { addDays } from '@ahente/contract/dates';
import { formatPeso } from '@ahente/contract/money';
import { pathOf, routes } from '@ahente/contract/routes';
import type { ProposalRecord, SaveProposalRequest } from '@ahente/contract/proposals';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { closePdfWorkers } from '../../platform/pdf-pool.ts';
import { PROPOSAL_MESSAGES } from './service.ts';

/**
 * The proposal's PDF (issue 46 §4, decision 038) on both databases: the agent's copy (its agent
 * and administrators; anyone else 404) and the client's (the link's token: 404 unknown, 410
 * withdrawn or expired, no session). Today is 10 March 2026 in Manila.
 */
let clock = new Date('2026-03-10T04:00:00.000Z');
const TODAY = '2026-03-10';
let t: TestApp;
let agent: Awaited<ReturnType<TestApp['createMember']>>;
let agentC: TestClient;
let otherC: TestClient;
let adminC: TestClient;

const body = (over: Partial<SaveProposalRequest> = {}): SaveProposalRequest => ({
  id: agent.id,
  client: { name: 'Maria Santos', contact: '09181112222', email: 'maria@example.ph' },
  product: 'Comprehensive',
  valid_until: addDays(TODAY, 14),
  options: [
    {
      insurer: 'Malayan',
      plan_name: 'Comprehensive Plus',
      sum_insured: 850000,
      basic_premium: 18250.5,
      coverages: [
        { name: 'Own damage and theft', limit: '₱850,000' },
        { name: 'Acts of nature', limit: null },
      ],
      deductible: '₱2,000 per claim',
    },
    { insurer: 'Standard Insurance', basic_premium: 17600 },
    { insurer: 'Pioneer', basic_premium: 19100, remarks: 'Roadside assistance included' },
  ],
  ...over,
});

async function saved(over: Partial<SaveProposalRequest> = {}): Promise<ProposalRecord> {
  const res = await agentC.post(routes.saveProposal.path, body(over));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { proposal: ProposalRecord }).proposal;
}
async function sent(over: Partial<SaveProposalRequest> = {}): Promise<{ proposal: ProposalRecord; token: string }> {
  const proposal = await saved(over);
  const res = await agentC.post(routes.sendProposal.path, { proposal_id: proposal.id });
  return { proposal, token: (res.json() as { share_url: string }).share_url.split('/p/')[1]! };
}

const pdfUrl = (id: number | string) => pathOf(routes.proposalPdf, { proposalId: id });
const linkPdf = (token: string, ip = '10.9.0.1') =>
  t.app.inject({ method: 'GET', url: pathOf(routes.publicProposalPdf, { token }), remoteAddress: ip });
const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  agent = await t.createMember();
  const other = await t.createMember();
  [agentC, otherC, adminC] = await Promise.all([t.loginAs(agent), t.loginAs(other), t.createAdmin().then((a) => t.loginAs(a))]);
  await t.licenseMember(agent.id, { lines: ['Non-Life'], issued_on: '2025-01-01', expires_on: '2027-12-31', status: 'verified' });
});
afterAll(async () => {
  await closePdfWorkers();
  await t?.close();
});

describe('GET /api/proposalpdf/:proposalId', () => {
  it('is an A4 PDF of the proposal: agency, number and version, client, options with coverages and breakdowns, validity, agent, disclaimer', async () => {
    const p = await saved();
    const res = await agentC.get(pdfUrl(p.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`proposal-${p.number}-v1.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (process.env.PROPOSAL_PDF_OUT) (await import('node:fs')).writeFileSync(process.env.PROPOSAL_PDF_OUT, res.rawPayload);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(p.number);
    expect(text).toContain('version 1');
    expect(text).toContain('Maria Santos');
    for (const name of [
      'Malayan',
      'Standard Insurance',
      'Pioneer',
      'Own damage and theft',
      'Acts of nature',
      'Roadside assistance included',
    ])
      expect(text).toContain(name);
    for (const o of p.options) {
      expect(text).toContain(formatPeso(o.breakdown.amount_due));
      expect(text).toContain(formatPeso(o.breakdown.dst));
      expect(text).toContain(formatPeso(o.breakdown.vat));
    }
    expect(text).toContain('Documentary Stamp Tax');
    expect(text).toContain('Amount due');
    expect(text).toContain('Valid until Mar 24, 2026');
    expect(text).toMatch(/Your agent: \S+ \S+/);
    expect(text).toMatch(/licence no\. \S+/);
    expect(text).toContain('policy terms govern');
  });

  it('is the agent’s own: anonymous 401, another agent 404 (as for an unknown id), an admin may; a bad id 400', async () => {
    const p = await saved();
    expect((await t.app.inject({ method: 'GET', url: pdfUrl(p.id) })).statusCode).toBe(401);
    const other = await otherC.get(pdfUrl(p.id));
    const unknown = await otherC.get(pdfUrl(999999));
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(unknown.body);
    expect(other.json()).toEqual({ error: PROPOSAL_MESSAGES.notFound });
    expect((await adminC.get(pdfUrl(p.id))).statusCode).toBe(200);
    expect((await agentC.get(pdfUrl('x'))).statusCode).toBe(400);
  });
});

describe('GET /api/public/proposal/:token/pdf', () => {
  it('is the client’s copy: no session or cookie, the same PDF, named by number and version', async () => {
    const { proposal, token } = await sent();
    const res = await linkPdf(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['content-disposition']).toContain(`proposal-${proposal.number}-v1.pdf`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(formatPeso(proposal.options[0]!.breakdown.amount_due));
    expect(text).toContain('Maria Santos');
  });

  it('answers 404 for an unknown token or a draft’s, 410 once withdrawn or expired', async () => {
    expect((await linkPdf('A'.repeat(43))).statusCode).toBe(404);
    expect((await linkPdf('short')).statusCode).toBe(404);
    const w = await sent();
    await agentC.post(routes.withdrawProposal.path, { proposal_id: w.proposal.id });
    expect((await linkPdf(w.token)).statusCode).toBe(410);
    const e = await sent({ valid_until: addDays(TODAY, 2) });
    clock = new Date(`${addDays(TODAY, 3)}T04:00:00.000Z`);
    try {
      const res = await linkPdf(e.token);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ error: PROPOSAL_MESSAGES.gone });
    } finally {
      clock = new Date(`${TODAY}T04:00:00.000Z`);
    }
  });
});
