/**
 * The method and address of each route of routes/commissions.ts, without zod (route-paths.ts
 * gathers them for the web).
 */
export const commissionsPaths = {
  commissionSummary: { method: 'POST', path: '/api/commissionsummary' },
  commissionLedger: { method: 'POST', path: '/api/commissionledger' },
  commissionStatements: { method: 'POST', path: '/api/commissionstatements' },
  statementPdf: { method: 'GET', path: '/api/commissionstatement/:id/:statementId/pdf' },
  statementXlsx: { method: 'GET', path: '/api/commissionstatement/:id/:statementId/xlsx' },
  commissionRates: { method: 'GET', path: '/api/commissionrates' },
  setCommissionRate: { method: 'POST', path: '/api/setcommissionrate' },
  commissionAdjustments: { method: 'GET', path: '/api/commissionadjustments' },
  addAdjustment: { method: 'POST', path: '/api/commissionadjustment' },
  commissionPeriods: { method: 'GET', path: '/api/commissionperiods' },
  closePeriod: { method: 'POST', path: '/api/closeperiod' },
  periodStatements: { method: 'POST', path: '/api/periodstatements' },
  markStatementPaid: { method: 'POST', path: '/api/markstatementpaid' },
  payoutExport: { method: 'GET', path: '/api/payoutexport/:period' },
  releaseCommission: { method: 'POST', path: '/api/releasecommission' },
  forfeitCommission: { method: 'POST', path: '/api/forfeitcommission' },
} as const;
