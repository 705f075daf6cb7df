import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Db } from './connect.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

/** A fresh database as the harness makes them (SQLite in memory, or a fresh PostgreSQL schema), not migrated. */
async function freshDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (process.env.TEST_DIALECT !== 'postgres') return { db: connect('sqlite::memory:'), drop: async () => {} };
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    db: connect(url, { schema }),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

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
