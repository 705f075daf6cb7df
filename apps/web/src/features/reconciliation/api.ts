import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  IgnoreStatementLineRequest,
  LineStatus,
  MatchStatementLineRequest,
  MissingCommissionsRequest,
  StatementMapping,
  StatementUnreadable,
  UndoImportRequest,
} from '@ahente/contract/reconciliation';
import { STATEMENT_FILE_FIELD } from '@ahente/contract/reconciliation-rules';
import { call, callForm, downloadFile, isApiError } from '../../api/client';

/**
 * Insurers' statements (issue 45, decision 037): the imports, their lines, the decisions taken on
 * them, and the missing commissions. Every key starts with 'reconciliation', so one invalidation
 * after a decision reloads the imports' counts, the lines and the missing commissions; a
 * verification also reloads the sales' keys (the Sales to verify page).
 */
export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  imports: () => ['reconciliation', 'imports'] as const,
  lines: (importId: number, status: LineStatus | null) => ['reconciliation', 'lines', importId, status ?? 'all'] as const,
  missing: (body: MissingCommissionsRequest) => ['reconciliation', 'missing', body] as const,
  insurers: ['insurers', 'options'] as const,
};

/** GET /api/insurers: the active insurers (id and name), for the upload's and the filters' lists. */
export function useInsurerOptions() {
  return useQuery({ queryKey: reconciliationKeys.insurers, queryFn: () => call('insurers', {}), staleTime: 60_000 });
}

/** The import's form: the file and its text fields, as importstatement and previewstatement take them. */
function statementForm(file: File, fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(STATEMENT_FILE_FIELD, file);
  return form;
}

/** POST /api/previewstatement (multipart): the header row, columns, proposed mapping and the first lines as read. Saves nothing. */
export function usePreviewStatement() {
  return useMutation({
    mutationFn: ({ file, insurerId }: { file: File; insurerId: number }) =>
      callForm('previewStatement', statementForm(file, { insurer_id: String(insurerId) })),
  });
}

export interface ImportStatementInput {
  file: File;
  insurerId: number;
  period: string;
  mapping: StatementMapping;
  /** Pesos as typed ('1,234.50'), '' for none. */
  statementTotal: string;
}

/** POST /api/importstatement (multipart): reads and matches every line in one transaction. */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportStatementInput) =>
      callForm(
        'importStatement',
        statementForm(input.file, {
          insurer_id: String(input.insurerId),
          period: input.period,
          mapping: JSON.stringify(input.mapping),
          ...(input.statementTotal.trim() ? { statement_total: input.statementTotal.replace(/[\s,₱]/g, '') } : {}),
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}

/** The 422 of importstatement: the rows that cannot be read (nothing was saved). */
export function unreadableRows(error: unknown): StatementUnreadable | null {
  if (!isApiError(error, 422)) return null;
  const body = error.body as Partial<StatementUnreadable> | null;
  return body && Array.isArray(body.rows) ? (body as StatementUnreadable) : null;
}

/** POST /api/statementimports: every import, newest first. */
export function useStatementImports() {
  return useQuery({ queryKey: reconciliationKeys.imports(), queryFn: () => call('statementImports', { body: {} }) });
}

/** POST /api/undoimport { import_id, reason }. */
export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UndoImportRequest) => call('undoImport', { body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reconciliationKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['sales'] }),
      ]),
  });
}

/** POST /api/statementlines { import_id, status?, limit, cursor? }: the lines in file order, a page at a time. */
export function useStatementLines(importId: number, status: LineStatus | null) {
  return useInfiniteQuery({
    queryKey: reconciliationKeys.lines(importId, status),
    queryFn: ({ pageParam }) =>
      call('statementLines', { body: { import_id: importId, status, limit: 100, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/matchstatementline { line_id, sale_id }: a line matched by hand (or a suggestion confirmed). */
export function useMatchLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchStatementLineRequest) => call('matchStatementLine', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}

/** POST /api/ignorestatementline { line_id, reason }. */
export function useIgnoreLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IgnoreStatementLineRequest) => call('ignoreStatementLine', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}

/** POST /api/verifyfromstatement { import_id }: verifies every unverified sale the import matched. */
export function useVerifyFromStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => call('verifyFromStatement', { body: { import_id: importId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reconciliationKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['sales'] }),
      ]),
  });
}

/** POST /api/missingcommissions { insurer_id?, older_than_days? }. */
export function useMissingCommissions(body: MissingCommissionsRequest, enabled = true) {
  return useQuery({
    queryKey: reconciliationKeys.missing(body),
    queryFn: () => call('missingCommissions', { body }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /api/missingcommissionsxlsx: the same sales as a workbook, saved by the browser. */
export function downloadMissingCommissions(body: MissingCommissionsRequest): Promise<string> {
  return downloadFile('missingCommissionsXlsx', { body }, 'missing-commissions.xlsx');
}
