import { Cron } from 'croner';
import { todayInManila } from '@ahente/contract/dates';
import { DAILY_JOB_TIMEZONE } from '../../lib/cron.ts';
import type { JobRuns } from '../../platform/jobs.ts';
import type { DailyRunResult } from './service.ts';

/** The run after start: once the server listens, not in the way of its first requests. */
export const FIRST_RUN_DELAY_MS = 30_000;

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The daily job's name in job_runs (decision 032). */
export const DAILY_JOB = 'daily-reminders';

/**
 * The slot a run of the daily job belongs to: the most recent time DAILY_JOB_CRON named, at or
 * before `now` (UTC, to the second), e.g. '2026-11-30T22:00:00Z' for 06:00 in Manila on 1 December.
 * The cron's run at that time and a restart's first run after it (the catch-up) fall in the same
 * slot; a pattern that fires more often than daily gets a slot per firing. A pattern with no past
 * firing falls back to the Manila day.
 */
export function dailyJobSlot(cron: string, now: Date): string {
  const [last] = new Cron(cron, { timezone: DAILY_JOB_TIMEZONE, paused: true }).previousRuns(1, now);
  return last ? `${last.toISOString().slice(0, 19)}Z` : todayInManila(now);
}

/**
 * The daily job claimed in the database (decision 032): one complete run per slot of
 * DAILY_JOB_CRON (dailyJobSlot) across instances. The first instance to claim the slot runs it, the
 * others (and this one's later triggers in that slot, such as a restart's first run) answer null. A
 * run with a reminder not written, or stopped by a shutdown, gives the slot back, so the next
 * trigger sends the rest; the reminders' dedupe keys still make any repeat write nothing.
 */
export function claimedDailyRun(
  jobs: Pick<JobRuns, 'once'>,
  run: (signal: AbortSignal) => Promise<DailyRunResult>,
  options: { cron: string; now?: () => Date },
): (signal: AbortSignal) => Promise<DailyRunResult | null> {
  return async (signal) => {
    const slot = dailyJobSlot(options.cron, options.now?.() ?? new Date());
    const claimed = await jobs.once(
      DAILY_JOB,
      slot,
      () => run(signal),
      (r) => r.failed === 0 && !signal.aborted,
    );
    return claimed?.result ?? null;
  };
}

/**
 * Runs the daily job inside the server (decision 026): on DAILY_JOB_CRON in Manila time with
 * croner, and once FIRST_RUN_DELAY_MS after start (a server down at the hour catches up). Never two
 * runs at once in this process; on several instances `run` is claimedDailyRun's, so one of them
 * runs each slot (decision 032). A failed run is logged; the next scheduled run sends what it missed.
 */
export function startDailyJob(
  run: (signal: AbortSignal) => Promise<DailyRunResult | null>,
  options: { cron: string; log: Log; firstRunDelayMs?: number },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const stopping = new AbortController();
  const once = () => {
    if (stopping.signal.aborted) return running;
    running ??= run(stopping.signal)
      .then((result) =>
        result
          ? options.log.info({ dailyJob: result }, 'daily job done')
          : options.log.info({}, 'daily job: this slot is done already, or under way on another instance'),
      )
      .catch((err: unknown) => options.log.error({ err }, 'daily job failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const job = new Cron(options.cron, { timezone: DAILY_JOB_TIMEZONE, unref: true }, async () => {
    await once();
  });
  const first = setTimeout(() => void once(), options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
  first.unref();
  return {
    /** No new run; the one under way, if any, ends after its current reminder. */
    async stop() {
      clearTimeout(first);
      job.stop();
      stopping.abort();
      await running;
    },
  };
}
