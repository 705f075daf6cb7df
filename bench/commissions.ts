/**
 * The commissions bench of decision 016, on SQLite and PostgreSQL, through the real services
 * (buildServices, no HTTP), in the members tree of bench/hierarchy.ts (100,000 members, 30 levels):
 *
 * 1. Recording a sale, `services.sales.add`: (a) a product with a rate while the three override
 *    rates are set — 4 entries, a walk up 29 sponsors — next to (b) a product with no rate while
 *    every override rate is 0 % — no entry, no walk — alternating sale by sale in one loop.
 * 2. Closing a month, `services.commissions.closePeriod`, of 30,000 and of 300,000 open entries.
 *    Each close runs in its own child process, which samples its RSS every 10 ms from a worker
 *    thread (so sampling goes on while better-sqlite3 holds the main thread) and its V8 heap from
 *    the main thread. The control: the same sampling around loading the month's entries into Node,
 *    which is what a close that did not stream would cost.
 *
 *   npm run bench -- --commissions [--members 100000] [--sales 200] [--entries 300000]
 *                                  [--database sqlite|postgres] [--explain] [--no-history]
 *   (or: npx tsx bench/commissions.ts with the same flags)
 *
 * Before the closes a month of history (one entry per member) is closed, so they run as in any
 * month but the agency's first; --no-history leaves it out. --explain also times the close's two
 * statements one by one (in transactions rolled back), next to an `UPDATE … FROM` form of the
 * second, and on PostgreSQL prints EXPLAIN ANALYZE of all three. SQLite: a temporary file;
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), a fresh
 * schema dropped after, skipped when the server does not answer. Figures, never a timed test; see
 * bench/README.md.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { commissionCentavos, percentToHundredths, type LeaderPosition } from '@ahente/contract/commissions';
import { todayInManila } from '@ahente/contract/dates';
import type { Position } from '@ahente/contract/enums';
import { addSaleRequest, type AddSale } from '@ahente/contract/sales';
import { buildServices } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connect, type Db, type DialectName } from '../apps/server/src/db/connect.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { periodsRepository } from '../apps/server/src/features/commissions/periods-repository.ts';
import type { Auth } from '../apps/server/src/platform/sessions.ts';
import { DEPTH, fill, makeTree, median, onEachDatabase, type BenchDatabase, type Tree } from './hierarchy.ts';

const SELF = fileURLToPath(import.meta.url);
/** Member 1 is the tree's root: the agency owner and an admin. */
const ADMIN: Auth = { memberId: 1, accountType: 'admin', sessionId: 'bench' };
const RATED = 'Comprehensive'; // 10 %
const UNRATED = 'Pet Insurance'; // no rate
/** Percent of TCV. */
const OVERRIDES: [LeaderPosition, number][] = [
  ['Manager', 3],
  ['AgencyManager', 2],
  ['AgencyOwner', 1],
];
const SELLERS = 20;
const WARMUP_SALES = 10;
/**
 * Closing: a month of history (one entry per member, closed first, so the closes run as in any
 * month but an agency's first: statements on file and statistics current), a warm-up month per
 * child process, then the small and the large month.
 */
const MONTHS = { history: '2024-10', warmSmall: '2024-11', warmLarge: '2024-12', small: '2025-01', large: '2025-02' };
const WARMUP_ENTRIES = 300;
const ENTRIES_PER_MEMBER = 3;

const SEED = 20261124;
let seed = SEED; // mulberry32, reset for each database: the same sales and entries on both
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
}
const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

const MB = 1024 * 1024;
const fmtMs = (ms: number) => `${ms.toFixed(2)} ms`;
const fmtMb = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${(Math.abs(bytes) / MB).toFixed(1)} MB`;
const fmtN = (n: number) => n.toLocaleString('en');
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.95 * xs.length) - 1]!;
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function servicesOn(db: Db) {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-files-'));
  const services = buildServices({ config: { ...loadConfig({ NODE_ENV: 'test' }), webDist: null, storageDir }, db });
  return { services, dispose: () => fs.rmSync(storageDir, { recursive: true, force: true }) };
}
type Services = ReturnType<typeof servicesOn>['services'];

// ---------------------------------------------------------------- 1. recording a sale

/** Member id's sponsors, nearest first, up to the root. */
function chainOf(tree: Tree, id: number): number[] {
  const out: number[] = [];
  for (let p = tree.parent[id - 1]; p != null; p = tree.parent[p - 1]) out.push(p);
  return out;
}

/**
 * Agents at the deepest level whose nearest Manager is at level 2 (every level-2 member is one):
 * their walk passes 26 sponsors before it finds a leader, then the Agency Manager at level 1 and
 * the Agency Owner at the root.
 */
function pickSellers(tree: Tree, positions: Position[]): number[] {
  const deepest = tree.level.reduce((a, b) => Math.max(a, b), 0);
  const sellers: number[] = [];
  for (let id = tree.parent.length; id >= 1 && sellers.length < SELLERS; id--) {
    if (tree.level[id - 1] !== deepest || positions[id - 1] !== 'Agent') continue;
    if (chainOf(tree, id).every((p) => positions[p - 1] !== 'Manager' || tree.level[p - 1] === 2)) sellers.push(id);
  }
  if (sellers.length < SELLERS) throw new Error(`only ${sellers.length} sellers found at level ${deepest}`);
  return sellers;
}

/** Open deals for the sellers, `perSeller` each, in bulk; returns each seller's deal ids. */
async function insertDeals(db: Db, sellers: number[], perSeller: number): Promise<Map<number, number[]>> {
  const now = new Date().toISOString();
  const rows = sellers.flatMap((member_id) =>
    Array.from({ length: perSeller }, (_, k) => ({
      member_id,
      customer_name: `Bench Customer ${member_id}-${k}`,
      tx_type: 'New' as const,
      product: RATED,
      tcv_centavos: 100_000_00,
      effective_date: '2026-01-01',
      deal_status: 'For Payment Collection' as const,
      sales_type: 'Direct' as const,
      referror: null,
      agent: null,
      sales_group: 'CarSalesGroup' as const,
      createdat: now,
      updated_at: now,
    })),
  );
  for (let i = 0; i < rows.length; i += 1_000)
    await db.db
      .insertInto('deals')
      .values(rows.slice(i, i + 1_000))
      .execute();
  const deals = new Map<number, number[]>(sellers.map((s) => [s, []]));
  for (const d of await db.db.selectFrom('deals').select(['id', 'member_id']).where('member_id', 'in', sellers).orderBy('id').execute()) {
    deals.get(d.member_id)!.push(d.id);
  }
  return deals;
}

interface SalesFigures {
  a: number[];
  b: number[];
  quarterRatios: number[];
  entriesA: number;
  entriesB: number;
  heights: string;
}

async function benchSales(db: Db, services: Services, tree: Tree, positions: Position[], sales: number): Promise<SalesFigures> {
  const sellers = pickSellers(tree, positions);
  const pairs = WARMUP_SALES + sales;
  const deals = await insertDeals(db, sellers, 2 * Math.ceil(pairs / sellers.length));
  // Every earner holds a verified Non-Life licence (decision 018), so the sale's licence check, one
  // query for its four earners in the sale's transaction, finds them all and writes payable entries.
  const earners = new Set<number>();
  for (const seller of sellers) {
    const chain = chainOf(tree, seller);
    for (const id of [seller, ...chain.slice(-3)]) earners.add(id);
  }
  const licensedAt = new Date().toISOString();
  await db.db
    .insertInto('licenses')
    .values(
      [...earners].map((member_id) => ({
        member_id,
        line: 'Non-Life' as const,
        license_no: `BENCH-${member_id}`,
        insurer: null,
        issued_on: '2024-01-01',
        expires_on: '2099-12-31',
        scan_key: null,
        scan_type: null,
        status: 'verified' as const,
        decided_by: null,
        decided_at: licensedAt,
        rejection_reason: null,
        created_by: null,
        created_at: licensedAt,
      })),
    )
    .execute();
  await sql`analyze`.execute(db.db);

  // The schedule, set through the service as an admin would: today on, the product rate and all three overrides.
  const today = todayInManila();
  await services.commissions.setRate(ADMIN, { kind: 'product', key: RATED, rate: 10, effective_from: today });
  for (const [key, rate] of OVERRIDES) await services.commissions.setRate(ADMIN, { kind: 'override', key, rate, effective_from: today });
  // Override rates are per position, not per product, so (b) needs them at 0 %. The schedule is
  // append-only (setRate adds a row), so to keep the same 4 rows for the whole loop the bench flips
  // the rows' rate in place, between two timed sales.
  let overridesOn = true;
  async function setOverrides(on: boolean) {
    if (on === overridesOn) return;
    for (const [key, rate] of OVERRIDES) {
      await db.db
        .updateTable('commission_rates')
        .set({ rate_hundredths: on ? percentToHundredths(rate) : 0 })
        .where('kind', '=', 'override')
        .where('key', '=', key)
        .execute();
    }
    overridesOn = on;
  }

  // Pair i: the same seller and the same TCV for (a) and (b), in the order a-b, then b-a, ...
  const plan = Array.from({ length: pairs }, (_, i) => {
    const seller = sellers[i % sellers.length]!;
    const [dealA, dealB] = deals.get(seller)!.splice(0, 2) as [number, number];
    const tcv = `${between(1_000, 200_000)}.${String(between(0, 99)).padStart(2, '0')}`;
    const sale = (dealid: number, product: string): AddSale =>
      addSaleRequest.parse({
        id: seller,
        formData: { dealid, customerName: `Bench Customer ${dealid}`, product, tcv, sales_type: 'Direct', effectiveDate: today },
      });
    return { seller, a: sale(dealA, RATED), b: sale(dealB, UNRATED) };
  });

  const times = { a: [] as number[], b: [] as number[] };
  const saleIds = { a: [] as number[], b: [] as number[] };
  for (const [i, pair] of plan.entries()) {
    for (const kind of i % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      await setOverrides(kind === 'a');
      const t0 = performance.now();
      const sale = await services.sales.add(pair[kind]);
      const ms = performance.now() - t0;
      if (i >= WARMUP_SALES) {
        times[kind].push(ms);
        saleIds[kind].push(sale.id);
      }
    }
  }
  await setOverrides(true);

  // What was written: 4 entries per (a) sale, the leaders far up; nothing for (b).
  const entries = await db.db
    .selectFrom('commission_entries')
    .innerJoin('sales', 'sales.id', 'commission_entries.sale_id')
    .select([
      'commission_entries.sale_id',
      'commission_entries.hold_reason',
      'commission_entries.member_id',
      'commission_entries.kind',
      'commission_entries.position',
      'sales.member_id as seller',
    ])
    .where('commission_entries.sale_id', 'in', [...saleIds.a, ...saleIds.b])
    .execute();
  const bSet = new Set(saleIds.b);
  const entriesB = entries.filter((e) => bSet.has(e.sale_id!)).length;
  const bySale = new Map<number, typeof entries>();
  for (const e of entries) if (!bSet.has(e.sale_id!)) bySale.set(e.sale_id!, [...(bySale.get(e.sale_id!) ?? []), e]);
  for (const id of saleIds.a) {
    const got = bySale.get(id) ?? [];
    const chain = chainOf(tree, got[0]?.seller ?? 0);
    const want = [
      `sale:${got[0]?.seller}`,
      `Manager:${chain[chain.length - 3]}`,
      `AgencyManager:${chain[chain.length - 2]}`,
      `AgencyOwner:${chain[chain.length - 1]}`,
    ];
    const have = got.map((e) => `${e.position ?? e.kind}:${e.member_id}`).sort();
    if (JSON.stringify(have) !== JSON.stringify([...want].sort())) {
      throw new Error(`sale ${id}: entries ${have.join(', ')}, expected ${want.join(', ')}`);
    }
  }
  if (entriesB !== 0) throw new Error(`(b) sales wrote ${entriesB} entries`);
  const held = entries.filter((e) => e.hold_reason !== null).length;
  if (held !== 0) throw new Error(`${held} entries were held: every earner is licensed`);

  const q = Math.floor(sales / 4);
  const quarterRatios = [0, 1, 2, 3].map((k) => median(times.a.slice(k * q, (k + 1) * q)) / median(times.b.slice(k * q, (k + 1) * q)));
  const deepest = tree.level.reduce((a, b) => Math.max(a, b), 0);
  return {
    ...times,
    quarterRatios,
    entriesA: entries.length - entriesB,
    entriesB,
    heights: `Manager ${deepest - 2} levels up, Agency Manager ${deepest - 1}, Agency Owner ${deepest}`,
  };
}

// ---------------------------------------------------------------- 2. closing a month

/** `count` open entries in `period`, `perMember` per member, interleaved as sales would leave them. */
async function insertMonth(db: Db, period: string, count: number, members: number, perMember = ENTRIES_PER_MEMBER) {
  const used = Math.min(members, Math.ceil(count / perMember));
  await db.db.insertInto('commission_periods').values({ period, closed_at: null, closed_by: null }).execute();
  let total = 0;
  await db.db.transaction().execute(async (trx) => {
    const batch = 2_000; // 14 columns × 2,000 rows: under both databases' limit on bound parameters
    for (let i = 0; i < count; i += batch) {
      const rows = [];
      for (let j = i; j < Math.min(count, i + batch); j++) {
        const member_id = (j % used) + 1;
        const entry_date = `${period}-${String(between(1, 28)).padStart(2, '0')}`;
        const common = { member_id, entry_date, period, created_by: null, created_at: `${entry_date}T02:00:00.000Z`, sale_id: null };
        const r = rand();
        if (r < 0.02) {
          const amount = between(100, 500_000) * (rand() < 0.5 ? -1 : 1);
          total += amount;
          rows.push({
            ...common,
            kind: 'adjustment' as const,
            seller_id: null,
            position: null,
            rule: 'Adjustment',
            rate_hundredths: null,
            base_centavos: null,
            amount_centavos: amount,
            reason: 'Bench adjustment',
          });
        } else {
          const base = between(1_000_00, 200_000_00);
          const [position, percent] = r < 0.4 ? [null, 10] : OVERRIDES[between(0, 2)]!;
          const rate = percentToHundredths(percent);
          const amount = commissionCentavos(base, rate);
          total += amount;
          rows.push({
            ...common,
            kind: position ? ('override' as const) : ('sale' as const),
            seller_id: position ? between(1, members) : member_id,
            position,
            rule: position ? `${position} override` : `Product rate: ${RATED}`,
            rate_hundredths: rate,
            base_centavos: base,
            amount_centavos: amount,
            reason: null,
          });
        }
      }
      await trx.insertInto('commission_entries').values(rows).execute();
    }
  });
  return { members: used, total };
}

interface MemoryRun {
  ms: number;
  /** What the child did: the close's answer, or the rows loaded. */
  statements: number;
  entries: number;
  total: number;
  rssBase: number;
  rssPeak: number;
  heapBase: number;
  heapPeak: number;
  samples: number;
}

/** Samples the process's RSS every 10 ms in a worker thread, which runs even while the main thread is blocked. */
const RSS_SAMPLER = `
const { parentPort } = require('node:worker_threads');
let peak = 0, samples = 0;
const timer = setInterval(() => { samples++; peak = Math.max(peak, process.memoryUsage.rss()); }, 10);
parentPort.on('message', (m) => {
  if (m === 'start') { peak = 0; samples = 0; parentPort.postMessage('started'); }
  else { clearInterval(timer); parentPort.postMessage({ peak, samples }); }
});
parentPort.postMessage('ready');
`;

async function measured<T>(
  work: () => Promise<T>,
): Promise<{ out: T; ms: number; rssBase: number; rssPeak: number; heapBase: number; heapPeak: number; samples: number }> {
  const worker = new Worker(RSS_SAMPLER, { eval: true });
  const next = () => new Promise<unknown>((resolve) => worker.once('message', resolve));
  await next(); // ready
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run the child with --expose-gc');
  gc();
  gc();
  const base = process.memoryUsage();
  worker.postMessage('start');
  await next();
  let heapPeak = base.heapUsed;
  const heapTimer = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 10);
  const t0 = performance.now();
  const out = await work();
  const ms = performance.now() - t0;
  const end = process.memoryUsage(); // `out` is still held: what it costs is in here
  clearInterval(heapTimer);
  worker.postMessage('stop');
  const { peak, samples } = (await next()) as { peak: number; samples: number };
  await worker.terminate();
  return {
    out,
    ms,
    rssBase: base.rss,
    rssPeak: Math.max(peak, end.rss),
    heapBase: base.heapUsed,
    heapPeak: Math.max(heapPeak, end.heapUsed),
    samples,
  };
}

/** Child side: one close (or, for the control, one load of the month's entries) after a warm-up one. */
async function childMain(mode: string, url: string, schema: string | undefined, period: string, warmup: string) {
  const db = connect(url, schema ? { schema } : {});
  const { services, dispose } = servicesOn(db);
  try {
    let result: MemoryRun;
    if (mode === 'close') {
      await services.commissions.closePeriod(ADMIN, warmup);
      const { out, ...m } = await measured(() => services.commissions.closePeriod(ADMIN, period));
      result = { ...m, statements: out.statements, entries: out.entries, total: Math.round(out.gross * 100) };
    } else {
      const load = (p: string) => db.db.selectFrom('commission_entries').selectAll().where('period', '=', p).execute();
      await load(warmup);
      const { out, ...m } = await measured(() => load(period));
      result = { ...m, statements: 0, entries: out.length, total: out.reduce((s, e) => s + Number(e.amount_centavos), 0) };
    }
    process.send!(result);
  } finally {
    await db.close();
    dispose();
  }
}

function inChild(mode: 'close' | 'load', where: BenchDatabase, period: string, warmup: string): Promise<MemoryRun> {
  return new Promise((resolve, reject) => {
    const args = [
      '--child',
      mode,
      '--url',
      where.url,
      '--period',
      period,
      '--warmup',
      warmup,
      ...(where.schema ? ['--schema', where.schema] : []),
    ];
    const child = fork(SELF, args, { execArgv: [...process.execArgv, '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: MemoryRun | undefined;
    child.once('message', (m) => (result = m as MemoryRun));
    child.once('exit', (code) =>
      code === 0 && result ? resolve(result) : reject(new Error(`${mode} ${period}: child exited with ${code}`)),
    );
  });
}

/** After a close: statement totals equal the entries' sum, no entry left open, each entry on its own member's statement. */
async function checkClosed(db: Db, period: string, expected: { entries: number; members: number; total: number }, run: MemoryRun) {
  const st = await db.db
    .selectFrom('commission_statements')
    .select([sql<number>`count(*)`.as('n'), sql<number>`sum(gross_centavos)`.as('total'), sql<number>`sum(entry_count)`.as('entries')])
    .where('period', '=', period)
    .executeTakeFirstOrThrow();
  const en = await db.db
    .selectFrom('commission_entries')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`sum(amount_centavos)`.as('total'),
      sql<number>`sum(case when statement_id is null then 1 else 0 end)`.as('open'),
    ])
    .where('period', '=', period)
    .executeTakeFirstOrThrow();
  const misplaced = await db.db
    .selectFrom('commission_entries as e')
    .innerJoin('commission_statements as st', 'st.id', 'e.statement_id')
    .select(sql<number>`count(*)`.as('n'))
    .where('e.period', '=', period)
    .where((eb) => eb.or([eb('st.member_id', '!=', eb.ref('e.member_id')), eb('st.period', '!=', eb.ref('e.period'))]))
    .executeTakeFirstOrThrow();
  const facts = {
    statements: [Number(st.n), expected.members, run.statements],
    entries: [Number(st.entries), Number(en.n), expected.entries, run.entries],
    total: [Number(st.total), Number(en.total), expected.total, run.total],
    open: [Number(en.open), 0],
    misplaced: [Number(misplaced.n), 0],
  };
  for (const [name, values] of Object.entries(facts)) {
    if (new Set(values).size !== 1) throw new Error(`${period}: ${name} differ: ${values.join(' / ')}`);
  }
  return Number(st.total);
}

/** The SQL statements of the close, as the repository builds them for `dialect` (captured, not run). */
async function closeStatements(dialect: DialectName, period: string): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const pgLike = dialect === 'postgres';
  const dry = new Kysely<Database>({
    dialect: {
      createAdapter: () => (pgLike ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => (pgLike ? new PostgresIntrospector(k) : new SqliteIntrospector(k)),
      createQueryCompiler: () => (pgLike ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
    log: (e) => void (e.level === 'query' && captured.push(e.query)),
  });
  await periodsRepository
    .postPeriod(dry, period, [period], new Date().toISOString(), {
      minimumCentavos: 50_000,
      atc5: 'WI070',
      atc10: 'WI071',
      defaultRateHundredths: 500,
    })
    .catch(() => undefined); // the dry run's last read finds no row
  return captured;
}

const ROLLBACK = new Error('rollback');
async function rolledBack(db: Db, work: (run: (q: CompiledQuery) => Promise<unknown[]>) => Promise<void>) {
  await db.db
    .transaction()
    .execute(async (trx) => {
      await work(async (q) => (await trx.executeQuery(q)).rows);
      throw ROLLBACK;
    })
    .catch((err) => {
      if (err !== ROLLBACK) throw err;
    });
}

/**
 * --explain: the close's two statements on the large month, in transactions rolled back: their
 * plans as the close gets them (the UPDATE planned after the INSERT, as in the close), each timed,
 * the UPDATE next to an `UPDATE … FROM` form, and on PostgreSQL EXPLAIN ANALYZE of all three.
 */
async function explainClose(db: Db, period: string) {
  const [insert, update] = await closeStatements(db.dialect, period);
  if (!insert || !update) throw new Error('the close did not issue its INSERT and UPDATE');
  const pgLike = db.dialect === 'postgres';
  const plan = async (
    q: CompiledQuery,
    run: (q: CompiledQuery) => Promise<unknown[]>,
    prefix = pgLike ? 'explain ' : 'explain query plan ',
  ) =>
    (await run(CompiledQuery.raw(prefix + q.sql, [...q.parameters]))).map((r) => `      ${Object.values(r as object).at(-1)}`).join('\n');
  const fromForm = CompiledQuery.raw(
    'update commission_entries as e set statement_id = st.id from commission_statements as st ' +
      `where st.member_id = e.member_id and st.period = e.period and e.period = ${pgLike ? '$1' : '?'} and e.statement_id is null`,
    [period],
  );
  console.log(`    --explain, ${period}, each in a transaction rolled back:`);
  await rolledBack(db, async (run) => {
    console.log(`    INSERT … SELECT (${insert.sql})\n${await plan(insert, run)}`);
    const t0 = performance.now();
    await run(insert);
    const t1 = performance.now();
    console.log(`    UPDATE as written (${update.sql})\n${await plan(update, run)}`);
    await run(update);
    console.log(`    timed: INSERT … SELECT ${fmtMs(t1 - t0)}, UPDATE as written ${fmtMs(performance.now() - t1)}`);
  });
  await rolledBack(db, async (run) => {
    await run(insert);
    console.log(`    UPDATE … FROM (${fromForm.sql})\n${await plan(fromForm, run)}`);
    const t1 = performance.now();
    await run(fromForm);
    console.log(`    timed: UPDATE … FROM ${fmtMs(performance.now() - t1)}`);
  });
  if (!pgLike) return;
  const analyze = 'explain (analyze, buffers) ';
  await rolledBack(db, async (run) => {
    console.log(`    EXPLAIN ANALYZE, INSERT … SELECT:\n${await plan(insert, run, analyze)}`);
    console.log(`    EXPLAIN ANALYZE, UPDATE as written:\n${await plan(update, run, analyze)}`);
  });
  await rolledBack(db, async (run) => {
    await run(insert);
    console.log(`    EXPLAIN ANALYZE, UPDATE … FROM:\n${await plan(fromForm, run, analyze)}`);
  });
  await sql`vacuum analyze commission_entries, commission_statements`.execute(db.db); // the rolled-back rows, before the timed closes
}

// ---------------------------------------------------------------- the run

export interface CommissionsOptions {
  members: number;
  sales: number;
  entries: number;
  database?: DialectName;
  explain: boolean;
  /** Close a month of history first (the default; --no-history: the agency's first closes). */
  history: boolean;
}

async function benchOne(where: BenchDatabase, tree: Tree, o: CommissionsOptions) {
  const { db } = where;
  seed = SEED;
  const t0 = performance.now();
  await migrateToLatest(db);
  const positions = await fill(db, tree);
  console.log(
    `\n${where.label}: ${fmtN(tree.parent.length)} members, ${DEPTH} levels, filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const { services, dispose } = servicesOn(db);
  try {
    // 1. sales
    const s = await benchSales(db, services, tree, positions, o.sales);
    const [ma, mb] = [median(s.a), median(s.b)];
    console.log(`  Recording a sale (services.sales.add), ${o.sales} of each alternating sale by sale, after ${WARMUP_SALES} of each:`);
    console.log(`    (a) ${RATED}, 10 % + 3 overrides: ${s.entriesA / o.sales} entries each (${s.heights})`);
    console.log(`        median ${fmtMs(ma)}, p95 ${fmtMs(p95(s.a))}, mean ${fmtMs(mean(s.a))}`);
    console.log(`    (b) ${UNRATED}, no rate, overrides 0 %: ${s.entriesB} entries`);
    console.log(`        median ${fmtMs(mb)}, p95 ${fmtMs(p95(s.b))}, mean ${fmtMs(mean(s.b))}`);
    console.log(
      `    ratio (a)/(b): ${(ma / mb).toFixed(2)}× median, ${(p95(s.a) / p95(s.b)).toFixed(2)}× p95; by quarter of the run ${s.quarterRatios.map((r) => r.toFixed(2)).join(', ')}`,
    );

    // 2. closing
    const small = Math.round(o.entries / 10);
    const t1 = performance.now();
    if (o.history) {
      await insertMonth(db, MONTHS.history, o.members, o.members, 1);
      await services.commissions.closePeriod(ADMIN, MONTHS.history);
    }
    const months = {
      warmSmall: await insertMonth(db, MONTHS.warmSmall, WARMUP_ENTRIES, o.members),
      warmLarge: await insertMonth(db, MONTHS.warmLarge, WARMUP_ENTRIES, o.members),
      small: await insertMonth(db, MONTHS.small, small, o.members),
      large: await insertMonth(db, MONTHS.large, o.entries, o.members),
    };
    await sql`analyze`.execute(db.db);
    console.log(
      `  Closing a month (services.commissions.closePeriod, each in a child process after a warm-up close of ${WARMUP_ENTRIES} entries; ` +
        `${o.history ? `${MONTHS.history} closed before with ${fmtN(o.members)} statements` : 'no month closed before'}; entries inserted in ${((performance.now() - t1) / 1000).toFixed(1)} s):`,
    );
    if (o.explain) await explainClose(db, MONTHS.large);

    const rows: [string, number, MemoryRun][] = [];
    for (const [size, month, warm, count] of [
      ['small', MONTHS.small, MONTHS.warmSmall, small],
      ['large', MONTHS.large, MONTHS.warmLarge, o.entries],
    ] as const) {
      const run = await inChild('close', where, month, warm);
      await checkClosed(db, month, { entries: count, members: months[size].members, total: months[size].total }, run);
      rows.push([`close ${month}`, count, run]);
    }
    for (const [month, warm, count] of [
      [MONTHS.small, MONTHS.warmSmall, small],
      [MONTHS.large, MONTHS.warmLarge, o.entries],
    ] as const) {
      rows.push([`control: load ${month} into Node`, count, await inChild('load', where, month, warm)]);
    }
    console.log(
      `    ${'what'.padEnd(30)} ${'entries'.padStart(8)} ${'statements'.padStart(10)} ${'time'.padStart(10)} ${'RSS peak'.padStart(10)} ${'heap peak'.padStart(10)} samples`,
    );
    for (const [what, count, r] of rows) {
      console.log(
        `    ${what.padEnd(30)} ${fmtN(count).padStart(8)} ${(r.statements ? fmtN(r.statements) : '').padStart(10)} ${`${(r.ms / 1000).toFixed(2)} s`.padStart(10)} ${fmtMb(r.rssPeak - r.rssBase).padStart(10)} ${fmtMb(r.heapPeak - r.heapBase).padStart(10)} ${r.samples}`,
      );
    }
    const [cs, cl] = [rows[0]![2], rows[1]![2]];
    const growth = (large: number, small: number) => (small < MB ? `${fmtMb(large)} vs ${fmtMb(small)}` : `${(large / small).toFixed(2)}×`);
    console.log(
      `    ratio ${fmtN(o.entries)} / ${fmtN(small)}: time ${(cl.ms / cs.ms).toFixed(1)}×, RSS growth ${growth(cl.rssPeak - cl.rssBase, cs.rssPeak - cs.rssBase)}, heap growth ${growth(cl.heapPeak - cl.heapBase, cs.heapPeak - cs.heapBase)}`,
    );
    console.log(
      `    checked after each close: statements = members, Σ statement totals = Σ entries (₱${(cl.total / 100).toLocaleString('en', { minimumFractionDigits: 2 })} for ${MONTHS.large}), no open entry left, every entry on its own member's statement`,
    );
  } finally {
    dispose();
  }
}

export function commissionsOptions(argv: string[]): CommissionsOptions {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      members: { type: 'string' },
      sales: { type: 'string' },
      entries: { type: 'string' },
      database: { type: 'string' },
      explain: { type: 'boolean' },
      'no-history': { type: 'boolean' },
    },
  });
  const num = (v: unknown, fallback: number) => (typeof v === 'string' ? Number(v) : fallback);
  const database = values.database === 'sqlite' || values.database === 'postgres' ? values.database : undefined;
  return {
    members: num(values.members, 100_000),
    sales: num(values.sales, 200),
    entries: num(values.entries, 300_000),
    ...(database ? { database } : {}),
    explain: values.explain === true,
    history: values['no-history'] !== true,
  };
}

export async function runCommissionsBench(o: CommissionsOptions = commissionsOptions([])) {
  const tree = makeTree(o.members);
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `Commissions bench (decision 016): node ${process.version}, ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, load average ${load()}`,
  );
  await onEachDatabase('commissions', (where) => benchOne(where, tree, o), o.database);
  console.log(`\nload average at the end: ${load()}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    strict: false,
    options: {
      child: { type: 'string' },
      url: { type: 'string' },
      schema: { type: 'string' },
      period: { type: 'string' },
      warmup: { type: 'string' },
    },
  });
  if (typeof values.child === 'string') {
    await childMain(
      values.child,
      String(values.url),
      typeof values.schema === 'string' ? values.schema : undefined,
      String(values.period),
      String(values.warmup),
    );
  } else {
    await runCommissionsBench(commissionsOptions(process.argv.slice(2)));
  }
}
