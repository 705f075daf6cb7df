/**
 * getdeals under load (decision 035): an agent with 1,000 deals and 1,000 sales; 100 connections
 * POST /api/getdeals against the real app (buildApp: sessions, CSRF, guards, zod, Kysely) and, in
 * the same run, against a bare node:http + better-sqlite3 handler doing the same session lookup
 * (the app's own SQL for it, one indexed read) and the same SELECT and JSON.stringify. Prints
 * requests/second and p99 latency of both and their ratio.
 *
 *   npx tsx bench/getdeals.ts [--duration 10] [--connections 100] [--warmup 2] [--rounds 1] [--fastify] [--variants json,…]
 *
 * Each server runs in its own child process so the load generator (this process) does not share
 * its event loop. Load goes to 127.0.0.1 only and is bounded in time. Not part of `npm test`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { SESSION_COOKIE } from '../apps/server/src/platform/sessions.ts';
import { SERVER_NODE_OPTIONS } from './node-options.ts';
import type * as AppModule from '../apps/server/src/app.ts';
import type * as ConfigModule from '../apps/server/src/config.ts';
import type * as ConnectModule from '../apps/server/src/db/connect.ts';
import type { Database } from '../apps/server/src/db/schema.ts';

const SELF = fileURLToPath(import.meta.url);
const DEALS = 1_000;
const PASSWORD = 'bench-password-1';
const USERNAME = 'bench_agent';

/**
 * The query of dealsRepository.listForMember, as Kysely compiles it for SQLite (a rejected sale
 * does not make its deal sold, decision 018). The bench refuses to run when the two servers'
 * bodies differ, so a change of the repository's query shows here at once.
 */
export const GETDEALS_SQL =
  'select "deals".*, "sales"."id" as "sale_id" from "deals" ' +
  'left join "sales" on "sales"."deal_id" = "deals"."id" and "sales"."verification" != ? ' +
  'where "deals"."member_id" = ? order by "deals"."effective_date" desc, "deals"."id" desc';

// ---------------------------------------------------------------- the two servers (child side)

/**
 * The real server as production runs it (NODE_ENV=production), from `src` (apps/server/src, or a
 * copy of it for a variant). The log stays silent as in every earlier run of this bench.
 */
async function serveApp(dbFile: string, src: string) {
  const { buildApp } = (await import(pathToFileURL(path.join(src, 'app.ts')).href)) as typeof AppModule;
  const { loadConfig } = (await import(pathToFileURL(path.join(src, 'config.ts')).href)) as typeof ConfigModule;
  const { connect } = (await import(pathToFileURL(path.join(src, 'db/connect.ts')).href)) as typeof ConnectModule;
  const db = connect(`sqlite:${dbFile}`);
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', COOKIE_SECURE: 'false' }), webDist: null };
  const app = await buildApp({ config, db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

// ---------------------------------------------------------------- variants of the app (levers, decision 035)

const REPO = path.resolve(path.dirname(SELF), '..');
const SERVER_SRC = path.join(REPO, 'apps/server/src');

/**
 * Variants of the app measured against today's (decision 035): each is a copy of apps/server/src
 * (its packages resolved through links to the real node_modules) with one serializer in place of
 * zod's (fastify-type-provider-zod's serializerCompiler: zod's encode, then JSON.stringify).
 * - fjs: fast-json-stringify compiled from each response schema, no zod pass (bench/variants/fjs-serializer.ts);
 * - check: the same with the zod check on and the two texts compared;
 * - json: JSON.stringify of whatever the handler returns, no schema at all (not a candidate: an
 *   extra property of a handler's answer would leave; the bound of what any serializer could gain).
 */
const SERIALIZER_LINE = 'app.setSerializerCompiler(serializerCompiler);';
function withSerializer(src: string, line: string, imports = '') {
  const file = path.join(src, 'app.ts');
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes(SERIALIZER_LINE)) throw new Error(`app.ts no longer calls ${SERIALIZER_LINE}`);
  fs.writeFileSync(file, imports + text.replace(SERIALIZER_LINE, line));
}
const FJS = path.join(path.dirname(SELF), 'variants/fjs-serializer.ts');
export const VARIANTS = {
  fjs: (src: string) => {
    fs.copyFileSync(FJS, path.join(src, 'platform/response-serializer.ts'));
    withSerializer(
      src,
      'app.setSerializerCompiler(responseSerializerCompiler({ check: false }));',
      "import { responseSerializerCompiler } from './platform/response-serializer.ts';\n",
    );
  },
  check: (src: string) => {
    fs.copyFileSync(FJS, path.join(src, 'platform/response-serializer.ts'));
    withSerializer(
      src,
      'app.setSerializerCompiler(responseSerializerCompiler({ check: true }));',
      "import { responseSerializerCompiler } from './platform/response-serializer.ts';\n",
    );
  },
  json: (src: string) => withSerializer(src, 'app.setSerializerCompiler(() => (data: unknown) => JSON.stringify(data));'),
  // zod's serializer as today, its text turned into a Buffer once: Fastify then takes the
  // Content-Length from the Buffer and writes it without encoding the string again.
  buffer: (src: string) =>
    withSerializer(
      src,
      'app.setSerializerCompiler((o) => { const s = serializerCompiler(o); return (d) => Buffer.from(s(d) as string) as never; });',
    ),
} as const;
export type Variant = keyof typeof VARIANTS;

function copyServer(root: string, variant: Variant): string {
  const server = path.join(root, 'apps/server');
  fs.mkdirSync(server, { recursive: true });
  fs.cpSync(SERVER_SRC, path.join(server, 'src'), { recursive: true, filter: (f) => !f.endsWith('.test.ts') });
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'));
  if (fs.existsSync(path.join(REPO, 'apps/server/node_modules'))) {
    fs.symlinkSync(path.join(REPO, 'apps/server/node_modules'), path.join(server, 'node_modules'));
  }
  VARIANTS[variant](path.join(server, 'src'));
  return path.join(server, 'src');
}

/**
 * The app's session lookup as SQLite runs it: the SQL of sessionRepository.findLive, taken from
 * Kysely's own compilation (a logging Kysely over the same file), so the bare handlers read exactly
 * what the app reads for every request (decision 035: a fair limit does the one indexed read of the
 * session that every real route does).
 */
async function sessionLookupSql(dbFile: string): Promise<string> {
  const { Kysely, SqliteDialect } = await import('kysely');
  const { default: SQLite } = await import('better-sqlite3');
  const { sessionRepository } = await import('../apps/server/src/platform/session-repository.ts');
  let sql = '';
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(dbFile, { readonly: true }) }),
    log: (event) => {
      sql = event.query.sql;
    },
  });
  await sessionRepository.findLive(db, '', new Date().toISOString(), new Date().toISOString());
  await db.destroy();
  return sql;
}

/** The session cookie's token from a Cookie header (the app's cookie name). */
function sessionToken(cookie: string | undefined): string | null {
  for (const part of (cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq).trim() === SESSION_COOKIE) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/**
 * The bare handlers' work: the session's lookup as the app does it (its cookie's SHA-256, the same
 * SQL, live, not idle, an approved member; 401 otherwise), then the same statement and the same 18
 * fields as the app's answer.
 */
async function bareGetdeals(dbFile: string): Promise<(id: number, cookie: string | undefined) => string | null> {
  const { default: SQLite } = await import('better-sqlite3');
  const sessionSql = await sessionLookupSql(dbFile);
  const sqlite = new SQLite(dbFile, { readonly: true });
  sqlite.pragma('journal_mode = WAL');
  const stmt = sqlite.prepare(GETDEALS_SQL);
  const session = sqlite.prepare(sessionSql);
  const idleMs = 12 * 3_600_000; // SESSION_IDLE_MINUTES' default
  type Row = Record<string, unknown> & { tcv_centavos: number; sale_id: number | null };
  type SessionRow = { member_id: number; status: string; deactivated_at: string | null };
  return (id, cookie) => {
    const token = sessionToken(cookie);
    if (!token) return null;
    const now = Date.now();
    const live = session.get(
      createHash('sha256').update(token).digest('hex'),
      new Date(now).toISOString(),
      new Date(now - idleMs).toISOString(),
    ) as SessionRow | undefined;
    if (!live || live.status !== 'Approved' || live.deactivated_at !== null || live.member_id !== id) return null;
    return JSON.stringify(
      (stmt.all('rejected', id) as Row[]).map((r) => ({
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
        customer_contact: r.customer_contact,
        customer_email: r.customer_email,
        renews_sale_id: r.renews_sale_id,
        insurer: r.insurer,
        source: r.source,
        notes: r.notes,
      })),
    );
  };
}

async function serveBare(dbFile: string) {
  const answer = await bareGetdeals(dbFile);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number };
      const body = answer(Number(id), req.headers.cookie);
      res.writeHead(body === null ? 401 : 200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body ?? '{"error":"Unauthenticated"}');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/**
 * `--fastify`: the bare handler's work in a Fastify route with nothing else (no plugin, hook, schema,
 * session or check): what Fastify itself costs against node:http, so the app's own share of the gap
 * shows apart from the framework's (decision 035). Not a candidate: it checks nothing.
 */
async function serveFastify(dbFile: string) {
  const answer = await bareGetdeals(dbFile);
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
  app.post('/api/getdeals', (request, reply) => {
    const { id } = request.body as { id: number };
    const body = answer(Number(id), request.headers.cookie);
    void reply
      .code(body === null ? 401 : 200)
      .type('application/json; charset=utf-8')
      .send(body ?? '{"error":"Unauthenticated"}');
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

// ---------------------------------------------------------------- seeding and load (parent side)

export async function seed(dbFile: string): Promise<number> {
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
  const id = await s.accounts.create({
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
  // An agent accepted the privacy notice, as at sign-up: the API refuses them anything else first (decision 027).
  await db.db.transaction().execute((trx) => s.notices.recordSignUpConsent(trx, id, '127.0.0.1'));
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

type Server = 'app' | 'bare' | 'fastify' | `app:${Variant}`;

function startChild(
  server: Server,
  dbFile: string,
  options: { profileDir?: string | undefined; src?: string | undefined } = {},
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    // --profile DIR: the server writes V8 CPU profiles into DIR/app or DIR/bare when it exits, one per
    // thread (tsx's loader runs in a thread of its own); the largest is the main thread's (bench/cpuprofile.ts reads it).
    const { profileDir, src } = options;
    // Both servers run with the V8 options `npm start` gives the server (apps/server/node-options.json):
    // the app as production runs it, the bare handler on the same footing.
    const execArgv = [
      ...process.execArgv,
      ...SERVER_NODE_OPTIONS,
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, server.replace(':', '-'))}`] : []),
    ];
    const args = ['--serve', server === 'bare' || server === 'fastify' ? server : 'app', '--db', dbFile, ...(src ? ['--src', src] : [])];
    const child = fork(SELF, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv });
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`${server} server exited with ${code}`)));
  });
}

/** The child's CPU time so far (user + system), in ms. */
function cpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: unknown) => {
      const cpu = (m as { cpu?: NodeJS.CpuUsage }).cpu;
      if (!cpu) return;
      child.off('message', on);
      resolve((cpu.user + cpu.system) / 1000);
    };
    child.on('message', on);
    child.send('cpu');
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
  /** Write each server's V8 CPU profiles into this directory (DIR/app, DIR/bare). */
  profile?: string;
  /** Variants of the app to load in the same rounds (a lever undone each, decision 035). */
  variants?: Variant[];
  /** Also the bare handler inside a Fastify route with nothing else (`--fastify`): the framework's own cost. */
  fastify?: boolean;
}

interface Figures {
  /** Requests per second (wall clock), median of the rounds. */
  rps: number;
  /** Requests per second of the server's own CPU time (user + system), median of the rounds. */
  cpuRps: number;
  p99: number;
}

export interface GetdealsResult {
  app: Figures;
  bare: Figures;
  /** app/bare of the medians per CPU-second; the same of wall-clock req/s; the lowest and highest of the rounds' own ratios. */
  ratio: number;
  wallRatio: number;
  spread: [number, number];
  variants: Record<string, { rps: number; cpuRps: number; ratio: number }>;
}

type Run = AutocannonResult & { cpuRps: number };

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function runGetdealsBench({
  duration = 10,
  connections = 100,
  warmup = 2,
  rounds = 1,
  profile,
  variants = [],
  fastify = false,
}: BenchOptions = {}): Promise<GetdealsResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-'));
  const dbFile = path.join(dir, 'bench.db');
  const children: ChildProcess[] = [];
  try {
    const t0 = Date.now();
    const memberId = await seed(dbFile);
    console.log(`seeded one agent with ${DEALS} deals and ${DEALS} sales in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const body = JSON.stringify({ id: memberId });
    const servers: Server[] = ['app', 'bare', ...(fastify ? (['fastify'] as const) : []), ...variants.map((v) => `app:${v}` as const)];
    const targets = {} as Record<Server, { url: string; headers: Record<string, string>; body: unknown; child: ChildProcess }>;

    // The servers start together (each loads the app's modules: seconds on a busy machine), then are probed and warmed one by one.
    const started = await Promise.all(
      servers.map(async (server) => {
        const src = server.startsWith('app:') ? copyServer(path.join(dir, server.slice(4)), server.slice(4) as Variant) : undefined;
        const s = await startChild(server, dbFile, { profileDir: profile ? path.resolve(profile) : undefined, src });
        children.push(s.child);
        return s;
      }),
    );
    for (const [i, server] of servers.entries()) {
      const { child, port } = started[i]!;
      const base = `http://127.0.0.1:${port}`;
      // The bare handlers look the app's session up too: they are sent the first app's login.
      const headers = server === 'bare' || server === 'fastify' ? targets.app!.headers : await login(base);
      const url = `${base}/api/getdeals`;
      const probe = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      if (probe.status !== 200) throw new Error(`${server}: getdeals answered ${probe.status}`);
      // Every server refuses a request without the session: the bare handlers' lookup is real.
      const stranger = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      if (stranger.status !== 401 && stranger.status !== 403)
        throw new Error(`${server}: getdeals without a session answered ${stranger.status}`);
      targets[server] = { url, headers, body: await probe.json(), child };
      if (warmup > 0) await load(url, headers, body, warmup, connections);
    }
    // The limit is only a limit of the same work: same SQL, same JSON.
    for (const server of servers) {
      if (!isDeepStrictEqual(targets[server].body, targets.bare.body)) {
        throw new Error(`${server} and the bare handler answer different bodies: fix serveBare (GETDEALS_SQL and its mapping)`);
      }
    }
    if ((targets.app.body as unknown[]).length !== DEALS) throw new Error('getdeals did not return every deal');

    const results = Object.fromEntries(servers.map((s) => [s, [] as Run[]])) as Record<Server, Run[]>;
    const row = (name: string, r: Run) =>
      `${name.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} req/s ${r.cpuRps.toFixed(0).padStart(5)} per CPU-s   p50 ${String(r.latency.p50).padStart(5)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   ${(r.throughput.average / 1e6).toFixed(1)} MB/s   non-2xx ${r.non2xx}  errors ${r.errors}`;
    const names: Record<Server, string> = {
      app: 'app (Fastify + Kysely + zod, production)',
      bare: 'bare (node:http + better-sqlite3)',
      fastify: 'bare handler in Fastify, nothing else',
      'app:fjs': 'app, fast-json-stringify, no zod pass',
      'app:check': 'app, fast-json-stringify + zod check',
      'app:json': 'app, bare JSON.stringify (no schema at all)',
      'app:buffer': 'app, zod serializer, answer as a Buffer',
    };
    console.log('');
    console.log(
      `POST /api/getdeals, ${DEALS} deals (${Math.round(JSON.stringify(targets.app.body).length / 1024)} kB JSON), ` +
        `${connections} connections, ${duration} s per run, ${rounds} round(s), node ${process.version}, ${os.cpus().length} cores, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    for (let round = 1; round <= rounds; round++) {
      // Alternate which goes first: a machine getting busier or quieter then favours neither.
      const order = round % 2 ? servers : [...servers].reverse();
      for (const server of order) {
        const { url, headers, child } = targets[server];
        const cpu0 = await cpuMs(child);
        const r = { ...(await load(url, headers, body, duration, connections)), cpuRps: 0 };
        r.cpuRps = (1000 * r.requests.total) / ((await cpuMs(child)) - cpu0);
        if (r.non2xx || r.errors) throw new Error(`${server}: ${r.non2xx} non-2xx answers and ${r.errors} errors under load`);
        results[server].push(r);
        console.log(`round ${round}  ${row(names[server], r)}`);
      }
    }
    const summary = (server: Server) => ({
      rps: median(results[server].map((r) => r.requests.average)),
      cpuRps: median(results[server].map((r) => r.cpuRps)),
      p99: median(results[server].map((r) => r.latency.p99)),
    });
    const app = summary('app');
    const bare = summary('bare');
    const roundRatios = results.app.map((r, i) => r.cpuRps / results.bare[i]!.cpuRps);
    const spread: [number, number] = [Math.min(...roundRatios), Math.max(...roundRatios)];
    console.log('');
    for (const server of servers) {
      const m = summary(server);
      console.log(
        `median  ${names[server].padEnd(44)} ${m.rps.toFixed(0).padStart(5)} req/s (ratio ${(m.rps / bare.rps).toFixed(2)}), ` +
          `${m.cpuRps.toFixed(0).padStart(5)} per CPU-second (ratio ${(m.cpuRps / bare.cpuRps).toFixed(2)}), p99 ${m.p99} ms`,
      );
    }
    console.log(`rounds' own ratios app/bare, per CPU-second: ${roundRatios.map((r) => r.toFixed(2)).join(', ')}`);
    const others = Object.fromEntries(
      servers
        .filter((v) => v.startsWith('app:') || v === 'fastify')
        .map((v) => [v.replace(/^app:/, ''), { rps: summary(v).rps, cpuRps: summary(v).cpuRps, ratio: summary(v).cpuRps / bare.cpuRps }]),
    );
    console.log(
      'The ratio below is of requests per second of server CPU time (what one core serves flat out): on a machine shared ' +
        'with other work the servers get an unsteady share of the cores and wall-clock req/s swings; their CPU time per request does not.',
    );
    return { app, bare, ratio: app.cpuRps / bare.cpuRps, wallRatio: app.rps / bare.rps, spread, variants: others };
  } finally {
    await Promise.all(children.map(stopChild));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The line `npm run bench -- --quick` ends with (decision 035). */
export const ratioLine = (r: GetdealsResult) =>
  `getdeals ratio ${r.ratio.toFixed(2)} (ahente ${r.app.cpuRps.toFixed(0)} req/s vs limit ${r.bare.cpuRps.toFixed(0)} req/s)`;

// ---------------------------------------------------------------- entry points

const { values } = parseArgs({
  options: {
    serve: { type: 'string' },
    db: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    warmup: { type: 'string' },
    rounds: { type: 'string' },
    profile: { type: 'string' },
    src: { type: 'string' },
    variants: { type: 'string' },
    fastify: { type: 'boolean' },
  },
  strict: false,
});

// Only when this file is the program (its own children included): bench/routes.ts imports it.
const isMain = process.argv[1] !== undefined && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain && values.serve) {
  const dbFile = String(values.db);
  const src = typeof values.src === 'string' ? values.src : SERVER_SRC;
  const port =
    values.serve === 'app'
      ? await serveApp(dbFile, src)
      : values.serve === 'fastify'
        ? await serveFastify(dbFile)
        : await serveBare(dbFile);
  process.send?.({ port });
  // The parent asks for this process's CPU time before and after each run (CPU time per request).
  process.on('message', (m) => m === 'cpu' && process.send?.({ cpu: process.cpuUsage() }));
  process.on('SIGTERM', () => process.exit(0));
} else if (isMain) {
  const num = (v: unknown, d: number) => (v === undefined ? d : Number(v));
  const variants = typeof values.variants === 'string' ? values.variants.split(',').map((v) => v.trim()) : [];
  const unknown = variants.filter((v) => !(v in VARIANTS));
  if (unknown.length) throw new Error(`unknown variant ${unknown.join(', ')}: one of ${Object.keys(VARIANTS).join(', ')}`);
  const result = await runGetdealsBench({
    duration: num(values.duration, 10),
    connections: num(values.connections, 100),
    warmup: num(values.warmup, 2),
    rounds: num(values.rounds, 1),
    ...(typeof values.profile === 'string' ? { profile: values.profile } : {}),
    variants: variants as Variant[],
    fastify: values.fastify === true,
  });
  console.log(ratioLine(result));
}
