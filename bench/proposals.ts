/**
 * Proposals under load (issue 46, decision 038): `POST /api/saveproposal` (a three-option
 * Comprehensive proposal, with an Idempotency-Key as the form sends it) and the proposal's PDF
 * (`GET /api/proposalpdf/:id`, drawn in the PDF worker pool of platform/pdf-pool.ts), each timed
 * request by request, one after another:
 *
 * - **alone**: nothing else runs;
 * - **beside getdeals**: while autocannon loads another agent's `POST /api/getdeals` (1,000 deals)
 *   with `--connections` connections;
 *
 * and the getdeals load's own figures alone and beside each of them (what the proposals cost the
 * others). A reference request, `GET /api/proposalsettings` (one small read), is timed the same way:
 * what any request waits in the queue the load makes, apart from its own work. On SQLite and on PostgreSQL, through the real server in a child process (the clients and
 * autocannon in this one). Reported as figures and ratios, never asserted.
 *
 *   npx tsx bench/proposals.ts [--duration 8] [--connections 4] [--database sqlite|postgres]
 *
 * PostgreSQL: a database of its own on BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped after. See bench/README.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PRODUCTS, type Product } from '@ahente/contract/catalogue';
import { DEAL_STATUSES, SALES_GROUPS, TRANSACTION_TYPES } from '@ahente/contract/enums';
import { routes } from '@ahente/contract/routes';
import type { DialectName } from '../apps/server/src/db/connect.ts';
import { SERVER_NODE_OPTIONS } from './node-options.ts';

const SELF = fileURLToPath(import.meta.url);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench-password-1';
const DEALS = 1_000;

const { values: args } = parseArgs({
  strict: false,
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '4' },
    database: { type: 'string' },
    serve: { type: 'string' },
    proposals: { type: 'boolean' },
  },
});

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

// ---------------------------------------------------------------- the server (child process)

async function serve(url: string) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { connect } = await import('../apps/server/src/db/connect.ts');
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-proposals-files-'));
  const db = connect(url);
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: null, storageDir, cookieSecure: false };
  const app = await buildApp({ config, db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.on('SIGTERM', () => {
    fs.rmSync(storageDir, { recursive: true, force: true });
    process.exit(0);
  });
  return typeof address === 'object' && address ? address.port : 0;
}

function startServer(url: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    // With the node options `npm start` gives the server (its PDF threads start under them).
    const child = fork(SELF, ['--serve', url], {
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
  quoter: { id: number; username: string };
}

async function seed(url: string): Promise<Seeded> {
  const { buildServices } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { connect } = await import('../apps/server/src/db/connect.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const db = connect(url);
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-proposals-seed-'));
  try {
    await migrateToLatest(db);
    const s = buildServices({ config: { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: null, storageDir }, db });
    let n = 0;
    const member = async (f_name: string) => {
      const username = `bench_prop_${++n}`;
      const id = await s.accounts.create({
        username,
        password: PASSWORD,
        email: `${username}@example.ph`,
        f_name,
        m_name: null,
        l_name: 'Santos',
        contact_no: '09170000000',
        referror: null,
        status: 'Approved',
        account_type: 'user',
      });
      // The privacy notice accepted, as at sign-up (decision 027).
      await db.db.transaction().execute((trx) => s.notices.recordSignUpConsent(trx, id, '127.0.0.1'));
      return { id, username };
    };
    const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
    const reader = await member('Reader');
    for (let i = 0; i < DEALS; i++) {
      await s.deals.add({
        id: reader.id,
        customerName: `Customer ${i + 1} Dela Cruz`,
        transactionType: pick(TRANSACTION_TYPES, i),
        product: pick(PRODUCTS, i) as Product,
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
    }
    const quoter = await member('Quoter');
    return { reader, quoter };
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
  keep(await fetch(`${base}${routes.csrfCookie.path}`));
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${base}${routes.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': cookies.get('XSRF-TOKEN')!, cookie: header() },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${await res.text()}`);
  keep(res);
  return { cookie: header(), 'x-xsrf-token': cookies.get('XSRF-TOKEN')! };
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;

async function getdealsLoad(base: string, headers: Record<string, string>, readerId: number, seconds: number, connections: number) {
  const { default: autocannon } = (await import('autocannon')) as unknown as { default: Autocannon };
  const result = await autocannon({
    url: `${base}${routes.getDeals.path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ id: readerId }),
    connections,
    duration: seconds,
    timeout: 30,
  });
  if (result.errors || result.non2xx) throw new Error(`getdeals load: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return result;
}

/** A three-option Comprehensive proposal, with coverage lines, as an agent writes one. */
const proposalBody = (memberId: number, i: number) => ({
  id: memberId,
  client: { name: `Client ${i} Reyes`, contact: '09171234567', email: `client${i}@example.ph` },
  product: 'Comprehensive',
  notes: 'Renewal quote: three insurers side by side.',
  show_contact: true,
  options: ['Malayan Insurance', 'Pioneer Insurance', 'Standard Insurance'].map((insurer, o) => ({
    insurer,
    plan_name: `Motor Plan ${o + 1}`,
    sum_insured: 850_000 + o * 50_000,
    basic_premium: 18_500 + o * 750 + (i % 100) / 100,
    coverages: [
      { name: 'Own Damage/Theft', limit: '₱850,000' },
      { name: 'Excess Bodily Injury', limit: '₱100,000' },
      { name: 'Property Damage', limit: '₱100,000' },
      { name: 'Acts of Nature', limit: 'Included' },
    ],
    deductible: '₱2,000 per claim',
    remarks: o === 0 ? 'Best value: with roadside assistance.' : null,
  })),
});

/** One request after another until `stop` says so (or `seconds` are up); each one's milliseconds. */
async function timedLoop(call: () => Promise<void>, until: { seconds?: number; stop?: { stopped: boolean } }): Promise<number[]> {
  const times: number[] = [];
  const start = performance.now();
  for (;;) {
    if (until.stop?.stopped) break;
    if (until.seconds !== undefined && performance.now() - start >= until.seconds * 1000) break;
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  return times;
}

interface Phase {
  times: number[];
  load?: AutocannonResult;
}

async function measure(base: string, seeded: Seeded, seconds: number, connections: number) {
  const readerHeaders = await login(base, seeded.reader.username);
  const quoterHeaders = await login(base, seeded.quoter.username);
  let i = 0;
  const save = async () => {
    const res = await fetch(`${base}${routes.saveProposal.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...quoterHeaders },
      body: JSON.stringify(proposalBody(seeded.quoter.id, ++i)),
    });
    if (res.status !== 200) throw new Error(`saveproposal answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  // The proposal whose PDF is drawn, again and again.
  const first = await fetch(`${base}${routes.saveProposal.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...quoterHeaders },
    body: JSON.stringify(proposalBody(seeded.quoter.id, 0)),
  });
  const proposalId = ((await first.json()) as { proposal: { id: number } }).proposal.id;
  let pdfBytes = 0;
  const pdf = async () => {
    const res = await fetch(`${base}/api/proposalpdf/${proposalId}`, { headers: quoterHeaders });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`proposalpdf answered ${res.status}`);
    pdfBytes = bytes.length;
  };

  // A reference: a read of one small query (the agency's rates), to tell the queue from the work.
  const settings = async () => {
    const res = await fetch(`${base}${routes.proposalSettings.path}`, { headers: quoterHeaders });
    if (res.status !== 200) throw new Error(`proposalsettings answered ${res.status}`);
    await res.arrayBuffer();
  };

  // Warm-up: the JIT, the database's caches, the PDF threads, autocannon.
  await timedLoop(save, { seconds: 1 });
  await timedLoop(pdf, { seconds: 2 });
  await getdealsLoad(base, readerHeaders, seeded.reader.id, 1, connections);

  const alone = async (call: () => Promise<void>): Promise<Phase> => ({ times: await timedLoop(call, { seconds }) });
  const beside = async (call: () => Promise<void>): Promise<Phase> => {
    const stop = { stopped: false };
    const load = getdealsLoad(base, readerHeaders, seeded.reader.id, seconds, connections).finally(() => (stop.stopped = true));
    await new Promise((r) => setTimeout(r, 300)); // the load under way
    const times = await timedLoop(call, { stop });
    return { times, load: await load };
  };

  const getdealsAlone = await getdealsLoad(base, readerHeaders, seeded.reader.id, seconds, connections);
  const refAlone = await alone(settings);
  const refBeside = await beside(settings);
  const saveAlone = await alone(save);
  const saveBeside = await beside(save);
  const pdfAlone = await alone(pdf);
  const pdfBeside = await beside(pdf);
  return { getdealsAlone, refAlone, refBeside, saveAlone, saveBeside, pdfAlone, pdfBeside, pdfBytes };
}

// ---------------------------------------------------------------- databases and the run

async function onDatabase(label: string, run: (url: string) => Promise<void>, dialect: DialectName) {
  if (dialect === 'sqlite') {
    const file = path.join(os.tmpdir(), `ahente-bench-proposals-${randomBytes(4).toString('hex')}.db`);
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
  const name = `ahente_bench_proposals_${randomBytes(4).toString('hex')}`;
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

const row = (what: string, alone: number[], beside: number[]) => {
  const [a50, a95, b50, b95] = [quantile(alone, 0.5), quantile(alone, 0.95), quantile(beside, 0.5), quantile(beside, 0.95)];
  return (
    `  ${what.padEnd(16)} ${`${ms(a50)} / ${ms(a95)} (n=${alone.length})`.padStart(28)}  ` +
    `${`${ms(b50)} / ${ms(b95)} (n=${beside.length})`.padStart(28)}  ${`${(b95 / a95).toFixed(2)}×`.padStart(9)}`
  );
};
const loadRow = (what: string, r: AutocannonResult, base: AutocannonResult) =>
  `  getdeals ${what.padEnd(22)} ${r.requests.average.toFixed(1).padStart(7)} req/s (${(r.requests.average / base.requests.average).toFixed(2)}× alone)  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms`;

export async function runProposalsBench(o: { duration: number; connections: number; database?: DialectName }) {
  const children: ChildProcess[] = [];
  console.log(
    `Proposals under load (decision 038): node ${process.version}, ${os.cpus().length} cores, load average ${loadavg()}; ` +
      `${o.duration} s per phase, getdeals load ${o.connections} connections`,
  );
  try {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      if (o.database && o.database !== dialect) continue;
      const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
      await onDatabase(
        label,
        async (url) => {
          const t0 = performance.now();
          const seeded = await seed(url);
          console.log(
            `\n${label}: one agent with ${DEALS} deals (the getdeals load), one agent quoting; seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
          );
          const { child, port } = await startServer(url);
          children.push(child);
          try {
            const f = await measure(`http://127.0.0.1:${port}`, seeded, o.duration, o.connections);
            console.log(
              `  ${'request'.padEnd(16)} ${'alone p50 / p95'.padStart(28)}  ${'beside getdeals p50 / p95'.padStart(28)}  ${'p95 ratio'.padStart(9)}`,
            );
            console.log(row('proposalsettings', f.refAlone.times, f.refBeside.times));
            console.log(row('saveproposal', f.saveAlone.times, f.saveBeside.times));
            console.log(row(`proposalpdf (${Math.round(f.pdfBytes / 1024)} kB)`, f.pdfAlone.times, f.pdfBeside.times));
            console.log(loadRow('alone', f.getdealsAlone, f.getdealsAlone));
            console.log(loadRow('beside saveproposal', f.saveBeside.load!, f.getdealsAlone));
            console.log(loadRow('beside proposalpdf', f.pdfBeside.load!, f.getdealsAlone));
          } finally {
            await stopServer(child);
          }
        },
        dialect,
      );
    }
    console.log(`\nload average at the end: ${loadavg()}`);
  } finally {
    await Promise.all(children.map(stopServer));
  }
}

// ---------------------------------------------------------------- entry points

/** The options from the command line (`npm run bench -- --proposals …` or `npx tsx bench/proposals.ts …`). */
export function proposalsOptions(): { duration: number; connections: number; database?: DialectName } {
  const database = args.database === 'sqlite' || args.database === 'postgres' ? args.database : undefined;
  return { duration: Number(args.duration), connections: Number(args.connections), ...(database ? { database } : {}) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (typeof args.serve === 'string') {
    const port = await serve(args.serve);
    process.send?.({ port });
  } else {
    await runProposalsBench(proposalsOptions());
  }
}
