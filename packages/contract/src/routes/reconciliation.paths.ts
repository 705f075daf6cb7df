/**
 * The method and address of each route of routes/reconciliation.ts, without zod (route-paths.ts
 * gathers them for the web).
 */
export const reconciliationPaths = {
  previewStatement: { method: 'POST', path: '/api/previewstatement' },
  importStatement: { method: 'POST', path: '/api/importstatement' },
  statementImports: { method: 'POST', path: '/api/statementimports' },
  undoImport: { method: 'POST', path: '/api/undoimport' },
  statementLines: { method: 'POST', path: '/api/statementlines' },
  matchStatementLine: { method: 'POST', path: '/api/matchstatementline' },
  ignoreStatementLine: { method: 'POST', path: '/api/ignorestatementline' },
  verifyFromStatement: { method: 'POST', path: '/api/verifyfromstatement' },
  missingCommissions: { method: 'POST', path: '/api/missingcommissions' },
  missingCommissionsXlsx: { method: 'POST', path: '/api/missingcommissionsxlsx' },
  agencyRevenue: { method: 'POST', path: '/api/agencyrevenue' },
  agencyRevenueXlsx: { method: 'POST', path: '/api/agencyrevenuexlsx' },
} as const;
