import type { Kysely, Transaction } from 'kysely';
import type { ForfeitCommissionInput, LedgerEntry } from '@ahente/contract/commissions';
import { holdReason } from '@ahente/contract/licences';
import { productLabel } from '@ahente/contract/labels';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Auth } from '../../platform/sessions.ts';
import type { LicencesService } from '../licences/service.ts';
import type { ProfileService } from '../members/profile-service.ts';
import type { Notifier } from '../notifications/service.ts';
import { entriesRepository as repo } from './entries-repository.ts';
import { customerSeenBy, toEntry } from './mappers.ts';

/**
 * Held entries (decision 018): an entry written while its earner held no verified licence for the
 * product's lines is paid only once an admin releases it, and never once one forfeits it.
 */
export function createHeldEntriesService(
  db: Kysely<Database>,
  deps: {
    members: Pick<ProfileService, 'audit'>;
    licences: Pick<LicencesService, 'covers'>;
    notifier: Pick<Notifier, 'notify'>;
  },
  options: { now?: () => Date } = {},
) {
  const { members, licences, notifier } = deps;
  const now = () => options.now?.() ?? new Date();

  /**
   * The one decision on a held entry, recorded with who, when and why, and in the earner's
   * history. A second decision, at once or later, is 409 (the decision's primary key is the entry).
   */
  async function decideHeld(
    auth: Auth,
    entryId: number,
    decision: 'released' | 'forfeited',
    reason: string | null,
    check: (trx: Transaction<Database>, entry: NonNullable<Awaited<ReturnType<typeof repo.lockEntry>>>) => Promise<void>,
  ): Promise<LedgerEntry> {
    const at = now().toISOString();
    try {
      await db.transaction().execute(async (trx) => {
        const entry = await repo.lockEntry(trx, entryId);
        if (!entry) throw notFound('Entry not found');
        if (entry.reverses_id !== null) throw conflict(`A reversal follows the entry it reverses: decide entry #${entry.reverses_id}`);
        if (entry.hold_reason === null) throw conflict('This entry is not held');
        if (entry.decision !== null) throw conflict(`This entry was already ${entry.decision}`);
        await check(trx, entry);
        await repo.insertDecision(trx, { entry_id: entry.id, decision, reason, decided_by: auth.memberId, decided_at: at });
        // A held entry's reversal (its sale was cancelled) was written held too: it follows the decision (decision 019).
        const reversal = await repo.reversalOf(trx, entry.id);
        if (reversal !== null) {
          await repo.insertDecision(trx, { entry_id: reversal, decision, reason, decided_by: auth.memberId, decided_at: at });
        }
        if (decision === 'released' && entry.sale_id !== null) {
          // The earner hears of it (decision 026); a leader's override never names the client (decision 017).
          await notifier.notify(trx, entry.member_id, 'commission_released', {
            saleId: entry.sale_id,
            customer: customerSeenBy(entry, entry.customer_name),
            product: productLabel(entry.product ?? ''),
          });
        }
        await members.audit(trx, {
          member_id: entry.member_id,
          actor_id: auth.memberId,
          action: decision === 'released' ? 'commission_released' : 'commission_forfeited',
          changes: [
            { field: 'entry', from: `#${entry.id} held: ${entry.hold_reason}`, to: decision === 'released' ? 'Released' : 'Forfeited' },
            ...(reason ? [{ field: 'reason', from: null, to: reason }] : []),
          ],
          at,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('This entry was already decided');
      throw err;
    }
    const [row] = await repo.entriesByIds(db, [entryId]);
    return toEntry(row!);
  }

  return {
    /**
     * releasecommission: a held entry becomes payable (the next close posts it, once its sale is
     * verified) only if its earner now holds a verified licence for one of the product's lines that
     * covered the recording day: a licence verified later but issued before the sale counts.
     */
    releaseHeld(auth: Auth, entryId: number): Promise<LedgerEntry> {
      return decideHeld(auth, entryId, 'released', null, async (trx, entry) => {
        // Separation of duties (decisions 016 and 018): another administrator releases an admin's
        // own commission.
        if (entry.member_id === auth.memberId) throw forbidden('You may not release your own commission: another administrator decides it');
        if (entry.product === null || !(await licences.covers(trx, entry.member_id, entry.product, entry.entry_date))) {
          throw conflict(
            entry.product === null ? 'This entry has no sale to check a licence against' : holdReason(entry.product, entry.entry_date),
          );
        }
      });
    },

    /** forfeitcommission: a held entry is never paid. */
    forfeitHeld(auth: Auth, input: ForfeitCommissionInput): Promise<LedgerEntry> {
      return decideHeld(auth, input.entry_id, 'forfeited', input.reason, async () => undefined);
    },
  };
}

export type HeldEntriesService = ReturnType<typeof createHeldEntriesService>;
