/**
 * The two calls every dashboard load makes, after decisions 016 and 021 (bench/README.md, "The
 * dashboard's summary and the admin's queues"), on SQLite and PostgreSQL, through the real services
 * (buildServices, no HTTP), over an agency built by bench/data.ts's builder (10,000 members 30
 * deep, 100,000 sales with their entries over twelve months, the first eleven closed through the
 * service; every 20th member unlicensed, so their entries are held):
 *
 * - `commissionsummary` (services.commissions.summary): Pending and Paid to Date summed from the
 *   statements (commit 008671e), for a heavy member (hundreds of entries, two years of statements:
 *   the year's eleven and thirteen older ones added, paid up to two months ago), the Agency Owner
 *   (an override on every sale) and a member who joined today. Alternated call by call with the
 *   control: the query the summary ran before its net figures (decision 016; the gross sums of
 *   `commissionsRepository.summary` at 5023228), after the same requireMember.
 * - `adminqueues` (services.adminQueues.queues) for an administrator with no entries of their own,
 *   and each of its six counts alone. Sales to verify: the current month's; pending sign-ups: the
 *   tree's 1 in 10; open tickets, licences to verify and privacy requests added here.
 *
 *   npm run bench -- --dashboard [--members 10000] [--sales 100000] [--runs 51]
 *                                [--database sqlite|postgres] [--explain]
 *   (or: npx tsx bench/dashboard.ts with the same flags)
 *
 * --explain: the SQL each call runs (captured from a logging connection), with SQLite's EXPLAIN
 * QUERY PLAN and PostgreSQL's EXPLAIN (ANALYZE, BUFFERS). SQLite: a temporary file; PostgreSQL:
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), a fresh schema dropped
 * after. Figures, never a timed test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, sql, SqliteDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { addDays, todayInManila } from '@ahente/contract/dates';
import { buildServices } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db, DialectName } from '../apps/server/src/db/connect.ts';
import { entryBucketSql } from '../apps/server/src/db/entry-bucket.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { membersRepository } from '../apps/server/src/features/members/repository.ts';
import type { Auth } from '../apps/server/src/platform/sessions.ts';
import { build, type Sink } from './data.ts';
import { makeTree, median, onEachDatabase, type BenchDatabase } from './hierarchy.ts';
import type { Exec } from '../apps/server/src/db/exec.ts';

const WARMUP = 5;
const OWNER = 1;
const fmtN = (n: number) => n.toLocaleString('en');
const fmtMs = (ms: number) => `${ms.toFixed(2)} ms`;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.95 * xs.length) - 1]!;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const num = (v: unknown) => Number(v ?? 0);

/**
 * The control: `commissionsRepository.summary` as it was before its net figures (decision 016; git
 * show 5023228:apps/server/src/features/commissions/repository.ts), Pending and Paid to Date the
 * gross of the member's payable entries by their statement's paid_on. One query.
 */
async function summaryBefore(db: Exec, memberId: number, monthStart: string, nextMonthStart: string) {
  const rows = await db
    .selectFrom('commission_entries as e')
    .leftJoin('commission_statements as st', 'st.id', 'e.statement_id')
    .leftJoin('sales as s', 's.id', 'e.sale_id')
    .leftJoin('commission_entry_decisions as dec', 'dec.entry_id', 'e.id')
    .select([
      entryBucketSql.as('bucket'),
      sql<number>`coalesce(sum(case when e.entry_date >= ${monthStart} and e.entry_date < ${nextMonthStart} then e.amount_centavos else 0 end), 0)`.as(
        'month',
      ),
      sql<number>`coalesce(sum(case when st.paid_on is null then e.amount_centavos else 0 end), 0)`.as('unpaid'),
      sql<number>`coalesce(sum(case when st.paid_on is null then 0 else e.amount_centavos end), 0)`.as('paid'),
    ])
    .where('e.member_id', '=', memberId)
    .groupBy(entryBucketSql)
    .execute();
  const of = (bucket: string) => rows.find((r) => r.bucket === bucket);
  const payable = of('payable');
  return {
    month: num(payable?.month),
    pending: num(payable?.unpaid),
    paid: num(payable?.paid),
    awaiting: num(of('awaiting')?.unpaid),
    held: num(of('held')?.unpaid),
    forfeited: num(of('forfeited')?.unpaid),
  };
}

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
};

// ---------------------------------------------------------------- the agency

function servicesOn(db: Db) {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-files-'));
  const services = buildServices({ config: { ...loadConfig({ NODE_ENV: 'test' }), webDist: null, storageDir }, db });
  return { services, dispose: () => fs.rmSync(storageDir, { recursive: true, force: true }) };
}
type Services = ReturnType<typeof servicesOn>['services'];

function sinkFor(where: BenchDatabase): () => Promise<Sink> {
  if (where.db.dialect === 'sqlite') {
    return async () => {
      const raw = new SQLite(where.url.slice('sqlite:'.length));
      raw.pragma('journal_mode = WAL');
      raw.pragma('foreign_keys = ON');
      raw.pragma('synchronous = NORMAL');
      raw.pragma('cache_size = -262144');
      return { dialect: 'sqlite', raw };
    };
  }
  return async () => {
    const client = new pg.Client({ connectionString: where.url, options: `-c search_path=${where.schema}` });
    await client.connect();
    await client.query('set session_replication_role = replica');
    return { dialect: 'postgres', client };
  };
}

function memberRow(id: number, accountType: 'admin' | 'user', now: string) {
  return {
    id,
    username: `dash${id}`,
    password_hash: 'not-a-hash',
    email: `dash${id}@example.ph`,
    f_name: accountType === 'admin' ? 'Bench' : 'New',
    m_name: null,
    l_name: accountType === 'admin' ? 'Admin' : 'Recruit',
    contact_no: '09171234567',
    address: null,
    referral_code: `D${id.toString(36).toUpperCase().padStart(7, '0')}`,
    account_type: accountType,
    position: 'Agent' as const,
    reg_date: now,
    status: 'Approved' as const,
    referror: OWNER,
    photo: null,
    gender: null,
    birthdate: null,
    address_number: null,
    address_street: null,
    address_region: null,
    address_city: null,
    address_barangay: null,
    valid_id: null,
    updated_at: now,
    deactivated_at: null,
    search_name: accountType === 'admin' ? 'bench admin' : 'new recruit',
    language: 'en' as const,
  };
}

interface Subjects {
  heavy: number;
  admin: number;
  recruit: number;
  facts: string[];
}

/**
 * What the builder leaves out and a dashboard reads: paid statements (every closed month but the
 * last two), a heavy member's two years of statements, the current month's sales unverified, an
 * administrator and a recruit with nothing, open tickets, licences to verify, privacy requests.
 */
async function complete(db: Db, members: number, months: string[], today: string): Promise<Subjects> {
  const k = db.db;
  const now = new Date().toISOString();
  const current = months.at(-1)!;
  const closed = months.slice(0, -1);
  const paidUpTo = closed.at(-3)!;
  const admin = members + 1;
  const recruit = members + 2;
  await k
    .insertInto('members')
    .values([memberRow(admin, 'admin', now), memberRow(recruit, 'user', now)])
    .execute();

  // Paid: every closed month's statements up to two months ago that were not carried.
  await k
    .updateTable('commission_statements')
    .set({ paid_on: sql`${sql.ref('period')} || '-28'`, paid_reference: 'BENCH', paid_at: now, paid_by: OWNER })
    .where('period', '<=', paidUpTo)
    .where('carried', '=', 0)
    .execute();

  // The heavy member: hundreds of entries (an agent or manager, not the owner), given 13 older months.
  const heavyRow = await k
    .selectFrom('commission_entries')
    .select(['member_id', sql<number>`count(*)`.as('n')])
    .where('member_id', '!=', OWNER)
    .groupBy('member_id')
    .having(sql`count(*)`, '<=', 1_000)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('member_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const heavy = heavyRow.member_id;
  let older = months[0]!;
  const olderMonths: string[] = [];
  for (let i = 0; i < 13; i++) {
    const [y, m] = older.split('-').map(Number) as [number, number];
    older = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
    olderMonths.unshift(older);
  }
  await k
    .insertInto('commission_periods')
    .values(olderMonths.map((period) => ({ period, closed_at: `${nextMonth(period)}-02T00:00:00.000Z`, closed_by: OWNER })))
    .execute();
  for (const period of olderMonths) {
    const amounts = Array.from({ length: 25 }, (_, i) => 1_000_00 + ((i * 7919 + period.charCodeAt(6) * 31) % 5_000_00));
    const gross = amounts.reduce((s, a) => s + a, 0);
    const tax = Math.round(gross * 0.05);
    const st = await k
      .insertInto('commission_statements')
      .values({
        member_id: heavy,
        period,
        gross_centavos: gross,
        entry_count: amounts.length,
        brought_forward_centavos: 0,
        brought_forward_from: null,
        withholding_centavos: tax,
        net_centavos: gross - tax,
        withholding_rate_hundredths: 500,
        atc: 'WI070',
        carried: 0,
        created_at: `${nextMonth(period)}-02T00:00:00.000Z`,
        paid_on: `${nextMonth(period)}-10`,
        paid_reference: 'BENCH',
        paid_at: now,
        paid_by: OWNER,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('commission_entries')
      .values(
        amounts.map((amount, i) => ({
          member_id: heavy,
          kind: 'adjustment' as const,
          sale_id: null,
          seller_id: null,
          position: null,
          rule: 'Bench history',
          rate_hundredths: null,
          base_centavos: null,
          amount_centavos: amount,
          entry_date: `${period}-${String(1 + i).padStart(2, '0')}`,
          period,
          statement_id: st.id,
          reason: 'Bench history',
          created_by: OWNER,
          created_at: `${period}-${String(1 + i).padStart(2, '0')}T03:00:00.000Z`,
          hold_reason: null,
          reverses_id: null,
        })),
      )
      .execute();
  }

  // Sales to verify: the current month's (their entries awaiting verification).
  await k
    .updateTable('sales')
    .set({ verification: 'unverified', verified_by: null, verified_at: null })
    .where('verification', '=', 'verified')
    .where('id', 'in', (eb) =>
      eb.selectFrom('commission_entries').select('sale_id').where('period', '=', current).where('kind', '=', 'sale'),
    )
    .execute();

  // Licences to verify: 300 members' new ones.
  await k
    .insertInto('licenses')
    .values(
      Array.from({ length: 300 }, (_, i) => ({
        member_id: 2 + i * Math.floor(members / 300),
        line: 'Life' as const,
        license_no: `DASH-${i}`,
        insurer: null,
        issued_on: addDays(today, -30),
        expires_on: addDays(today, 700),
        scan_key: null,
        scan_type: null,
        status: 'pending' as const,
        decided_by: null,
        decided_at: null,
        rejection_reason: null,
        created_by: null,
        created_at: now,
      })),
    )
    .execute();

  // Tickets: 5,000 over the year, the last 200 open.
  const tickets = Array.from({ length: 5_000 }, (_, i) => {
    const at = `${addDays(today, -365 + Math.floor((i * 365) / 5_000))}T02:00:00.000Z`;
    const open = i >= 4_800;
    return {
      member_id: 2 + ((i * 37) % (members - 1)),
      title: `Bench ticket ${i}`,
      description: 'A question about a commission.',
      type: 'finance' as const,
      status: open ? ('Pending' as const) : ('Resolved' as const),
      created_at: at,
      closed_at: open ? null : at,
      closed_by: open ? null : OWNER,
      updated_at: at,
    };
  });
  for (let i = 0; i < tickets.length; i += 500)
    await k
      .insertInto('tickets')
      .values(tickets.slice(i, i + 500))
      .execute();

  // Privacy requests: 4 open, 30 decided over the last 90 days.
  await k
    .insertInto('privacy_requests')
    .values(
      Array.from({ length: 34 }, (_, i) => {
        const open = i < 4;
        const requested = addDays(today, -80 + i * 2);
        return {
          member_id: 2 + ((100 + i * 97) % (members - 2)),
          kind: 'erasure' as const,
          status: open ? ('open' as const) : ('refused' as const),
          requested_at: `${requested}T01:00:00.000Z`,
          due_on: addDays(requested, 42),
          decided_at: open ? null : `${addDays(requested, 5)}T01:00:00.000Z`,
          decided_by: open ? null : OWNER,
          reason: open ? null : 'Bench: records kept by law',
        };
      }),
    )
    .execute();

  await sql`${sql.raw(db.dialect === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db.db);

  const count = async (member: number) => {
    const [e, st] = await Promise.all([
      k
        .selectFrom('commission_entries')
        .select(sql<number>`count(*)`.as('n'))
        .where('member_id', '=', member)
        .executeTakeFirstOrThrow(),
      k
        .selectFrom('commission_statements')
        .select(sql<number>`count(*)`.as('n'))
        .where('member_id', '=', member)
        .executeTakeFirstOrThrow(),
    ]);
    return `${fmtN(num(e.n))} entries, ${fmtN(num(st.n))} statements`;
  };
  const all = async (table: 'commission_entries' | 'commission_statements' | 'sales') =>
    fmtN(
      num(
        (
          await k
            .selectFrom(table)
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  return {
    heavy,
    admin,
    recruit,
    facts: [
      `agency: ${await all('sales')} sales, ${await all('commission_entries')} entries, ${await all('commission_statements')} statements (paid up to ${paidUpTo}), ${closed.length} months closed, ${current} running`,
      `heavy member #${heavy}: ${await count(heavy)} (${olderMonths[0]} to ${closed.at(-1)})`,
      `Agency Owner #${OWNER}: ${await count(OWNER)}`,
      `new member #${recruit}: ${await count(recruit)}`,
    ],
  };
}

// ---------------------------------------------------------------- timing

/** `fns` called in turn, the order reversed every round, `runs` times after WARMUP: each one's times. */
async function alternated(runs: number, fns: (() => Promise<unknown>)[]): Promise<number[][]> {
  const times = fns.map(() => [] as number[]);
  for (let r = 0; r < WARMUP + runs; r++) {
    const order = r % 2 === 0 ? fns.map((_, i) => i) : fns.map((_, i) => fns.length - 1 - i);
    for (const i of order) {
      const t0 = performance.now();
      await fns[i]!();
      const ms = performance.now() - t0;
      if (r >= WARMUP) times[i]!.push(ms);
    }
  }
  return times;
}

const figure = (xs: number[]) => `median ${fmtMs(median(xs))}, p95 ${fmtMs(p95(xs))}`;

async function benchSummary(db: Db, services: Services, subjects: [string, number][], runs: number) {
  const month = todayInManila().slice(0, 7);
  const [start, end] = [`${month}-01`, `${nextMonth(month)}-01`];
  console.log(
    `  commissionsummary (services.commissions.summary) against the control (the summary as it was before its one query), ${runs} of each, alternated:`,
  );
  for (const [label, id] of subjects) {
    const after = await services.commissions.summary(id);
    const before = await summaryBefore(db.db, id, start, end);
    const [a, b] = await alternated(runs, [
      () => services.commissions.summary(id),
      async () => {
        await membersRepository.findById(db.db, id); // the summary's requireMember
        return summaryBefore(db.db, id, start, end);
      },
    ]);
    console.log(`    ${label}: after ${figure(a!)}; before ${figure(b!)}`);
    console.log(`      ratio after/before: ${(median(a!) / median(b!)).toFixed(2)}× median, ${(p95(a!) / p95(b!)).toFixed(2)}× p95`);
    console.log(
      `      pending: net ₱${after.pending_net} (gross ₱${after.pending}, tax ₱${after.pending_tax}) — before: gross ₱${(before.pending / 100).toFixed(2)}; ` +
        `paid: net ₱${after.paid_net} (gross ₱${after.paid_to_date}) — before: gross ₱${(before.paid / 100).toFixed(2)}; held ₱${after.held}`,
    );
  }
}

async function benchQueues(services: Services, admin: Auth, runs: number) {
  const q = await services.adminQueues.queues(admin);
  console.log(
    `  adminqueues (services.adminQueues.queues) for admin #${admin.memberId}: sales ${q.sales_to_verify}, pending ${q.pending_members}, tickets ${q.open_tickets}, ` +
      `licences ${q.licences_to_verify}, held ${q.held_commissions}, privacy ${q.privacy_requests.count} (nearest ${q.privacy_requests.nearest_due_on})`,
  );
  const parts: [string, () => Promise<unknown>][] = [
    ['the whole call', () => services.adminQueues.queues(admin)],
    ['  sales to verify (toVerifyCount)', () => services.sales.toVerifyCount(admin)],
    ['  pending sign-ups (agencyCounts)', () => services.team.agencyCounts()],
    ['  open tickets (openCount)', () => services.tickets.openCount()],
    ['  licences to verify + held (queueCounts)', () => services.licences.queueCounts()],
    ['  privacy requests (erasure.queue)', () => services.erasure.queue()],
    ['  tax details (agencyTaxDetailsMissing)', () => services.tax.agencyTaxDetailsMissing()],
  ];
  const times = await alternated(runs, [...parts.map(([, f]) => f)]);
  for (const [i, [label]] of parts.entries()) console.log(`    ${label.padEnd(44)} ${figure(times[i]!)}`);
}

// ---------------------------------------------------------------- --explain

/** A second connection to the same database whose Kysely logs every statement it runs. */
function loggingDb(where: BenchDatabase, captured: CompiledQuery[]): Db {
  const log = (e: LogEvent) => void (e.level === 'query' && captured.push(e.query));
  if (where.db.dialect === 'sqlite') {
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(where.url.slice('sqlite:'.length)) }), log });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: where.url, max: 10, options: `-c search_path=${where.schema}` });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  return { db, dialect: 'postgres', schema: where.schema!, close: () => db.destroy() };
}

async function explain(where: BenchDatabase, what: string, call: (services: Services) => Promise<unknown>) {
  const captured: CompiledQuery[] = [];
  const logged = loggingDb(where, captured);
  const { services, dispose } = servicesOn(logged);
  try {
    await call(services);
  } finally {
    await logged.close();
    dispose();
  }
  const pgLike = where.db.dialect === 'postgres';
  console.log(`    --explain, ${what}: ${captured.length} statements`);
  for (const q of captured) {
    const prefix = pgLike ? 'explain (analyze, buffers) ' : 'explain query plan ';
    const rows = (await where.db.db.executeQuery(CompiledQuery.raw(prefix + q.sql, [...q.parameters]))).rows;
    console.log(`    ${q.sql.replace(/\s+/g, ' ')}  [${q.parameters.join(', ')}]`);
    for (const r of rows) console.log(`      ${Object.values(r as object).at(-1)}`);
  }
}

// ---------------------------------------------------------------- the run

export interface DashboardOptions {
  members: number;
  sales: number;
  runs: number;
  database?: DialectName;
  explain: boolean;
}

async function benchOne(where: BenchDatabase, o: DashboardOptions) {
  const { db } = where;
  const today = todayInManila();
  console.log(`\n${where.label}: building`);
  const tree = makeTree(o.members);
  const built = await build(
    db,
    sinkFor(where),
    tree,
    { members: o.members, deals: o.sales, sales: o.sales, runs: o.runs, db: 'both' },
    today,
  );
  const subjects = await complete(db, o.members, built.year.months, today);
  console.log(`  built in ${built.seconds.toFixed(0)} s; load ${load()}`);
  for (const f of subjects.facts) console.log(`  ${f}`);
  const { services, dispose } = servicesOn(db);
  const admin: Auth = { memberId: subjects.admin, accountType: 'admin', sessionId: 'bench' };
  try {
    const people: [string, number][] = [
      [`heavy member #${subjects.heavy}`, subjects.heavy],
      [`Agency Owner #${OWNER}`, OWNER],
      [`new member #${subjects.recruit}`, subjects.recruit],
    ];
    await benchSummary(db, services, people, o.runs);
    await benchQueues(services, admin, o.runs);
    if (o.explain) {
      await explain(where, `commissionsummary of the heavy member #${subjects.heavy}`, (s) => s.commissions.summary(subjects.heavy));
      await explain(where, `commissionsummary of the Agency Owner`, (s) => s.commissions.summary(OWNER));
      await explain(where, 'adminqueues', (s) => s.adminQueues.queues(admin));
    }
  } finally {
    dispose();
  }
  console.log(`  load at the end: ${load()}`);
}

export function dashboardOptions(argv: string[]): DashboardOptions {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      members: { type: 'string' },
      sales: { type: 'string' },
      runs: { type: 'string' },
      database: { type: 'string' },
      explain: { type: 'boolean' },
    },
  });
  const n = (v: unknown, fallback: number) => (typeof v === 'string' ? Number(v) : fallback);
  const database = values.database === 'sqlite' || values.database === 'postgres' ? values.database : undefined;
  return {
    members: n(values.members, 10_000),
    sales: n(values.sales, 100_000),
    runs: n(values.runs, 51),
    ...(database ? { database } : {}),
    explain: values.explain === true,
  };
}

export async function runDashboardBench(o: DashboardOptions = dashboardOptions([])) {
  console.log(
    `Dashboard bench (decision 021): ${fmtN(o.members)} members, ${fmtN(o.sales)} sales, ${o.runs} calls of each after ${WARMUP}; ` +
      `node ${process.version}, ${os.cpus().length} cores, load ${load()}, ${new Date().toISOString()}`,
  );
  await onEachDatabase('dashboard', (where) => benchOne(where, o), o.database);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runDashboardBench(dashboardOptions(process.argv.slice(2)));
}
