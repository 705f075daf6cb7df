/**
 * Statement PDFs against everyone else (decision 018): one agent's `getdeals` (1,000 deals), timed
 * request by request, alone and while four other agents download their statement PDFs in a loop,
 * on SQLite and on PostgreSQL, against three builds of the server:
 *
 * - **before**: statement-files.ts as it was before the fix (from git, `--baseline REF`; by default
 *   the newest commit whose statement-files.ts neither has nor calls a worker pool): WOFF fonts,
 *   drawn on the event loop;
 * - **fonts once**: today's fonts (unwrapped once per thread), still drawn on the event loop;
 * - **nice 0**: today's code with the PDF threads at normal priority (platform/pdf-pool.ts's PDF_NICE);
 * - **after**: today's code: fonts once, drawn in the worker pool at nice +10.
 *
 * The first three run from copies of apps/server/src in a temporary directory (the work
 * tree is not touched) with only statement-files.ts swapped. Each server runs in its own child
 * process, the clients in this one. Per build: one PDF at a time (what one costs), then getdeals
 * alone, then getdeals during the burst. Load goes to 127.0.0.1 only and every phase is bounded.
 *
 *   npm run bench -- --pdf [--duration 10] [--entries 40] [--database sqlite|postgres] [--baseline REF]
 *                          [--builds 'before,fonts once,nice 0,after']
 *   (or: npx tsx bench/pdf.ts with the same flags)
 *
 * PostgreSQL: a database of its own on BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped after. Figures, never a timed test; see
 * bench/README.md.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PRODUCTS, type Product } from '@ahente/contract/catalogue';
import { DEAL_STATUSES, SALES_GROUPS, TRANSACTION_TYPES } from '@ahente/contract/enums';
import { addLicenseRequest } from '@ahente/contract/licences';
import { addSaleRequest, verifySalesRequest } from '@ahente/contract/sales';
import { todayInManila } from '@ahente/contract/dates';
import type * as AppModule from '../apps/server/src/app.ts';
import type * as ConfigModule from '../apps/server/src/config.ts';
import type * as ConnectModule from '../apps/server/src/db/connect.ts';
import type { DialectName } from '../apps/server/src/db/connect.ts';
import type { Auth } from '../apps/server/src/platform/sessions.ts';
import { SERVER_NODE_OPTIONS } from './node-options.ts';

const SELF = fileURLToPath(import.meta.url);
const REPO = path.resolve(path.dirname(SELF), '..');
const SERVER_SRC = path.join(REPO, 'apps/server/src');
const FILES = 'apps/server/src/features/commissions/statement-files.ts';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const PASSWORD = 'bench-password-1';
const DEALS = 1_000;
const PDF_CLIENTS = 4;
/** Each PDF agent also has this many sales not verified yet: the statement's "not on this statement" line. */
const AWAITING = 3;

type Build = 'before' | 'fonts once' | 'nice 0' | 'after';
const BUILDS: Build[] = ['before', 'fonts once', 'nice 0', 'after'];

// ---------------------------------------------------------------- statistics

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`);
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// ---------------------------------------------------------------- the server builds

/**
 * A copy of apps/server/src laid out as in the repository (so its packages resolve through links
 * to the real node_modules), with statement-files.ts replaced.
 */
function copyServer(root: string, statementFiles: (dir: string) => void): string {
  const server = path.join(root, 'apps/server');
  fs.mkdirSync(server, { recursive: true });
  fs.cpSync(SERVER_SRC, path.join(server, 'src'), { recursive: true, filter: (f) => !f.endsWith('.test.ts') });
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'));
  if (fs.existsSync(path.join(REPO, 'apps/server/node_modules'))) {
    fs.symlinkSync(path.join(REPO, 'apps/server/node_modules'), path.join(server, 'node_modules'));
  }
  statementFiles(path.join(server, 'src/features/commissions'));
  return path.join(server, 'src');
}

/** The newest commit whose statement-files.ts draws PDFs on the event loop (no worker pool). */
function defaultBaseline(): string {
  const commits = execFileSync('git', ['log', '--format=%H', '--', FILES], { cwd: REPO, encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const c of commits) {
    const text = execFileSync('git', ['show', `${c}:${FILES}`], { cwd: REPO, encoding: 'utf8' });
    // Since decision 038 the pool is platform/pdf-pool.ts: statement-files.ts calls it (runPdfWorker).
    if (!text.includes('piscina') && !text.includes('runPdfWorker')) return c;
  }
  throw new Error(`no commit of ${FILES} without the worker pool`);
}

function prepareBuilds(tmp: string, baseline: string): Record<Build, string> {
  const old = execFileSync('git', ['show', `${baseline}:${FILES}`], { cwd: REPO, encoding: 'utf8' });
  return {
    before: copyServer(path.join(tmp, 'before'), (dir) => fs.writeFileSync(path.join(dir, 'statement-files.ts'), old)),
    // Today's module under another name, and in its place one that exports the same but draws on the event loop.
    'fonts once': copyServer(path.join(tmp, 'fonts-once'), (dir) => {
      fs.renameSync(path.join(dir, 'statement-files.ts'), path.join(dir, 'statement-files-pooled.ts'));
      fs.writeFileSync(
        path.join(dir, 'statement-files.ts'),
        "export * from './statement-files-pooled.ts';\nexport { renderStatementPdf as statementPdf } from './statement-pdf.ts';\n",
      );
    }),
    // Today's code with the PDF threads at the event loop's priority (the pool: platform/pdf-pool.ts, decision 038).
    'nice 0': copyServer(path.join(tmp, 'nice-0'), (dir) => {
      const file = path.join(dir, '../../platform/pdf-pool.ts');
      const text = fs.readFileSync(file, 'utf8');
      if (!text.includes('const PDF_NICE = 10;')) throw new Error('platform/pdf-pool.ts no longer sets PDF_NICE = 10');
      fs.writeFileSync(file, text.replace('const PDF_NICE = 10;', 'const PDF_NICE = 0;'));
    }),
    after: SERVER_SRC,
  };
}

// ---------------------------------------------------------------- child side: one server

async function serve(src: string, url: string) {
  const { buildApp } = (await import(pathToFileURL(path.join(src, 'app.ts')).href)) as typeof AppModule;
  const { loadConfig } = (await import(pathToFileURL(path.join(src, 'config.ts')).href)) as typeof ConfigModule;
  const { connect } = (await import(pathToFileURL(path.join(src, 'db/connect.ts')).href)) as typeof ConnectModule;
  const db = connect(url);
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: null };
  const app = await buildApp({ config, db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

function startServer(src: string, url: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    // The server runs with the node options `npm start` gives it (its PDF threads must start under them).
    const child = fork(SELF, ['--serve', src, '--url', url], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: [...process.execArgv, ...SERVER_NODE_OPTIONS],
    });
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------- seeding (through the real services)

interface Seeded {
  reader: { id: number; username: string };
  pdfAgents: { id: number; username: string; statementId: number }[];
}

async function seed(url: string, entries: number): Promise<Seeded> {
  const { buildServices } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { connect } = await import('../apps/server/src/db/connect.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const db = connect(url);
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-pdf-files-'));
  try {
    await migrateToLatest(db);
    const s = buildServices({ config: { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: null, storageDir }, db });
    let n = 0;
    const member = async (f_name: string, l_name: string, account_type: 'user' | 'admin' = 'user') => {
      const username = `bench_pdf_${++n}`;
      const id = await s.accounts.create({
        username,
        password: PASSWORD,
        email: `${username}@example.ph`,
        f_name,
        m_name: null,
        l_name,
        contact_no: '09170000000',
        referror: null,
        status: 'Approved',
        account_type,
      });
      // An agent accepted the privacy notice, as at sign-up: the API refuses them anything else first (decision 027).
      if (account_type === 'user') await db.db.transaction().execute((trx) => s.notices.recordSignUpConsent(trx, id, '127.0.0.1'));
      return { id, username };
    };
    const admin = await member('Bench', 'Admin', 'admin');
    const ADMIN: Auth = { memberId: admin.id, accountType: 'admin', sessionId: 'bench' };
    const today = todayInManila();
    await s.commissions.setRate(ADMIN, { kind: 'product', key: 'Comprehensive', rate: 10, effective_from: today });

    const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
    const deal = (memberId: number, i: number, product: Product) =>
      s.deals.add({
        id: memberId,
        customerName: `Customer ${i + 1} Dela Cruz`,
        transactionType: pick(TRANSACTION_TYPES, i),
        product,
        tcvValue: ((i * 7919) % 5_000_000) + (i % 100) / 100,
        effectiveDate: new Date(Date.UTC(2024, 0, 1) + ((i * 7) % 900) * 86_400_000).toISOString().slice(0, 10),
        dealStatus: pick(DEAL_STATUSES, i),
        salesType: 'Direct',
        referror: null,
        agent: null,
        salesGroup: pick(SALES_GROUPS, i),
        customer_contact: null,
        customer_email: null,
      });

    // The agent whose deals list is timed.
    const reader = await member('Reader', 'Agent');
    for (let i = 0; i < DEALS; i++) await deal(reader.id, i, pick(PRODUCTS, i));

    // Four agents, each with a closed month of `entries` verified sales (a licensed seller), and a few awaiting verification.
    const pdfAgents: Seeded['pdfAgents'] = [];
    const verified: number[] = [];
    for (let a = 0; a < PDF_CLIENTS; a++) {
      const agent = await member(`Statement${a + 1}`, 'Santos');
      await s.licences.add(
        ADMIN,
        addLicenseRequest.parse({
          id: agent.id,
          line: 'Non-Life',
          license_no: `NL-2025-${agent.id}`,
          issued_on: '2025-01-02',
          expires_on: '2028-12-31',
        }),
      );
      for (let i = 0; i < entries + AWAITING; i++) {
        const d = await deal(agent.id, i, 'Comprehensive');
        const sale = await s.sales.add(
          addSaleRequest.parse({
            id: agent.id,
            formData: {
              dealid: d.id,
              customerName: d.customer_name,
              product: 'Comprehensive',
              tcv: String(d.tcv),
              sales_type: 'Direct',
              policy: `POL-${agent.id}-${i}`,
              insurer: 'Malayan Insurance',
              effectiveDate: today,
            },
          }),
        );
        if (i < entries) verified.push(sale.id);
      }
      pdfAgents.push({ ...agent, statementId: 0 });
    }
    for (let i = 0; i < verified.length; i += 500) {
      await s.sales.verify(ADMIN, verifySalesRequest.parse({ sale_ids: verified.slice(i, i + 500), decision: 'verified' }));
    }
    const closed = await s.commissions.closePeriod(ADMIN, today.slice(0, 7), true);
    if (closed.entries !== PDF_CLIENTS * entries)
      throw new Error(`the close posted ${closed.entries} entries, not ${PDF_CLIENTS * entries}`);
    for (const agent of pdfAgents) {
      const [st] = await s.commissions.statementsOf(agent.id);
      if (!st || st.entry_count !== entries) throw new Error(`agent ${agent.id}: no statement of ${entries} entries`);
      agent.statementId = st.id;
    }
    return { reader, pdfAgents };
  } finally {
    await db.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- clients

/** Logs in like the browser (XSRF cookie, then login); returns the headers to send. */
async function login(base: string, username: string): Promise<Record<string, string>> {
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
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${await res.text()}`);
  keep(res);
  return { cookie: header(), 'x-xsrf-token': cookies.get('XSRF-TOKEN')! };
}

type Call = () => Promise<void>;

/** One request after another until `seconds` are up (and at least `min` done, within 4 × seconds); each one's milliseconds. */
async function timedLoop(call: Call, seconds: number, min = 0, stop?: { stopped: boolean }): Promise<number[]> {
  const times: number[] = [];
  const start = performance.now();
  for (;;) {
    const elapsed = performance.now() - start;
    if (stop?.stopped) break;
    if (!stop && elapsed >= seconds * 1000 && (times.length >= min || elapsed >= 4 * seconds * 1000)) break;
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  return times;
}

interface BuildFigures {
  pdfAlone: number[];
  alone: number[];
  burst: number[];
  burstPdfs: number[];
  burstSeconds: number;
  pdfBytes: number;
}

async function measure(base: string, seeded: Seeded, seconds: number): Promise<BuildFigures> {
  const readerHeaders = await login(base, seeded.reader.username);
  const getdeals: Call = async () => {
    const res = await fetch(`${base}/api/getdeals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...readerHeaders },
      body: JSON.stringify({ id: seeded.reader.id }),
    });
    const body = (await res.json()) as unknown[];
    if (res.status !== 200 || body.length !== DEALS) throw new Error(`getdeals answered ${res.status} with ${body.length} deals`);
  };
  let pdfBytes = 0;
  const pdfCalls = await Promise.all(
    seeded.pdfAgents.map(async (agent): Promise<Call> => {
      const headers = await login(base, agent.username);
      const url = `${base}/api/commissionstatement/${agent.id}/${agent.statementId}/pdf`;
      return async () => {
        const res = await fetch(url, { headers });
        const bytes = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
          throw new Error(`statement PDF answered ${res.status}`);
        pdfBytes = bytes.length;
      };
    }),
  );

  // Warm-up: the JIT, the database's caches, the PDF threads.
  await timedLoop(getdeals, 1);
  await Promise.all(pdfCalls.map((c) => timedLoop(c, 1, 2)));

  const pdfAlone = await timedLoop(pdfCalls[0]!, Math.max(3, seconds / 2), 5);
  const alone = await timedLoop(getdeals, seconds, 50);

  const stop = { stopped: false };
  const t0 = performance.now();
  const burst = Promise.all(pdfCalls.map((c) => timedLoop(c, 0, 0, stop)));
  await new Promise((r) => setTimeout(r, 1000)); // the burst under way
  const during = await timedLoop(getdeals, seconds, 20);
  stop.stopped = true;
  const burstPdfs = (await burst).flat();
  return { pdfAlone, alone, burst: during, burstPdfs, burstSeconds: (performance.now() - t0) / 1000, pdfBytes };
}

// ---------------------------------------------------------------- databases and the run

async function onDatabase(label: string, run: (url: string) => Promise<void>, dialect: DialectName) {
  if (dialect === 'sqlite') {
    const file = path.join(os.tmpdir(), `ahente-bench-pdf-${randomBytes(4).toString('hex')}.db`);
    try {
      await run(`sqlite:${file}`);
    } finally {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    }
    return;
  }
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`\n${label}: skipped, ${PG_URL} does not answer (${(err as Error).message})`);
    return;
  }
  const name = `ahente_bench_pdf_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    await run(url.href);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export interface PdfBenchOptions {
  duration: number;
  entries: number;
  database?: DialectName;
  baseline?: string;
  /** Which builds to run (default all three). */
  builds: Build[];
}

export function pdfOptions(argv: string[]): PdfBenchOptions {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      duration: { type: 'string' },
      entries: { type: 'string' },
      database: { type: 'string' },
      baseline: { type: 'string' },
      builds: { type: 'string' },
    },
  });
  const builds = typeof values.builds === 'string' ? values.builds.split(',').map((b) => b.trim()) : BUILDS;
  const unknown = builds.filter((b) => !(BUILDS as string[]).includes(b));
  if (unknown.length) throw new Error(`unknown build ${unknown.join(', ')}: choose from ${BUILDS.join(', ')}`);
  const database = values.database === 'sqlite' || values.database === 'postgres' ? values.database : undefined;
  return {
    duration: typeof values.duration === 'string' ? Number(values.duration) : 10,
    entries: typeof values.entries === 'string' ? Number(values.entries) : 40,
    ...(database ? { database } : {}),
    ...(typeof values.baseline === 'string' ? { baseline: values.baseline } : {}),
    builds: builds as Build[],
  };
}

export async function runPdfBench(o: PdfBenchOptions = pdfOptions([])) {
  const baseline = o.baseline ?? defaultBaseline();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-pdf-'));
  const children: ChildProcess[] = [];
  console.log(
    `Statement PDFs against getdeals (decision 018): node ${process.version}, ${os.cpus().length} cores, load average ${loadavg()}; ` +
      `"before" = ${FILES} of ${baseline.slice(0, 10)}`,
  );
  try {
    const builds = prepareBuilds(tmp, baseline);
    for (const dialect of ['sqlite', 'postgres'] as const) {
      if (o.database && o.database !== dialect) continue;
      const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
      await onDatabase(
        label,
        async (url) => {
          const t0 = performance.now();
          const seeded = await seed(url, o.entries);
          console.log(
            `\n${label}: one agent with ${DEALS} deals; ${PDF_CLIENTS} agents with a statement of ${o.entries} entries each ` +
              `(+${AWAITING} sales awaiting verification); seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
          );
          console.log(
            `  ${'build'.padEnd(11)} ${'one PDF p50'.padStart(11)}  ${'getdeals alone p50 / p95'.padStart(24)}  ${`during ${PDF_CLIENTS} PDF loops p50 / p95`.padStart(30)}  ${'p95 ratio'.padStart(9)}  ${'PDFs/s'.padStart(6)}  ${'PDF p50 in burst'.padStart(16)}`,
          );
          for (const build of o.builds) {
            const { child, port } = await startServer(builds[build], url);
            children.push(child);
            try {
              const f = await measure(`http://127.0.0.1:${port}`, seeded, o.duration);
              const [a50, a95, b50, b95] = [
                quantile(f.alone, 0.5),
                quantile(f.alone, 0.95),
                quantile(f.burst, 0.5),
                quantile(f.burst, 0.95),
              ];
              console.log(
                `  ${build.padEnd(11)} ${ms(quantile(f.pdfAlone, 0.5)).padStart(11)}  ${`${ms(a50)} / ${ms(a95)} (n=${f.alone.length})`.padStart(24)}  ` +
                  `${`${ms(b50)} / ${ms(b95)} (n=${f.burst.length})`.padStart(30)}  ${`${(b95 / a95).toFixed(1)}×`.padStart(9)}  ` +
                  `${(f.burstPdfs.length / f.burstSeconds).toFixed(1).padStart(6)}  ${ms(quantile(f.burstPdfs, 0.5)).padStart(16)}`,
              );
            } finally {
              await stopServer(child);
            }
          }
        },
        dialect,
      );
    }
    console.log(`\nload average at the end: ${loadavg()}`);
  } finally {
    await Promise.all(children.map(stopServer));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- entry points

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ strict: false, options: { serve: { type: 'string' }, url: { type: 'string' } } });
  if (typeof values.serve === 'string') {
    const port = await serve(values.serve, String(values.url));
    process.send?.({ port });
    process.on('SIGTERM', () => process.exit(0));
  } else {
    await runPdfBench(pdfOptions(process.argv.slice(2)));
  }
}
