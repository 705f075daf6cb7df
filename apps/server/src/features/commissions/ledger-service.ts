import type { Kysely } from 'kysely';
import { signedPesosToCentavos, type AdjustmentRecord, type LedgerEntry, type LedgerResponse } from '@ahente/contract/commissions';
import type { AdjustmentInput, LedgerInput } from '@ahente/contract/commissions';
import { todayInManila } from '@ahente/contract/dates';
import { centavosToPesos } from '@ahente/contract/money';
import { encodeCursor } from '@ahente/contract/paging';
import type { Database } from '../../db/schema.ts';
import type { Auth } from '../../platform/sessions.ts';
import { fullName } from '@ahente/contract/names';
import type { ProfileService } from '../members/profile-service.ts';
import { entriesRepository as repo } from './entries-repository.ts';
import { bucketTotals, toEntry } from './mappers.ts';
import { openPeriodFor } from './periods-service.ts';

/**
 * A member's commission ledger (every entry with where it stands), and the adjustments an admin
 * adds to it (decision 016).
 */
export function createLedgerService(
  db: Kysely<Database>,
  members: Pick<ProfileService, 'requireMember'>,
  options: { now?: () => Date } = {},
) {
  const now = () => options.now?.() ?? new Date();

  return {
    /**
     * commissionledger: without a limit, every entry of the filter with its totals (as always);
     * with one, a page of them after the cursor, and the totals and count of the whole filter from
     * one aggregate query (decision 036).
     */
    async ledger(input: LedgerInput): Promise<LedgerResponse> {
      await members.requireMember(input.id);
      const filter = { from: input.from, to: input.to, kind: input.kind };
      if (input.limit === undefined) {
        const rows = await repo.ledger(db, input.id, filter);
        const total = rows.reduce((sum, r) => sum + Number(r.amount_centavos), 0);
        const entries = rows.map(toEntry);
        return { entries, total: centavosToPesos(total), totals: bucketTotals(entries) };
      }
      // One entry more than asked says whether another page follows.
      const rows = await repo.ledger(db, input.id, filter, { after: input.cursor, limit: input.limit + 1 });
      const sums = await repo.ledgerTotals(db, input.id, filter);
      const shown = rows.slice(0, input.limit);
      const last = shown.at(-1);
      return {
        entries: shown.map(toEntry),
        total: centavosToPesos(sums.total),
        totals: {
          payable: centavosToPesos(sums.payable),
          awaiting: centavosToPesos(sums.awaiting),
          held: centavosToPesos(sums.held),
          forfeited: centavosToPesos(sums.forfeited),
        },
        next_cursor: rows.length > input.limit && last ? encodeCursor('ledger', { date: last.entry_date, id: last.id }) : null,
        count: sums.count,
      };
    },

    async addAdjustment(auth: Auth, input: AdjustmentInput): Promise<LedgerEntry> {
      await members.requireMember(input.member_id);
      const at = now();
      const today = todayInManila(at);
      const [id] = await db.transaction().execute(async (trx) => {
        const period = await openPeriodFor(trx, today);
        return repo.insertEntries(trx, [
          {
            member_id: input.member_id,
            kind: 'adjustment',
            sale_id: null,
            seller_id: null,
            position: null,
            rule: 'Adjustment',
            rate_hundredths: null,
            base_centavos: null,
            amount_centavos: signedPesosToCentavos(input.amount),
            entry_date: today,
            period,
            reason: input.reason,
            created_by: auth.memberId,
            created_at: at.toISOString(),
            hold_reason: null,
            reverses_id: null,
          },
        ]);
      });
      const [row] = await repo.entriesByIds(db, [id!]);
      return toEntry(row!);
    },

    async adjustments(): Promise<AdjustmentRecord[]> {
      return (await repo.adjustments(db)).map((r) => ({
        ...toEntry(r),
        member_name: fullName({ f_name: r.owner_f_name, m_name: r.owner_m_name, l_name: r.owner_l_name }),
        created_by_name:
          r.admin_f_name === null ? null : fullName({ f_name: r.admin_f_name, m_name: r.admin_m_name, l_name: r.admin_l_name }),
      }));
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
