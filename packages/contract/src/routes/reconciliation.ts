import { fileResponse, route, type RouteDef } from './define.ts';
import { reconciliationPaths } from './reconciliation.paths.ts';
import {
  agencyRevenueRequest,
  agencyRevenueResponse,
  ignoreStatementLineRequest,
  importStatementConflict,
  importStatementFields,
  importStatementResponse,
  matchStatementLineRequest,
  missingCommissionsRequest,
  missingCommissionsResponse,
  previewStatementFields,
  previewStatementResponse,
  STATEMENT_FILE_FIELD,
  statementImportsRequest,
  statementImportsResponse,
  statementLineResponse,
  statementLinesRequest,
  statementLinesResponse,
  statementUnreadable,
  undoImportRequest,
  undoImportResponse,
  verifyFromStatementRequest,
  verifyFromStatementResponse,
} from '../reconciliation.ts';

/**
 * Insurers' commission statements (decision 037): import, match, resolve, verify from,
 * and what the agency sees (missing commissions, its revenue). Administrators only; the server's
 * features/reconciliation/ registers them.
 */
export const reconciliationRoutes = {
  previewStatement: route({
    ...reconciliationPaths.previewStatement,
    access: 'admin',
    multipart: { fields: previewStatementFields, file: STATEMENT_FILE_FIELD },
    responses: { 200: previewStatementResponse },
    tag: 'reconciliation',
    summary:
      "Reads a statement file (.xlsx or .csv, multipart/form-data) without saving it: its header row, columns, a proposed column mapping (the insurer's saved one, else guessed) and the first lines as read",
  }),
  importStatement: route({
    ...reconciliationPaths.importStatement,
    access: 'admin',
    multipart: { fields: importStatementFields, file: STATEMENT_FILE_FIELD },
    responses: { 200: importStatementResponse, 409: importStatementConflict, 422: statementUnreadable },
    tag: 'reconciliation',
    summary:
      "Imports an insurer's statement for a month (multipart/form-data) and matches every line to the sales, in one transaction: 422 listing the unreadable rows (nothing saved), 409 naming the import of the same file",
  }),
  statementImports: route({
    ...reconciliationPaths.statementImports,
    access: 'admin',
    body: statementImportsRequest,
    responses: { 200: statementImportsResponse },
    tag: 'reconciliation',
    summary: "The statements imported, newest first, with their counts by state and totals (one insurer's, or every insurer's)",
  }),
  undoImport: route({
    ...reconciliationPaths.undoImport,
    access: 'admin',
    body: undoImportRequest,
    responses: { 200: undoImportResponse },
    tag: 'reconciliation',
    summary:
      "Undoes an import and what it decided (its verifications), with a reason: 409 once a sale it verified has been posted by a month's close",
  }),
  statementLines: route({
    ...reconciliationPaths.statementLines,
    access: 'admin',
    body: statementLinesRequest,
    responses: { 200: statementLinesResponse },
    tag: 'reconciliation',
    summary:
      "A page of an import's lines in file order (one state's, or all), with each line's sale, expected and received amounts and suggestion",
  }),
  matchStatementLine: route({
    ...reconciliationPaths.matchStatementLine,
    access: 'admin',
    body: matchStatementLineRequest,
    responses: { 200: statementLineResponse },
    tag: 'reconciliation',
    summary: "Matches a statement line to a sale of the import's insurer by hand (recorded with who and when)",
  }),
  ignoreStatementLine: route({
    ...reconciliationPaths.ignoreStatementLine,
    access: 'admin',
    body: ignoreStatementLineRequest,
    responses: { 200: statementLineResponse },
    tag: 'reconciliation',
    summary: 'Sets a statement line aside, with a reason (recorded with who and when)',
  }),
  verifyFromStatement: route({
    ...reconciliationPaths.verifyFromStatement,
    access: 'admin',
    body: verifyFromStatementRequest,
    responses: { 200: verifyFromStatementResponse },
    tag: 'reconciliation',
    summary:
      'Verifies, in one transaction, every unverified sale the import matched, with the statement line as the evidence (never a sale the administrator entered or that pays them)',
  }),
  missingCommissions: route({
    ...reconciliationPaths.missingCommissions,
    access: 'admin',
    body: missingCommissionsRequest,
    responses: { 200: missingCommissionsResponse },
    tag: 'reconciliation',
    summary:
      "Sales of an insurer no statement line has paid that many days (60 by default) after their effective date, with the agency's expected commission",
  }),
  missingCommissionsXlsx: route({
    ...reconciliationPaths.missingCommissionsXlsx,
    access: 'admin',
    body: missingCommissionsRequest,
    responses: { 200: fileResponse },
    tag: 'reconciliation',
    summary: 'The missing commissions as an Excel workbook (missing-commissions.xlsx)',
  }),
  agencyRevenue: route({
    ...reconciliationPaths.agencyRevenue,
    access: 'admin',
    body: agencyRevenueRequest,
    responses: { 200: agencyRevenueResponse },
    tag: 'reconciliation',
    summary:
      "The agency's revenue per insurer and month: expected, received from the statements, paid to agents on the sales matched, and the margin",
  }),
  agencyRevenueXlsx: route({
    ...reconciliationPaths.agencyRevenueXlsx,
    access: 'admin',
    body: agencyRevenueRequest,
    responses: { 200: fileResponse },
    tag: 'reconciliation',
    summary: "The agency's revenue per insurer and month as an Excel workbook (agency-revenue.xlsx)",
  }),
} as const satisfies Record<string, RouteDef>;
