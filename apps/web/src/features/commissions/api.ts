import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdjustmentRequest,
  ClosePeriodRequest,
  CommissionKind,
  MarkPaidRequest,
  SetRateRequest,
  StatementRecord,
} from '@ahente/contract/commissions';
import { payoutFileName, statementFileName } from '@ahente/contract/files';
import { DEFAULT_PAGE_SIZE } from '@ahente/contract/paging-rules';
import { call, downloadFile } from '../../api/client';

/** The ledger's filters as the screen holds them: '' for no bound and for every kind. */
export interface LedgerFilter {
  from: string;
  to: string;
  kind: CommissionKind | '';
}

/**
 * Commissions (decision 016): a member's summary, ledger and statements; the admin's schedule,
 * adjustments, months and statements. Every key starts with 'commissions', so one invalidation
 * after a sale, an adjustment, a close or a payment reloads every figure that may have changed.
 */
export const commissionKeys = {
  all: ['commissions'] as const,
  summary: (id: number) => ['commissions', 'summary', id] as const,
  /** The ledger's pages (decision 036): not 'ledger', whose saved answers (one object, not pages) a device may still hold. */
  ledger: (id: number, f: LedgerFilter) => ['commissions', 'ledger-pages', id, f.from, f.to, f.kind] as const,
  statements: (id: number) => ['commissions', 'statements', id] as const,
  rates: () => ['commissions', 'rates'] as const,
  adjustments: () => ['commissions', 'adjustments'] as const,
  periods: () => ['commissions', 'periods'] as const,
  periodStatements: (period: string) => ['commissions', 'period-statements', period] as const,
};

/** POST /api/commissionsummary { id }: earned this month, pending and paid to date (the dashboard card and the page's totals). */
export function useCommissionSummary(id: number) {
  return useQuery({
    queryKey: commissionKeys.summary(id),
    queryFn: () => call('commissionSummary', { body: { id } }),
  });
}

/**
 * POST /api/commissionledger with a limit (decision 036): the member's entries, newest first,
 * filtered on the server by recorded date (inclusive) and kind, 100 a page, each page with the
 * count and totals of the whole filter. The rows shown stay while another filter loads, and while
 * the filter cannot be sent (`enabled` false: a To before the From).
 */
export function useCommissionLedger(id: number, filter: LedgerFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: commissionKeys.ledger(id, filter),
    queryFn: ({ pageParam }) =>
      call('commissionLedger', {
        body: { id, from: filter.from || null, to: filter.to || null, kind: filter.kind, limit: DEFAULT_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /api/commissionstatements { id }: the member's statements, newest month first. */
export function useCommissionStatements(id: number) {
  return useQuery({
    queryKey: commissionKeys.statements(id),
    queryFn: () => call('commissionStatements', { body: { id } }),
  });
}

/** GET the statement as a PDF or an Excel workbook, saved under the server's name (statement_{period}_{id}.{ext}). */
export function downloadStatement(statement: Pick<StatementRecord, 'id' | 'member_id' | 'period'>, format: 'pdf' | 'xlsx') {
  const input = { params: { id: statement.member_id, statementId: statement.id } };
  const fallback = statementFileName(statement.period, statement.member_id, format);
  return format === 'pdf' ? downloadFile('statementPdf', input, fallback) : downloadFile('statementXlsx', input, fallback);
}

// ---------------------------------------------------------------- admins

/** GET /api/commissionrates: every product's and position's rate today, the next one and the history. */
export function useCommissionRates() {
  return useQuery({ queryKey: commissionKeys.rates(), queryFn: () => call('commissionRates', {}) });
}

/** POST /api/setcommissionrate: a new dated rate; earlier sales keep theirs, so only the schedule reloads. */
export function useSetCommissionRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetRateRequest) => call('setCommissionRate', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commissionKeys.rates() }),
  });
}

/** GET /api/commissionadjustments: every adjustment, newest first. */
export function useCommissionAdjustments() {
  return useQuery({ queryKey: commissionKeys.adjustments(), queryFn: () => call('commissionAdjustments', {}) });
}

/** GET /api/commissionperiods: every month with entries or statements, newest first. */
export function useCommissionPeriods() {
  return useQuery({ queryKey: commissionKeys.periods(), queryFn: () => call('commissionPeriods', {}) });
}

/** POST /api/periodstatements { period }: a closed month's statements with the members' bank status. */
export function usePeriodStatements(period: string | null) {
  return useQuery({
    queryKey: commissionKeys.periodStatements(period ?? ''),
    queryFn: () => call('periodStatements', { body: { period: period as string } }),
    enabled: period !== null,
  });
}

/** Adjustments, closes and payments change ledgers, totals, months and statements: all of them reload. */
function useCommissionMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: commissionKeys.all }),
  });
}

/** POST /api/commissionadjustment { member_id, amount, reason }: a positive or negative correction. */
export function useAddAdjustment() {
  return useCommissionMutation((body: AdjustmentRequest) => call('addAdjustment', { body }));
}

/**
 * POST /api/closeperiod { period, close_early? }: the month's open entries go to one statement per
 * member (409 once closed; 409 for the month still running unless `close_early`, decision 016).
 */
export function useClosePeriod() {
  return useCommissionMutation((body: ClosePeriodRequest) => call('closePeriod', { body }));
}

/** POST /api/markstatementpaid { statement_id, paid_on, reference } (409 once paid). */
export function useMarkStatementPaid() {
  return useCommissionMutation((body: MarkPaidRequest) => call('markStatementPaid', { body }));
}

/** GET /api/payoutexport/{period}: the bank's payout file for a closed month, saved as payouts_{period}.xlsx. */
export function downloadPayouts(period: string): Promise<string> {
  return downloadFile('payoutExport', { params: { period } }, payoutFileName(period));
}
