import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The job_runs table (migration 017, decision 032): claims of scheduled work. */
export const jobRunsRepository = {
  /**
   * Claims `slot` of `job` for `owner` until `leaseUntil`: a new row, or the takeover of an
   * unfinished one whose lease is past `now`. One statement, so of several instances one wins (on
   * PostgreSQL the second waits for the first's row to commit, then finds its lease alive).
   */
  async claim(
    db: Kysely<Database>,
    claim: { job: string; slot: string; owner: string; now: string; leaseUntil: string },
  ): Promise<boolean> {
    const row = await db
      .insertInto('job_runs')
      .values({
        job: claim.job,
        slot: claim.slot,
        owner: claim.owner,
        started_at: claim.now,
        lease_until: claim.leaseUntil,
        finished_at: null,
      })
      .onConflict((oc) =>
        oc
          .columns(['job', 'slot'])
          .doUpdateSet({ owner: claim.owner, started_at: claim.now, lease_until: claim.leaseUntil })
          .where('job_runs.finished_at', 'is', null)
          .where('job_runs.lease_until', '<', claim.now),
      )
      .returning('owner')
      .executeTakeFirst();
    return row?.owner === claim.owner;
  },

  /** Sets the lease, or marks finished, a claim `owner` holds unfinished. */
  async update(
    db: Kysely<Database>,
    key: { job: string; slot: string; owner: string },
    set: { lease_until: string } | { finished_at: string },
  ) {
    await db
      .updateTable('job_runs')
      .set(set)
      .where('job', '=', key.job)
      .where('slot', '=', key.slot)
      .where('owner', '=', key.owner)
      .where('finished_at', 'is', null)
      .execute();
  },

  /** Deletes a claim `owner` holds unfinished (given back). */
  async release(db: Kysely<Database>, key: { job: string; slot: string; owner: string }) {
    await db
      .deleteFrom('job_runs')
      .where('job', '=', key.job)
      .where('slot', '=', key.slot)
      .where('owner', '=', key.owner)
      .where('finished_at', 'is', null)
      .execute();
  },

  /** Deletes finished claims started before `cutoff`; answers how many. */
  async purgeFinished(db: Kysely<Database>, cutoff: string): Promise<number> {
    const r = await db.deleteFrom('job_runs').where('finished_at', 'is not', null).where('started_at', '<', cutoff).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
