import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The held commissions' count at scale (decision 035; bench/README.md "The dashboard's summary and
 * the admin's queues"): `adminqueues`, which the admin dashboard and every Admin Panel tab call (and
 * again every minute), counts the held entries (licences/repository.ts `heldQuery`: hold_reason set,
 * no decision, sale not rejected). No index had hold_reason, so every call read every entry: with
 * 400,000 entries 0.6 s on SQLite (through the members, one index probe per entry). A partial
 * index of the held entries alone (a few in a hundred) holds what the count joins on, so the count
 * reads only them; the Compliance page's list of held entries reads it too.
 */
export const m023HeldEntriesIndex = (): Migration => ({
  async up(db: Kysely<any>) {
    await sql`create index commission_entries_held_idx on commission_entries (member_id, sale_id) where hold_reason is not null`.execute(
      db,
    );
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('commission_entries_held_idx').ifExists().execute();
  },
});
