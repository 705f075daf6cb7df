/**
 * What other features use of Sales: the Deals Table's Make as Sales and the dashboard's sales card.
 * The query module only (see features/commissions/index.ts).
 */
export { useAddSaleMutation, useSalesPages } from './api';
