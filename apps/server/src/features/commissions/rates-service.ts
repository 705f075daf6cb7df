import type { Kysely } from 'kysely';
import {
  LEADER_POSITIONS,
  percentToHundredths,
  type RateRecord,
  type RateSchedule,
  type RatesResponse,
  type SetRate,
} from '@ahente/contract/commissions';
import { categoryOf, PRODUCTS } from '@ahente/contract/catalogue';
import { scheduleAt, todayInManila } from '@ahente/contract/dates';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Auth } from '../../platform/sessions.ts';
import { fullName } from '@ahente/contract/names';
import type { ProfileService } from '../members/profile-service.ts';
import { toRate } from './mappers.ts';
import { ratesRepository as repo } from './rates-repository.ts';

function schedules(kind: 'product' | 'override', keys: readonly string[], history: RateRecord[], today: string): RateSchedule[] {
  return keys.map((key) => {
    const mine = history.filter((r) => r.kind === kind && r.key === key); // newest effective date first, then newest set
    const { current, next: nextRate } = scheduleAt(mine, today);
    return {
      key,
      category: kind === 'product' ? (categoryOf(key) ?? null) : null,
      current: current?.rate ?? null,
      current_from: current?.effective_from ?? null,
      next: nextRate?.rate ?? null,
      next_from: nextRate?.effective_from ?? null,
      history: mine,
    };
  });
}

/**
 * The schedule of commission rates (decision 016): a dated rate per product and per leadership
 * position, each in force from its date until the next. The sale's entries read them
 * (sale-entries-service.ts).
 */
export function createCommissionRatesService(
  db: Kysely<Database>,
  members: Pick<ProfileService, 'requireMember'>,
  options: { now?: () => Date } = {},
) {
  const now = () => options.now?.() ?? new Date();

  return {
    async rates(): Promise<RatesResponse> {
      const today = todayInManila(now());
      const history: RateRecord[] = (await repo.allRates(db)).map(toRate);
      return {
        as_of: today,
        products: schedules('product', PRODUCTS, history, today),
        overrides: schedules('override', LEADER_POSITIONS, history, today),
      };
    },

    /** A new rate from a date on: today or later, so no sale already recorded is priced again. */
    async setRate(auth: Auth, input: SetRate): Promise<RateRecord> {
      const at = now();
      if (input.effective_from < todayInManila(at)) {
        throw badRequest('Effective from must be today or later: a rate never changes sales already recorded');
      }
      const { id } = await repo.insertRate(db, {
        kind: input.kind,
        key: input.key,
        rate_hundredths: percentToHundredths(input.rate),
        effective_from: input.effective_from,
        created_at: at.toISOString(),
        created_by: auth.memberId,
      });
      const admin = await members.requireMember(auth.memberId);
      return {
        id,
        kind: input.kind,
        key: input.key,
        rate: input.rate,
        effective_from: input.effective_from,
        created_at: at.toISOString(),
        created_by_name: fullName(admin),
      };
    },
  };
}

export type CommissionRatesService = ReturnType<typeof createCommissionRatesService>;
