/**
 * The scale test (decision 032): several server instances on one PostgreSQL database, through
 * Debian's PgBouncer in transaction pooling, behind a round-robin proxy written here.
 *
 *   npm run scaletest                                # 3 instances, their files in one s3rver's bucket
 *   npm run scaletest -- --instances 2 --server source
 *   npm run scaletest -- --storage local             # one local directory shared by all instead
 *   npm run scaletest -- --keep                      # keep the logs (server-N.log, pgbouncer.log)
 *
 * It makes a fresh database on BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres), starts `pgbouncer` (PGBOUNCER, default
 * /usr/sbin/pgbouncer) in front of it in transaction mode, starts the instances all at once on the
 * empty database (DATABASE_URL through PgBouncer, DATABASE_DIRECT_URL straight to PostgreSQL), their
 * files in one bucket of an s3rver started here (STORAGE_URL=s3://…, bench/s3.ts, as the crash
 * test's), and proves, each check a line:
 *   - start-up: all came up on the empty database, one first administrator;
 *   - a session made on one instance works on every other;
 *   - a login, a deal and a sale through the proxy (through PgBouncer);
 *   - a photo uploaded through one instance downloads, the same bytes, through another, and is in
 *     the bucket (the shared directory with --storage local) and nowhere else;
 *   - the login limit holds across instances (failures spread over all of them count together);
 *   - a close of the month sent to two instances at the same moment closes once (one 200, one 409);
 *   - the daily job fired by every instance at the same second (DAILY_JOB_CRON every minute) sends a
 *     due-policy reminder once;
 *   - one instance killed (SIGKILL) mid-load: every acknowledged deal is in the database, and the
 *     others keep answering.
 * It prints one summary line, and exits 1 on any failure. Whatever happens (a failure, an exception,
 * Ctrl-C), it stops what it started: the servers, the proxy, PgBouncer, s3rver, and drops the
 * database and removes its temporary directories (on a failure, the servers' logs' last lines are
 * printed first; --keep keeps them).
 *
 * The servers are the built apps/server/dist/main.js when not older than the sources, else
 * src/main.ts through tsx (bench/live-server.ts, as the crash test).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { addDays, todayInManila } from '@ahente/contract/dates';
import type { FileStorage } from '../apps/server/src/platform/storage.ts';
import {
  chooseServer,
  createPgDatabase,
  failureCode,
  freePort,
  LiveServer,
  PASSWORD,
  seed,
  Session,
  sleep,
  type Answer,
} from './live-server.ts';
import { startBenchS3 } from './s3.ts';

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    server: { type: 'string' },
    storage: { type: 'string', default: 's3' },
    'load-seconds': { type: 'string', default: '12' },
    keep: { type: 'boolean', default: false },
  },
});
const INSTANCES = Number(args.instances);
if (!Number.isInteger(INSTANCES) || INSTANCES < 2 || INSTANCES > 5) throw new Error('--instances must be 2 to 5');
if (args.storage !== 'local' && args.storage !== 's3') throw new Error(`--storage must be s3 or local (got ${args.storage})`);
const STORAGE = args.storage;
const LOAD_MS = Number(args['load-seconds']) * 1000;
const LOGIN_MAX_FAILURES = 5;
const PRODUCT = 'Comprehensive';

const results: { check: string; ok: boolean; detail: string }[] = [];
function check(name: string, ok: boolean, detail: string) {
  results.push({ check: name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
}

// ---------------------------------------------------------------- PgBouncer

async function startPgBouncer(directUrl: string, dir: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const bin = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';
  if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: apt-get install -y pgbouncer (or set PGBOUNCER)`);
  const url = new URL(directUrl);
  const user = decodeURIComponent(url.username || 'postgres');
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${url.hostname} port=${url.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      // Fewer server connections than the instances' pools hold together (10 each): what a pooler is for.
      'default_pool_size = 12',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  for (const f of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, f), 0o644);
  // PgBouncer refuses to run as root: as postgres then, writing its log here.
  const asRoot = process.getuid?.() === 0;
  fs.chmodSync(dir, asRoot ? 0o777 : 0o755);
  const child: ChildProcess = spawn(bin, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { default: pg } = await import('pg');
  const pooled = new URL(directUrl);
  pooled.port = String(port);
  for (let i = 0; ; i++) {
    try {
      const c = new pg.Client({ connectionString: pooled.toString() });
      await c.connect();
      await c.query('select 1');
      await c.end();
      break;
    } catch (err) {
      if (i > 50 || child.exitCode !== null) {
        if (child.exitCode === null) child.kill('SIGTERM');
        await exited;
        throw new Error(`pgbouncer did not start (${String(err)}): ${pgbouncerLogTail(dir)}`);
      }
      await sleep(100);
    }
  }
  return {
    port,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** PgBouncer's last log lines (its directory goes at the end). */
function pgbouncerLogTail(dir: string): string {
  const file = path.join(dir, 'pgbouncer.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-5).join(' | ') : 'no log';
}

// ---------------------------------------------------------------- the round-robin proxy

/**
 * A round-robin HTTP proxy over `upstreams`: each request (its body read first) goes to the next
 * instance; one that refuses the connection is skipped (and the request sent to the next), one that
 * drops a request under way answers 502. `x-upstream` on the answer names the instance.
 */
function startProxy(upstreams: number[], port: number): Promise<http.Server> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      // The instances after the first one tried, in turn (not the shared counter: other requests
      // move it meanwhile, and would send a retry back to the instance that refused).
      const first = next++;
      const attempt = (tries: number) => {
        const i = (first + tries - 1) % upstreams.length;
        const up = http.request(
          { host: '127.0.0.1', port: upstreams[i], method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(i) });
            answer.pipe(res);
          },
        );
        up.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED' && tries < upstreams.length) return attempt(tries + 1);
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`proxy: ${err.code ?? err.message}`);
        });
        up.end(body);
      };
      attempt(1);
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

// ---------------------------------------------------------------- the test

/** What was started, stopped in reverse order at the end whatever happened (and on Ctrl-C). */
const cleanups: { what: string; run: () => Promise<void> | void }[] = [];
let cleaning: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const { what, run } of cleanups.reverse()) {
      try {
        await run();
      } catch (err) {
        console.error(`scale test: could not ${what}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`scale test: ${signal}, stopping what it started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main() {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { kind, why } = chooseServer(args.server as 'dist' | 'source' | undefined);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-scaletest-'));
  const storageDir = path.join(work, 'uploads');
  const bouncerDir = path.join(work, 'pgbouncer');
  const logFiles = Array.from({ length: INSTANCES }, (_, i) => path.join(work, `server-${i}.log`));
  cleanups.push({
    what: `remove ${work}`,
    run: () => {
      if (results.every((r) => r.ok) || !args.keep) fs.rmSync(work, { recursive: true, force: true });
    },
  });
  fs.mkdirSync(bouncerDir);
  fs.mkdirSync(storageDir);

  // PgBouncer runs as postgres when this runs as root: it must reach its directory.
  fs.chmodSync(work, 0o755);
  const database = await createPgDatabase(baseUrl, 'scaletest');
  cleanups.push({ what: 'drop the database', run: () => database.drop() });
  const bouncer = await startPgBouncer(database.url, bouncerDir);
  cleanups.push({ what: 'stop PgBouncer', run: () => bouncer.stop() });
  const s3 = STORAGE === 's3' ? await startBenchS3({ bucket: 'ahente-scale', prefix: 'files' }) : null;
  if (s3) cleanups.push({ what: 'stop s3rver', run: () => s3.close() });
  console.log(
    `scale test: ${INSTANCES} instances (${kind}: ${why}), PgBouncer in transaction mode, files ${s3 ? `in ${s3.shown}` : `in one local directory, ${storageDir}`}`,
  );
  const pooledUrl = new URL(database.url);
  pooledUrl.port = String(bouncer.port);
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const servers = ports.map(
    (port, i) =>
      new LiveServer(kind, {
        port,
        databaseUrl: pooledUrl.toString(),
        // With S3 too: the instances must not need it (an upload found there fails the check).
        storageDir,
        logFile: logFiles[i]!,
        env: {
          DATABASE_DIRECT_URL: database.url,
          // PgBouncer 1.18 in transaction pooling: a statement prepared on one server connection is
          // unknown on the next (decision 035).
          DATABASE_PREPARED_STATEMENTS: 'false',
          LOGIN_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
          // Every minute, at second 0 on every instance: the daily job's claim is raced for real.
          DAILY_JOB_CRON: '* * * * *',
          ...s3?.env,
        },
      }),
  );
  cleanups.push({
    what: 'stop the servers',
    run: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      if (results.some((r) => !r.ok)) printLogTails(logFiles);
    },
  });
  const proxyPort = await freePort();
  const proxy = await startProxy(ports, proxyPort);
  cleanups.push({ what: 'stop the proxy', run: () => new Promise<void>((resolve) => proxy.close(() => resolve())) });
  const front = `http://127.0.0.1:${proxyPort}`;
  const { default: pg } = await import('pg');
  const direct = new pg.Pool({ connectionString: database.url, max: 2 });
  direct.on('error', (err) => console.error(`scale test: the direct connection was lost: ${err.message}`));
  cleanups.push({ what: 'close the direct connection', run: () => direct.end() });
  const one = async <T>(text: string, params: unknown[] = []) => (await direct.query(text, params)).rows[0] as T;
  // The instances' files, read as they read them.
  const { createLocalDiskStorage } = await import('../apps/server/src/platform/storage.ts');
  const sharedStorage = s3 ? s3.storage : createLocalDiskStorage(storageDir);

  try {
    // ---- start-up: all at once on the empty database.
    const started = await Promise.allSettled(servers.map((s) => s.start()));
    const failedStarts = started.filter((s) => s.status === 'rejected').length;
    const admins = await one<{ n: number }>("select count(*)::int as n from members where account_type = 'admin'");
    check(
      'start-up',
      failedStarts === 0 && admins.n === 1,
      `${INSTANCES - failedStarts} of ${INSTANCES} up on an empty database, ${admins.n} first administrator`,
    );
    if (failedStarts > 0) throw new Error('an instance did not start');

    // The members (an administrator, a Manager and agents, licensed), made straight in the database.
    const { admin, members } = await seed(
      database.url,
      storageDir,
      { managers: 1, agents: 6, prefix: 'scale' },
      { product: { [PRODUCT]: 10 } },
    );
    const bases = ports.map((p) => `http://127.0.0.1:${p}`);

    // ---- a session made on one instance works on the others.
    const adminSession = await Session.login(bases[0]!, admin.username);
    const seen = await Promise.all(bases.map((b) => adminSession.on(b).request('GET', '/api/me')));
    check(
      'session',
      seen.every((a) => a.status === 200 && (a.body as { user?: number } | null)?.user === admin.id),
      `signed in on instance 0, /api/me answered ${seen.map((a) => a.status).join(', ')} on instances 0..${INSTANCES - 1}`,
    );

    // ---- a login, a deal and a sale through the proxy (and PgBouncer).
    const agent = members.find((m) => m.position === 'Agent')!;
    const agentSession = await Session.login(front, agent.username);
    const today = todayInManila();
    const deal = await agentSession.request('POST', '/api/adddeals', {
      id: agent.id,
      customerName: 'Scale Customer',
      transactionType: 'New',
      product: PRODUCT,
      tcvValue: 12000,
      effectiveDate: addDays(today, -334),
      salesType: 'Direct',
    });
    const dealId = (deal.body as { deal?: { id: number } } | null)?.deal?.id;
    const sale = await agentSession.request('POST', '/api/addsales', {
      id: agent.id,
      formData: {
        dealid: dealId,
        customerName: 'Scale Customer',
        product: PRODUCT,
        tcv: '12000',
        sales_type: 'Direct',
        effectiveDate: addDays(today, -334),
        expiry_date: addDays(today, 30),
      },
    });
    const saleId = (sale.body as { sale?: { id: number } } | null)?.sale?.id;
    check('login, deal, sale', deal.status === 200 && sale.status === 200, `through the proxy: deal ${deal.status}, sale ${sale.status}`);

    // ---- an upload through one instance downloads through another.
    const photo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(4096)]);
    const mine = await Session.login(bases[0]!, agent.username);
    const form = new FormData();
    form.set('id', String(agent.id));
    form.set('photo', new Blob([photo], { type: 'image/png' }), 'photo.png');
    const uploaded = await mine.form('/api/editMember', form);
    const downloads = await Promise.all(bases.slice(1).map((b) => mine.on(b).bytes(`/api/photo/${agent.id}`)));
    // Where it went: with S3, the bucket holds it and the local directory nothing at all.
    const inShared = await filesEqualTo(sharedStorage, photo);
    const onDisk = s3 ? filesUnder(storageDir) : [];
    check(
      'upload and download',
      uploaded.status === 200 && downloads.every((d) => d.status === 200 && d.bytes.equals(photo)) && inShared === 1 && onDisk.length === 0,
      `uploaded through instance 0 (${uploaded.status}), the same ${photo.length} bytes from instances 1..${INSTANCES - 1}: ${downloads.map((d) => (d.status === 200 && d.bytes.equals(photo) ? 'same' : d.status)).join(', ')}; ${inShared} copy in ${s3 ? 'the bucket' : 'the shared directory'}${s3 ? `, ${onDisk.length} files on local disk${onDisk.length ? ` (${onDisk.slice(0, 3).join(', ')})` : ''}` : ''}`,
    );

    // ---- the login limit across instances: LOGIN_MAX_FAILURES failures spread over all of them.
    const target = members[members.length - 1]!;
    const stranger = new Session(bases[0]!);
    await stranger.request('GET', '/api/csrf-cookie');
    const failures: number[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const on = stranger.on(bases[i % INSTANCES]!);
      failures.push((await on.request('POST', '/api/login', { username: target.username, password: 'wrong-password' })).status);
    }
    const after = await Promise.all(
      bases.map((b) => stranger.on(b).request('POST', '/api/login', { username: target.username, password: PASSWORD })),
    );
    check(
      'login limit',
      failures.every((s) => s === 401) && after.every((a) => a.status === 429),
      `${LOGIN_MAX_FAILURES} failures spread over the instances (${failures.join(', ')}), then the right password on each: ${after.map((a) => a.status).join(', ')}`,
    );

    // ---- a close of the month on two instances at the same moment closes once (the sale above
    // verified first, so its commission entry goes to a statement).
    const verified = await adminSession.request('POST', '/api/verifysales', { sale_ids: [saleId], decision: 'verified' });
    if (verified.status !== 200) throw new Error(`verifysales answered ${verified.status}: ${verified.text.slice(0, 200)}`);
    const period = today.slice(0, 7);
    const closes = await Promise.all(
      [adminSession.on(bases[0]!), adminSession.on(bases[1]!)].map((s) =>
        s.request('POST', '/api/closeperiod', { period, close_early: true }),
      ),
    );
    const statements = await one<{ n: number; members: number }>(
      'select count(*)::int as n, count(distinct member_id)::int as members from commission_statements where period = $1',
      [period],
    );
    check(
      'close of the month',
      closes
        .map((c) => c.status)
        .sort()
        .join(',') === '200,409' &&
        statements.n === statements.members &&
        statements.n > 0,
      `sent to instances 0 and 1 at once: ${closes.map((c) => c.status).join(' and ')}; ${statements.n} statements for ${statements.members} members`,
    );

    // ---- the daily job: its claims given back (the instances ran it before the sale), so at the
    // next minute every instance's cron fires at once for the same slot and one of them sends it.
    await direct.query("delete from job_runs where job = 'daily-reminders'");
    const deadline = Date.now() + 90_000;
    let claim: { slot: string; owner: string; finished_at: string | null } | undefined;
    while (Date.now() < deadline) {
      claim = await one<{ slot: string; owner: string; finished_at: string | null }>(
        "select slot, owner, finished_at from job_runs where job = 'daily-reminders' order by started_at limit 1",
      );
      if (claim?.finished_at) break;
      await sleep(1_000);
    }
    await sleep(3_000); // any other instance's run of the same minute has ended too
    const reminders = await one<{ n: number }>('select count(*)::int as n from notifications where dedupe_key like $1', [
      `policy_due:${saleId}:%`,
    ]);
    // Every instance's cron fired for that minute's slot; one claim of it ran (the slot is the
    // cron's time, so the next minute is another slot: count the first one's).
    const claims = await one<{ n: number }>("select count(*)::int as n from job_runs where job = 'daily-reminders' and slot = $1", [
      claim?.slot ?? '',
    ]);
    check(
      'reminder once',
      Boolean(claim?.finished_at) && reminders.n === 1 && claims.n === 1,
      `${claims.n} claim of the slot ${claim?.slot ?? 'none'} (${claim?.owner ?? 'none'}), ${reminders.n} reminder of the policy due in 30 days`,
    );

    // ---- one instance killed mid-load.
    const writers = await Promise.all(members.slice(0, 6).map((m) => Session.login(front, m.username).then((s) => ({ m, s }))));
    const acked: number[] = [];
    let sent = 0;
    let dropped = 0;
    let afterKill = 0;
    const unexpected: string[] = [];
    let killed = false;
    let stop = false;
    const load = writers.map(async ({ m, s }) => {
      let n = 0;
      while (!stop) {
        sent += 1;
        let res: Answer;
        try {
          res = await s.request('POST', '/api/adddeals', {
            id: m.id,
            customerName: `Load ${m.id} ${++n}`,
            transactionType: 'New',
            product: PRODUCT,
            tcvValue: 1000 + n,
            effectiveDate: today,
            salesType: 'Direct',
          });
        } catch (err) {
          dropped += 1;
          unexpected.push(failureCode(err));
          continue;
        }
        if (res.status === 200) {
          acked.push((res.body as { deal: { id: number } }).deal.id);
          if (killed) afterKill += 1;
        } else if (res.status === 502)
          dropped += 1; // in flight on the killed instance: unknown
        else unexpected.push(`${res.status} ${res.text.slice(0, 100)}`);
      }
    });
    await sleep(LOAD_MS / 3);
    const victim = servers[INSTANCES - 1]!;
    await victim.stop('SIGKILL');
    killed = true;
    await sleep((LOAD_MS * 2) / 3);
    stop = true;
    await Promise.all(load);
    const found = await one<{ n: number }>('select count(*)::int as n from deals where id = any($1::int[])', [acked]);
    const healthy = await Promise.all(
      bases.slice(0, -1).map((b) =>
        fetch(`${b}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    check(
      'kill mid-load',
      found.n === acked.length && afterKill > 0 && unexpected.length === 0 && healthy.every((s) => s === 200),
      `${sent} deals sent, ${acked.length} acknowledged, ${found.n} found, ${dropped} unanswered at the kill, ${afterKill} acknowledged after it, ${unexpected.length} unexpected${unexpected.length ? ` (${unexpected.slice(0, 3).join('; ')})` : ''}; the others' health: ${healthy.join(', ')}`,
    );
  } catch (err) {
    check('run', false, err instanceof Error ? err.message : String(err));
  }
}

/** How many stored files hold exactly `bytes`. */
async function filesEqualTo(storage: FileStorage, bytes: Buffer): Promise<number> {
  let n = 0;
  for await (const { key } of storage.list()) {
    const file = await storage.get(key);
    if (!file) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    if (Buffer.concat(chunks).equals(bytes)) n += 1;
  }
  return n;
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** The last lines of each server's log, printed on a failure (the directory goes unless --keep). */
function printLogTails(logFiles: string[]) {
  for (const file of logFiles) {
    if (!fs.existsSync(file)) continue;
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-15);
    console.error(`---- the last lines of ${path.basename(file)}${args.keep ? ` (${file})` : ''}:\n${lines.join('\n')}`);
  }
}

try {
  await main();
} catch (err) {
  check('run', false, err instanceof Error ? err.message : String(err));
} finally {
  await cleanUp();
}
const failed = results.filter((r) => !r.ok);
console.log(
  `scaletest ${failed.length === 0 ? 'passed' : 'FAILED'}: ${results.length - failed.length} of ${results.length} checks, ${INSTANCES} instances through PgBouncer (transaction mode), files ${STORAGE === 's3' ? 'on S3 (s3rver)' : 'in one local directory'}${failed.length ? `; failed: ${failed.map((r) => r.check).join(', ')}` : ''}`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
