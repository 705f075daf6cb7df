/**
 * The Portfolio bench of decision 025: an agency owner whose downline holds 300,000 policies in a
 * mix of statuses, on SQLite and on PostgreSQL. Times the first page of the Portfolio (POST
 * /api/portfolio) for the owner's team (scope 'team', clients hidden) and for one agent's own
 * book (scope 'own'), through the service and over HTTP (the real app, app.inject, with a session
 * and CSRF), medians after one warm-up.
 *
 *   npm run bench -- --portfolio      (or: npx tsx bench/portfolio.ts [--runs 21] [--policies 300000] [--members 3000]
 *                                      [--database sqlite|postgres])
 *
 * SQLite: a temporary file, deleted after. PostgreSQL: BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), in a fresh schema dropped after. Figures, never a
 * timed test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql, type Insertable, type Transaction } from 'kysely';
import { addDays, todayInManila } from '@ahente/contract/dates';
import { defaultExpiryDate, portfolioRequest, type PortfolioResponse } from '@ahente/contract/portfolio';
import { PRODUCTS } from '@ahente/contract/catalogue';
import { routes } from '@ahente/contract/routes';
import { buildApp, buildServices } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db, DialectName } from '../apps/server/src/db/connect.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { Database, DealsTable, SalesTable } from '../apps/server/src/db/schema.ts';
import type { Auth } from '../apps/server/src/platform/sessions.ts';
import { fill, makeTree, median, onEachDatabase } from './hierarchy.ts';

const PASSWORD = 'bench-pass-2026';
const INSURERS = ['Malayan Insurance', 'Pioneer Insurance', 'FPG Insurance', 'Maxicare', 'Intellicare'];
const LAST = ['Bautista', 'Mendoza', 'Dela Cruz', 'Villanueva', 'Ramos', 'Aquino', 'Castillo', 'Navarro', 'Torres', 'Flores'];

let seed = 20261125;
// Exact 32-bit arithmetic, as bench/hierarchy.ts (a double product cycled after 10,466 values).
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 2 ** 31;
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

export interface Book {
  /** Policies per status on the bench's day, as generated (the service's counts are checked against them). */
  expected: Record<string, number>;
  total: number;
  agentId: number;
  agentPolicies: number;
  /** PostgreSQL: the sales table's all-visible pages after VACUUM (index-only scans need them). */
  visibility?: string;
}

/**
 * The book: chains of policies, each renewal a sale of a Renewal deal pointing at the policy it
 * renews. A chain starts with an expiry between two years ago and a year ahead; an expired policy
 * is renewed 60 % of the time (the renewal starts the day after); 4 % of chain ends are cancelled,
 * 1 % of policies rejected, 2 % are Memorial Plans (no term). Member `agentId` holds 1,000 of them;
 * the rest go to random members of the tree (the root, the owner, holds none). `batch` sales (and
 * their deals) an insert: 30 columns each, under SQLite's 32,766 bound parameters up to 1,000.
 */
export async function fillBook(db: Db, members: number, policies: number, today: string, batch = 500): Promise<Book> {
  seed = 11;
  const now = new Date().toISOString();
  const agentId = members; // a member at the deepest level
  const expected: Record<string, number> = { due: 0, lapsed: 0, 'in force': 0, renewed: 0, cancelled: 0, rejected: 0 };
  const dueBy = addDays(today, 60);
  let id = 0;
  let agentPolicies = 0;
  let deals: Insertable<DealsTable>[] = [];
  let sales: Insertable<SalesTable>[] = [];
  let links: [number, number][] = [];
  const flush = async (trx: Transaction<Database>, force = false) => {
    if (!force && sales.length < batch) return;
    if (!sales.length) return;
    // A renewal deal points at the sale it renews, maybe in this batch, and each sale at its deal:
    // the deals go in without the link, then the sales, then the links (deal id = sale id here).
    await trx
      .insertInto('deals')
      .values(deals.map((d) => ({ ...d, renews_sale_id: null })))
      .execute();
    await trx.insertInto('sales').values(sales).execute();
    await sql`update deals set renews_sale_id = (select s.renews_sale_id from sales s where s.id = deals.id)
      where deals.id between ${sales[0]!.id} and ${sales.at(-1)!.id} and deals.tx_type = 'Renewal'`.execute(trx);
    // Each renewed policy's link to the counted sale that renews it, as the sales service keeps it
    // (set after the insert: a row pointing at a later row of the same insert costs SQLite a scan).
    if (links.length) {
      const values = sql.join(links.map(([policy, sale]) => sql`(cast(${policy} as integer), cast(${sale} as integer))`));
      await sql`with v(p, r) as (values ${values}) update sales set renewed_by_sale_id = v.r from v where sales.id = v.p`.execute(trx);
    }
    links = [];
    deals = [];
    sales = [];
  };
  await db.db.transaction().execute(async (trx) => {
    while (id < policies) {
      const member = agentPolicies < 1_000 && rand() < 0.01 ? agentId : 2 + Math.floor(rand() * (members - 1));
      const memorial = rand() < 0.02;
      const product = memorial ? 'Memorial Plan' : pick(PRODUCTS.filter((p) => p !== 'Memorial Plan'));
      const customer = `${pick(['Juan', 'Maria', 'Jose', 'Ana', 'Liza'])} ${pick(LAST)} ${member}`;
      let expiry: string | null = memorial ? null : addDays(today, Math.floor(rand() * 1096) - 730);
      let effective = expiry ? addDays(expiry, -364) : addDays(today, -Math.floor(rand() * 700));
      let renews: number | null = null;
      for (;;) {
        id += 1;
        if (member === agentId) agentPolicies += 1;
        const rejected = rand() < 0.01;
        const expired = expiry !== null && expiry < today;
        const renewed = !rejected && expired && rand() < 0.6 && id < policies;
        const cancelled = !rejected && !renewed && rand() < 0.04;
        const tcv = 500_000 + Math.floor(rand() * 20_000_000);
        deals.push({
          id,
          member_id: member,
          customer_name: customer,
          tx_type: renews ? 'Renewal' : 'New',
          product,
          tcv_centavos: tcv,
          effective_date: effective,
          deal_status: 'For Payment Collection',
          sales_type: 'Direct',
          referror: null,
          agent: null,
          sales_group: 'CarSalesGroup',
          createdat: now,
          updated_at: now,
          customer_contact: '09171234567',
          customer_email: null,
          renews_sale_id: renews,
          insurer: renews ? 'Malayan Insurance' : null,
        });
        sales.push({
          id,
          member_id: member,
          deal_id: id,
          customer_name: customer,
          tx_type: renews ? 'Renewal' : 'New',
          product,
          tcv_centavos: tcv,
          policy_number: `POL-${id}`,
          insurer: pick(INSURERS),
          plan_name: null,
          sales_type: 'Direct',
          referror: null,
          agent: null,
          sales_group: 'CarSalesGroup',
          effective_date: effective,
          createdat: now,
          verification: rejected ? 'rejected' : 'verified',
          verified_by: null,
          verified_at: now,
          rejection_reason: rejected ? 'Bench' : null,
          cancelled_on: cancelled ? addDays(effective, 30) : null,
          cancel_reason: cancelled ? 'Bench' : null,
          refund_centavos: cancelled ? tcv : null,
          cancelled_by: null,
          cancelled_at: cancelled ? now : null,
          expiry_date: expiry,
          customer_contact: '09171234567',
          customer_email: null,
          renews_sale_id: renews,
          renewed_by_sale_id: null,
          insurer_id: null,
          policy_key: null,
        });
        expected[
          rejected
            ? 'rejected'
            : cancelled
              ? 'cancelled'
              : renewed
                ? 'renewed'
                : expiry === null
                  ? 'in force'
                  : expiry < today
                    ? 'lapsed'
                    : expiry <= dueBy
                      ? 'due'
                      : 'in force'
        ]! += 1;
        // A renewal that is rejected or cancelled renews nothing: the policy before it has lapsed.
        if (renews !== null && (rejected || cancelled)) {
          expected.renewed! -= 1;
          expected.lapsed! += 1;
        } else if (renews !== null) links.push([renews, id]);
        if (!renewed) break;
        renews = id;
        effective = addDays(expiry!, 1);
        expiry = defaultExpiryDate(effective);
      }
      await flush(trx);
    }
    await flush(trx, true);
  });
  // The sequences past the ids given (PostgreSQL's identity columns do not move for explicit ids).
  if (db.dialect === 'postgres') {
    for (const table of ['deals', 'sales']) await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${id})`.execute(db.db);
  }
  // Statistics for the planners; on PostgreSQL the visibility map too (autovacuum's steady state,
  // which index-only scans need; a transaction left open elsewhere on the server keeps it unset).
  await sql`${sql.raw(db.dialect === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db.db);
  const vm =
    db.dialect === 'postgres'
      ? (
          await sql<{ visible: number; pages: number }>`select relallvisible as visible, relpages as pages from pg_class
            where oid = 'sales'::regclass`.execute(db.db)
        ).rows[0]
      : undefined;
  const { rejected: _r, ...statuses } = expected;
  return {
    expected: statuses,
    total: Object.values(statuses).reduce((a, b) => a + b, 0),
    agentId,
    agentPolicies,
    ...(vm ? { visibility: `${vm.visible.toLocaleString('en')} of ${vm.pages.toLocaleString('en')}` } : {}),
  };
}

async function time(runs: number, f: () => Promise<unknown>): Promise<{ median: number; min: number; max: number }> {
  await f();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    xs.push(performance.now() - t0);
  }
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
}

async function benchOne(label: string, db: Db, options: Required<PortfolioBenchOptions>) {
  const t0 = performance.now();
  await migrateToLatest(db);
  const tree = makeTree(options.members);
  await fill(db, tree);
  // The root is the agency owner, an agent's account (the members bench makes it an admin).
  await db.db.updateTable('members').set({ account_type: 'user' }).where('id', '=', 1).execute();
  const today = todayInManila();
  const book = await fillBook(db, options.members, options.policies, today);
  await db.db.updateTable('members').set({ status: 'Approved' }).where('id', 'in', [1, book.agentId]).execute();
  console.log(
    `\n${label}: ${options.members.toLocaleString('en')} members, ${options.policies.toLocaleString('en')} sales (${book.total.toLocaleString('en')} policies: ${Object.entries(
      book.expected,
    )
      .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
      .join(', ')}), filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (book.visibility) console.log(`  sales: ${book.visibility} pages all-visible after VACUUM (index-only scans need them)`);

  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-files-'));
  const config = { ...loadConfig({ NODE_ENV: 'test' }), webDist: null, storageDir, cookieSecure: false };
  const services = buildServices({ config, db });
  const ownerAuth: Auth = { memberId: 1, accountType: 'user', sessionId: 'bench' };
  const agentAuth: Auth = { memberId: book.agentId, accountType: 'user', sessionId: 'bench' };
  const list = (auth: Auth, body: Record<string, unknown>) => services.portfolio.list(auth, portfolioRequest.parse(body));

  // The service answers what was generated.
  const team = await list(ownerAuth, { id: 1, scope: 'team' });
  const own = await list(agentAuth, { id: book.agentId });
  const counts = (p: PortfolioResponse) => JSON.stringify(Object.fromEntries(Object.entries(p.counts).sort()));
  if (
    counts(team) !== JSON.stringify(Object.fromEntries(Object.entries(book.expected).sort())) ||
    !team.clients_hidden ||
    team.rows.length !== 25
  ) {
    throw new Error(`team counts ${counts(team)} differ from the generated ${JSON.stringify(book.expected)}`);
  }
  if (own.clients_hidden || own.total > book.agentPolicies) throw new Error(`own: ${own.total} policies of ${book.agentPolicies} sales`);

  // Over HTTP as the browser calls it: a session for each of the two members, CSRF, zod, JSON.
  const app = await buildApp({ config, db });
  for (const id of [1, book.agentId]) {
    await services.accounts.changePassword({ memberId: id, accountType: 'admin', sessionId: 'bench' }, id, PASSWORD);
    // They accepted the privacy notice, as at sign-up: the API refuses them anything else first (decision 027).
    await db.db.transaction().execute((trx) => services.notices.recordSignUpConsent(trx, id, '127.0.0.1'));
  }
  const session = async (username: string) => {
    const csrf = await app.inject({ method: 'GET', url: routes.csrfCookie.path });
    const token = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const login = await app.inject({
      method: 'POST',
      url: routes.login.path,
      headers: { 'x-xsrf-token': token },
      cookies: { 'XSRF-TOKEN': token },
      payload: { username, password: PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`login ${username}: ${login.statusCode} ${login.body}`);
    // The login binds a new CSRF token to the session.
    const cookies = Object.fromEntries([...csrf.cookies, ...login.cookies].map((c) => [c.name, c.value]));
    const headers = { 'x-xsrf-token': cookies['XSRF-TOKEN']! };
    return async (body: Record<string, unknown>) => {
      const res = await app.inject({ method: 'POST', url: routes.portfolio.path, headers, cookies, payload: body });
      if (res.statusCode !== 200) throw new Error(`portfolio: ${res.statusCode} ${res.body}`);
      return res;
    };
  };
  const ownerHttp = await session('bench1');
  const agentHttp = await session(`bench${book.agentId}`);
  const runs = options.runs;
  const figures: [string, { median: number; min: number; max: number }, string][] = [
    [
      'owner, team, first page (service)',
      await time(runs, () => list(ownerAuth, { id: 1, scope: 'team' })),
      `${team.total.toLocaleString('en')} policies`,
    ],
    ['owner, team, first page (HTTP)', await time(runs, () => ownerHttp({ id: 1, scope: 'team' })), ''],
    ["owner, team, status 'lapsed' (service)", await time(runs, () => list(ownerAuth, { id: 1, scope: 'team', status: 'lapsed' })), ''],
    [
      'owner, team, expiring in 30 days (service)',
      await time(runs, () => list(ownerAuth, { id: 1, scope: 'team', due_within_days: 30 })),
      '',
    ],
    ['owner, team, page 100 of 25 (service)', await time(runs, () => list(ownerAuth, { id: 1, scope: 'team', page: 100 })), ''],
    [
      'agent, own, first page (service)',
      await time(runs, () => list(agentAuth, { id: book.agentId })),
      `${own.total.toLocaleString('en')} policies`,
    ],
    ['agent, own, first page (HTTP)', await time(runs, () => agentHttp({ id: book.agentId })), ''],
    ["agent, own, q 'juan' (service)", await time(runs, () => list(agentAuth, { id: book.agentId, q: 'juan' })), ''],
  ];
  await app.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
  for (const [name, f, note] of figures) {
    console.log(
      `  ${name.padEnd(46)} median ${f.median.toFixed(1).padStart(8)} ms  (min ${f.min.toFixed(1)}, max ${f.max.toFixed(1)})  ${note}`,
    );
  }
}

export interface PortfolioBenchOptions {
  runs?: number;
  policies?: number;
  members?: number;
  database?: DialectName;
}

export function portfolioOptions(argv: string[]): PortfolioBenchOptions {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--portfolio'),
    options: {
      runs: { type: 'string' },
      policies: { type: 'string' },
      members: { type: 'string' },
      database: { type: 'string' },
    },
    strict: false,
  });
  return {
    ...(values.runs ? { runs: Number(values.runs) } : {}),
    ...(values.policies ? { policies: Number(values.policies) } : {}),
    ...(values.members ? { members: Number(values.members) } : {}),
    ...(values.database ? { database: values.database as DialectName } : {}),
  };
}

export async function runPortfolioBench(options: PortfolioBenchOptions = {}) {
  const o: Required<PortfolioBenchOptions> = {
    runs: options.runs ?? 21,
    policies: options.policies ?? 300_000,
    members: options.members ?? 3_000,
    database: options.database ?? ('' as DialectName),
  };
  console.log(
    `Portfolio bench (decision 025): median of ${o.runs} runs after one warm-up, node ${process.version}, ${os.cpus().length} cores`,
  );
  await onEachDatabase('portfolio', ({ label, db }) => benchOne(label, db, o), o.database || undefined);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runPortfolioBench(portfolioOptions(process.argv.slice(2)));
}
