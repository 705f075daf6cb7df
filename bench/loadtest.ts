/**
 * The load test (decision 003, "Crash and load"): simulated agents, each with its own session, use
 * the real server as the web app does, for a fixed time on each database; it prints the requests,
 * the errors by kind (the goal is none), p50/p95/p99 per route and the server's memory at its start
 * and end.
 *
 *   npm run loadtest                                           # 200 agents, 60 s, SQLite then PostgreSQL
 *   npm run loadtest -- --agents 50 --duration 20 --database sqlite --think 1000 --server source
 *   npm run loadtest -- --database postgres --pool-size 20     # DATABASE_POOL_SIZE of the server
 *   npm run loadtest -- --database postgres --profile /tmp/prof # and the server's CPU profile (bench/cpuprofile.ts)
 *
 * Seeded through the server's own services before it starts: 200 Approved, licensed members (a
 * Manager for every nine agents), each with 10 deals of which 5 are sales, a product rate and a
 * Manager override (so sales write commission entries), and as the admin, over HTTP, two sections
 * of materials with a file each. Every agent logs in like the browser (XSRF cookie, login), then, in
 * a loop until the time is up, opens a screen and waits a think time (uniform 0 to 2 × `--think`
 * ms, 1,000 by default):
 *
 * - the dashboard (30 %): what apps/web/src/features/dashboard asks for at once: me, salespage
 *   (the Sales card reads the sales table's first page), teamsize, portfolio (the Renewals card's
 *   first page), licencealerts, commissionsummary, getcertifications, activeproposals,
 *   notifications (the bell);
 * - deals (18 %): dealspage (the table's first page, decision 036); add a deal (14 %): adddeals,
 *   then dealspage; sell (10 %): addsales of an unsold deal of theirs, then salespage; sales (8 %):
 *   salespage;
 * - commissions (8 %): commissionsummary, commissionledger, commissionstatements;
 * - portfolio (6 %): portfolio; materials (6 %): getsection, then getmaterial of a section.
 *
 * The server (the built one when fresh, as the crash test chooses) runs in its own process on a
 * fresh SQLite file or PostgreSQL database (BENCH_DATABASE_URL's server, dropped after); its RSS is
 * read from /proc before the load, every second during it, and at the end. On PostgreSQL the
 * server's pool counters (DATABASE_POOL_STATS_FILE) give how long queries waited for one of its
 * connections during the load, printed beside the latencies (decision 035). An error is any answer
 * other than the route's success status, or no answer within 30 s. Figures, not a test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { todayInManila } from '@ahente/contract/dates';
import type { PoolWaits } from '../apps/server/src/db/connect.ts';
import { eventLoopBetween, poolWaitPercentile, poolWaitsBetween, type EventLoopStats } from '../apps/server/src/db/pool-report.ts';
import {
  chooseServer,
  createPgDatabase,
  failureCode,
  freePort,
  LiveServer,
  seed,
  Session,
  sleep,
  type Answer,
  type SeededMember,
  type ServerKind,
} from './live-server.ts';

const { values: args } = parseArgs({
  options: {
    agents: { type: 'string', default: '200' },
    duration: { type: 'string', default: '60' },
    database: { type: 'string', default: 'both' },
    think: { type: 'string', default: '1000' },
    server: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'pool-size': { type: 'string' },
    /** A V8 CPU profile of the server during the run, written to this folder at its stop (bench/cpuprofile.ts reads it). */
    profile: { type: 'string' },
  },
});
const AGENTS = Number(args.agents);
const DURATION_S = Number(args.duration);
const THINK_MS = Number(args.think);
const PRODUCT = 'Comprehensive';
const DEALS_EACH = 10;
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The first seconds of a run, when the agents all start at once: the steady columns leave them out. */
const WARM_UP_S = 10;

interface Stats {
  times: Map<string, number[]>;
  /** The same, for the requests sent after the first WARM_UP_S seconds. */
  steady: Map<string, number[]>;
  errors: Map<string, number>;
  requests: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Deals and sales for every member, through the services (as getdeals.ts seeds). */
async function seedBooks(databaseUrl: string, storageDir: string, members: SeededMember[]) {
  const { buildServices } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { connect } = await import('../apps/server/src/db/connect.ts');
  const db = connect(databaseUrl);
  try {
    const s = buildServices({ config: { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: null, storageDir }, db });
    const today = todayInManila();
    const unsold = new Map<number, number[]>();
    await Promise.all(
      Array.from({ length: 4 }, async (_, lane) => {
        for (let i = lane; i < members.length; i += 4) {
          const m = members[i]!;
          const mine: number[] = [];
          for (let d = 0; d < DEALS_EACH; d++) {
            const deal = await s.deals.add({
              id: m.id,
              customerName: `Customer ${m.id}-${d} Santos`,
              transactionType: 'New',
              product: PRODUCT,
              tcvValue: 5000 + d * 1234.5,
              effectiveDate: today,
              dealStatus: 'For Quotation',
              salesType: 'Direct',
              referror: null,
              agent: null,
              salesGroup: 'Operations',
              customer_contact: null,
              customer_email: null,
            });
            if (d % 2 === 1) {
              mine.push(deal.id);
              continue;
            }
            await s.sales.add({
              id: m.id,
              formData: {
                dealid: deal.id,
                customerName: deal.customer_name,
                transactionType: deal.tx_type,
                product: PRODUCT,
                tcv: deal.tcv,
                sales_type: deal.sales_type,
                referror: null,
                agent: null,
                deal_status: deal.deal_status,
                sales_group: deal.sales_group,
                policy: `POL-${m.id}-${d}`,
                insurer: 'Pag-IBIG Mutual',
                planName: 'Gold',
                effectiveDate: today,
                expiry_date: null,
                customer_contact: null,
                customer_email: null,
              },
            });
          }
          unsold.set(m.id, mine);
        }
      }),
    );
    return unsold;
  } finally {
    await db.close();
  }
}

interface Result {
  name: string;
  server: ServerKind;
  stats: Stats;
  seconds: number;
  rssStart: number | null;
  rssPeak: number;
  rssEnd: number | null;
  serverErrors: number;
  visits: Map<string, number>;
  /** CPU seconds the server used during the load. */
  cpu: number | null;
  rssIdle: number | null;
  /** PostgreSQL: the pool's waits during the load (the server's counters, DATABASE_POOL_STATS_FILE). */
  pool: PoolWaits | null;
  /** Where the machine's CPU went during the load (this generator, PostgreSQL, all of it). */
  machine: { postgres: number; busy: number; all: number; generator: number } | null;
  /** The server's event loop during the load: busy share and each second's p99 delay. */
  eventLoop: ReturnType<typeof eventLoopBetween> | null;
}

type ServerStats = PoolWaits & { eventLoop: EventLoopStats };

/** CPU seconds (user + system) of every process whose command is PostgreSQL's, and of the whole machine. */
interface MachineCpu {
  postgres: number;
  busy: number;
  all: number;
  generator: number;
}

function machineCpu(): MachineCpu {
  const tick = 100; // USER_HZ
  let postgres = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!/^postgres|^postmaster/.test(comm)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      postgres += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      // gone between the listing and the read
    }
  }
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const idle = cpu[3]! + cpu[4]!;
  const all = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  const usage = process.cpuUsage();
  return { postgres, busy: (all - idle) / tick, all: all / tick, generator: (usage.user + usage.system) / 1e6 };
}

function readPoolWaits(file: string | null): ServerStats | null {
  if (!file || !fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ServerStats;
}

async function runOne(name: 'SQLite' | 'PostgreSQL', server: { kind: ServerKind; why: string }): Promise<Result> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ahente-load-${name.toLowerCase()}-`));
  const storageDir = path.join(dir, 'uploads');
  const pg = name === 'PostgreSQL' ? await createPgDatabase(PG_BASE, 'ahente_load') : null;
  const databaseUrl = pg ? pg.url : `sqlite:${path.join(dir, 'ahente.db')}`;
  const logFile = path.join(dir, 'server.log');
  let live: LiveServer | null = null;
  try {
    const managers = Math.max(1, Math.round(AGENTS / 10));
    const t0 = Date.now();
    const seeded = await seed(
      databaseUrl,
      storageDir,
      { managers, agents: AGENTS - managers, prefix: 'load' },
      { product: { [PRODUCT]: 10 }, override: { Manager: 3 } },
    );
    const unsold = await seedBooks(databaseUrl, storageDir, seeded.members);
    const poolFile = pg ? path.join(dir, 'pool.json') : null;
    const poolEnv: Record<string, string> = {
      ...(poolFile ? { DATABASE_POOL_STATS_FILE: poolFile, ...(args['pool-size'] ? { DATABASE_POOL_SIZE: args['pool-size'] } : {}) } : {}),
    };
    const nodeArgs = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
    live = new LiveServer(server.kind, { port: await freePort(), databaseUrl, storageDir, logFile, env: poolEnv, nodeArgs });
    await live.start();
    const base = live.base;

    // Two sections with a material each, as the admin does it.
    const admin = await Session.login(base, seeded.admin.username);
    for (const library of ['Learning', 'Marketing']) {
      const section = await admin.request('POST', '/api/createsection', { name: `${library} kit`, library });
      if (section.status !== 200) throw new Error(`createsection: ${section.status} ${section.text}`);
      const form = new FormData();
      form.set('sectionId', String((section.body as { section: { id: number } }).section.id));
      form.set(
        'file',
        new Blob([Buffer.from(`%PDF-1.7\n${library} brochure\n`.padEnd(40_000, ' '))], { type: 'application/pdf' }),
        'brochure.pdf',
      );
      const upload = await admin.form('/api/uploadmaterial', form);
      if (upload.status !== 201) throw new Error(`uploadmaterial: ${upload.status} ${upload.text}`);
    }

    // Every agent's own session (logins a few at a time: each is an argon2 verification).
    const sessions = new Map<number, Session>();
    for (let i = 0; i < seeded.members.length; i += 8) {
      await Promise.all(seeded.members.slice(i, i + 8).map(async (m) => sessions.set(m.id, await Session.login(base, m.username))));
    }
    console.log(
      `${name}: ${server.kind} server (${server.why}); ${seeded.members.length} agents seeded and logged in in ${((Date.now() - t0) / 1000).toFixed(0)} s; log ${logFile}`,
    );

    const stats: Stats = { times: new Map(), steady: new Map(), errors: new Map(), requests: 0 };
    const steadyFrom = performance.now() + WARM_UP_S * 1000;
    const visits = new Map<string, number>();
    const rssStart = live.rssMb();
    const cpuStart = live.cpuSeconds();
    const machineStart = machineCpu();
    await sleep(poolFile ? 1_100 : 0); // the counters as written after the logins
    const poolStart = readPoolWaits(poolFile);
    let rssPeak = rssStart ?? 0;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, live?.rssMb() ?? 0);
    }, 1000);
    const end = Date.now() + DURATION_S * 1000;
    const today = todayInManila();
    let seq = 0;

    async function call(
      s: Session,
      route: string,
      method: 'GET' | 'POST',
      urlPath: string,
      body?: unknown,
      ok = 200,
    ): Promise<Answer | null> {
      const start = performance.now();
      stats.requests += 1;
      try {
        const res = await s.request(method, urlPath, body);
        const ms = performance.now() - start;
        const list = stats.times.get(route) ?? [];
        list.push(ms);
        stats.times.set(route, list);
        if (start >= steadyFrom) {
          const steady = stats.steady.get(route) ?? [];
          steady.push(ms);
          stats.steady.set(route, steady);
        }
        if (res.status !== ok) {
          const kind = `${route}: ${res.status}${res.status >= 500 ? ` ${res.text.slice(0, 120)}` : ''}`;
          stats.errors.set(kind, (stats.errors.get(kind) ?? 0) + 1);
          return null;
        }
        return res;
      } catch (err) {
        const kind = `${route}: no answer (${failureCode(err)})`;
        stats.errors.set(kind, (stats.errors.get(kind) ?? 0) + 1);
        return null;
      }
    }

    async function agent(m: SeededMember, index: number) {
      const s = sessions.get(m.id)!;
      const id = m.id;
      const mine = unsold.get(m.id) ?? [];
      let r = (index * 2_654_435_761) >>> 0;
      const rand = () => {
        r = (r * 1_103_515_245 + 12_345) >>> 0;
        return r / 2 ** 32;
      };
      // Arrivals spread over the first think time, as people do not all click at once.
      await sleep(rand() * THINK_MS);
      while (Date.now() < end) {
        const x = rand();
        let screen: string;
        if (x < 0.3) {
          screen = 'dashboard';
          await Promise.all([
            call(s, 'me', 'GET', '/api/me'),
            call(s, 'salespage', 'POST', '/api/salespage', { id, limit: 100 }),
            call(s, 'teamsize', 'POST', '/api/teamsize', { id }),
            call(s, 'portfolio', 'POST', '/api/portfolio', { id, scope: 'own', q: '', page: 1, pageSize: 25 }),
            call(s, 'licencealerts', 'POST', '/api/licencealerts', { id }),
            call(s, 'commissionsummary', 'POST', '/api/commissionsummary', { id }),
            call(s, 'getcertifications', 'POST', '/api/getcertifications', { id }),
            call(s, 'activeproposals', 'POST', '/api/activeproposals', { id }),
            call(s, 'notifications', 'POST', '/api/notifications', { id }),
          ]);
        } else if (x < 0.48) {
          screen = 'deals';
          await call(s, 'dealspage', 'POST', '/api/dealspage', { id, limit: 100 });
        } else if (x < 0.62) {
          screen = 'add deal';
          const res = await call(s, 'adddeals', 'POST', '/api/adddeals', {
            id,
            customerName: `Walk-in ${m.id}-${++seq}`,
            transactionType: 'New',
            product: PRODUCT,
            tcvValue: 1000 + (seq % 500) * 10,
            effectiveDate: today,
            salesType: 'Direct',
          });
          if (res) mine.push((res.body as { deal: { id: number } }).deal.id);
          await call(s, 'dealspage', 'POST', '/api/dealspage', { id, limit: 100 });
        } else if (x < 0.72 && mine.length > 0) {
          screen = 'sell';
          const dealid = mine.shift()!;
          await call(s, 'addsales', 'POST', '/api/addsales', {
            id,
            formData: { dealid, customerName: 'Sold Customer', product: PRODUCT, tcv: '15000', sales_type: 'Direct', effectiveDate: today },
          });
          await call(s, 'salespage', 'POST', '/api/salespage', { id, limit: 100 });
        } else if (x < 0.8) {
          screen = 'sales';
          await call(s, 'salespage', 'POST', '/api/salespage', { id, limit: 100 });
        } else if (x < 0.88) {
          screen = 'commissions';
          await Promise.all([
            call(s, 'commissionsummary', 'POST', '/api/commissionsummary', { id }),
            call(s, 'commissionledger', 'POST', '/api/commissionledger', { id, from: null, to: null, kind: null }),
            call(s, 'commissionstatements', 'POST', '/api/commissionstatements', { id }),
          ]);
        } else if (x < 0.94) {
          screen = 'portfolio';
          await call(s, 'portfolio', 'POST', '/api/portfolio', { id, scope: 'own', q: '', page: 1, pageSize: 25 });
        } else {
          screen = 'materials';
          const sections = await call(s, 'getsection', 'GET', '/api/getsection');
          const list = (sections?.body as { id: number }[] | null) ?? [];
          const section = list.length ? list[Math.floor(rand() * list.length)]! : null;
          if (section) await call(s, 'getmaterial', 'POST', '/api/getmaterial', { sectionId: section.id });
        }
        visits.set(screen, (visits.get(screen) ?? 0) + 1);
        await sleep(rand() * 2 * THINK_MS);
      }
    }

    const started = Date.now();
    await Promise.all(seeded.members.map((m, i) => agent(m, i)));
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const rssEnd = live.rssMb();
    const cpuEnd = live.cpuSeconds();
    const machineEnd = machineCpu();
    await sleep(poolFile ? 1_100 : 0);
    const poolEnd = readPoolWaits(poolFile);
    const pool = poolStart && poolEnd ? poolWaitsBetween(poolStart, poolEnd) : null;
    const eventLoop = poolStart && poolEnd ? eventLoopBetween(poolStart.eventLoop, poolEnd.eventLoop) : null;
    const cpu = cpuStart !== null && cpuEnd !== null ? cpuEnd - cpuStart : null;
    // And once the server has been idle 15 s: what the load left behind.
    await sleep(15_000);
    const rssIdle = live.rssMb();
    await live.stop('SIGTERM');
    const serverErrors = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l)).length;
    return {
      name,
      server: server.kind,
      stats,
      seconds,
      rssStart,
      rssPeak: Math.max(rssPeak, rssEnd ?? 0),
      rssEnd,
      serverErrors,
      visits,
      cpu,
      rssIdle,
      pool,
      eventLoop,
      machine: {
        postgres: machineEnd.postgres - machineStart.postgres,
        busy: machineEnd.busy - machineStart.busy,
        all: machineEnd.all - machineStart.all,
        generator: machineEnd.generator - machineStart.generator,
      },
    };
  } finally {
    await live?.stop('SIGKILL');
    if (pg) await pg.drop();
    if (!args.keep) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  }
}

function print(r: Result): number {
  const errors = [...r.stats.errors.values()].reduce((a, b) => a + b, 0);
  const mb = (v: number | null) => (v === null ? '?' : `${v.toFixed(0)} MB`);
  console.log(
    `\n${r.name} (${r.server} server): ${AGENTS} agents, ${r.seconds.toFixed(0)} s, think time 0–${2 * THINK_MS} ms: ${r.stats.requests} requests (${(r.stats.requests / r.seconds).toFixed(0)}/s), errors ${errors}; server RSS ${mb(r.rssStart)} at start, ${mb(r.rssPeak)} peak, ${mb(r.rssEnd)} at end, ${mb(r.rssIdle)} after 15 s idle; error lines in the server log: ${r.serverErrors}`,
  );
  if (r.cpu !== null) {
    console.log(
      `  server CPU during the load: ${r.cpu.toFixed(1)} s of ${r.seconds.toFixed(0)} s (${((100 * r.cpu) / r.seconds).toFixed(0)} % of one core), ${((1000 * r.cpu) / r.stats.requests).toFixed(1)} ms per request; machine load ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }
  if (r.machine) {
    const m = r.machine;
    console.log(
      `  machine CPU during the load: ${m.busy.toFixed(0)} of ${m.all.toFixed(0)} core-seconds busy (${((100 * m.busy) / Math.max(1, m.all)).toFixed(0)} %): server ${r.cpu?.toFixed(0) ?? '?'} s, PostgreSQL's processes ${m.postgres.toFixed(0)} s, this load generator ${m.generator.toFixed(0)} s`,
    );
  }
  if (r.pool) {
    const p = (q: number) => `${poolWaitPercentile(r.pool!, q)}`;
    console.log(
      `  pool (${r.pool.size} connections): ${r.pool.acquired} handed out, waited mean ${(r.pool.totalMs / Math.max(1, r.pool.acquired)).toFixed(1)} ms, p50 ≤ ${p(50)} ms, p95 ≤ ${p(95)} ms, p99 ≤ ${p(99)} ms; longest since the start ${r.pool.maxMs.toFixed(0)} ms; held mean ${(r.pool.heldMs / Math.max(1, r.pool.acquired)).toFixed(1)} ms (${(r.pool.heldMs / 1000 / r.seconds).toFixed(1)} connections busy on average)`,
    );
  }
  if (r.eventLoop) {
    const sorted = r.eventLoop.p99PerSecond.slice().sort((a, b) => a - b);
    console.log(
      `  server event loop: busy ${(100 * r.eventLoop.utilisation).toFixed(0)} % of the time; each second's p99 delay: median ${percentile(sorted, 50).toFixed(0)} ms, worst ${(sorted.at(-1) ?? 0).toFixed(0)} ms`,
    );
  }
  console.log(`  screens: ${[...r.visits].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  for (const [kind, count] of r.stats.errors) console.log(`  error: ${kind} × ${count}`);
  const pad = (v: string | number, w: number) => String(v).padStart(w);
  // Then the same for the requests sent after the first WARM_UP_S seconds (the 200 agents' first
  // screens all at once): what an agent meets once the office is at work.
  console.log(
    `  ${'route'.padEnd(22)}${pad('requests', 9)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}   after ${WARM_UP_S} s:${pad('p50', 6)}${pad('p95', 6)}${pad('p99', 6)}`,
  );
  for (const [route, times] of [...r.stats.times].sort((a, b) => a[0].localeCompare(b[0]))) {
    const sorted = times.slice().sort((a, b) => a - b);
    const steady = (r.stats.steady.get(route) ?? []).slice().sort((a, b) => a - b);
    const f = (p: number) => pad(percentile(sorted, p).toFixed(0), 9);
    const g = (p: number) => pad(steady.length ? percentile(steady, p).toFixed(0) : '—', 6);
    console.log(`  ${route.padEnd(22)}${pad(times.length, 9)}${f(50)}${f(95)}${f(99)}${' '.repeat(14)}${g(50)}${g(95)}${g(99)}`);
  }
  return errors;
}

async function main() {
  const server = chooseServer(args.server as ServerKind | undefined);
  const databases =
    args.database === 'both'
      ? (['SQLite', 'PostgreSQL'] as const)
      : args.database === 'postgres'
        ? (['PostgreSQL'] as const)
        : (['SQLite'] as const);
  console.log(
    `load test: ${AGENTS} agents, ${DURATION_S} s per database; node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  let errors = 0;
  for (const name of databases) errors += print(await runOne(name, server));
  console.log(`\nerrors in all: ${errors}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
