import { useQuery } from '@tanstack/react-query';
import type { AgencySummary, ReportResponse, ReportScope } from '@ahente/contract/reports';
import { call, downloadFile } from '../../api/client';

/** Performance Reports (decision 017). */
export const reportsKeys = {
  all: ['reports'] as const,
  report: (id: number, scope: ReportScope | null, from: string, to: string) => ['reports', id, scope, from, to] as const,
  agencySummary: ['reports', 'agency-summary'] as const,
};

/** The leaderboard's period: 'YYYY-MM-DD' or '' (open), inclusive. */
export interface ReportPeriod {
  from: string;
  to: string;
}

/**
 * POST /api/reports: the member's figures for a scope (null: the widest the caller may see, which
 * the answer names), with the leaderboard over `period`. While another period loads, the figures
 * of the same scope stay on the screen; another scope's never stand in for this one's. A report
 * sums what anyone in the scope recorded since, so it is fetched again each time the page opens
 * (the cached one shows meanwhile).
 */
export function useReport(id: number, scope: ReportScope | null, period: ReportPeriod) {
  return useQuery({
    queryKey: reportsKeys.report(id, scope, period.from, period.to),
    queryFn: (): Promise<ReportResponse> =>
      call('reports', { body: { id, ...(scope ? { scope } : {}), from: period.from || null, to: period.to || null } }),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === scope ? previous : undefined),
    staleTime: 0,
  });
}

/**
 * GET /api/agencysummary (admins, decision 021): the admin's dashboard figures. Fetched again each
 * time the dashboard opens: members register, are approved and sell meanwhile.
 */
export function useAgencySummary() {
  return useQuery({
    queryKey: reportsKeys.agencySummary,
    queryFn: (): Promise<AgencySummary> => call('agencySummary', {}),
    staleTime: 0,
  });
}

/** The agency's revenue (issue 45 §5, admins): the last 12 statement months, from the first day of the month 11 months ago. */
export function agencyRevenuePeriod(today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const start = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
  return { from: start, to: today };
}

/** POST /api/agencyrevenue { from, to }: per insurer and statement month, expected, received, paid to agents and margin. */
export function useAgencyRevenue(period: { from: string; to: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'agency-revenue', period.from, period.to] as const,
    queryFn: () => call('agencyRevenue', { body: period }),
    enabled,
  });
}

/** POST /api/agencyrevenuexlsx: the same figures as a workbook, saved by the browser. */
export function downloadAgencyRevenue(period: { from: string; to: string }): Promise<string> {
  return downloadFile('agencyRevenueXlsx', { body: period }, 'agency-revenue.xlsx');
}
