import type { Kysely, Migration } from 'kysely';
import { notNull } from './helpers.ts';

/**
 * Scheduled work claimed in the database (decision 032): one row per job and slot (the daily
 * reminders' cron time, the housekeeping's hour). The instance whose insert (or takeover of an
 * expired lease) wins runs it; the others find the row and skip. A run that ends well gets its
 * finished_at; one that fails is deleted so a later run tries again; one whose instance died
 * is taken over once its lease is past.
 */
export const m017JobRuns = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('job_runs')
      // 'daily-reminders', 'housekeeping', 'orphan-sweep'.
      .addColumn('job', 'varchar(40)', notNull)
      // '2026-11-26T22:00:00Z' (the daily cron's last time), '2026-11-27T10' (a UTC hour).
      .addColumn('slot', 'varchar(40)', notNull)
      // The instance that runs it: its host name, process id and a random part.
      .addColumn('owner', 'varchar(100)', notNull)
      .addColumn('started_at', 'varchar(30)', notNull)
      // Renewed while the run lasts; past it, another instance may take the run over.
      .addColumn('lease_until', 'varchar(30)', notNull)
      .addColumn('finished_at', 'varchar(30)')
      .addPrimaryKeyConstraint('job_runs_pkey', ['job', 'slot'])
      .execute();
    await db.schema.createIndex('job_runs_started_idx').on('job_runs').column('started_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('job_runs').execute();
  },
});
