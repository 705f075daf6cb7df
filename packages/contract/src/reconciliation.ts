import { z } from 'zod';
import { controlCharacterMessage, hasControlCharacter, idField, lineField, optionalCalendarDate } from './common.ts';
import { periodField } from './commissions.ts';
import { enumField, tcvField } from './deals.ts';
import { MSG } from './messages.ts';
import { cursorField, DEFAULT_PAGE_SIZE, pageFields, pageLimitField } from './paging.ts';

/**
 * Insurers' commission statements (decision 037): imported from .xlsx or .csv,
 * each line matched to a sale of the insurer by its policy number, and used as the evidence that
 * verifies the sales it paid. Money in the answers is pesos (two decimals); amounts are signed
 * (a chargeback is negative). Administrators only.
 */

export * from './reconciliation-rules.ts';
import {
  LINE_STATUSES,
  MAPPING_FIELD_LABELS,
  MISSING_DEFAULT_DAYS,
  MISSING_MAX_DAYS,
  REQUIRED_MAPPING_FIELDS,
  STATEMENT_TRANSACTIONS,
  type MappingField,
} from './reconciliation-rules.ts';

// ---------------------------------------------------------------- the column mapping

const columnName = z
  .string()
  .trim()
  .max(200, 'A column name must be at most 200 characters')
  .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Column'));

/**
 * Which column (by its header text, as previewstatement lists it) each field is read from:
 * `policy_no` and `commission` required, the others optional (absent, null or '' for none).
 */
const mappedColumn = columnName.nullish().transform((v) => (v ? v : null));
export const statementMapping = z
  .object({
    policy_no: mappedColumn,
    commission: mappedColumn,
    premium: mappedColumn,
    insured_name: mappedColumn,
    transaction: mappedColumn,
    effective_date: mappedColumn,
    paid_on: mappedColumn,
  } satisfies Record<MappingField, unknown>)
  .strict()
  .superRefine((m, ctx) => {
    for (const f of REQUIRED_MAPPING_FIELDS) {
      if (!m[f]) ctx.addIssue({ code: 'custom', path: [f], message: `Choose the column of the ${MAPPING_FIELD_LABELS[f].toLowerCase()}` });
    }
  });
export type StatementMapping = z.output<typeof statementMapping>;
/** As answered: every field, null where no column is mapped. */
const mappedName = z.string().nullable();
export const statementMappingRecord = z.object({
  policy_no: mappedName,
  commission: mappedName,
  premium: mappedName,
  insured_name: mappedName,
  transaction: mappedName,
  effective_date: mappedName,
  paid_on: mappedName,
} satisfies Record<MappingField, unknown>);
export type StatementMappingRecord = z.infer<typeof statementMappingRecord>;

/** The mapping as a form field: JSON text of `statementMapping`. */
const mappingJson = z
  .string({ error: 'Mapping is required' })
  .max(10_000, 'Mapping must be at most 10000 characters')
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Mapping must be JSON', input: text });
      return z.NEVER;
    }
  })
  .pipe(statementMapping);

// ---------------------------------------------------------------- preview and import

/** POST previewstatement (multipart: `file`, `insurer_id`). */
export const previewStatementFields = z.object({ insurer_id: idField('Insurer id') }).strict();
export type PreviewStatementFields = z.input<typeof previewStatementFields>;

/** A line of the file as the mapping reads it (amounts in pesos; null where unmapped or blank). */
export const statementLineRead = z.object({
  policy_no: z.string().nullable(),
  commission: z.number().nullable(),
  premium: z.number().nullable(),
  insured_name: z.string().nullable(),
  transaction: z.enum(STATEMENT_TRANSACTIONS).nullable(),
  effective_date: z.string().nullable(),
  paid_on: z.string().nullable(),
});
export type StatementLineRead = z.infer<typeof statementLineRead>;

export const previewRow = z.object({
  /** The row number in the file (1-based, as a spreadsheet shows it). */
  row_no: z.number(),
  /** The cells' text, one per column of `columns`. */
  cells: z.array(z.string()),
  read: statementLineRead,
  /** Why the line cannot be read (it would refuse the import), or null. */
  error: z.string().nullable(),
});
export type PreviewRow = z.infer<typeof previewRow>;

export const previewStatementResponse = z.object({
  /** The header row's number in the file (1-based). */
  header_row: z.number(),
  /** The header row's texts, in order: a mapping names a column by one of them. */
  columns: z.array(z.string()),
  mapping: statementMappingRecord,
  /** Whether `mapping` is the insurer's saved one (else guessed from the names). */
  mapping_saved: z.boolean(),
  /** The first PREVIEW_ROWS lines, as they would be read. */
  rows: z.array(previewRow),
});
export type PreviewStatementResponse = z.infer<typeof previewStatementResponse>;

/**
 * POST importstatement (multipart: `file`, `insurer_id`, `period` YYYY-MM, `mapping` JSON,
 * optional `statement_total` pesos): reads every line, in one transaction.
 */
export const importStatementFields = z
  .object({
    insurer_id: idField('Insurer id'),
    period: periodField(),
    mapping: mappingJson,
    statement_total: z
      .preprocess((v) => (v === '' || v === null ? undefined : v), tcvField('Statement total').optional())
      .transform((v) => v ?? null),
  })
  .strict();
export type ImportStatementFields = z.input<typeof importStatementFields>;
export type ImportStatementInput = z.output<typeof importStatementFields>;

/** An import as listed: its counts by state and its totals (pesos). */
export const statementImportRecord = z.object({
  id: z.number(),
  insurer_id: z.number(),
  insurer_name: z.string(),
  period: z.string(),
  file_name: z.string(),
  lines: z.number(),
  matched: z.number(),
  differs: z.number(),
  unmatched: z.number(),
  duplicates: z.number(),
  chargebacks: z.number(),
  ignored: z.number(),
  /** The sum of every line's commission (pesos, signed). */
  received_total: z.number(),
  /** The total the statement states (pesos), or null when not given. */
  statement_total: z.number().nullable(),
  /** received_total − statement_total, or null. The tie-out: not zero is shown in red, and the import may still be kept. */
  tie_out_difference: z.number().nullable(),
  /** How many sales it verified (standing verifications). */
  verified: z.number(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  undone_at: z.string().nullable(),
  undone_by_name: z.string().nullable(),
  undo_reason: z.string().nullable(),
  /** Whether undoimport would succeed now (standing, and no sale it verified posted by a close). */
  can_undo: z.boolean(),
});
export type StatementImportRecord = z.infer<typeof statementImportRecord>;

export const importStatementResponse = z.object({ import: statementImportRecord });
export type ImportStatementResponse = z.infer<typeof importStatementResponse>;

/** 409: the same bytes were imported already (and that import stands). */
export const importStatementConflict = z.object({
  error: z.string(),
  import_id: z.number(),
  period: z.string(),
  created_at: z.string(),
});
export type ImportStatementConflict = z.infer<typeof importStatementConflict>;

/** 422: lines that cannot be read (nothing of the file was saved). */
export const statementUnreadable = z.object({
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** The first MAX_REPORTED_BAD_ROWS unreadable lines, by row number. */
  rows: z.array(z.object({ row_no: z.number(), message: z.string() })),
  /** How many lines cannot be read in all. */
  bad_rows: z.number(),
});
export type StatementUnreadable = z.infer<typeof statementUnreadable>;

/** POST statementimports {insurer_id?}: newest first. */
export const statementImportsRequest = z
  .object({
    insurer_id: idField('Insurer id')
      .nullish()
      .transform((v) => v ?? null),
  })
  .strict();
export type StatementImportsRequest = z.input<typeof statementImportsRequest>;
export const statementImportsResponse = z.object({ imports: z.array(statementImportRecord) });
export type StatementImportsResponse = z.infer<typeof statementImportsResponse>;

/** POST undoimport {import_id, reason}: 409 once a sale it verified has been posted by a month's close. */
export const undoImportRequest = z.object({ import_id: idField('Import id'), reason: lineField('Reason') }).strict();
export type UndoImportRequest = z.input<typeof undoImportRequest>;
export const undoImportResponse = z.object({
  import: statementImportRecord,
  /** The sales the import had verified, back to unverified. */
  unverified: z.number(),
});
export type UndoImportResponse = z.infer<typeof undoImportResponse>;

// ---------------------------------------------------------------- lines

/** The sale a line is linked to (or suggests), as the reconciliation page shows it. */
export const lineSaleSummary = z.object({
  id: z.number(),
  customer_name: z.string(),
  policy_number: z.string().nullable(),
  product: z.string(),
  /** The premium (TCV, pesos). */
  tcv: z.number(),
  effective_date: z.string(),
  agent_name: z.string(),
  verification: z.enum(['unverified', 'verified', 'rejected']),
  cancelled_on: z.string().nullable(),
});
export type LineSaleSummary = z.infer<typeof lineSaleSummary>;

export const statementLineRecord = z.object({
  id: z.number(),
  import_id: z.number(),
  row_no: z.number(),
  policy_no: z.string(),
  insured_name: z.string().nullable(),
  transaction: z.enum(STATEMENT_TRANSACTIONS).nullable(),
  premium: z.number().nullable(),
  /** What the insurer paid on the line (pesos, signed). */
  received: z.number(),
  /** What the agency expects on the sale (premium × the agency's rate), null without a sale or a rate. */
  expected: z.number().nullable(),
  effective_date: z.string().nullable(),
  paid_on: z.string().nullable(),
  status: z.enum(LINE_STATUSES),
  reason: z.string(),
  sale: lineSaleSummary.nullable(),
  /** An unmatched line's suggestion: a sale of the customer with the same premium; never a match until confirmed. */
  suggestion: lineSaleSummary.nullable(),
  /** A duplicate's earlier line. */
  duplicate_of: z.object({ line_id: z.number(), import_id: z.number(), period: z.string(), row_no: z.number() }).nullable(),
  /** The last decision by a person (match or ignore): who, when and why; null if none. */
  decision: z
    .object({ action: z.enum(['match', 'ignore']), by_name: z.string().nullable(), at: z.string(), reason: z.string().nullable() })
    .nullable(),
  /** Whether the line's sale was verified from this import. */
  verified_here: z.boolean(),
});
export type StatementLineRecord = z.infer<typeof statementLineRecord>;

/** POST statementlines {import_id, status?, limit?, cursor?}: in file order, paged (decision 036). */
export const statementLinesRequest = z
  .object({
    import_id: idField('Import id'),
    status: enumField('Status', LINE_STATUSES)
      .nullish()
      .transform((v) => v ?? null),
    limit: pageLimitField.transform((v) => v ?? DEFAULT_PAGE_SIZE),
    cursor: cursorField('statement_lines'),
  })
  .strict();
export type StatementLinesRequest = z.input<typeof statementLinesRequest>;
export type StatementLinesInput = z.output<typeof statementLinesRequest>;
export const statementLinesResponse = z.object({
  import: statementImportRecord,
  rows: z.array(statementLineRecord),
  ...pageFields,
});
export type StatementLinesResponse = z.infer<typeof statementLinesResponse>;

/** POST matchstatementline {line_id, sale_id}: the sale must be of the import's insurer; 409 on a line of an undone import. */
export const matchStatementLineRequest = z.object({ line_id: idField('Line id'), sale_id: idField('Sale id') }).strict();
export type MatchStatementLineRequest = z.input<typeof matchStatementLineRequest>;
/** POST ignorestatementline {line_id, reason}. */
export const ignoreStatementLineRequest = z.object({ line_id: idField('Line id'), reason: lineField('Reason') }).strict();
export type IgnoreStatementLineRequest = z.input<typeof ignoreStatementLineRequest>;
export const statementLineResponse = z.object({ line: statementLineRecord });
export type StatementLineResponse = z.infer<typeof statementLineResponse>;

// ---------------------------------------------------------------- verification from a statement

/** POST verifyfromstatement {import_id}: one transaction. */
export const verifyFromStatementRequest = z.object({ import_id: idField('Import id') }).strict();
export type VerifyFromStatementRequest = z.input<typeof verifyFromStatementRequest>;
export const verifyFromStatementResponse = z.object({
  /** Sales verified now, and their TCV (pesos). */
  verified: z.number(),
  tcv: z.number(),
  /** Sales left unverified, each with why (decision 018: an admin cannot verify a sale they entered or that pays them). */
  skipped: z.array(z.object({ sale_id: z.number(), line_id: z.number(), reason: z.string() })),
});
export type VerifyFromStatementResponse = z.infer<typeof verifyFromStatementResponse>;

/** A sale's verification evidence: sales.ts' `verifiedFrom`. */
export { verifiedFrom, type VerifiedFrom } from './sales.ts';

// ---------------------------------------------------------------- what the agency sees

/** POST missingcommissions {insurer_id?, older_than_days?} (and missingcommissionsxlsx). */
export const missingCommissionsRequest = z
  .object({
    insurer_id: idField('Insurer id')
      .nullish()
      .transform((v) => v ?? null),
    older_than_days: z
      .number({ error: `Days must be a whole number from 0 to ${MISSING_MAX_DAYS}` })
      .int(`Days must be a whole number from 0 to ${MISSING_MAX_DAYS}`)
      .min(0, `Days must be a whole number from 0 to ${MISSING_MAX_DAYS}`)
      .max(MISSING_MAX_DAYS, `Days must be a whole number from 0 to ${MISSING_MAX_DAYS}`)
      .nullish()
      .transform((v) => v ?? MISSING_DEFAULT_DAYS),
  })
  .strict();
export type MissingCommissionsRequest = z.input<typeof missingCommissionsRequest>;
export type MissingCommissionsInput = z.output<typeof missingCommissionsRequest>;
export const missingCommissionRow = z.object({
  sale_id: z.number(),
  insurer_id: z.number(),
  insurer_name: z.string(),
  customer_name: z.string(),
  policy_number: z.string().nullable(),
  product: z.string(),
  tcv: z.number(),
  effective_date: z.string(),
  /** Days since the effective date. */
  days: z.number(),
  agent_name: z.string(),
  /** What the agency expects (pesos), null without a rate. */
  expected: z.number().nullable(),
});
export type MissingCommissionRow = z.infer<typeof missingCommissionRow>;
export const missingCommissionsResponse = z.object({
  rows: z.array(missingCommissionRow),
  count: z.number(),
  expected_total: z.number(),
});
export type MissingCommissionsResponse = z.infer<typeof missingCommissionsResponse>;

/** POST agencyrevenue {from?, to?} (and agencyrevenuexlsx): by the statements' periods' months. */
export const agencyRevenueRequest = z
  .object({ from: optionalCalendarDate('From'), to: optionalCalendarDate('To') })
  .strict()
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: MSG.dateRangeReversed });
export type AgencyRevenueRequest = z.input<typeof agencyRevenueRequest>;
export type AgencyRevenueInput = z.output<typeof agencyRevenueRequest>;
const revenueFigures = {
  expected: z.number(),
  received: z.number(),
  /** The commission entries of the sales matched (decision 016). */
  paid_to_agents: z.number(),
  /** received − paid_to_agents. */
  margin: z.number(),
};
export const agencyRevenueRow = z.object({ insurer_id: z.number(), insurer_name: z.string(), month: z.string(), ...revenueFigures });
export type AgencyRevenueRow = z.infer<typeof agencyRevenueRow>;
export const agencyRevenueResponse = z.object({ rows: z.array(agencyRevenueRow), totals: z.object(revenueFigures) });
export type AgencyRevenueResponse = z.infer<typeof agencyRevenueResponse>;
