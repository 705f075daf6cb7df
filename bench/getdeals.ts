/**
 * getdeals under load (issue 3, "Performance"): an agent with 1,000 deals and 1,000 sales;
 * 100 connections POST /api/getdeals against the real app (buildApp: sessions, CSRF, guards, zod,
 * Kysely) and, in the same run, against a bare node:http + better-sqlite3 handler running the same
 * SELECT and JSON.stringify. Prints requests/second and p99 latency of both and their ratio.
 *
 *   npx tsx bench/getdeals.ts [--duration 10] [--connections 100] [--warmup 2] [--rounds 1]
 *
 * Each server runs in its own child process so the load generator (this process) does not share
 * its event loop. Load goes to 127.0.0.1 only and is bounded in time. Not part of `npm test`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';

const SELF = fileURLToPath(import.meta.url);
const DEALS = 1_000;
const PASSWORD = 'bench-password-1';
const USERNAME = 'bench_agent';

/** The query of dealsRepository.listForMember, as Kysely compiles it for SQLite. */
export const GETDEALS_SQL =
  'select "deals".*, "sales"."id" as "sale_id" from "deals" ' +
  'left join "sales" on "sales"."deal_id" = "deals"."id" ' +
  'where "deals"."member_id" = ? order by "deals"."effective_date" desc, "deals"."id" desc';

// ---------------------------------------------------------------- the two servers (child side)

async function serveApp(dbFile: string) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { connect } = await import('../apps/server/src/db/connect.ts');
  const db = connect(`sqlite:${dbFile}`);
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: null };
  const app = await buildApp({ config, db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

async function serveBare(dbFile: string) {
  const { default: SQLite } = await import('better-sqlite3');
  const sqlite = new SQLite(dbFile, { readonly: true });
  sqlite.pragma('journal_mode = WAL');
  const stmt = sqlite.prepare(GETDEALS_SQL);
  type Row = Record<string, unknown> & { tcv_centavos: number; sale_id: number | null };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number };
      const body = (stmt.all(Number(id)) as Row[]).map((r) => ({
        id: r.id,
        customer_name: r.customer_name,
        tx_type: r.tx_type,
        product: r.product,
        tcv: Math.round(r.tcv_centavos) / 100,
        effective_date: r.effective_date,
        createdat: r.createdat,
        deal_status: r.deal_status,
        sales_type: r.sales_type,
        referror: r.referror,
        agent: r.agent,
        sales_group: r.sales_group,
        sold: r.sale_id !== null,
        sale_id: r.sale_id,
      }));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

// ---------------------------------------------------------------- seeding and load (parent side)

async function seed(dbFile: string): Promise<number> {
  const { buildServices } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { connect } = await import('../apps/server/src/db/connect.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const { PRODUCTS } = await import('@ahente/contract/catalogue');
  const { DEAL_STATUSES, TRANSACTION_TYPES, SALES_GROUPS } = await import('@ahente/contract/enums');
  const db = connect(`sqlite:${dbFile}`);
  await migrateToLatest(db);
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: null };
  const s = buildServices({ config, db });
  const id = await s.members.create({
    username: USERNAME,
    password: PASSWORD,
    email: 'bench@example.ph',
    f_name: 'Bench',
    m_name: null,
    l_name: 'Agent',
    contact_no: '09170000000',
    referror: null,
    status: 'Approved',
  });
  const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
  for (let i = 0; i < DEALS; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + ((i * 7) % 900) * 86_400_000).toISOString().slice(0, 10);
    const agentSale = i % 3 === 0;
    const product = pick(PRODUCTS, i);
    const deal = await s.deals.add({
      id,
      customerName: `Customer ${i + 1} Dela Cruz`,
      transactionType: pick(TRANSACTION_TYPES, i),
      product,
      tcvValue: ((i * 7919) % 5_000_000) + (i % 100) / 100,
      effectiveDate: day,
      dealStatus: pick(DEAL_STATUSES, i),
      salesType: agentSale ? 'Agent' : 'Direct',
      referror: agentSale ? 'Jose Rizal' : null,
      agent: agentSale ? 'Andres Bonifacio' : null,
      salesGroup: pick(SALES_GROUPS, i),
      customer_contact: null,
      customer_email: null,
    });
    await s.sales.add({
      id,
      formData: {
        dealid: deal.id,
        customerName: deal.customer_name,
        transactionType: deal.tx_type,
        product,
        tcv: deal.tcv,
        sales_type: deal.sales_type,
        referror: deal.referror,
        agent: deal.agent,
        deal_status: deal.deal_status,
        sales_group: deal.sales_group,
        policy: `POL-${100000 + i}`,
        insurer: 'Pag-IBIG Mutual',
        planName: 'Gold',
        effectiveDate: day,
        expiry_date: null,
        customer_contact: null,
        customer_email: null,
      },
    });
  }
  await db.close();
  return id;
}

function startChild(mode: 'app' | 'bare', dbFile: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(SELF, ['--serve', mode, '--db', dbFile], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Logs in like the browser: XSRF cookie first, then login; returns the headers to send. */
async function login(base: string): Promise<Record<string, string>> {
  const csrf = await fetch(`${base}/api/csrf-cookie`);
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  keep(csrf);
  const xsrf = cookies.get('XSRF-TOKEN')!;
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: header() },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  keep(res);
  // Login signs a new XSRF token for the new session.
  return { cookie: header(), 'x-xsrf-token': cookies.get('XSRF-TOKEN')! };
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;

async function load(url: string, headers: Record<string, string>, body: string, seconds: number, connections: number) {
  const { default: autocannon } = (await import('autocannon')) as unknown as { default: Autocannon };
  return autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    connections,
    duration: seconds,
    timeout: 30,
  });
}

export interface BenchOptions {
  duration?: number;
  connections?: number;
  warmup?: number;
  /** Rounds of app-then-bare load; the median round of each is reported (evens out a busy machine). */
  rounds?: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

export async function runGetdealsBench({ duration = 10, connections = 100, warmup = 2, rounds = 1 }: BenchOptions = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-'));
  const dbFile = path.join(dir, 'bench.db');
  const children: ChildProcess[] = [];
  try {
    const t0 = Date.now();
    const memberId = await seed(dbFile);
    console.log(`seeded one agent with ${DEALS} deals and ${DEALS} sales in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const body = JSON.stringify({ id: memberId });
    const modes = ['app', 'bare'] as const;
    const targets = {} as Record<(typeof modes)[number], { url: string; headers: Record<string, string>; body: unknown }>;

    for (const mode of modes) {
      const { child, port } = await startChild(mode, dbFile);
      children.push(child);
      const base = `http://127.0.0.1:${port}`;
      const headers = mode === 'app' ? await login(base) : {};
      const url = `${base}/api/getdeals`;
      const probe = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      if (probe.status !== 200) throw new Error(`${mode}: getdeals answered ${probe.status}`);
      targets[mode] = { url, headers, body: await probe.json() };
      if (warmup > 0) await load(url, headers, body, warmup, connections);
    }
    const same = isDeepStrictEqual(targets.app.body, targets.bare.body);
    if ((targets.app.body as unknown[]).length !== DEALS) throw new Error('getdeals did not return every deal');

    const results = { app: [] as AutocannonResult[], bare: [] as AutocannonResult[] };
    const row = (name: string, r: AutocannonResult) =>
      `${name.padEnd(36)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(5)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   ${(r.throughput.average / 1e6).toFixed(1)} MB/s   non-2xx ${r.non2xx}  errors ${r.errors}`;
    const names = { app: 'app (Fastify + Kysely + zod)', bare: 'bare (node:http + better-sqlite3)' };
    console.log('');
    console.log(
      `POST /api/getdeals, ${DEALS} deals (${Math.round(JSON.stringify(targets.app.body).length / 1024)} kB JSON), ` +
        `${connections} connections, ${duration} s per run, ${rounds} round(s), node ${process.version}, ${os.cpus().length} cores`,
    );
    for (let round = 1; round <= rounds; round++) {
      for (const mode of modes) {
        const r = await load(targets[mode].url, targets[mode].headers, body, duration, connections);
        results[mode].push(r);
        console.log(`round ${round}  ${row(names[mode], r)}`);
      }
    }
    const summary = (mode: (typeof modes)[number]) => ({
      rps: median(results[mode].map((r) => r.requests.average)),
      p99: median(results[mode].map((r) => r.latency.p99)),
    });
    const app = summary('app');
    const bare = summary('bare');
    console.log('');
    console.log(`median  app:  ${app.rps.toFixed(0)} req/s, p99 ${app.p99} ms`);
    console.log(`median  bare: ${bare.rps.toFixed(0)} req/s, p99 ${bare.p99} ms`);
    console.log(`ratio app/bare: ${(app.rps / bare.rps).toFixed(2)}x requests/s, ${(app.p99 / bare.p99).toFixed(2)}x p99 latency`);
    console.log(`same response body from both: ${same ? 'yes' : 'NO'}`);
    return { app, bare, same };
  } finally {
    await Promise.all(children.map(stopChild));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- entry points

const { values } = parseArgs({
  options: {
    serve: { type: 'string' },
    db: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    warmup: { type: 'string' },
    rounds: { type: 'string' },
  },
  strict: false,
});

if (values.serve) {
  const dbFile = String(values.db);
  const port = values.serve === 'app' ? await serveApp(dbFile) : await serveBare(dbFile);
  process.send?.({ port });
  process.on('SIGTERM', () => process.exit(0));
} else if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const num = (v: unknown, d: number) => (v === undefined ? d : Number(v));
  await runGetdealsBench({
    duration: num(values.duration, 10),
    connections: num(values.connections, 100),
    warmup: num(values.warmup, 2),
    rounds: num(values.rounds, 1),
  });
}
