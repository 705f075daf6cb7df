/**
 * The app against its limit, route by route (decision 035): getsales, membersrecord, gethiearchy,
 * the Portfolio's first page and the commission ledger of one agent (1,000 deals made into sales,
 * RECRUITS recruits under a sponsor chain), each POSTed by 10 connections to
 *
 * - app: the real server as production runs it (bench/getdeals.ts serveApp: NODE_ENV=production);
 * - bare: node:http + better-sqlite3 replaying, per request, the very statements the app ran for
 *   that request (captured once from better-sqlite3 while the app answered it, minus the session
 *   lookup; prepared once), then writing the same JSON the app wrote (`JSON.stringify` of its
 *   answer, each time). The same SQL and the same bytes: what is left is what the app adds
 *   (HTTP framework, session, CSRF, validation, Kysely, the services' mapping, serialisation).
 *
 * Servers alternate in rounds; the figures are requests per second of each server's CPU time
 * (what one core serves flat out; see bench/README.md for why), medians of the rounds.
 *
 *   npx tsx bench/routes.ts [--rounds 3] [--duration 4] [--connections 10] [--routes getsales,portfolio]
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { SERVER_NODE_OPTIONS } from './node-options.ts';
import type { FastifyInstance } from 'fastify';
import { seed } from './getdeals.ts';

const SELF = fileURLToPath(import.meta.url);
const RECRUITS = 300;

/** The list answers that grow with an agency, each with the body an agent's screen sends. */
const ROUTES = {
  getsales: (id: number) => ({ path: '/api/getsales', body: { id } }),
  membersrecord: (id: number) => ({ path: '/api/membersrecord', body: { id } }),
  gethiearchy: (id: number) => ({ path: '/api/gethiearchy', body: { id } }),
  portfolio: (id: number) => ({ path: '/api/portfolio', body: { id } }),
  commissionledger: (id: number) => ({ path: '/api/commissionledger', body: { id } }),
} as const;
type RouteName = keyof typeof ROUTES;

interface Statement {
  sql: string;
  method: 'all' | 'get' | 'run';
  args: unknown[];
}
interface Replay {
  path: string;
  statements: Statement[];
  answer: unknown;
}

// ---------------------------------------------------------------- seeding (parent side)

/** getdeals' agent, with RECRUITS recruits and a sponsor chain of three above it; returns the agent's id. */
async function seedAgency(dbFile: string): Promise<number> {
  const id = await seed(dbFile);
  const { connect } = await import('../apps/server/src/db/connect.ts');
  const db = connect(`sqlite:${dbFile}`);
  const me = await db.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const copy = (n: string, referror: number | null) => {
    const { id: _id, ...row } = me;
    return { ...row, username: `bench_${n}`, email: `bench_${n}@example.ph`, referral_code: `BENCH${n.toUpperCase()}`, referror };
  };
  // Three sponsors above the agent (the hierarchy's chain), then the recruits below it.
  let above: number | null = null;
  for (const n of ['owner', 'agencymgr', 'mgr']) {
    const row = await db.db.insertInto('members').values(copy(n, above)).returning('id').executeTakeFirstOrThrow();
    above = row.id;
  }
  await db.db.updateTable('members').set({ referror: above }).where('id', '=', id).execute();
  for (let i = 0; i < RECRUITS; i++)
    await db.db
      .insertInto('members')
      .values(copy(`r${i}`, id))
      .execute();
  await db.close();
  return id;
}

// ---------------------------------------------------------------- capture: what the app runs per request

/** The statements better-sqlite3 runs while `fn` runs (every Statement's all/get/run recorded). */
async function capture<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  const { default: SQLite } = await import('better-sqlite3');
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown> & { source?: string };
  probe.close();
  const statements: Statement[] = [];
  const saved = { all: proto.all!, get: proto.get!, run: proto.run! };
  for (const method of ['all', 'get', 'run'] as const) {
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      statements.push({ sql: this.source, method, args: structuredClone(args) });
      return saved[method].apply(this, args);
    };
  }
  try {
    return { result: await fn(), statements };
  } finally {
    Object.assign(proto, saved);
  }
}

/** Logs in through app.inject like the browser; returns the headers of a signed-in call. */
async function injectLogin(app: FastifyInstance): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const keep = (res: { cookies: { name: string; value: string }[] }) => res.cookies.forEach((c) => cookies.set(c.name, c.value));
  keep(await app.inject({ method: 'GET', url: '/api/csrf-cookie' }));
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': cookies.get('XSRF-TOKEN')!, cookie: header() },
    payload: { username: 'bench_agent', password: 'bench-password-1' },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  keep(res);
  return { 'content-type': 'application/json', 'x-xsrf-token': cookies.get('XSRF-TOKEN')!, cookie: header() };
}

/** Each route's statements and answer, from the app itself (production config, in this process). */
async function record(dbFile: string, id: number, names: RouteName[]): Promise<Record<string, Replay>> {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { connect } = await import('../apps/server/src/db/connect.ts');
  const db = connect(`sqlite:${dbFile}`);
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', COOKIE_SECURE: 'false' }), webDist: null };
  const app = await buildApp({ config, db });
  try {
    const headers = await injectLogin(app);
    const out: Record<string, Replay> = {};
    for (const name of names) {
      const { path: url, body } = ROUTES[name](id);
      const call = () => app.inject({ method: 'POST', url, headers, payload: body });
      await call(); // warm: a session touch or a first-time cache does not belong to the steady state
      const { result, statements } = await capture(call);
      if (result.statusCode !== 200) throw new Error(`${name}: ${result.statusCode} ${result.body}`);
      // The session lookup (and its occasional touch) is the app's own work, not the limit's.
      const own = statements.filter((s) => !/"sessions"/.test(s.sql));
      out[name] = { path: url, statements: own, answer: result.json() };
    }
    return out;
  } finally {
    await app.close();
    await db.close();
  }
}

// ---------------------------------------------------------------- the bare replay server (child side)

async function serveReplay(dbFile: string, replays: Record<string, Replay>) {
  const { default: SQLite } = await import('better-sqlite3');
  const sqlite = new SQLite(dbFile);
  sqlite.pragma('journal_mode = WAL');
  const byPath = new Map(
    Object.values(replays).map((r) => [
      r.path,
      { prepared: r.statements.map((s) => ({ stmt: sqlite.prepare(s.sql), method: s.method, args: s.args })), answer: r.answer },
    ]),
  );
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const route = byPath.get(req.url ?? '');
      if (!route) {
        res.writeHead(404).end();
        return;
      }
      for (const { stmt, method, args } of route.prepared) (stmt[method] as (...a: unknown[]) => unknown)(...args);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(route.answer));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

async function serveApp(dbFile: string) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { connect } = await import('../apps/server/src/db/connect.ts');
  const db = connect(`sqlite:${dbFile}`);
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', COOKIE_SECURE: 'false' }), webDist: null };
  const app = await buildApp({ config, db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

// ---------------------------------------------------------------- load (parent side)

function startChild(mode: 'app' | 'bare', dbFile: string, replayFile: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(SELF, ['--serve', mode, '--db', dbFile, '--replay', replayFile], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: [...process.execArgv, ...SERVER_NODE_OPTIONS],
    });
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

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

async function loginHttp(base: string): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  keep(await fetch(`${base}/api/csrf-cookie`));
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': cookies.get('XSRF-TOKEN')!, cookie: header() },
    body: JSON.stringify({ username: 'bench_agent', password: 'bench-password-1' }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  keep(res);
  return { cookie: header(), 'x-xsrf-token': cookies.get('XSRF-TOKEN')! };
}

type Autocannon = (
  opts: Record<string, unknown>,
) => Promise<{ requests: { average: number; total: number }; non2xx: number; errors: number }>;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export interface RoutesOptions {
  rounds?: number;
  duration?: number;
  connections?: number;
  routes?: RouteName[];
}

export async function runRoutesBench({
  rounds = 3,
  duration = 4,
  connections = 10,
  routes = Object.keys(ROUTES) as RouteName[],
}: RoutesOptions = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-routes-'));
  const dbFile = path.join(dir, 'bench.db');
  const children: ChildProcess[] = [];
  const { default: autocannon } = (await import('autocannon')) as unknown as { default: Autocannon };
  try {
    const id = await seedAgency(dbFile);
    const replays = await record(dbFile, id, routes);
    const replayFile = path.join(dir, 'replay.json');
    fs.writeFileSync(replayFile, JSON.stringify(replays));
    const app = await startChild('app', dbFile, replayFile);
    const bare = await startChild('bare', dbFile, replayFile);
    children.push(app.child, bare.child);
    const servers = {
      app: { ...app, base: `http://127.0.0.1:${app.port}`, headers: await loginHttp(`http://127.0.0.1:${app.port}`) },
      bare: { ...bare, base: `http://127.0.0.1:${bare.port}`, headers: {} as Record<string, string> },
    };
    console.log(
      `routes of one agent (1,000 sales, ${RECRUITS} recruits), ${connections} connections, ${duration} s per run, ${rounds} round(s), ` +
        `node ${process.version}, ${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    const table: { route: string; kB: number; statements: number; app: number; bare: number; ratios: number[] }[] = [];
    for (const name of routes) {
      const r = replays[name]!;
      const body = JSON.stringify(ROUTES[name](id).body);
      // Same bytes from both, or the comparison means nothing.
      for (const [mode, s] of Object.entries(servers)) {
        const res = await fetch(`${s.base}${r.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...s.headers },
          body,
        });
        if (res.status !== 200 || !isDeepStrictEqual(await res.json(), r.answer))
          throw new Error(`${name}: ${mode} answered otherwise than recorded`);
      }
      const perCpu = { app: [] as number[], bare: [] as number[] };
      for (let round = 0; round < rounds; round++) {
        for (const mode of round % 2 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)) {
          const s = servers[mode];
          const cpu0 = await cpuMs(s.child);
          const res = await autocannon({
            url: `${s.base}${r.path}`,
            method: 'POST',
            headers: { 'content-type': 'application/json', ...s.headers },
            body,
            connections,
            duration,
            timeout: 30,
          });
          if (res.non2xx || res.errors) throw new Error(`${name} ${mode}: ${res.non2xx} non-2xx, ${res.errors} errors`);
          perCpu[mode].push((1000 * res.requests.total) / ((await cpuMs(s.child)) - cpu0));
        }
      }
      const row = {
        route: name,
        kB: Math.round(JSON.stringify(r.answer).length / 1024),
        statements: r.statements.length,
        app: median(perCpu.app),
        bare: median(perCpu.bare),
        ratios: perCpu.app.map((a, i) => a / perCpu.bare[i]!),
      };
      table.push(row);
      console.log(
        `${name.padEnd(18)} ${String(row.kB).padStart(5)} kB  ${row.statements} statement(s)  app ${row.app.toFixed(0).padStart(5)}  bare ${row.bare.toFixed(0).padStart(5)} ` +
          `req per CPU-second  ratio ${(row.app / row.bare).toFixed(2)} (rounds ${row.ratios.map((x) => x.toFixed(2)).join(', ')})`,
      );
    }
    return table;
  } finally {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.removeAllListeners('exit');
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- entry points

const { values } = parseArgs({
  options: {
    serve: { type: 'string' },
    db: { type: 'string' },
    replay: { type: 'string' },
    rounds: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    routes: { type: 'string' },
  },
  strict: false,
});

if (values.serve) {
  const dbFile = String(values.db);
  const port =
    values.serve === 'app'
      ? await serveApp(dbFile)
      : await serveReplay(dbFile, JSON.parse(fs.readFileSync(String(values.replay), 'utf8')) as Record<string, Replay>);
  process.send?.({ port });
  process.on('message', (m) => m === 'cpu' && process.send?.({ cpu: process.cpuUsage() }));
  process.on('SIGTERM', () => process.exit(0));
} else if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const num = (v: unknown, d: number) => (v === undefined ? d : Number(v));
  const routes = typeof values.routes === 'string' ? (values.routes.split(',') as RouteName[]) : undefined;
  const unknown = (routes ?? []).filter((r) => !(r in ROUTES));
  if (unknown.length) throw new Error(`unknown route ${unknown.join(', ')}: one of ${Object.keys(ROUTES).join(', ')}`);
  await runRoutesBench({
    rounds: num(values.rounds, 3),
    duration: num(values.duration, 4),
    connections: num(values.connections, 10),
    ...(routes ? { routes } : {}),
  });
}
