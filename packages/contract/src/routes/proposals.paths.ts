/**
 * The method and address of each route of routes/proposals.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const proposalsPaths = {
  saveProposal: { method: 'POST', path: '/api/saveproposal' },
  proposals: { method: 'POST', path: '/api/proposals' },
  proposal: { method: 'POST', path: '/api/proposal' },
  proposalPdf: { method: 'GET', path: '/api/proposalpdf/:proposalId' },
  sendProposal: { method: 'POST', path: '/api/sendproposal' },
  withdrawProposal: { method: 'POST', path: '/api/withdrawproposal' },
  acceptProposal: { method: 'POST', path: '/api/acceptproposal' },
  proposalSettings: { method: 'GET', path: '/api/proposalsettings' },
  saveProposalSettings: { method: 'POST', path: '/api/saveproposalsettings' },
  ctplPremiums: { method: 'GET', path: '/api/ctplpremiums' },
  saveCtplPremium: { method: 'POST', path: '/api/savectplpremium' },
  publicProposal: { method: 'GET', path: '/api/public/proposal/:token' },
  publicProposalPdf: { method: 'GET', path: '/api/public/proposal/:token/pdf' },
  acceptPublicProposal: { method: 'POST', path: '/api/public/proposal/:token/accept' },
  declinePublicProposal: { method: 'POST', path: '/api/public/proposal/:token/decline' },
} as const;
