import type { Kysely } from 'kysely';
import { MSG } from '@ahente/contract/messages';
import { centavosToPesos, pesosToCentavos } from '@ahente/contract/money';
import type { AddSale, SaleRecord } from '@ahente/contract/sales';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict } from '../../platform/errors.ts';
import { nowIso } from '../../platform/tokens.ts';
import type { CommissionsService } from '../commissions/service.ts';
import type { DealsService } from '../deals/service.ts';
import { salesRepository, type SaleRow } from './repository.ts';

function toRecord(row: SaleRow): SaleRecord {
  return {
    id: row.id,
    deal_id: row.deal_id,
    customer_name: row.customer_name,
    tx_type: row.tx_type,
    product: row.product,
    tcv: centavosToPesos(row.tcv_centavos),
    policy_number: row.policy_number,
    insurer: row.insurer,
    plan_name: row.plan_name,
    effective_date: row.effective_date,
    sales_type: row.sales_type,
    referror: row.referror,
    agent: row.agent,
    sales_group: row.sales_group,
    createdat: row.createdat,
  };
}

/**
 * Sales of spec §3/§7, each made from one deal of the same member (DESIGN §6). Callers have
 * already checked that the session may act for the member (requireSelfOrAdmin).
 */
export function createSalesService(
  db: Kysely<Database>,
  deals: Pick<DealsService, 'requireOwned'>,
  commissions: Pick<CommissionsService, 'recordSale'>,
) {
  return {
    /** getsales: newest effective date first. */
    async list(memberId: number): Promise<SaleRecord[]> {
      return (await salesRepository.listForMember(db, memberId)).map(toRecord);
    },

    /**
     * addsales: the sale of one of the member's deals and its commission entries (decision 016),
     * in one transaction. A deal is sold once: a second try is 409, and under two simultaneous
     * requests the unique index on deal_id lets exactly one through.
     */
    async add({ id: memberId, formData: f }: AddSale): Promise<SaleRecord> {
      try {
        return await db.transaction().execute(async (trx) => {
          const deal = await deals.requireOwned(trx, memberId, f.dealid);
          if (deal.sold) throw conflict(MSG.dealAlreadySold);
          const row = {
            member_id: memberId,
            deal_id: deal.id,
            customer_name: f.customerName,
            tx_type: f.transactionType ?? deal.tx_type,
            product: f.product,
            tcv_centavos: pesosToCentavos(f.tcv),
            policy_number: f.policy,
            insurer: f.insurer,
            plan_name: f.planName,
            sales_type: f.sales_type,
            referror: f.referror,
            agent: f.agent,
            sales_group: f.sales_group ?? deal.sales_group,
            effective_date: f.effectiveDate,
            createdat: nowIso(),
          };
          const id = await salesRepository.insert(trx, row);
          await commissions.recordSale(trx, { id, member_id: memberId, product: row.product, tcv_centavos: row.tcv_centavos });
          return toRecord({ ...row, id });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MSG.dealAlreadySold);
        throw err;
      }
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
