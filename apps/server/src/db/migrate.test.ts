import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from './migrate.ts';
import { freshDb } from '../../test/fresh-db.ts';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup) await f();
  cleanup = [];
});

describe('migration 005 (members audit)', () => {
  it('adds deactivated_at and the search name to existing members, and the audit table', async () => {
    const { db, drop } = await freshDb();
    cleanup.push(async () => {
      await db.close();
      await drop();
    });
    await migrateTo(db, '004-server-secrets');
    // A member as the schema of 004 holds them (the migration's own untyped view).
    const old = db.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const base = {
      password_hash: 'x',
      contact_no: '09171234567',
      account_type: 'user',
      position: 'Agent',
      reg_date: '2026-01-01T00:00:00.000Z',
      status: 'Approved',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    await old
      .insertInto('members')
      .values([
        {
          ...base,
          username: 'nino',
          email: 'n@example.ph',
          referral_code: 'NINO2345',
          f_name: 'Ñino',
          m_name: 'Santos',
          l_name: 'DELA  Cruz',
        },
        { ...base, username: 'ana', email: 'a@example.ph', referral_code: 'ANA23456', f_name: 'Ana', m_name: null, l_name: 'Reyes' },
      ])
      .execute();

    await migrateToLatest(db);
    const rows = await db.db.selectFrom('members').select(['username', 'search_name', 'deactivated_at']).orderBy('username').execute();
    expect(rows).toEqual([
      { username: 'ana', search_name: 'ana reyes', deactivated_at: null },
      { username: 'nino', search_name: 'ñino santos dela cruz', deactivated_at: null },
    ]);
    const { rows: audit } = await sql<{ n: number }>`select count(*) as n from member_audit`.execute(db.db);
    expect(Number(audit[0]!.n)).toBe(0);
  });
});

describe('migration 012 (material libraries)', () => {
  it('files the sections made before under Marketing, and a CHECK keeps the library to Marketing or Learning', async () => {
    const { db, drop } = await freshDb();
    cleanup.push(async () => {
      await db.close();
      await drop();
    });
    await migrateTo(db, '010-cancellations-tax');
    const old = db.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    await old
      .insertInto('sections')
      .values([
        { name: 'Product Guides', name_key: 'product guides', createdat: '2026-01-01T00:00:00.000Z' },
        { name: 'Sales Scripts', name_key: 'sales scripts', createdat: '2026-01-02T00:00:00.000Z' },
      ])
      .execute();

    await migrateToLatest(db);
    const rows = await db.db.selectFrom('sections').select(['name', 'library']).orderBy('name_key').execute();
    expect(rows).toEqual([
      { name: 'Product Guides', library: 'Marketing' },
      { name: 'Sales Scripts', library: 'Marketing' },
    ]);
    const createdat = '2026-02-01T00:00:00.000Z';
    await db.db.insertInto('sections').values({ name: 'Training', name_key: 'training', library: 'Learning', createdat }).execute();
    await expect(
      old.insertInto('sections').values({ name: 'Other', name_key: 'other', library: 'University', createdat }).execute(),
    ).rejects.toThrow(/check/i);
    await expect(old.insertInto('sections').values({ name: 'Null', name_key: 'null', library: null, createdat }).execute()).rejects.toThrow(
      /not null|null value/i,
    );
  });
});

describe('migration 013 (book of business)', () => {
  it('gives the sales recorded before their default term (none for a Memorial Plan), and no contact, link or insurer', async () => {
    const { db, drop } = await freshDb();
    cleanup.push(async () => {
      await db.close();
      await drop();
    });
    await migrateTo(db, '012-material-libraries');
    const old = db.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const at = '2026-01-01T00:00:00.000Z';
    const member = await old
      .insertInto('members')
      .values({
        username: 'ana',
        password_hash: 'x',
        email: 'a@example.ph',
        f_name: 'Ana',
        m_name: null,
        l_name: 'Reyes',
        contact_no: '09171234567',
        referral_code: 'ANA23456',
        account_type: 'user',
        position: 'Agent',
        reg_date: at,
        status: 'Approved',
        updated_at: at,
        search_name: 'ana reyes',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cases: [string, string, string | null][] = [
      ['Comprehensive', '2024-02-29', '2025-02-28'],
      ['CTPL', '2026-01-31', '2027-01-30'],
      ['Individual', '2026-03-01', '2027-02-28'],
      ['GYRT', '2025-12-31', '2026-12-30'],
      ['Memorial Plan', '2026-02-15', null],
    ];
    for (const [product, effective_date] of cases) {
      const common = {
        member_id: member.id,
        customer_name: `Client of ${product}`,
        tx_type: 'New',
        product,
        tcv_centavos: 100_000,
        effective_date,
        sales_type: 'Direct',
        sales_group: 'CarSalesGroup',
        createdat: at,
      };
      const deal = await old
        .insertInto('deals')
        .values({ ...common, deal_status: 'For Payment Collection', updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await old
        .insertInto('sales')
        .values({ ...common, deal_id: deal.id, policy_number: null, insurer: 'Malayan Insurance', plan_name: null })
        .execute();
    }

    await migrateToLatest(db);
    const sales = await db.db
      .selectFrom('sales')
      .select(['product', 'effective_date', 'expiry_date', 'customer_contact', 'customer_email', 'renews_sale_id', 'renewed_by_sale_id'])
      .orderBy('id')
      .execute();
    expect(sales).toEqual(
      cases.map(([product, effective_date, expiry_date]) => ({
        product,
        effective_date,
        expiry_date,
        customer_contact: null,
        customer_email: null,
        renews_sale_id: null,
        renewed_by_sale_id: null,
      })),
    );
    const deals = await db.db.selectFrom('deals').select(['customer_contact', 'customer_email', 'renews_sale_id', 'insurer']).execute();
    expect(deals).toEqual(cases.map(() => ({ customer_contact: null, customer_email: null, renews_sale_id: null, insurer: null })));
  });
});

describe('migration 020 (who entered a sale; reversals left held by a race)', () => {
  it('gives a held reversal with no decision the decision on the entry it reverses, and nothing else', async () => {
    const { db, drop } = await freshDb();
    cleanup.push(async () => {
      await db.close();
      await drop();
    });
    await migrateTo(db, '019-member-list-order');
    const old = db.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const at = '2026-11-02T00:00:00.000Z';
    const person = (username: string) => ({
      username,
      password_hash: 'x',
      email: `${username}@example.ph`,
      f_name: username,
      m_name: null,
      l_name: 'Reyes',
      contact_no: '09171234567',
      referral_code: `${username.toUpperCase()}2345`.slice(0, 8),
      account_type: 'user',
      position: 'Agent',
      reg_date: at,
      status: 'Approved',
      updated_at: at,
      search_name: `${username} reyes`,
    });
    const agent = await old.insertInto('members').values(person('ana')).returning('id').executeTakeFirstOrThrow();
    const admin = await old.insertInto('members').values(person('admin')).returning('id').executeTakeFirstOrThrow();
    await old.insertInto('commission_periods').values({ period: '2026-11', closed_at: null, closed_by: null }).execute();
    const sale = async (n: number) => {
      const common = {
        member_id: agent.id,
        customer_name: `Client ${n}`,
        tx_type: 'New',
        product: 'Comprehensive',
        tcv_centavos: 100_000,
        effective_date: '2026-11-02',
        sales_type: 'Direct',
        sales_group: 'CarSalesGroup',
        createdat: at,
      };
      const deal = await old
        .insertInto('deals')
        .values({ ...common, deal_status: 'For Payment Collection', updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (await old
        .insertInto('sales')
        .values({ ...common, deal_id: deal.id, policy_number: null, insurer: null, plan_name: null, verification: 'verified' })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
    };
    const entry = (saleId: number, amount: number, reverses: number | null) =>
      old
        .insertInto('commission_entries')
        .values({
          member_id: agent.id,
          kind: reverses === null ? 'sale' : 'reversal',
          sale_id: saleId,
          seller_id: agent.id,
          position: null,
          rule: 'Product rate: Comprehensive',
          rate_hundredths: null,
          base_centavos: 100_000,
          amount_centavos: amount,
          entry_date: '2026-11-02',
          period: '2026-11',
          reason: null,
          created_by: null,
          created_at: at,
          hold_reason: 'No verified licence',
          reverses_id: reverses,
        })
        .returning('id')
        .executeTakeFirstOrThrow() as Promise<{ id: number }>;
    const decide = (entryId: number, decision: string) =>
      old
        .insertInto('commission_entry_decisions')
        .values({ entry_id: entryId, decision, reason: null, decided_by: admin.id, decided_at: at })
        .execute();
    // Released, and its reversal left held by the race; forfeited, the same; one decided properly; one still held.
    const sale1 = await sale(1);
    const released = await entry(sale1.id, 10_000, null);
    const releasedReversal = await entry(sale1.id, -10_000, released.id);
    await decide(released.id, 'released');
    const sale2 = await sale(2);
    const forfeited = await entry(sale2.id, 10_000, null);
    const forfeitedReversal = await entry(sale2.id, -10_000, forfeited.id);
    await decide(forfeited.id, 'forfeited');
    const sale3 = await sale(3);
    const both = await entry(sale3.id, 10_000, null);
    const bothReversal = await entry(sale3.id, -10_000, both.id);
    await decide(both.id, 'released');
    await decide(bothReversal.id, 'released');
    const sale4 = await sale(4);
    const pending = await entry(sale4.id, 10_000, null);
    const pendingReversal = await entry(sale4.id, -10_000, pending.id);

    await migrateToLatest(db);
    const decisions = await db.db
      .selectFrom('commission_entry_decisions')
      .select(['entry_id', 'decision', 'reason', 'decided_by'])
      .orderBy('entry_id')
      .execute();
    expect(decisions).toEqual([
      { entry_id: released.id, decision: 'released', reason: null, decided_by: admin.id },
      {
        entry_id: releasedReversal.id,
        decision: 'released',
        reason: `Follows the decision on entry #${released.id}`,
        decided_by: admin.id,
      },
      { entry_id: forfeited.id, decision: 'forfeited', reason: null, decided_by: admin.id },
      {
        entry_id: forfeitedReversal.id,
        decision: 'forfeited',
        reason: `Follows the decision on entry #${forfeited.id}`,
        decided_by: admin.id,
      },
      { entry_id: both.id, decision: 'released', reason: null, decided_by: admin.id },
      { entry_id: bothReversal.id, decision: 'released', reason: null, decided_by: admin.id },
    ]);
    expect(decisions.some((d) => d.entry_id === pending.id || d.entry_id === pendingReversal.id)).toBe(false);
    expect(await db.db.selectFrom('sales').select('entered_by').distinct().execute()).toEqual([{ entered_by: null }]);
  });
});

describe('migration 024 (insurers)', () => {
  it('makes one insurer per spelling that differs in case and spaces, named by its most used spelling, and links the sales', async () => {
    const { db, drop } = await freshDb();
    cleanup.push(async () => {
      await db.close();
      await drop();
    });
    await migrateTo(db, '023-held-entries-index');
    const old = db.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const at = '2026-11-02T00:00:00.000Z';
    const agent = await old
      .insertInto('members')
      .values({
        username: 'ana',
        password_hash: 'x',
        email: 'ana@example.ph',
        f_name: 'Ana',
        m_name: null,
        l_name: 'Reyes',
        contact_no: '09171234567',
        referral_code: 'ANA23456',
        account_type: 'user',
        position: 'Agent',
        reg_date: at,
        status: 'Approved',
        updated_at: at,
        search_name: 'ana reyes',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sale = async (insurer: string | null, policy_number: string | null = null) => {
      const common = {
        member_id: agent.id,
        customer_name: 'Client',
        tx_type: 'New',
        product: 'Comprehensive',
        tcv_centavos: 100_000,
        effective_date: '2026-11-02',
        sales_type: 'Direct',
        sales_group: 'CarSalesGroup',
        createdat: at,
      };
      const deal = await old
        .insertInto('deals')
        .values({ ...common, deal_status: 'For Payment Collection', updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (
        (await old
          .insertInto('sales')
          .values({ ...common, deal_id: deal.id, policy_number, insurer, plan_name: null })
          .returning('id')
          .executeTakeFirstOrThrow()) as { id: number }
      ).id;
    };
    // "Malayan Insurance" is the most used spelling (counting " Malayan  Insurance " as it);
    // Pioneer's two spellings tie: the first alphabetically ("PIONEER" before "Pioneer") names it.
    const malayan = [
      await sale('malayan insurance'),
      await sale('Malayan Insurance'),
      await sale(' Malayan  Insurance '),
      await sale('MALAYAN INSURANCE'),
      await sale('malayan insurance'),
      await sale('Malayan Insurance', 'POL-2026-00008'),
    ];
    const pioneer = [await sale('Pioneer'), await sale('PIONEER')];
    const none = [await sale(null), await sale('   ')];

    await migrateToLatest(db);
    const insurers = await db.db.selectFrom('insurers').select(['id', 'name', 'name_key', 'code', 'active']).orderBy('name_key').execute();
    expect(insurers.map(({ id: _, ...rest }) => rest)).toEqual([
      { name: 'Malayan Insurance', name_key: 'malayaninsurance', code: 'MI', active: 1 },
      { name: 'PIONEER', name_key: 'pioneer', code: 'PIONEE', active: 1 },
    ]);
    const linked = await db.db.selectFrom('sales').select(['id', 'insurer_id', 'policy_key']).orderBy('id').execute();
    const idOf = (id: number) => linked.find((s) => s.id === id)!.insurer_id;
    expect(malayan.map(idOf)).toEqual(malayan.map(() => insurers[0]!.id));
    expect(pioneer.map(idOf)).toEqual(pioneer.map(() => insurers[1]!.id));
    expect(none.map(idOf)).toEqual([null, null]);
    expect(linked.find((s) => s.id === malayan[5])!.policy_key).toBe('POL-2026-8');
    expect(await db.db.selectFrom('insurer_aliases').selectAll().execute()).toEqual([]);
  });
});
