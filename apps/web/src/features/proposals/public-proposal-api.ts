import type { PublicProposal } from '@ahente/contract/proposals';

export type { PublicProposal };

/**
 * The client's link (issue 46): GET /api/public/proposal/:token, and its accept and decline. No
 * session and no cookie (`credentials: 'omit'`): the token in the address is the only credential.
 * Plain fetch rather than the app's client, which sends the session's CSRF header and handles a 401
 * by signing out: neither belongs here. The answer is typed by the contract, not parsed with its
 * schema: the page stays light (no zod, decision 014).
 */

/** Why the page cannot show the proposal: no such link (404), no longer open (410), too many tries (429), anything else. */
export type PublicFailure = 'not-found' | 'gone' | 'busy' | 'failed';

export class PublicProposalError extends Error {
  constructor(readonly failure: PublicFailure) {
    super(failure);
  }
}

const base = (token: string) => `/api/public/proposal/${encodeURIComponent(token)}`;

/** The client's copy as a PDF: a plain link (the browser downloads it; no cookie is read by the server). */
export const publicProposalPdfUrl = (token: string) => `${base(token)}/pdf`;

async function answer(response: Response): Promise<PublicProposal> {
  if (response.ok) return (await response.json()) as PublicProposal;
  if (response.status === 404) throw new PublicProposalError('not-found');
  if (response.status === 410) throw new PublicProposalError('gone');
  if (response.status === 429) throw new PublicProposalError('busy');
  throw new PublicProposalError('failed');
}

async function send(path: string, init: RequestInit = {}): Promise<PublicProposal> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'omit', headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    throw new PublicProposalError('failed');
  }
  return answer(response);
}

export const fetchPublicProposal = (token: string) => send(base(token));

export const acceptPublicProposal = (token: string, option: number) =>
  send(`${base(token)}/accept`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ option }) });

export const declinePublicProposal = (token: string, reason: string) =>
  send(`${base(token)}/decline`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ reason: reason.trim() || null }),
  });
