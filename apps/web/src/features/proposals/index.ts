/**
 * What other features use of Proposals: the dashboard's Active Proposals card. The query module
 * only (see features/commissions/index.ts).
 */
export { proposalKeys, useActiveProposalsSummary } from './api';
