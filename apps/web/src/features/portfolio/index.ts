/**
 * What other features use of the Portfolio: the dashboard's renewals card reads its first page, and
 * a sale reloads it under `portfolioKeys`. The query module only (see features/commissions/index.ts).
 */
export { firstPortfolioPage, portfolioKeys, usePortfolio } from './api';
