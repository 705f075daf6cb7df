import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { MAX_CHAIN_DEPTH } from './limits.ts';
import type { Exec } from './exec.ts';

/**
 * Who counts (decision 021), written once for every count and list of members: the dashboard's
 * Team Size, Recruitment, Performance Reports, the leaderboards and the admin's agency figures.
 * `alias` is the members table's name in the query.
 */

/**
 * A counted member: Approved, active (not deactivated) and an agent's account (`account_type`
 * 'user': administrators run the portal; they are in no one's team, recruits or leaderboard).
 * A *team member* of M is a counted member below M at any depth; a *counted recruit* of M is a
 * counted member M sponsored; the *agency's members* are all counted members.
 */
export const countedMemberSql = (alias: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.ref(`${alias}.status`)} = 'Approved' and ${sql.ref(`${alias}.deactivated_at`)} is null and ${sql.ref(`${alias}.account_type`)} = 'user')`;

/**
 * A recruit as Recruitment lists them: an active agent's account M sponsored, in any status. The
 * Approved ones are M's counted recruits (the dashboard's Direct Recruits); the Pending ones are
 * listed with their status and counted apart ("awaiting approval").
 */
export const listedRecruitSql = (alias: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.ref(`${alias}.deactivated_at`)} is null and ${sql.ref(`${alias}.account_type`)} = 'user')`;

/**
 * `downline(id, depth)`: everyone below a member in the sponsor tree (members.referror), at every
 * level and in any state, depth 1 being their recruits. The walk goes through Pending and
 * deactivated members (their recruits are still below). One recursive query on both databases,
 * bounded by MAX_CHAIN_DEPTH; it never comes back to the member (each member has one sponsor, so a
 * cycle reachable downwards passes through them). The member themselves is not in it.
 */
export function withDownline(db: Exec, memberId: number) {
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
