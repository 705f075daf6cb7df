import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Position } from '@ahente/contract/enums';
import type { Database } from '../../db/schema.ts';
import { countedSaleSql } from '../../db/counted-sale.ts';
import { isPolicySql, policyKindSql } from '../../db/policy-status.ts';
import { countedMemberSql, withDownline } from '../../db/team.ts';
import type { Exec } from '../../db/exec.ts';

/** Whose sales a report counts: one member's, everyone's below a member in the sponsor tree, or everyone's. */
export type SalesScope = { kind: 'own'; memberId: number } | { kind: 'team'; memberId: number } | { kind: 'agency' };

/** Who a leaderboard ranks (among ranked sellers, decision 021): a member's counted recruits, or every counted member. */
export type Ranked = { kind: 'recruits'; sponsorId: number } | { kind: 'agency' };

/** Sales of one product in one month ('YYYY-MM'), money in integer centavos. */
export interface MonthProductRow {
  month: string;
  product: string;
  centavos: number;
  count: number;
}

export interface LeaderboardDbRow {
  id: number;
  f_name: string;
  m_name: string | null;
  l_name: string;
  position: Position;
  centavos: number;
  count: number;
}

/** The condition that keeps the sales of the scope. */
function inScope(db: Exec, scope: SalesScope) {
  return (eb: ExpressionBuilder<Database, 'sales'>) => {
    if (scope.kind === 'own') return eb('sales.member_id', '=', scope.memberId);
    if (scope.kind === 'team')
      return eb('sales.member_id', 'in', withDownline(db, scope.memberId).selectFrom('downline').select('downline.id'));
    return sql<SqlBool>`1 = 1`;
  };
}

export const reportsRepository = {
  /**
   * The scope's sales with an effective date from `fromDay` (inclusive) to `beforeDay`
   * (exclusive), summed by month and product. Dates are 'YYYY-MM-DD' text, so comparing and
   * cutting them as text is exact on both databases.
   */
  async monthsByProduct(db: Exec, scope: SalesScope, fromDay: string, beforeDay: string): Promise<MonthProductRow[]> {
    const month = sql<string>`substr(sales.effective_date, 1, 7)`;
    const rows = await db
      .selectFrom('sales')
      .select((eb) => [
        month.as('month'),
        'sales.product',
        eb.fn.sum<number | string>('sales.tcv_centavos').as('centavos'),
        eb.fn.countAll<number | string>().as('count'),
      ])
      .where('sales.effective_date', '>=', fromDay)
      .where('sales.effective_date', '<', beforeDay)
      // A rejected sale is not a sale (its deal may be sold again), nor a cancelled one: contract countsAsSale, decisions 018 and 019.
      .where(countedSaleSql('sales'))
      .where(inScope(db, scope))
      .groupBy([month, 'sales.product'])
      .execute();
    // PostgreSQL answers sums and counts of integers as bigint text.
    return rows.map((r) => ({ month: r.month, product: r.product, centavos: Number(r.centavos), count: Number(r.count) }));
  },

  /**
   * Retention (decision 025): the scope's policies (neither rejected nor cancelled: open or renewed,
   * db/policy-status.ts) whose expiry date falls from `fromDay` (inclusive) to `beforeDay`
   * (exclusive), per month of expiry, and how many of them are renewed. Two counts, each a range of
   * one of the book's indexes (migration 013).
   */
  async retentionByMonth(
    db: Exec,
    scope: SalesScope,
    fromDay: string,
    beforeDay: string,
  ): Promise<{ month: string; due: number; renewed: number }[]> {
    const month = sql<string>`substr(sales.expiry_date, 1, 7)`;
    const perMonth = (kind: 'open' | 'renewed') =>
      db
        .selectFrom('sales')
        .select([month.as('month'), sql<number | string>`count(*)`.as('n')])
        .where(isPolicySql('sales'))
        .where(policyKindSql('sales', kind))
        .where('sales.expiry_date', '>=', fromDay)
        .where('sales.expiry_date', '<', beforeDay)
        .where(inScope(db, scope))
        .groupBy(month)
        .execute();
    const [open, renewed] = await Promise.all([perMonth('open'), perMonth('renewed')]);
    const months = new Map<string, { month: string; due: number; renewed: number }>();
    const at = (m: string) => months.get(m) ?? months.set(m, { month: m, due: 0, renewed: 0 }).get(m)!;
    for (const r of open) at(r.month).due += Number(r.n);
    for (const r of renewed) {
      at(r.month).due += Number(r.n);
      at(r.month).renewed += Number(r.n);
    }
    return [...months.values()];
  },

  /**
   * The ranked sellers (decision 021): counted members (Approved, active agents) with at least one
   * counted sale (contract countsAsSale) with an effective date within from–to (inclusive; null is
   * open), ranked by the TCV of those sales, then their number (both highest first), then name.
   * A member without such a sale is not ranked: no ₱0 rows. `recruits` ranks a member's counted
   * recruits; `agency` every counted member.
   */
  async leaderboard(
    db: Exec,
    ranked: Ranked,
    period: { from: string | null; to: string | null },
    limit: number,
  ): Promise<LeaderboardDbRow[]> {
    const rows = await db
      .selectFrom('members as m')
      .innerJoin('sales as s', 's.member_id', 'm.id')
      .select([
        'm.id',
        'm.f_name',
        'm.m_name',
        'm.l_name',
        'm.position',
        sql<number | string>`sum(s.tcv_centavos)`.as('centavos'),
        sql<number | string>`count(s.id)`.as('count'),
      ])
      .where(countedMemberSql('m'))
      .where(countedSaleSql('s'))
      .$if(period.from !== null, (q) => q.where('s.effective_date', '>=', period.from!))
      .$if(period.to !== null, (q) => q.where('s.effective_date', '<=', period.to!))
      .$call((q) => (ranked.kind === 'recruits' ? q.where('m.referror', '=', ranked.sponsorId).where('m.id', '!=', ranked.sponsorId) : q))
      .groupBy(['m.id', 'm.f_name', 'm.m_name', 'm.l_name', 'm.position', 'm.search_name'])
      .orderBy('centavos', 'desc')
      .orderBy('count', 'desc')
      .orderBy('m.search_name')
      .orderBy('m.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, centavos: Number(r.centavos), count: Number(r.count) }));
  },
};
