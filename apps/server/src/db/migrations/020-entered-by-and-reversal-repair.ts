import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Who entered a sale, and a repair of reversals.
 *
 * - `sales.entered_by`: the member who entered the sale (the agent, or an administrator entering it
 *   for them). An administrator may not verify a sale they entered (decision 018, separation of
 *   duties). Sales entered before this migration say nothing (null): who entered them was not kept.
 * - The repair of a race fixed in the same change (decision 019): a held entry released or
 *   forfeited while its sale was being cancelled could leave the reversal written held with no
 *   decision, on PostgreSQL, where nothing could decide it any more. Each such reversal gets the
 *   decision of the entry it reverses, with the same decider and time, so that the two count the
 *   same way again (an added row: no entry is edited).
 */
export const m020EnteredByAndReversalRepair = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('sales')
      .addColumn('entered_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();
    await sql`insert into commission_entry_decisions (entry_id, decision, reason, decided_by, decided_at)
      select r.id, d.decision, 'Follows the decision on entry #' || d.entry_id, d.decided_by, d.decided_at
      from commission_entries r
      join commission_entry_decisions d on d.entry_id = r.reverses_id
      where r.hold_reason is not null
        and not exists (select 1 from commission_entry_decisions rd where rd.entry_id = r.id)`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('sales').dropColumn('entered_by').execute();
  },
});
