/**
 * What other features use of Reports: the admin dashboard's agency figures, and the keys a sale
 * reloads. The query module only (see features/commissions/index.ts).
 */
export { reportsKeys, useAgencySummary } from './api';
