/**
 * Data at scale (decision 035): an agency of `--members` members in a sponsor tree 30 deep, 10
 * deals and 3 sales (each a policy of the Portfolio) per member, and a year of commission entries,
 * built on SQLite and on PostgreSQL; then the admin member search, the hierarchy, the Agency
 * Owner's Portfolio and ledger, and a month's close, timed through the real services (no HTTP).
 *
 *   npm run bench:data -- [--members 100000] [--db sqlite|postgres|both] [--deals N] [--sales N]
 *                         [--runs 5] [--keep DIR]
 *
 * The builders are the other benches': the members tree and its positions (bench/hierarchy.ts),
 * the book of sales with their deals and renewal chains (bench/portfolio.ts). Added here, in bulk
 * SQL (SQLite: one prepared insert in one transaction; PostgreSQL: `INSERT … SELECT FROM unnest`
 * of 20,000 rows a statement): the deals never sold, verified licences (every 20th member holds
 * none), the rates, and each sale's entries as `recordSale` writes them (the product rate, the
 * nearest Manager's, Agency Manager's and Agency Owner's overrides, held when the earner has no
 * licence) with the app's own arithmetic, dated over the last twelve months, and a cancelled
 * sale's reversals. The first eleven months are then closed through the service; the twelfth (the
 * current month) is the close that is timed.
 *
 * SQLite: a temporary file (in DIR with --keep, and kept). PostgreSQL: a fresh database on the
 * server of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432), dropped at the end
 * (kept with --keep). Figures, never a timed test; see bench/README.md, "Data at scale".
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import {
  commissionCentavos,
  LEADER_POSITIONS,
  ledgerRequest,
  percentToHundredths,
  prorataCentavos,
  type LeaderPosition,
} from '@ahente/contract/commissions';
import { PRODUCTS } from '@ahente/contract/catalogue';
import { addDays, todayInManila } from '@ahente/contract/dates';
import { DEAL_STATUSES, type Position } from '@ahente/contract/enums';
import { POSITION_LABELS, productLabel } from '@ahente/contract/labels';
import { holdReason, type LicenseLine } from '@ahente/contract/licences';
import { portfolioRequest } from '@ahente/contract/portfolio';
import { buildServices } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connect, type Db, type DialectName } from '../apps/server/src/db/connect.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { Auth } from '../apps/server/src/platform/sessions.ts';
import { DEPTH, fill, makeTree, median, type Tree } from './hierarchy.ts';
import { fillBook } from './portfolio.ts';

const OWNER = 1; // the tree's root: the Agency Owner
const ADMIN: Auth = { memberId: OWNER, accountType: 'admin', sessionId: 'bench' };
const OWNER_AUTH: Auth = { memberId: OWNER, accountType: 'user', sessionId: 'bench' };
/** Percent of TCV: every product but the Memorial Plan at 10 %, and the three overrides (as bench/commissions.ts). */
const PRODUCT_PERCENT = (product: string) => (product === 'Memorial Plan' ? 5 : 10);
const OVERRIDE_PERCENT: Record<LeaderPosition, number> = { Manager: 3, AgencyManager: 2, AgencyOwner: 1 };
/** Lines that between them allow selling every product (PRODUCT_LINES). */
const LINES: LicenseLine[] = ['Non-Life', 'HMO', 'Life', 'Pre-Need'];
const licensed = (memberId: number) => memberId % 20 !== 0;
const BATCH = 20_000;

let seed = 20261127;
// Exact 32-bit arithmetic, as bench/hierarchy.ts (a double product cycled after 10,466 values).
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 2 ** 31;

const fmtN = (n: number) => n.toLocaleString('en');
const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
const fmtBytes = (b: number) => `${(b / 1024 ** 3).toFixed(2)} GB`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// ---------------------------------------------------------------- bulk inserts

type PgType = 'int' | 'bigint' | 'text';
type Column = [name: string, pgType: PgType];

/**
 * Where bulk rows go: a second better-sqlite3 connection on the same file, or a pg connection of
 * its own whose foreign-key triggers are off (`session_replication_role = replica`, as a restore
 * with --disable-triggers does: the rows reference only rows written before them).
 */
export type Sink = { dialect: 'sqlite'; raw: SQLite.Database } | { dialect: 'postgres'; client: pg.Client };

/** Inserts `rows` (values in `columns` order); SQLite: one prepared insert in one transaction. */
async function bulk(sink: Sink, table: string, columns: Column[], rows: Iterable<unknown[]>): Promise<number> {
  const names = columns.map(([c]) => c).join(', ');
  let n = 0;
  const tick = () => {
    if (++n % 250_000 === 0) process.stdout.write(`    ${table}: ${fmtN(n)}\n`);
  };
  if (sink.dialect === 'sqlite') {
    const insert = sink.raw.prepare(`insert into ${table} (${names}) values (${columns.map(() => '?').join(', ')})`);
    sink.raw.transaction(() => {
      for (const row of rows) {
        insert.run(row);
        tick();
      }
    })();
    return n;
  }
  const unnest = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  let arrays: unknown[][] = columns.map(() => []);
  const flush = async () => {
    if (!arrays[0]!.length) return;
    await sink.client.query(`insert into ${table} (${names}) select * from unnest(${unnest})`, arrays);
    arrays = columns.map(() => []);
  };
  for (const row of rows) {
    row.forEach((v, i) => arrays[i]!.push(v));
    tick();
    if (arrays[0]!.length >= BATCH) await flush();
  }
  await flush();
  return n;
}

// ---------------------------------------------------------------- the agency

/** The twelve months the entries span: the eleven before this one, and this one up to today. */
export function yearOf(today: string): { months: string[]; first: string; days: number } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const months = Array.from({ length: 12 }, (_, k) => new Date(Date.UTC(y, m - 12 + k, 1)).toISOString().slice(0, 7));
  const first = `${months[0]}-01`;
  const days = Math.round((Date.parse(today) - Date.parse(first)) / 86_400_000) + 1;
  return { months, first, days };
}

/** Each member's nearest Manager, Agency Manager and Agency Owner above them, as pickLeaders finds them (no one deactivated). */
function leadersOf(tree: Tree, positions: Position[]): Map<LeaderPosition, number>[] {
  const out: Map<LeaderPosition, number>[] = [];
  tree.parent.forEach((p, i) => {
    const mine = new Map<LeaderPosition, number>();
    if (p !== null) {
      // Sponsors come before their recruits (makeTree fills level by level).
      for (const [k, v] of out[p - 1]!) mine.set(k, v);
      const pos = positions[p - 1]!;
      if (pos !== 'Agent') mine.set(pos, p);
    }
    out[i] = mine;
  });
  return out;
}

interface SaleRow {
  id: number;
  member_id: number;
  product: string;
  tcv_centavos: number;
  cancelled: boolean;
  refund_centavos: number | null;
}

const ENTRY_COLUMNS: Column[] = [
  ['id', 'int'],
  ['member_id', 'int'],
  ['kind', 'text'],
  ['sale_id', 'int'],
  ['seller_id', 'int'],
  ['position', 'text'],
  ['rule', 'text'],
  ['rate_hundredths', 'int'],
  ['base_centavos', 'bigint'],
  ['amount_centavos', 'bigint'],
  ['entry_date', 'text'],
  ['period', 'text'],
  ['reason', 'text'],
  ['created_by', 'int'],
  ['created_at', 'text'],
  ['hold_reason', 'text'],
  ['reverses_id', 'int'],
];

/**
 * Each sale's entries as recordSale writes them, recorded on a day of the year in the order of the
 * sales; a cancelled sale's reversals (refund = TCV, the book's) 30 days later, or today, after
 * every sale's entries. Counts by kind go to `counts`.
 */
function* entriesOf(
  sales: SaleRow[],
  leaders: Map<LeaderPosition, number>[],
  year: ReturnType<typeof yearOf>,
  today: string,
  counts: Record<string, number>,
) {
  let id = 0;
  const reversals: unknown[][] = [];
  for (const [i, s] of sales.entries()) {
    const day = addDays(year.first, Math.floor((i * year.days) / sales.length));
    const at = `${day}T03:00:00.000Z`;
    const earners: [number, 'sale' | 'override', LeaderPosition | null, number][] = [
      [s.member_id, 'sale', null, percentToHundredths(PRODUCT_PERCENT(s.product))],
    ];
    for (const position of LEADER_POSITIONS) {
      const leader = leaders[s.member_id - 1]!.get(position);
      if (leader !== undefined && leader !== s.member_id)
        earners.push([leader, 'override', position, percentToHundredths(OVERRIDE_PERCENT[position])]);
    }
    for (const [member, kind, position, rate] of earners) {
      const rule = kind === 'sale' ? `Product rate: ${productLabel(s.product)}` : `${POSITION_LABELS[position!]} override`;
      const amount = commissionCentavos(s.tcv_centavos, rate);
      const hold = licensed(member) ? null : holdReason(s.product, day);
      id += 1;
      counts[kind] = (counts[kind] ?? 0) + 1;
      yield [
        id,
        member,
        kind,
        s.id,
        s.member_id,
        position,
        rule,
        rate,
        s.tcv_centavos,
        amount,
        day,
        day.slice(0, 7),
        null,
        null,
        at,
        hold,
        null,
      ];
      if (s.cancelled) {
        const on = addDays(day, 30) < today ? addDays(day, 30) : today;
        const refund = s.refund_centavos ?? s.tcv_centavos;
        reversals.push([
          0,
          member,
          'reversal',
          s.id,
          s.member_id,
          position,
          `Reversal of ${rule}`.slice(0, 200),
          null,
          refund,
          -prorataCentavos(amount, refund, s.tcv_centavos),
          on,
          on.slice(0, 7),
          'Bench cancellation',
          OWNER,
          `${on}T03:00:00.000Z`,
          hold,
          id,
        ]);
      }
    }
  }
  for (const r of reversals) {
    r[0] = ++id;
    counts.reversal = (counts.reversal ?? 0) + 1;
    yield r;
  }
}

/** Deals never sold, `count` of them after the book's ids, on random members, in every status but a sale. */
function* openDeals(firstId: number, count: number, members: number, year: ReturnType<typeof yearOf>) {
  for (let k = 0; k < count; k++) {
    const id = firstId + k;
    const member = 2 + Math.floor(rand() * (members - 1));
    const product = PRODUCTS[Math.floor(rand() * PRODUCTS.length)]!;
    const day = addDays(year.first, Math.floor(rand() * year.days));
    const at = `${day}T02:00:00.000Z`;
    yield [
      id,
      member,
      `Prospect ${id} ${member}`,
      'New',
      product,
      500_000 + Math.floor(rand() * 20_000_000),
      addDays(day, 15),
      DEAL_STATUSES[Math.floor(rand() * DEAL_STATUSES.length)]!,
      'Direct',
      'CarSalesGroup',
      at,
      at,
      '09171234567',
    ];
  }
}

const DEAL_COLUMNS: Column[] = [
  ['id', 'int'],
  ['member_id', 'int'],
  ['customer_name', 'text'],
  ['tx_type', 'text'],
  ['product', 'text'],
  ['tcv_centavos', 'bigint'],
  ['effective_date', 'text'],
  ['deal_status', 'text'],
  ['sales_type', 'text'],
  ['sales_group', 'text'],
  ['createdat', 'text'],
  ['updated_at', 'text'],
  ['customer_contact', 'text'],
];

function* licences(members: number) {
  for (let id = 1; id <= members; id++) {
    if (!licensed(id)) continue;
    for (const line of LINES) {
      yield [
        id,
        line,
        `BENCH-${id}-${line}`,
        '2020-01-01',
        '2099-12-31',
        'verified',
        '2020-01-01T00:00:00.000Z',
        '2020-01-01T00:00:00.000Z',
      ];
    }
  }
}
const LICENCE_COLUMNS: Column[] = [
  ['member_id', 'int'],
  ['line', 'text'],
  ['license_no', 'text'],
  ['issued_on', 'text'],
  ['expires_on', 'text'],
  ['status', 'text'],
  ['decided_at', 'text'],
  ['created_at', 'text'],
];

export interface DataOptions {
  members: number;
  deals: number;
  sales: number;
  runs: number;
  db: 'sqlite' | 'postgres' | 'both';
  keep?: string;
}

export interface Built {
  tree: Tree;
  year: ReturnType<typeof yearOf>;
  counts: Record<string, number>;
  seconds: number;
  phases: string[];
}

/** Builds the agency on `db` (migrated here); `sink` is how bulk rows reach it. */
export async function build(db: Db, sink: () => Promise<Sink>, tree: Tree, o: DataOptions, today: string): Promise<Built> {
  const t0 = performance.now();
  const phases: string[] = [];
  let last = t0;
  const phase = (what: string) => {
    const now = performance.now();
    const line = `${what} ${((now - last) / 1000).toFixed(1)} s`;
    phases.push(line);
    console.log(`  ${line} (${((now - t0) / 1000).toFixed(0)} s in all, load ${load()})`);
    last = now;
  };
  seed = 20261127;
  const year = yearOf(today);
  await migrateToLatest(db);
  // SQLite's page cache is 2 MB unless set: too small for index inserts at random places in tables
  // of a million rows. 256 MB while building, and the app's default again before measuring.
  if (db.dialect === 'sqlite') await sql`pragma cache_size = -262144`.execute(db.db);
  const positions = await fill(db, tree);
  // The root is the Agency Owner, an agent's account (as in bench/portfolio.ts); the bench calls
  // the admin's services directly, as member 1.
  await db.db.updateTable('members').set({ account_type: 'user', status: 'Approved' }).where('id', '=', OWNER).execute();
  phase(`migrations, members ${fmtN(o.members)}:`);

  const book = await fillBook(db, o.members, o.sales, today, db.dialect === 'postgres' ? 2_000 : 1_000);
  phase(
    `sales and their deals ${fmtN(o.sales)} (${Object.entries(book.expected)
      .map(([k, v]) => `${k} ${fmtN(v)}`)
      .join(', ')}):`,
  );

  const s = await sink();
  const extra = Math.max(0, o.deals - o.sales);
  await bulk(s, 'deals', DEAL_COLUMNS, openDeals(o.sales + 1, extra, o.members, year));
  phase(`open deals ${fmtN(extra)}:`);

  const lic = await bulk(s, 'licenses', LICENCE_COLUMNS, licences(o.members));
  const rates = [
    ...PRODUCTS.map((p) => ({ kind: 'product' as const, key: p as string, rate_hundredths: percentToHundredths(PRODUCT_PERCENT(p)) })),
    ...LEADER_POSITIONS.map((p) => ({
      kind: 'override' as const,
      key: p as string,
      rate_hundredths: percentToHundredths(OVERRIDE_PERCENT[p]),
    })),
  ].map((r) => ({
    ...r,
    effective_from: addDays(year.first, -1),
    created_at: `${addDays(year.first, -1)}T00:00:00.000Z`,
    created_by: OWNER,
  }));
  await db.db.insertInto('commission_rates').values(rates).execute();
  await db.db
    .insertInto('commission_periods')
    .values(year.months.map((period) => ({ period, closed_at: null, closed_by: null })))
    .execute();
  phase(`licences ${fmtN(lic)}, rates, periods:`);

  const sales: SaleRow[] = (
    await db.db
      .selectFrom('sales')
      .select(['id', 'member_id', 'product', 'tcv_centavos', 'cancelled_on', 'refund_centavos'])
      .orderBy('id')
      .execute()
  ).map((r) => ({
    id: r.id,
    member_id: r.member_id,
    product: r.product,
    tcv_centavos: Number(r.tcv_centavos),
    cancelled: r.cancelled_on !== null,
    refund_centavos: r.refund_centavos === null ? null : Number(r.refund_centavos),
  }));
  const counts: Record<string, number> = {};
  const entries = await bulk(s, 'commission_entries', ENTRY_COLUMNS, entriesOf(sales, leadersOf(tree, positions), year, today, counts));
  if (s.dialect === 'sqlite') s.raw.close();
  else await s.client.end();
  if (db.dialect === 'postgres') {
    for (const table of ['deals', 'commission_entries']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(db.db);
    }
  }
  await sql`${sql.raw(db.dialect === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db.db);
  phase(
    `commission entries ${fmtN(entries)} (${Object.entries(counts)
      .map(([k, v]) => `${k} ${fmtN(v)}`)
      .join(', ')}):`,
  );

  const services = servicesOn(db);
  for (const period of year.months.slice(0, -1)) {
    const r = await services.commissions.closePeriod(ADMIN, period);
    process.stdout.write(`    closed ${period}: ${fmtN(r.statements)} statements, ${fmtN(r.entries)} entries\n`);
  }
  await sql`${sql.raw(db.dialect === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db.db);
  if (db.dialect === 'sqlite') await sql`pragma cache_size = -2000`.execute(db.db);
  phase(`eleven months closed (services.commissions.closePeriod):`);
  return { tree, year, counts, seconds: (performance.now() - t0) / 1000, phases };
}

let storageDirs: string[] = [];
function servicesOn(db: Db) {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-files-'));
  storageDirs.push(storageDir);
  return buildServices({ config: { ...loadConfig({ NODE_ENV: 'test' }), webDist: null, storageDir }, db });
}

interface Figure {
  name: string;
  ms: number;
  runs: number;
  note: string;
}

async function timed(name: string, runs: number, f: () => Promise<string | void>): Promise<Figure> {
  const note = (await f()) ?? ''; // warm-up, and what it answered
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    xs.push(performance.now() - t0);
  }
  return { name, ms: median(xs), runs, note };
}

async function measure(db: Db, built: Built, o: DataOptions): Promise<Figure[]> {
  const services = servicesOn(db);
  const m = services.team;
  const { tree, year } = built;
  const months = year.months;
  const lastClosed = months[months.length - 2]!;
  const monthEnd = addDays(`${months[months.length - 1]}-01`, -1);
  const search = (q: string, page: number) => m.search({ id: OWNER, q, page, pageSize: 25, noCertification: false });
  const pages = Math.ceil(o.members / 25);
  const figures = [
    await timed(
      "adminmembersearch q 'maria santos', page 1 of 25",
      o.runs,
      async () => `${fmtN((await search('maria santos', 1)).total)} found`,
    ),
    await timed("adminmembersearch q 'dela cruz', page 1 of 25", o.runs, async () => `${fmtN((await search('dela cruz', 1)).total)} found`),
    await timed('adminmembersearch no query, page 1 of 25', o.runs, async () => `${fmtN((await search('', 1)).total)} members`),
    await timed(
      `adminmembersearch no query, page ${fmtN(Math.ceil(pages / 2))} of 25`,
      o.runs,
      async () => void (await search('', Math.ceil(pages / 2))),
    ),
    await timed(`gethiearchy, member #${tree.deepest} (${DEPTH} deep)`, o.runs, async () => {
      const h = await m.hierarchy(tree.deepest);
      return `manager #${h.manager}, owner #${h.agency_owner}`;
    }),
    await timed('gethiearchy, the Agency Owner', o.runs, async () => void (await m.hierarchy(OWNER))),
    await timed('teamsize, the Agency Owner (whole tree)', o.runs, async () => JSON.stringify(await m.teamSize(OWNER))),
    await timed('portfolio, Agency Owner, team, first page', o.runs, async () => {
      const p = await services.portfolio.list(OWNER_AUTH, portfolioRequest.parse({ id: OWNER, scope: 'team' }));
      return `${fmtN(p.total)} policies, ${p.rows.length} rows`;
    }),
    await timed(`commissionledger, Agency Owner, ${lastClosed}`, o.runs, async () => {
      const l = await services.commissions.ledger(ledgerRequest.parse({ id: OWNER, from: `${lastClosed}-01`, to: monthEnd }));
      return `${fmtN(l.entries.length)} entries`;
    }),
    await timed(`commissionledger, Agency Owner, ${months[0]} to today`, Math.min(o.runs, 2), async () => {
      const l = await services.commissions.ledger(ledgerRequest.parse({ id: OWNER, from: year.first }));
      return `${fmtN(l.entries.length)} entries`;
    }),
    // As the Commissions screen asks since decision 036: a page of 100 and the totals of the range.
    ...(await pagedLedger()),
  ];
  async function pagedLedger() {
    const ask = (cursor: string | null) =>
      services.commissions.ledger(ledgerRequest.parse({ id: OWNER, from: year.first, limit: 100, cursor }));
    const first = await ask(null);
    let cursor = first.next_cursor ?? null;
    // The cursor of page 100: after pages 1 to 99.
    for (let i = 1; i < 99 && cursor; i++) cursor = (await ask(cursor)).next_cursor ?? null;
    return [
      await timed(`commissionledger, Agency Owner, ${months[0]} to today, page 1 of 100`, o.runs, async () => {
        const l = await ask(null);
        return `${fmtN(l.count ?? 0)} entries, ${l.entries.length} rows`;
      }),
      await timed(`commissionledger, Agency Owner, ${months[0]} to today, page 100 of 100`, o.runs, async () => {
        const l = await ask(cursor);
        return `${l.entries.length} rows`;
      }),
    ];
  }
  // The close: the current month, once (it closes).
  const t0 = performance.now();
  const r = await services.commissions.closePeriod(ADMIN, months[months.length - 1]!, true);
  figures.push({
    name: `close ${months[months.length - 1]} (services.commissions.closePeriod)`,
    ms: performance.now() - t0,
    runs: 1,
    note: `${fmtN(r.entries)} entries, ${fmtN(r.statements)} statements`,
  });
  return figures;
}

interface Result {
  label: string;
  built: Built;
  bytes: number;
  figures: Figure[];
}

async function onSqlite(tree: Tree, o: DataOptions, today: string): Promise<Result> {
  const dir = o.keep ?? os.tmpdir();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `ahente-helpa-data-${randomBytes(4).toString('hex')}.db`);
  console.log(`\nSQLite (${file}): building`);
  const db = connect(`sqlite:${file}`);
  try {
    const built = await build(
      db,
      async () => {
        const raw = new SQLite(file);
        raw.pragma('journal_mode = WAL');
        raw.pragma('foreign_keys = ON');
        raw.pragma('synchronous = NORMAL');
        raw.pragma('cache_size = -262144');
        return { dialect: 'sqlite', raw };
      },
      tree,
      o,
      today,
    );
    await sql`pragma wal_checkpoint(truncate)`.execute(db.db);
    const bytes = fs.statSync(file).size;
    console.log(`  built in ${built.seconds.toFixed(0)} s, ${fmtBytes(bytes)}; measuring`);
    const figures = await measure(db, built, o);
    for (const f of figures) console.log(`  ${f.name.padEnd(56)} ${fmtMs(f.ms).padStart(10)}  ${f.note}`);
    return { label: 'SQLite', built, bytes, figures };
  } finally {
    await db.close();
    if (!o.keep) for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    else console.log(`  kept ${file}`);
  }
}

async function onPostgres(tree: Tree, o: DataOptions, today: string): Promise<Result | null> {
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432');
  const name = `ahente_helpa_data_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(base);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.href });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`\nPostgreSQL: skipped, ${adminUrl.host} does not answer (${(err as Error).message})`);
    return null;
  }
  const version = (await admin.query('show server_version')).rows[0].server_version as string;
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  console.log(`\nPostgreSQL ${version} (database ${name}): building`);
  const db = connect(url.href);
  try {
    const sink = async (): Promise<Sink> => {
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      await client.query('set session_replication_role = replica');
      return { dialect: 'postgres', client };
    };
    const built = await build(db, sink, tree, o, today);
    const bytes = Number((await sql<{ n: number }>`select pg_database_size(current_database()) as n`.execute(db.db)).rows[0]!.n);
    console.log(`  built in ${built.seconds.toFixed(0)} s, ${fmtBytes(bytes)}; measuring`);
    const figures = await measure(db, built, o);
    for (const f of figures) console.log(`  ${f.name.padEnd(56)} ${fmtMs(f.ms).padStart(10)}  ${f.note}`);
    return { label: `PostgreSQL ${version.split(' ')[0]}`, built, bytes, figures };
  } finally {
    await db.close();
    if (!o.keep) await admin.query(`drop database ${name} with (force)`);
    else console.log(`  kept database ${name}`);
    await admin.end();
  }
}

export function dataOptions(argv: string[]): DataOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      members: { type: 'string' },
      deals: { type: 'string' },
      sales: { type: 'string' },
      runs: { type: 'string' },
      db: { type: 'string' },
      keep: { type: 'string' },
    },
  });
  const members = values.members ? Number(values.members) : 100_000;
  const db = values.db ?? 'both';
  if (db !== 'sqlite' && db !== 'postgres' && db !== 'both') throw new Error('--db sqlite|postgres|both');
  const o: DataOptions = {
    members,
    deals: values.deals ? Number(values.deals) : members * 10,
    sales: values.sales ? Number(values.sales) : members * 3,
    runs: values.runs ? Number(values.runs) : 5,
    db,
    ...(values.keep ? { keep: path.resolve(values.keep) } : {}),
  };
  for (const k of ['members', 'deals', 'sales', 'runs'] as const) {
    if (!Number.isInteger(o[k]) || o[k] < 1) throw new Error(`--${k} must be a positive whole number`);
  }
  if (o.members < DEPTH) throw new Error(`--members must be at least ${DEPTH}`);
  return o;
}

export async function runDataBench(o: DataOptions) {
  const today = todayInManila();
  console.log(
    `Data at scale (decision 035): ${fmtN(o.members)} members (${DEPTH} deep), ${fmtN(o.deals)} deals, ${fmtN(o.sales)} sales; ` +
      `medians of ${o.runs} calls after one warm-up; node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ` +
      `${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, load ${load()}, ${new Date().toISOString()}`,
  );
  const tree = makeTree(o.members); // once: the same tree on both databases
  const results: Result[] = [];
  const dialects: DialectName[] = o.db === 'both' ? ['sqlite', 'postgres'] : [o.db];
  try {
    for (const d of dialects) {
      const r = d === 'sqlite' ? await onSqlite(tree, o, today) : await onPostgres(tree, o, today);
      if (r) results.push(r);
    }
  } finally {
    for (const dir of storageDirs) fs.rmSync(dir, { recursive: true, force: true });
    storageDirs = [];
  }
  if (!results.length) return;
  const first = results[0]!;
  const width = Math.max(...first.figures.map((f) => f.name.length), 24);
  const col = 14;
  console.log(`\n${'figure'.padEnd(width)}  ${results.map((r) => r.label.padStart(col)).join('  ')}  answer`);
  console.log(`${'build'.padEnd(width)}  ${results.map((r) => `${r.built.seconds.toFixed(0)} s`.padStart(col)).join('  ')}`);
  console.log(`${'database size'.padEnd(width)}  ${results.map((r) => fmtBytes(r.bytes).padStart(col)).join('  ')}`);
  first.figures.forEach((f, i) => {
    const cells = results.map((r) => `${fmtMs(r.figures[i]!.ms)}${r.figures[i]!.runs === 1 ? ' (1)' : ''}`.padStart(col));
    const notes = [...new Set(results.map((r) => r.figures[i]!.note))].join(' / ');
    console.log(`${f.name.padEnd(width)}  ${cells.join('  ')}  ${notes}`);
  });
  console.log(`\nload at the end: ${load()}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runDataBench(dataOptions(process.argv.slice(2)));
}
