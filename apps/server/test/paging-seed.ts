import { addDays } from '@ahente/contract/dates';
import type { SaleVerification } from '@ahente/contract/sales';
import type { TestApp } from './harness.ts';

/**
 * Long lists written straight to the database for the paging tests (decision 036): the routes that
 * write them one by one are tested elsewhere. Row `i` has an effective (or recorded) date of
 * `2026-01-01 + (i mod days)`, so several rows share a day and the id decides their order.
 */
const CHUNK = 50;
const dateOf = (i: number, days: number) => addDays('2026-01-01', i % days);
const now = () => new Date().toISOString();

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<number[]>): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) ids.push(...(await insert(rows.slice(i, i + CHUNK))));
  return ids;
}

/** `n` deals of the member, TCVs 1,000.01 + i pesos; returns their ids in insertion order. */
export async function seedDeals(t: TestApp, memberId: number, n: number, days = 40): Promise<number[]> {
  const db = t.db.db;
  const at = now();
  const rows = Array.from({ length: n }, (_, i) => ({
    member_id: memberId,
    customer_name: `Client ${i}`,
    tx_type: 'New' as const,
    product: 'Comprehensive',
    tcv_centavos: 100_001 + i * 100,
    effective_date: dateOf(i, days),
    deal_status: 'For Quotation' as const,
    sales_type: 'Direct' as const,
    referror: null,
    agent: null,
    sales_group: 'CarSalesGroup' as const,
    createdat: at,
    updated_at: at,
    customer_contact: null,
    customer_email: null,
    renews_sale_id: null,
    insurer: null,
  }));
  return inChunks(rows, async (chunk) => (await db.insertInto('deals').values(chunk).returning('id').execute()).map((r) => r.id));
}

/**
 * `n` sales of the member, each of a deal of its own: every 5th rejected, every 7th cancelled, the
 * rest unverified or verified in turn (so the totals, which leave rejected and cancelled sales out,
 * differ from the row count). Returns the sales' ids in insertion order.
 */
export async function seedSales(t: TestApp, memberId: number, n: number, days = 40): Promise<number[]> {
  const db = t.db.db;
  const dealIds = await seedDeals(t, memberId, n, days);
  const at = now();
  const rows = dealIds.map((dealId, i) => {
    const verification: SaleVerification = i % 5 === 0 ? 'rejected' : i % 2 === 0 ? 'verified' : 'unverified';
    const cancelled = i % 7 === 0 && verification !== 'rejected';
    return {
      member_id: memberId,
      deal_id: dealId,
      customer_name: `Client ${i}`,
      tx_type: 'New' as const,
      product: 'Comprehensive',
      tcv_centavos: 100_001 + i * 100,
      policy_number: `POL-${i}`,
      insurer: 'Insurer Inc',
      plan_name: null,
      sales_type: 'Direct' as const,
      referror: null,
      agent: null,
      sales_group: 'CarSalesGroup' as const,
      effective_date: dateOf(i, days),
      createdat: at,
      verification,
      verified_by: null,
      verified_at: verification === 'unverified' ? null : at,
      rejection_reason: verification === 'rejected' ? 'Not ours' : null,
      cancelled_on: cancelled ? dateOf(i, days) : null,
      cancel_reason: cancelled ? 'Free look' : null,
      refund_centavos: cancelled ? 0 : null,
      cancelled_by: null,
      cancelled_at: cancelled ? at : null,
      expiry_date: addDays(dateOf(i, days), 364),
      customer_contact: null,
      customer_email: null,
      renews_sale_id: null,
      renewed_by_sale_id: null,
    };
  });
  return inChunks(rows, async (chunk) => (await db.insertInto('sales').values(chunk).returning('id').execute()).map((r) => r.id));
}

/**
 * `n` ledger entries of the member, of every status: sale entries on the member's sales (verified,
 * unverified or rejected: payable, awaiting or forfeited), some held, some of those released or
 * forfeited, and adjustments of either sign. Returns the entries' ids in insertion order.
 */
export async function seedLedger(t: TestApp, memberId: number, n: number, days = 40): Promise<number[]> {
  const db = t.db.db;
  const saleIds = await seedSales(t, memberId, 20, days);
  const at = now();
  const rows = Array.from({ length: n }, (_, i) => {
    const adjustment = i % 4 === 3;
    const entryDate = dateOf(i, days);
    return {
      member_id: memberId,
      kind: adjustment ? ('adjustment' as const) : ('sale' as const),
      sale_id: adjustment ? null : saleIds[i % saleIds.length]!,
      seller_id: adjustment ? null : memberId,
      position: null,
      rule: adjustment ? 'Adjustment' : 'Product rate: Comprehensive',
      rate_hundredths: adjustment ? null : 1_250,
      base_centavos: adjustment ? null : 100_001,
      amount_centavos: adjustment ? (i % 8 === 3 ? -2_550 : 10_025) : 12_500 + i,
      entry_date: entryDate,
      period: entryDate.slice(0, 7),
      statement_id: null,
      reason: adjustment ? 'Correction' : null,
      created_by: null,
      created_at: at,
      hold_reason: !adjustment && i % 6 === 0 ? 'No verified licence on the day' : null,
      reverses_id: null,
    };
  });
  // The months the entries go to, open (a new month's first entry opens it, as recording a sale does).
  const periods = [...new Set(rows.map((r) => r.period))].map((period) => ({ period, closed_at: null, closed_by: null }));
  await db
    .insertInto('commission_periods')
    .values(periods)
    .onConflict((oc) => oc.column('period').doNothing())
    .execute();
  const ids = await inChunks(rows, async (chunk) =>
    (await db.insertInto('commission_entries').values(chunk).returning('id').execute()).map((r) => r.id),
  );
  // A third of the held entries released, a third forfeited.
  const held = ids.filter((_, i) => rows[i]!.hold_reason !== null);
  const decisions = held.flatMap((entryId, k) =>
    k % 3 === 2
      ? []
      : [
          {
            entry_id: entryId,
            decision: k % 3 === 0 ? ('released' as const) : ('forfeited' as const),
            reason: null,
            decided_by: null,
            decided_at: at,
          },
        ],
  );
  if (decisions.length) await db.insertInto('commission_entry_decisions').values(decisions).execute();
  return ids;
}

/**
 * Every page of a paged list, following `next_cursor` from the first page (at most 100 pages, so a
 * cursor that never ends fails the test instead of hanging it).
 */
export async function followPages<P extends { next_cursor?: string | null }>(
  fetchPage: (cursor: string | null) => Promise<P>,
): Promise<P[]> {
  const pages: P[] = [];
  let cursor: string | null = null;
  do {
    const p: P = await fetchPage(cursor);
    pages.push(p);
    cursor = p.next_cursor ?? null;
  } while (cursor && pages.length < 100);
  return pages;
}
