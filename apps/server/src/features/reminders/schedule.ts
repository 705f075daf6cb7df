import { Cron } from 'croner';
import type { DailyRunResult } from './service.ts';

/** The daily job's clock: DAILY_JOB_CRON is read in Manila time, whatever the server's zone. */
export const DAILY_JOB_TIMEZONE = 'Asia/Manila';
export const DEFAULT_DAILY_JOB_CRON = '0 6 * * *';
/** The run after start: once the server listens, not in the way of its first requests. */
export const FIRST_RUN_DELAY_MS = 30_000;

/** Whether `pattern` is a cron pattern croner runs (config.ts validates DAILY_JOB_CRON with it). */
export function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { timezone: DAILY_JOB_TIMEZONE, paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs the daily job inside the server (decision 026): on DAILY_JOB_CRON in Manila time with
 * croner, and once FIRST_RUN_DELAY_MS after start (a server down at the hour catches up). Never two
 * runs at once in this process; on several instances each runs it, and the reminders' dedupe keys
 * make the second run write nothing. A failed run is logged; the next scheduled run sends what it missed.
 */
export function startDailyJob(
  run: (signal: AbortSignal) => Promise<DailyRunResult>,
  options: { cron: string; log: Log; firstRunDelayMs?: number },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const stopping = new AbortController();
  const once = () => {
    if (stopping.signal.aborted) return running;
    running ??= run(stopping.signal)
      .then((result) => options.log.info({ dailyJob: result }, 'daily job done'))
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
