/**
 * What other features use of Proposals: the dashboard's Active Proposals card, and the queue of
 * proposals saved with no signal, which the offline shell sends and a logout clears. The query
 * module and the queue only (see features/commissions/index.ts).
 */
export { proposalKeys, useActiveProposalsSummary } from './api';
export { clearProposalOutbox, countPendingProposals, flushProposalOutbox, useProposalOutbox } from './proposal-outbox';
