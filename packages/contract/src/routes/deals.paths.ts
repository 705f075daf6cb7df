/**
 * The method and address of each route of routes/deals.ts, without zod (route-paths.ts gathers them
 * for the web).
 */
export const dealsPaths = {
  addDeal: { method: 'POST', path: '/api/adddeals' },
  getDeals: { method: 'POST', path: '/api/getdeals' },
  dealsPage: { method: 'POST', path: '/api/dealspage' },
  editDeal: { method: 'POST', path: '/api/editdeals' },
  activeProposals: { method: 'POST', path: '/api/activeproposals' },
} as const;
