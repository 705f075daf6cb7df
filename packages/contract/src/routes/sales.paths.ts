/**
 * The method and address of each route of routes/sales.ts, without zod (route-paths.ts gathers them
 * for the web).
 */
export const salesPaths = {
  addSale: { method: 'POST', path: '/api/addsales' },
  getSales: { method: 'POST', path: '/api/getsales' },
  salesPage: { method: 'POST', path: '/api/salespage' },
  salesToVerify: { method: 'POST', path: '/api/salestoverify' },
  verifySales: { method: 'POST', path: '/api/verifysales' },
  cancelSale: { method: 'POST', path: '/api/cancelsale' },
} as const;
