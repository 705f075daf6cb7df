import { Cron } from 'croner';

/**
 * Cron patterns as the server reads them, with nothing of the server in them: config.ts checks
 * DAILY_JOB_CRON here before anything starts, and features/reminders/schedule.ts runs the daily job
 * on it (decision 026).
 */

/** The daily job's clock: DAILY_JOB_CRON is read in Manila time, whatever the server's zone. */
export const DAILY_JOB_TIMEZONE = 'Asia/Manila';
export const DEFAULT_DAILY_JOB_CRON = '0 6 * * *';

/** Whether `pattern` is a cron pattern croner runs (config.ts validates DAILY_JOB_CRON with it). */
export function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { timezone: DAILY_JOB_TIMEZONE, paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}
