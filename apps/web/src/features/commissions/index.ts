/**
 * What other features use of Commissions: the dashboard's card reads the member's totals; the
 * calls that change a sale or a licence reload the commission queries under `commissionKeys.all`.
 * Only the query module is re-exported: whatever a feature imports from here comes with everything
 * this file re-exports (the bundler follows every re-export), so nothing screen-sized is listed.
 */
export { commissionKeys, useCommissionSummary } from './api';
