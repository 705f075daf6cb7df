import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { jobRunsRepository as repo } from './job-runs-repository.ts';

/** The numbers of the job claims (decision 032). */
export const JOB_RUNS = {
  /** How long a claim keeps other instances off a run without being renewed. */
  leaseMs: 10 * 60_000,
  /** How often a run under way renews its lease. */
  renewEveryMs: 60_000,
  /** Finished claims are forgotten after this long (the hourly housekeeping). */
  keepMs: 14 * 24 * 3_600_000,
};

/** This process's name in job_runs.owner: which machine and process runs a job, for an operator. */
export function instanceName(): string {
  return `${os.hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** The slot of hourly work: the UTC hour, '2026-11-27T10'. */
export function hourSlot(at: Date): string {
  return at.toISOString().slice(0, 13);
}

export interface JobRunsOptions {
  /** This instance (instanceName() by default). */
  owner?: string;
  now?: () => Date;
  numbers?: Partial<typeof JOB_RUNS>;
}

/**
 * Scheduled work run once across instances (decision 032). `once(job, slot, work)` claims the slot
 * in job_runs, one INSERT … ON CONFLICT DO UPDATE … WHERE the row is unfinished and its lease past:
 * the instance whose statement writes the row runs `work`, the others get null (on PostgreSQL the
 * second insert waits for the first to commit, then finds its lease alive). The claim is a row, not
 * a lock held by an open transaction: the work is many small transactions (a reminder each), and a
 * row works through PgBouncer's transaction pooling and on a PostgreSQL-compatible database without
 * advisory locks. While the work runs its lease is renewed; an instance that dies leaves a lease
 * that runs out, and the next run (another instance's, or this one's after restart) takes the slot
 * over. A run that ends well is marked finished (the slot is done for everyone); one that throws or
 * that `done` says is incomplete (a reminder not written, the server stopping) gives the slot back,
 * so a later run sends the rest. On SQLite, one process, the same rows keep a restart from
 * repeating the work of the hour or the day.
 */
export function createJobRuns(db: Kysely<Database>, options: JobRunsOptions = {}) {
  const owner = options.owner ?? instanceName();
  const numbers = { ...JOB_RUNS, ...options.numbers };
  // Leases are real time, whatever clock the caller gives for the slot.
  const iso = (ms: number) => new Date(ms).toISOString();
  const release = (job: string, slot: string) => repo.release(db, { job, slot, owner });

  return {
    owner,
    /**
     * Runs `work` if this instance claims `slot` of `job`; null when another instance runs it or
     * ran it. `done(result)` (true by default) tells whether the run is complete.
     */
    async once<T>(
      job: string,
      slot: string,
      work: () => Promise<T>,
      done: (result: T) => boolean = () => true,
    ): Promise<{ result: T } | null> {
      const at = Date.now();
      if (!(await repo.claim(db, { job, slot, owner, now: iso(at), leaseUntil: iso(at + numbers.leaseMs) }))) return null;
      const renew = setInterval(() => {
        // The database away for a moment: the next renewal, or the lease runs out.
        repo.update(db, { job, slot, owner }, { lease_until: iso(Date.now() + numbers.leaseMs) }).catch(() => undefined);
      }, numbers.renewEveryMs);
      renew.unref();
      let result: T;
      try {
        result = await work();
      } catch (err) {
        clearInterval(renew);
        await release(job, slot);
        throw err;
      }
      clearInterval(renew);
      if (done(result)) await repo.update(db, { job, slot, owner }, { finished_at: iso(Date.now()) });
      else await release(job, slot);
      return { result };
    },
    /** Gives a claimed slot back unfinished: the next run of the job takes it. */
    release,
    /** Forgets finished claims older than keepMs (the hourly housekeeping); answers how many. */
    purge(): Promise<number> {
      return repo.purgeFinished(db, iso((options.now?.() ?? new Date()).getTime() - numbers.keepMs));
    },
  };
}

export type JobRuns = ReturnType<typeof createJobRuns>;
