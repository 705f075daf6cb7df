/**
 * What other features use of Deals: the dashboard's count of open proposals, the keys that a sale
 * or a renewal reloads, the Deals Table's first page (started before the first render, app/first-calls.ts),
 * and the queue of deals recorded with no signal, which the offline shell sends and a logout clears.
 * Only the query module and the queue are re-exported (see features/commissions/index.ts).
 */
export { dealsKeys, dealsPagesQuery } from './api';
export { clearOutbox, countPending, flushOutbox, useOutbox } from './deal-outbox';
