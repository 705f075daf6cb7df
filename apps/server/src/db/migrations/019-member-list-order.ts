import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The admin's Members Record at scale (decision 035, "Data at scale"): with 100,000 members its
 * first page took 0.4–0.8 s and page 2,000 1.5 s, on both databases, because every page sorted all
 * active members by the default order (Pending first, then the newest) and counted them per status
 * by reading the table.
 *
 * - `members_list_order_idx`: the default order itself, on exactly the expression the repository
 *   orders by (`rankOf('status', MEMBER_STATUSES)` in features/members/repository.ts, with the
 *   statuses of today), partial on active members as the list is. A page then reads the index in
 *   order and stops after it. If the statuses change, this index no longer matches and a new
 *   migration must replace it: members/repository.test.ts checks on both databases that the
 *   default page is read through it.
 * - `members_active_status_idx`: the count per status, from the index alone.
 */
export const m019MemberListOrder = (): Migration => ({
  async up(db: Kysely<any>) {
    await sql`create index members_list_order_idx on members ((case status when 'Pending' then 0 when 'Approved' then 1 else 2 end), reg_date desc, id desc) where deactivated_at is null`.execute(
      db,
    );
    await sql`create index members_active_status_idx on members (status) where deactivated_at is null`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('members_active_status_idx').ifExists().execute();
    await db.schema.dropIndex('members_list_order_idx').ifExists().execute();
  },
});
