import type { Kysely } from 'kysely';
import { categoryOf } from '@ahente/contract/catalogue';
import { LEADER_POSITIONS } from '@ahente/contract/commissions';
import { monthUpToToday, todayInManila } from '@ahente/contract/dates';
import { centavosToPesos } from '@ahente/contract/money';
import {
  LEADERBOARD_SIZE,
  REPORT_MONTHS,
  type AgencySummary,
  type ReportProduct,
  type ReportResponse,
  type ReportScope,
  type ReportInput,
} from '@ahente/contract/reports';
import type { Database } from '../../db/schema.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { isAdmin } from '../../platform/guards.ts';
import type { Auth } from '../../platform/sessions.ts';
import type { CommissionSummaryService } from '../commissions/summary-service.ts';
import { fullName } from '@ahente/contract/names';
import type { ProfileService } from '../members/profile-service.ts';
import type { TeamService } from '../members/team-service.ts';
import { reportsRepository, type SalesScope } from './repository.ts';

export const REPORT_MESSAGES = {
  teamForLeaders: 'Team reports are for Managers, Agency Managers and Agency Owners',
  agencyForAdmins: "Only administrators may see the whole agency's report",
} as const;

/** 'YYYY-MM' of a month counted from year 0 (month index = year × 12 + month − 1). */
const monthText = (index: number) => `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The `count` calendar months ending with the month of `today` ('YYYY-MM-DD'), oldest first, and the month after them. */
export function lastMonths(today: string, count: number): { months: string[]; next: string } {
  const current = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1;
  return {
    months: Array.from({ length: count }, (_, i) => monthText(current - (count - 1) + i)),
    next: monthText(current + 1),
  };
}

/**
 * Performance Reports (decision 017). Whether the caller may name member `id` at all is settled by
 * the route table's owner rule (the member themselves or an admin); the scope rules are here:
 * 'team' for a member who leads (Manager, AgencyManager, AgencyOwner) or for an admin, 'agency' for
 * admins only. Sales are placed by their effective date.
 */
export function createReportsService(
  db: Kysely<Database>,
  members: Pick<ProfileService, 'findById'>,
  team: Pick<TeamService, 'teamSize' | 'agencyCounts'>,
  commissions: Pick<CommissionSummaryService, 'agencyEarned'>,
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());

  /** How many members a scope's figures name (decision 021): the same queries as the dashboards'. */
  async function memberCount(scope: SalesScope): Promise<number> {
    if (scope.kind === 'own') return 1;
    if (scope.kind === 'team') return (await team.teamSize(scope.memberId)).downline;
    return (await team.agencyCounts()).members;
  }

  /** The counted sales of a scope with an effective date in `month` ('YYYY-MM') up to `today` (monthUpToToday), TCV in centavos. */
  async function monthTotals(scope: SalesScope, month: string, today: string): Promise<{ centavos: number; count: number }> {
    const days = monthUpToToday(month, today);
    const rows = await reportsRepository.monthsByProduct(db, scope, days.from, days.before);
    return rows.reduce((acc, r) => ({ centavos: acc.centavos + r.centavos, count: acc.count + r.count }), { centavos: 0, count: 0 });
  }

  return {
    /**
     * agencysummary (admins, decision 021): the agency's members and the accounts awaiting
     * approval, and this month's (Manila) counted sales and commissions earned: the same queries
     * as the 'agency' report's member count and "this month" tiles, and each member's 'Earned This
     * Month'.
     */
    async agencySummary(): Promise<AgencySummary> {
      const today = todayInManila(now());
      const month = today.slice(0, 7);
      const [counts, sales, earned] = await Promise.all([
        team.agencyCounts(),
        monthTotals({ kind: 'agency' }, month, today),
        commissions.agencyEarned(month),
      ]);
      return {
        month,
        members: counts.members,
        pending: counts.byStatus.Pending,
        sales: { count: sales.count, tcv: centavosToPesos(sales.centavos) },
        commissions: earned,
      };
    },

    async report(auth: Auth, input: ReportInput): Promise<ReportResponse> {
      const member = await members.findById(input.id);
      if (!member) throw notFound('Member not found');
      const admin = isAdmin(auth);
      const leads = (LEADER_POSITIONS as readonly string[]).includes(member.position);
      const scopes: ReportScope[] = ['own', ...(leads || admin ? (['team'] as const) : []), ...(admin ? (['agency'] as const) : [])];
      // Without a scope: what the member's own page opens on, the widest they may see.
      const scope: ReportScope = input.scope ?? (admin && auth.memberId === input.id ? 'agency' : leads ? 'team' : 'own');
      if (!scopes.includes(scope)) throw forbidden(scope === 'agency' ? REPORT_MESSAGES.agencyForAdmins : REPORT_MESSAGES.teamForLeaders);

      const target: SalesScope = scope === 'agency' ? { kind: 'agency' } : { kind: scope, memberId: input.id };
      const today = todayInManila(now());
      const { months, next } = lastMonths(today, REPORT_MONTHS);
      const [rows, count, ranked, retained] = await Promise.all([
        // Up to today (decision 023): a sale dated later this month is counted once its day comes, as the leaderboard's "This month".
        reportsRepository.monthsByProduct(db, target, `${months[0]}-01`, monthUpToToday(months.at(-1)!, today).before),
        memberCount(target),
        scope === 'own'
          ? Promise.resolve(null)
          : reportsRepository.leaderboard(
              db,
              scope === 'team' ? { kind: 'recruits', sponsorId: input.id } : { kind: 'agency' },
              { from: input.from, to: input.to },
              LEADERBOARD_SIZE,
            ),
        reportsRepository.retentionByMonth(db, target, `${months[0]}-01`, `${next}-01`),
      ]);
      const retention = new Map(retained.map((r) => [r.month, r]));

      // Sums stay in integer centavos until the answer is shaped.
      const byMonth = new Map(months.map((m) => [m, { centavos: 0, count: 0 }]));
      const byProduct = new Map<string, { centavos: number; count: number }>();
      for (const r of rows) {
        const m = byMonth.get(r.month);
        if (m) {
          m.centavos += r.centavos;
          m.count += r.count;
        }
        const p = byProduct.get(r.product) ?? { centavos: 0, count: 0 };
        p.centavos += r.centavos;
        p.count += r.count;
        byProduct.set(r.product, p);
      }
      const products: ReportProduct[] = [...byProduct]
        .sort(([a, x], [b, y]) => y.centavos - x.centavos || y.count - x.count || a.localeCompare(b))
        .map(([product, p]) => ({ product, category: categoryOf(product) ?? null, tcv: centavosToPesos(p.centavos), count: p.count }));
      const totals = [...byMonth.values()].reduce((acc, m) => ({ centavos: acc.centavos + m.centavos, count: acc.count + m.count }), {
        centavos: 0,
        count: 0,
      });

      return {
        scope,
        scopes,
        months: months.map((month) => {
          const m = byMonth.get(month)!;
          return { month, tcv: centavosToPesos(m.centavos), count: m.count };
        }),
        products,
        totals: { tcv: centavosToPesos(totals.centavos), count: totals.count },
        members: count,
        leaderboard:
          ranked?.map((r, i) => ({
            rank: i + 1,
            id: r.id,
            name: fullName(r),
            position: r.position,
            tcv: centavosToPesos(r.centavos),
            count: r.count,
          })) ?? null,
        retention: months.map((month) => {
          const r = retention.get(month) ?? { due: 0, renewed: 0 };
          return { month, due: r.due, renewed: r.renewed, rate: r.due === 0 ? null : Math.round((r.renewed / r.due) * 1000) / 10 };
        }),
        from: input.from,
        to: input.to,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
