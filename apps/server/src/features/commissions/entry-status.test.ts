import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_STATUSES, entryBucket, HOLD_DECISIONS, type HoldDecision } from '@ahente/contract/commissions';
import { SALE_VERIFICATIONS, type SaleVerification } from '@ahente/contract/sales';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { seedSales } from '../../../test/paging-seed.ts';
import { entryBucketSql, payableUnpostedSql } from '../../db/entry-bucket.ts';
import { entriesRepository } from './entries-repository.ts';
import { statusOf } from './mappers.ts';

/**
 * The rule of where an entry stands (decision 018) is written three times: the contract's
 * `entryBucket(status)` over the server's `statusOf(row)` (what the ledger, the statements and the
 * web show), and `entryBucketSql` in SQL (what the summary and the ledger's page totals sum), with
 * `payableUnpostedSql` as its 'payable' for an entry no statement holds (what a close posts). Every
 * combination of what the rule reads is written to the database, and the three must agree on each
 * (the close's version on each combination the ledger can hold).
 */
const STATEMENTS = ['none', 'unpaid', 'paid'] as const;
const SALES = ['none', ...SALE_VERIFICATIONS] as const;
const HOLDS = [null, 'No verified licence on the day'] as const;
const DECISIONS = [null, ...HOLD_DECISIONS] as const;

interface Combination {
  statement: (typeof STATEMENTS)[number];
  sale: 'none' | SaleVerification;
  hold: string | null;
  decision: HoldDecision | null;
}

const COMBINATIONS: Combination[] = STATEMENTS.flatMap((statement) =>
  SALES.flatMap((sale) => HOLDS.flatMap((hold) => DECISIONS.map((decision) => ({ statement, sale, hold, decision })))),
);

describe('the entry-status rule: contract, service and SQL agree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives every combination of statement, payment, sale verification, hold and decision the same bucket three ways', async () => {
    const db = t.db.db;
    const member = await t.createMember();
    // One sale of each verification (seedSales writes rejected, unverified, verified in turn).
    const saleIds = await seedSales(t, member.id, SALE_VERIFICATIONS.length);
    const sales = await db.selectFrom('sales').select(['id', 'verification']).where('id', 'in', saleIds).execute();
    const saleOf = new Map(sales.map((s) => [s.verification, s.id]));
    expect([...saleOf.keys()].sort()).toEqual([...SALE_VERIFICATIONS].sort());

    const at = new Date().toISOString();
    await db
      .insertInto('commission_periods')
      .values(['2025-11', '2025-12', '2026-01'].map((period) => ({ period, closed_at: null, closed_by: null })))
      .onConflict((oc) => oc.column('period').doNothing())
      .execute();
    const statement = (period: string, paidOn: string | null) => ({
      member_id: member.id,
      period,
      gross_centavos: 0,
      entry_count: 0,
      brought_forward_centavos: 0,
      brought_forward_from: null,
      withholding_centavos: 0,
      net_centavos: 0,
      withholding_rate_hundredths: 500,
      atc: 'WI070',
      carried: 0,
      created_at: at,
      paid_on: paidOn,
      paid_reference: paidOn === null ? null : 'REF-1',
      paid_at: paidOn === null ? null : at,
      paid_by: null,
    });
    const [unpaid, paid] = await db
      .insertInto('commission_statements')
      .values([statement('2025-11', null), statement('2025-12', '2026-01-05')])
      .returning('id')
      .execute();
    const statementOf = { none: null, unpaid: unpaid!.id, paid: paid!.id };

    const ids: number[] = [];
    for (const c of COMBINATIONS) {
      const saleId = c.sale === 'none' ? null : saleOf.get(c.sale)!;
      const [id] = await entriesRepository.insertEntries(db, [
        {
          member_id: member.id,
          kind: saleId === null ? 'adjustment' : 'sale',
          sale_id: saleId,
          seller_id: saleId === null ? null : member.id,
          position: null,
          rule: saleId === null ? 'Adjustment' : 'Product rate: Comprehensive',
          rate_hundredths: null,
          base_centavos: null,
          amount_centavos: 100,
          entry_date: '2026-01-10',
          period: '2026-01',
          reason: null,
          created_by: null,
          created_at: at,
          hold_reason: c.hold,
          reverses_id: null,
        },
      ]);
      if (statementOf[c.statement] !== null) {
        await db.updateTable('commission_entries').set({ statement_id: statementOf[c.statement] }).where('id', '=', id!).execute();
      }
      if (c.decision !== null) {
        await db
          .insertInto('commission_entry_decisions')
          .values({ entry_id: id!, decision: c.decision, reason: null, decided_by: null, decided_at: at })
          .execute();
      }
      ids.push(id!);
    }

    // The SQL: each entry's bucket, and whether the next close would post it.
    const sqlBuckets = await db
      .selectFrom('commission_entries as e')
      .leftJoin('sales as s', 's.id', 'e.sale_id')
      .leftJoin('commission_entry_decisions as dec', 'dec.entry_id', 'e.id')
      .select(['e.id', entryBucketSql.as('bucket')])
      .where('e.id', 'in', ids)
      .execute();
    const bucketInSql = new Map(sqlBuckets.map((r) => [r.id, r.bucket]));
    const postable = await db.selectFrom('commission_entries').select('id').where('id', 'in', ids).where(payableUnpostedSql).execute();
    const postableInSql = new Set(postable.map((r) => r.id));

    // The TypeScript: each entry's row as the ledger reads it, its status and that status's bucket.
    const rows = new Map((await entriesRepository.entriesByIds(db, ids)).map((r) => [r.id, r]));
    const seen = COMBINATIONS.map((c, i) => {
      const id = ids[i]!;
      const status = statusOf(rows.get(id)!);
      return {
        ...c,
        status,
        bucket: entryBucket(status),
        sqlBucket: bucketInSql.get(id),
        postable: postableInSql.has(id),
      };
    });

    expect(seen).toHaveLength(STATEMENTS.length * SALES.length * HOLDS.length * DECISIONS.length);
    // Every status the contract knows is reached by some combination.
    expect(new Set(seen.map((s) => s.status))).toEqual(new Set(ENTRY_STATUSES));
    for (const s of seen) {
      const label = JSON.stringify({ statement: s.statement, sale: s.sale, hold: s.hold, decision: s.decision, status: s.status });
      expect(s.sqlBucket, label).toBe(s.bucket);
      // A decision is only ever written on a held entry (decideHeld refuses any other, and a held
      // entry's reversal is written held): payableUnpostedSql reads a decision only there.
      if (s.decision !== null && s.hold === null) continue;
      expect(s.postable, label).toBe(s.statement === 'none' && s.bucket === 'payable');
    }
  });
});
