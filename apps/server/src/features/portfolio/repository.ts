import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { addDays } from '@ahente/contract/dates';
import type { PolicyStatus } from '@ahente/contract/portfolio';
import { MAX_CHAIN_DEPTH } from '../../db/limits.ts';
import { isPolicySql, policyKindSql, policyStatusIsSql, policyStatusSql } from '../../db/policy-status.ts';
import { hasRowLocks } from '../../db/locks.ts';
import { withDownline } from '../../db/team.ts';
import type { Exec } from '../../db/exec.ts';

/** Whose policies: one member's, or everyone's below a member in the sponsor tree (decision 021's walk). */
export type PolicyScope = { kind: 'own'; memberId: number } | { kind: 'team'; memberId: number };

/** What the Portfolio's filters keep, the status aside (the counts are per status). */
export interface PolicyFilter {
  scope: PolicyScope;
  /** The day in Manila the statuses are derived for. */
  today: string;
  /** Lower-cased text to find in the customer's name or the policy number; null for none. */
  q: string | null;
  /** Open policies (neither cancelled nor renewed) that expire from today to today + N days. */
  dueWithin: number | null;
}

/**
 * The parts of the list, in the order it is shown (decision 025): due (soonest expiry first), lapsed
 * (most recently lapsed first), in force with an expiry (soonest first), in force without one (a
 * Memorial Plan, newest recorded first), renewed (latest expiry first), cancelled (latest cancellation
 * first). Each part reads as one index range in its own order, so a page never sorts the book.
 */
export const PARTS = ['due', 'lapsed', 'in force', 'no term', 'renewed', 'cancelled'] as const;
export type Part = (typeof PARTS)[number];
export const statusOfPart = (part: Part): PolicyStatus => (part === 'no term' ? 'in force' : part);

/** A LIKE pattern that finds `text` anywhere, its `%`, `_` and `\` taken literally (ESCAPE '\'). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The conditions every query of a filter shares: policies (not rejected) of the scope, the search,
 * the expiring window. A team is the members below the scope's member (db/team.ts): `downline`
 * names a `downline` CTE the caller walked once for several counts, else the walk is a subquery.
 * `byExpiry`: a team's page reads the book in the list's order (the *_order_idx indexes), so its
 * member condition is written `+s.member_id`, which keeps both databases from reading the book by
 * member and sorting it (a unary plus is a no-op on an integer in both).
 */
function filtered(db: Exec, f: PolicyFilter, options: { byExpiry?: boolean; downline?: boolean } = {}): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [isPolicySql('s')];
  if (f.scope.kind === 'own') conditions.push(sql<SqlBool>`s.member_id = ${f.scope.memberId}`);
  else {
    const member = options.byExpiry ? sql`+s.member_id` : sql`s.member_id`;
    const team = options.downline
      ? sql`select id from downline`
      : withDownline(db, f.scope.memberId).selectFrom('downline').select('downline.id');
    conditions.push(sql<SqlBool>`${member} in (${team})`);
  }
  if (f.q) {
    const pattern = containsPattern(f.q);
    conditions.push(
      sql<SqlBool>`(lower(s.customer_name) like ${pattern} escape '\\' or lower(coalesce(s.policy_number, '')) like ${pattern} escape '\\')`,
    );
  }
  if (f.dueWithin !== null) {
    conditions.push(
      sql<SqlBool>`${policyKindSql('s', 'open')} and s.expiry_date >= ${f.today} and s.expiry_date <= ${addDays(f.today, f.dueWithin)}`,
    );
  }
  return sql.join(conditions, sql` and `) as RawBuilder<SqlBool>;
}

/** A part's condition: its status, and for in force whether the policy has an expiry. */
function inPart(part: Part, today: string) {
  if (part === 'no term') return sql<SqlBool>`(${policyKindSql('s', 'open')} and s.expiry_date is null)`;
  const status = policyStatusIsSql('s', statusOfPart(part), today);
  return part === 'in force' ? sql<SqlBool>`(s.expiry_date is not null and ${status})` : status;
}

export const portfolioRepository = {
  /**
   * How many policies of the filter are in each part: a count per part, each one range of a book's
   * index by member (migration 013), the team walked once for the six. Only a search reads rows.
   */
  async countParts(db: Exec, f: PolicyFilter): Promise<Record<Part, number>> {
    const team = f.scope.kind === 'team';
    const counts = PARTS.map((part, i) =>
      sql<number | string>`(select count(*) from sales s where ${filtered(db, f, { downline: team })} and ${inPart(part, f.today)})`.as(
        `c${i}`,
      ),
    );
    const row: Record<string, number | string> = team
      ? await withDownline(db, f.scope.memberId).selectNoFrom(counts).executeTakeFirstOrThrow()
      : await db.selectNoFrom(counts).executeTakeFirstOrThrow();
    return Object.fromEntries(PARTS.map((part, i) => [part, Number(row[`c${i}`])])) as Record<Part, number>;
  },

  /** `limit` policies of one part from `offset`, in the part's order, with their renewal deal and sale. */
  listPart(db: Exec, f: PolicyFilter, part: Part, offset: number, limit: number) {
    let q = db
      .selectFrom('sales as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .leftJoin('deals as d', 'd.renews_sale_id', 's.id')
      // The renewal's sale, if sold (one not rejected per deal: sales_deal_id_key, partial on this very term).
      .leftJoin('sales as rs', (join) => join.onRef('rs.deal_id', '=', 'd.id').on(isPolicySql('rs')))
      .select([
        's.id as sale_id',
        's.member_id',
        'm.f_name',
        'm.m_name',
        'm.l_name',
        's.customer_name',
        's.customer_contact',
        's.customer_email',
        's.policy_number',
        's.product',
        's.insurer',
        's.tcv_centavos',
        's.effective_date',
        's.expiry_date',
        sql<PolicyStatus>`${statusOfPart(part)}`.as('status'),
        'd.id as renewal_deal_id',
        'd.deal_status as renewal_deal_status',
        'rs.id as renewal_sale_id',
      ])
      .where(filtered(db, f, { byExpiry: f.scope.kind === 'team' }))
      .where(inPart(part, f.today));
    if (part === 'due' || part === 'in force') q = q.orderBy('s.expiry_date', 'asc').orderBy('s.id', 'asc');
    else if (part === 'lapsed' || part === 'renewed') q = q.orderBy('s.expiry_date', 'desc').orderBy('s.id', 'desc');
    else if (part === 'no term') q = q.orderBy('s.id', 'desc');
    else q = q.orderBy('s.cancelled_on', 'desc').orderBy('s.id', 'desc');
    return q.offset(offset).limit(limit).execute();
  },

  /**
   * Whether `memberId` is below `leaderId` in the sponsor tree (at any depth, decision 021): a walk
   * up from the member, bounded by MAX_CHAIN_DEPTH (a cycle in the data ends there).
   */
  async isBelow(db: Exec, leaderId: number, memberId: number): Promise<boolean> {
    const row = await db
      .withRecursive('up(id, depth)', (qb) =>
        qb
          .selectFrom('members')
          .select(['referror as id', sql<number>`1`.as('depth')])
          .where('id', '=', memberId)
          .where('referror', 'is not', null)
          .unionAll((u) =>
            u
              .selectFrom('up')
              .innerJoin('members as m', 'm.id', 'up.id')
              .select(['m.referror as id', sql<number>`up.depth + 1`.as('depth')])
              .where('m.referror', 'is not', null)
              .where('up.depth', '<', MAX_CHAIN_DEPTH),
          ),
      )
      .selectFrom('up')
      .select('up.id')
      .where('up.id', '=', leaderId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** A policy (sale) for startrenewal, locked on PostgreSQL so two renewals of it are decided one after the other. */
  async lockPolicy(db: Exec, saleId: number, today: string) {
    const query = db
      .selectFrom('sales as s')
      .select([
        's.id',
        's.member_id',
        's.verification',
        's.customer_name',
        's.customer_contact',
        's.customer_email',
        's.product',
        's.insurer',
        's.tcv_centavos',
        's.sales_type',
        's.referror',
        's.agent',
        's.sales_group',
        's.expiry_date',
        policyStatusSql('s', today).as('status'),
      ])
      .where('s.id', '=', saleId);
    return (hasRowLocks(db) ? query.forUpdate('s') : query).executeTakeFirst();
  },
};

/** A policy as listPart reads it: typed by the query itself, so the two cannot drift apart. */
export type PolicyDbRow = Awaited<ReturnType<typeof portfolioRepository.listPart>>[number];
