/**
 * The schemas of the first screens' answers, gathered in one module so that the web app loads them
 * in one request, without the route table (contract/first-answers.ts names which route each one
 * answers; decision 014).
 */
export { notificationsResponse } from './notifications.ts';
export { dealListResponse, dealsPageResponse } from './deals.ts';
export { saleListResponse, salesPageResponse } from './sales.ts';
export { activeProposals, commissionSummary } from './commissions.ts';
export { teamSizeResponse } from './members.ts';
export { portfolioResponse } from './portfolio.ts';
export { licenceAlertsResponse, licenceList } from './licences.ts';
export { certificationList } from './settings.ts';
export { setupChecklistResponse } from './setup-checklist.ts';
// The dashboard's University card (decision 039).
export { coursesResponse } from './university.ts';
