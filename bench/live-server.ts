/**
 * The real server as a separate process, for the crash test and the load test (decision 003, "Crash
 * and load"): the built `apps/server/dist/main.js` (what production runs) when it is at least as
 * new as the server's and the contract's sources, otherwise `apps/server/src/main.ts` through tsx;
 * the choice and its reason are printed. Also: a free port, a PostgreSQL database of one's own,
 * members seeded through the server's own services, and a client session that logs in like the
 * browser (XSRF cookie, then login, then the cookie and the X-XSRF-TOKEN header on every request).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_OPTIONS } from './node-options.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const SRC_MAIN = path.join(ROOT, 'apps/server/src/main.ts');

export const PASSWORD = 'bench-password-1';
/** Signs the CSRF tokens, the same for every start, so sessions and tokens survive a restart. */
const CSRF_SECRET = 'bench-csrf-secret-0123456789abcdef0123456789';

export type ServerKind = 'dist' | 'source';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Which server to run: `wanted`, or the built one when it is there and not older than the sources. */
export function chooseServer(wanted?: ServerKind): { kind: ServerKind; why: string } {
  if (wanted === 'source') return { kind: 'source', why: 'asked for' };
  if (!fs.existsSync(DIST_MAIN)) {
    if (wanted === 'dist') throw new Error(`${DIST_MAIN} is missing: npm run build first`);
    return { kind: 'source', why: 'no apps/server/dist/main.js (npm run build)' };
  }
  if (wanted === 'dist') return { kind: 'dist', why: 'asked for' };
  const built = fs.statSync(DIST_MAIN).mtimeMs;
  const sources = Math.max(newestMtime(path.join(ROOT, 'apps/server/src')), newestMtime(path.join(ROOT, 'packages/contract/src')));
  if (built < sources) return { kind: 'source', why: 'apps/server/dist/main.js is older than the sources (npm run build)' };
  return { kind: 'dist', why: 'built, as in production' };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One server process at a time on a fixed port; started again after a kill with the same data. */
export class LiveServer {
  child: ChildProcess | null = null;
  readonly base: string;
  starts = 0;

  constructor(
    readonly kind: ServerKind,
    readonly options: {
      port: number;
      databaseUrl: string;
      storageDir: string;
      logFile: string;
      env?: Record<string, string>;
      /** Node's options after npm start's own (a CPU profile: `--cpu-prof`, not allowed in NODE_OPTIONS). */
      nodeArgs?: string[];
    },
  ) {
    this.base = `http://127.0.0.1:${options.port}`;
  }

  /** Starts the server and waits until /api/health answers 200. */
  async start(extraEnv: Record<string, string> = {}): Promise<void> {
    if (this.child) throw new Error('already running');
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(this.options.port),
      DATABASE_URL: this.options.databaseUrl,
      STORAGE_DIR: this.options.storageDir,
      COOKIE_SECURE: 'false',
      ADMIN_2FA: 'optional',
      CSRF_SECRET,
      LOGIN_MAX_PER_IP: '1000000',
      LOGIN_MAX_FAILURES: '1000000',
      SIGNUP_MAX_PER_HOUR: '1000000',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(ROOT, 'apps/web/dist'),
      ...this.options.env,
      ...extraEnv,
    };
    const args = [
      ...SERVER_NODE_OPTIONS,
      ...(this.options.nodeArgs ?? []),
      ...(this.kind === 'dist' ? [DIST_MAIN] : ['--import', 'tsx', SRC_MAIN]),
    ];
    const log = fs.openSync(this.options.logFile, 'a');
    fs.writeSync(log, `\n---- start ${++this.starts} at ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    this.child = child;
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) =>
        reject(new Error(`server exited (${code ?? signal}) while starting: see ${this.options.logFile}`)),
      ),
    );
    exited.catch(() => undefined);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`server did not answer in 60 s: see ${this.options.logFile}`);
      const ok = await Promise.race([
        fetch(`${this.base}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
          (r) => r.status === 200,
          () => false,
        ),
        exited,
      ]);
      if (ok) return;
      await sleep(100);
    }
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Sends `signal` and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await done;
  }

  /** CPU time the process has used (user + system), in seconds; null when it is not running. */
  cpuSeconds(): number | null {
    if (!this.child?.pid) return null;
    try {
      const stat = fs.readFileSync(`/proc/${this.child.pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return null;
    }
  }

  /** The process's resident memory (VmRSS), in MB; null when it is not running. */
  rssMb(): number | null {
    if (!this.child?.pid) return null;
    try {
      const status = fs.readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+)/.exec(status);
      return kb ? Number(kb[1]) / 1024 : null;
    } catch {
      return null;
    }
  }
}

// ---------------------------------------------------------------- PostgreSQL

/** A fresh database on the server of `baseUrl` (BENCH_DATABASE_URL), dropped by `drop`. */
export async function createPgDatabase(baseUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

// ---------------------------------------------------------------- seeding

export interface SeededMember {
  id: number;
  username: string;
  position: 'Agent' | 'Manager';
  /** The Manager above, if any. */
  manager: number | null;
}

/**
 * Migrates the database and creates, through the server's own services: an administrator,
 * `managers` Managers and `agents` agents spread under them, all Approved, each with verified
 * licences for every line (so their commission entries are payable, not held); and the rates, when
 * given. Returns the members and the admin.
 */
export async function seed(
  databaseUrl: string,
  storageDir: string,
  counts: { managers: number; agents: number; prefix: string },
  rates: { product?: Record<string, number>; override?: Record<string, number> } = {},
): Promise<{ admin: { id: number; username: string }; members: SeededMember[] }> {
  const { buildServices } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { connect } = await import('../apps/server/src/db/connect.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const { todayInManila } = await import('@ahente/contract/dates');
  const { LICENSE_LINES } = await import('@ahente/contract/licence-rules');
  const { setRateRequest } = await import('@ahente/contract/commissions');
  const db = connect(databaseUrl);
  try {
    await migrateToLatest(db);
    const s = buildServices({ config: { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: null, storageDir }, db });
    let n = 0;
    const create = async (position: 'Agent' | 'Manager', referror: number | null, account_type: 'user' | 'admin' = 'user') => {
      const username = `${counts.prefix}_${++n}`;
      const id = await s.accounts.create({
        username,
        password: PASSWORD,
        email: `${username}@example.ph`,
        f_name: account_type === 'admin' ? 'Bench' : `Agent${n}`,
        m_name: null,
        l_name: account_type === 'admin' ? 'Admin' : 'Dela Cruz',
        contact_no: '09170000000',
        referror,
        status: 'Approved',
        account_type,
        position,
      });
      // An agent accepted the privacy notice, as at sign-up: the API refuses them anything else first (decision 027).
      if (account_type === 'user') await db.db.transaction().execute((trx) => s.notices.recordSignUpConsent(trx, id, '127.0.0.1'));
      return { id, username };
    };
    const admin = await create('Agent', null, 'admin');
    const members: SeededMember[] = [];
    for (let i = 0; i < counts.managers; i++) members.push({ ...(await create('Manager', null)), position: 'Manager', manager: null });
    const managers = members.slice();
    // Argon2 hashes run on libuv's threads: a few members at once.
    for (let i = 0; i < counts.agents; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, counts.agents - i) }, async (_, j) => {
          const manager = managers.length ? managers[(i + j) % managers.length]!.id : null;
          return { ...(await create('Agent', manager)), position: 'Agent' as const, manager };
        }),
      );
      members.push(...batch);
    }
    const at = new Date().toISOString();
    const licences = members.flatMap((m) =>
      LICENSE_LINES.map((line) => ({
        member_id: m.id,
        line,
        license_no: `BENCH-${m.id}-${line}`.slice(0, 40),
        insurer: null,
        issued_on: '2020-01-01',
        expires_on: '2099-12-31',
        scan_key: null,
        scan_type: null,
        status: 'verified' as const,
        decided_by: admin.id,
        decided_at: at,
        rejection_reason: null,
        created_by: null,
        created_at: at,
      })),
    );
    for (let i = 0; i < licences.length; i += 200)
      await db.db
        .insertInto('licenses')
        .values(licences.slice(i, i + 200))
        .execute();
    const auth = { memberId: admin.id, accountType: 'admin' as const, sessionId: 'bench' };
    const today = todayInManila();
    for (const [key, rate] of Object.entries(rates.product ?? {})) {
      await s.commissions.setRate(auth, setRateRequest.parse({ kind: 'product', key, rate, effective_from: today }));
    }
    for (const [key, rate] of Object.entries(rates.override ?? {})) {
      await s.commissions.setRate(auth, setRateRequest.parse({ kind: 'override', key, rate, effective_from: today }));
    }
    return { admin, members };
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------- a client session

export interface Answer {
  status: number;
  body: unknown;
  text: string;
}

/** A member's session, as the browser holds it: the cookies and the XSRF header. */
export class Session {
  private cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }

  private headers(json: boolean): Record<string, string> {
    const h: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
    };
    if (json) h['content-type'] = 'application/json';
    return h;
  }

  /** The same session (its cookies, shared) sent to another server: an instance of several (the scale test). */
  on(base: string): Session {
    const other = new Session(base);
    other.cookies = this.cookies;
    return other;
  }

  /** A GET whose answer is bytes (a download). */
  async bytes(urlPath: string, timeoutMs = 30_000): Promise<{ status: number; bytes: Buffer }> {
    const res = await fetch(`${this.base}${urlPath}`, { headers: this.headers(false), signal: AbortSignal.timeout(timeoutMs) });
    this.keep(res);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  static async login(base: string, username: string, password = PASSWORD): Promise<Session> {
    const s = new Session(base);
    s.keep(await fetch(`${base}/api/csrf-cookie`));
    const res = await s.request('POST', '/api/login', { username, password });
    if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${res.text.slice(0, 200)}`);
    return s;
  }

  /** Throws when no answer came (connection refused or reset, or 30 s passed). */
  async request(method: 'GET' | 'POST', urlPath: string, body?: unknown, timeoutMs = 30_000): Promise<Answer> {
    const res = await fetch(`${this.base}${urlPath}`, {
      method,
      headers: this.headers(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return this.read(res);
  }

  async form(urlPath: string, form: FormData, timeoutMs = 30_000): Promise<Answer> {
    const res = await fetch(`${this.base}${urlPath}`, {
      method: 'POST',
      headers: this.headers(false),
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return this.read(res);
  }

  private async read(res: Response): Promise<Answer> {
    this.keep(res);
    const text = await res.text();
    let body: unknown = null;
    if ((res.headers.get('content-type') ?? '').includes('json') && text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    return { status: res.status, body, text };
  }
}

/** The code of a failed fetch (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET, TimeoutError …). */
export function failureCode(err: unknown): string {
  const e = err as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  return e.cause?.code ?? e.code ?? e.cause?.name ?? e.name ?? 'error';
}
