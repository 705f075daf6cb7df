import type { Kysely } from 'kysely';
import { daysUntil, todayInManila } from '@ahente/contract/dates';
import { productLabel } from '@ahente/contract/labels';
import { REMINDER_DAYS } from '@ahente/contract/notifications';
import type { Database } from '../../db/schema.ts';
import type { Notifier } from '../notifications/service.ts';
import type { UniversityService } from '../university/service.ts';
import { remindersRepository as repo } from './repository.ts';

/**
 * The first run after a policy lapses tells its agent if it runs within this many days of the
 * expiry date (a job stopped for a while does not announce old lapses).
 */
export const LAPSED_NOTICE_DAYS = 7;

/** The thresholds, nearest first. */
const DAYS = [...REMINDER_DAYS].sort((a, b) => a - b);

export interface DailyRunResult {
  /** The day the run was for (Manila). */
  day: string;
  policy_due: number;
  policy_lapsed: number;
  licence_expiring: number;
  /** University's reminders (decision 039): a required course assigned or due, a certificate expiring. */
  training: number;
  /** Reminders that could not be written (logged, tried again by the next run). */
  failed: number;
}

interface Log {
  error(obj: object, msg: string): void;
}

/**
 * The daily job (decision 026): the renewal reminders of policies (due in 60, 30 and 7 days, and
 * lapsed) to their agent, and of licences (expiring in 60, 30 and 7 days) to the licensee. A term
 * tells the threshold it has reached, the nearest not yet passed: a job that missed days sends that
 * one only, never the ones skipped. Each reminder has its dedupe key and is written with its e-mail
 * in its own transaction: a second run, at once or on another instance, writes nothing again (the
 * unique index on notifications decides), and a failure loses nothing the next run cannot send.
 * Today is the app's clock in Manila.
 */
export function createRemindersService(
  db: Kysely<Database>,
  notifier: Pick<Notifier, 'notify'>,
  options: { now?: () => Date; university?: Pick<UniversityService, 'reminders'> } = {},
) {
  const now = () => options.now?.() ?? new Date();

  return {
    /** One run for today. `signal` (the server stopping) ends it between two reminders; the next run sends the rest. */
    async runDaily(log?: Log, signal?: AbortSignal): Promise<DailyRunResult> {
      const today = todayInManila(now());
      const result: DailyRunResult = { day: today, policy_due: 0, policy_lapsed: 0, licence_expiring: 0, training: 0, failed: 0 };
      const tell = async (
        what: 'policy_due' | 'policy_lapsed' | 'licence_expiring' | 'training',
        ref: object,
        write: () => Promise<number | null>,
      ) => {
        if (signal?.aborted) return;
        try {
          if ((await write()) !== null) result[what] += 1;
        } catch (err) {
          result.failed += 1;
          log?.error({ err, ...ref }, 'daily job: a reminder could not be written');
        }
      };

      for (const p of await repo.policiesToRemind(db, today, DAYS, LAPSED_NOTICE_DAYS)) {
        const policy = { saleId: p.id, customer: p.customer_name, product: productLabel(p.product), expiryDate: p.expiry_date };
        const options = { dedupeKey: p.dedupe_key };
        if (p.status === 'lapsed') {
          await tell('policy_lapsed', { saleId: p.id }, () =>
            db.transaction().execute((trx) => notifier.notify(trx, p.member_id, 'policy_lapsed', policy, options)),
          );
        } else {
          const days = daysUntil(p.expiry_date, today);
          await tell('policy_due', { saleId: p.id }, () =>
            db.transaction().execute((trx) => notifier.notify(trx, p.member_id, 'policy_due', { ...policy, days }, options)),
          );
        }
      }

      for (const l of await repo.licencesToRemind(db, today, DAYS)) {
        const days = daysUntil(l.expires_on, today);
        await tell('licence_expiring', { licenceId: l.id }, () =>
          db
            .transaction()
            .execute((trx) =>
              notifier.notify(
                trx,
                l.member_id,
                'licence_expiring',
                { licenceId: l.id, line: l.line, expiresOn: l.expires_on, days },
                { dedupeKey: l.dedupe_key },
              ),
            ),
        );
      }

      for (const r of (await options.university?.reminders(today)) ?? []) {
        await tell('training', { memberId: r.memberId, event: r.event }, () =>
          db
            .transaction()
            .execute((trx) =>
              r.event === 'course_assigned'
                ? notifier.notify(trx, r.memberId, r.event, r.params, { dedupeKey: r.dedupeKey })
                : r.event === 'course_due'
                  ? notifier.notify(trx, r.memberId, r.event, r.params, { dedupeKey: r.dedupeKey })
                  : notifier.notify(trx, r.memberId, r.event, r.params, { dedupeKey: r.dedupeKey }),
            ),
        );
      }
      return result;
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
