import { sql, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Position } from '@ahente/contract/enums';
import type { Database } from '../../db/schema.ts';
import { MAX_CHAIN_DEPTH } from '../../db/limits.ts';

type Exec = Kysely<Database> | Transaction<Database>;

/** Whose sales a report counts: one member's, everyone's below a member in the sponsor tree, or everyone's. */
export type SalesScope = { kind: 'own'; memberId: number } | { kind: 'team'; memberId: number } | { kind: 'agency' };

/** Who a leaderboard ranks: a member's direct recruits, or every agent of the agency. */
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

/**
 * Everyone below a member in the sponsor tree (members.referror), at every level and in any state
 * (Pending and deactivated members included: their sales were made). One recursive query on both
 * databases, as the members feature's team size: bounded by MAX_CHAIN_DEPTH, and it never comes
 * back to the member (each member has one sponsor, so a cycle reachable downwards passes through
 * them). The member themselves is not in it.
 */
function withDownline(db: Exec, memberId: number) {
  return db.withRecursive('downline(id, depth)', (qb) =>
    qb
      .selectFrom('members')
      .select(['id', sql<number>`1`.as('depth')])
      .where('referror', '=', memberId)
      .where('id', '!=', memberId)
      .unionAll((u) =>
        u
          .selectFrom('downline')
          .innerJoin('members as m', 'm.referror', 'downline.id')
          .select(['m.id', sql<number>`downline.depth + 1`.as('depth')])
          .where('m.id', '!=', memberId)
          .where('downline.depth', '<', MAX_CHAIN_DEPTH),
      ),
  );
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
      .where('sales.verification', '!=', 'rejected')
      .where('sales.cancelled_on', 'is', null)
      .where(inScope(db, scope))
      .groupBy([month, 'sales.product'])
      .execute();
    // PostgreSQL answers sums and counts of integers as bigint text.
    return rows.map((r) => ({ month: r.month, product: r.product, centavos: Number(r.centavos), count: Number(r.count) }));
  },

  /** How many members the scope's figures are drawn from (every state; the member alone for 'own'). */
  async memberCount(db: Exec, scope: SalesScope): Promise<number> {
    if (scope.kind === 'own') return 1;
    const row =
      scope.kind === 'team'
        ? await withDownline(db, scope.memberId)
            .selectFrom('downline')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        : await db
            .selectFrom('members')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * Active members ranked by their own sales with an effective date within from–to (inclusive;
   * null is open): TCV, then count (both highest first), then name. Members without a sale in the
   * period are ranked too, at ₱0, so that a leader sees who is idle.
   */
  async leaderboard(
    db: Exec,
    ranked: Ranked,
    period: { from: string | null; to: string | null },
    limit: number,
  ): Promise<LeaderboardDbRow[]> {
    const rows = await db
      .selectFrom('members as m')
      .leftJoin('sales as s', (join) => {
        let on = join.onRef('s.member_id', '=', 'm.id').on('s.verification', '!=', 'rejected').on('s.cancelled_on', 'is', null);
        if (period.from) on = on.on('s.effective_date', '>=', period.from);
        if (period.to) on = on.on('s.effective_date', '<=', period.to);
        return on;
      })
      .select([
        'm.id',
        'm.f_name',
        'm.m_name',
        'm.l_name',
        'm.position',
        sql<number | string>`coalesce(sum(s.tcv_centavos), 0)`.as('centavos'),
        sql<number | string>`count(s.id)`.as('count'),
      ])
      .where('m.deactivated_at', 'is', null)
      .$call((q) =>
        ranked.kind === 'recruits'
          ? q.where('m.referror', '=', ranked.sponsorId).where('m.id', '!=', ranked.sponsorId)
          : q.where('m.account_type', '=', 'user'),
      )
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
