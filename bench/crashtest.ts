/**
 * The crash test (decision 003, "Crash and load"): the real server, on SQLite and then on a fresh
 * PostgreSQL database, takes concurrent writes of every kind that matters while it is killed with
 * SIGKILL mid-stream and started again; then every write it acknowledged (answered 2xx) must be
 * there, and nothing half-written may be visible.
 *
 *   npm run crashtest                       # both databases, 5 kills each
 *   npm run crashtest -- --short            # about a minute for both (CRASHTEST_SHORT=1 too): .ci/run
 *   npm run crashtest -- --database sqlite --kills 3 --segment 10 --members 12 --server source
 *   npm run crashtest -- --storage s3       # the files in an S3 bucket (s3rver, started here): decision 033
 *
 * Writers: each member (Managers and the agents under them, every one licensed) in a loop of its
 * own records deals, makes them into sales (a product rate and a Manager override are set, so each
 * sale writes its commission entries in its transaction), uploads a profile photo or a valid ID
 * (editMember, multipart), adds certifications and saves bank details once; an administrator
 * verifies sales, cancels some (reversal entries), closes past months and, half-way, the current
 * one (statements). Every answer is recorded: 2xx is acknowledged, with what it created; no answer
 * (the kill) is unknown, allowed to be there or not.
 *
 * After the last segment the writers stop, the server stops, and it is started once more with
 * ORPHAN_FILE_GRACE_SECONDS=1 so that its start-up sweep removes the files no row names (decision
 * 003). Then, read from the database and the storage (the directory, or with `--storage s3` the
 * bucket of an s3rver this test starts, STORAGE_URL=s3://…): every acknowledged write is there
 * (rows, and the files they name, with the content that was sent); every sale has exactly its
 * commission entries, every cancelled sale exactly its reversals, every statement the sum of its
 * entries; the ledger reconciles (as in features/tax/ledger-reconciles.test.ts); every file a row
 * names exists and every stored file is named by a row; SQLite's integrity_check and
 * foreign_key_check are clean. It prints acknowledged, found and lost per kind and database, and
 * exits 1 on any loss, inconsistency or unexpected answer (a 5xx included). Nothing is timed.
 *
 * The server is the built apps/server/dist/main.js when it is not older than the sources, else
 * apps/server/src/main.ts through tsx (`--server dist|source` to choose); PostgreSQL is a database
 * of its own on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres),
 * dropped after.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { todayInManila } from '@ahente/contract/dates';
import type { FileStorage } from '../apps/server/src/platform/storage.ts';
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
import { startBenchS3 } from './s3.ts';

const { values: args } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    database: { type: 'string', default: 'both' },
    server: { type: 'string' },
    kills: { type: 'string' },
    segment: { type: 'string' },
    members: { type: 'string' },
    keep: { type: 'boolean', default: false },
    storage: { type: 'string', default: 'local' },
  },
});
if (args.storage !== 'local' && args.storage !== 's3') throw new Error(`--storage must be local or s3 (got ${args.storage})`);
/** Where the uploaded files go: STORAGE_DIR, or a bucket of an s3rver started for the run. */
const STORAGE = args.storage;
const SHORT = args.short || process.env.CRASHTEST_SHORT === '1';
const KILLS = Number(args.kills ?? (SHORT ? 3 : 5));
/** Seconds of writes between two kills (each segment's length is drawn from ½× to 1½× this). */
const SEGMENT_S = Number(args.segment ?? (SHORT ? 4 : 20));
/** Writers: a Manager for every four agents. */
const WRITERS = Number(args.members ?? (SHORT ? 8 : 20));
const PRODUCT = 'Comprehensive';
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let seedState = 0x2b0d_1a7e;
/** A small seeded generator, so a run's mix of writes is the same each time (the kills are not). */
function random(): number {
  seedState = (seedState * 1_103_515_245 + 12_345) >>> 0;
  return seedState / 2 ** 32;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

// ---------------------------------------------------------------- what was acknowledged

type UploadField = 'photo' | 'valid_id';
interface UploadAttempt {
  hash: string;
  outcome: 'acked' | 'unknown';
}

class Record_ {
  deals = new Map<number, { member: number; customer: string }>();
  sales = new Map<number, { member: number; deal: number }>();
  certs = new Map<number, { member: number; lfa: string }>();
  banks = new Map<number, string>();
  uploads = new Map<string, UploadAttempt[]>();
  cancels = new Set<number>();
  verified = new Set<number>();
  closes = new Set<string>();
  /** Writes sent and never answered (the kill), by kind. */
  unknown = new Map<string, number>();
  /** Writes refused with an expected 4xx (e.g. 409 after an unanswered attempt that committed). */
  refused = new Map<string, number>();
  /** Answers that should never come: a 5xx, or a 4xx the test did not expect. */
  unexpected: string[] = [];
  requests = 0;

  count(map: Map<string, number>, kind: string) {
    map.set(kind, (map.get(kind) ?? 0) + 1);
  }
}

// ---------------------------------------------------------------- one database

interface Result {
  name: string;
  server: ServerKind;
  kills: number;
  inFlightAtKills: number[];
  rows: { kind: string; acknowledged: number; found: number; lost: number; unknown: number }[];
  problems: string[];
  orphansBeforeSweep: number;
  orphansAfterSweep: number;
  partialUploads: number;
  integrity: string;
  requests: number;
  seconds: number;
}

async function runOne(name: 'SQLite' | 'PostgreSQL', server: { kind: ServerKind; why: string }): Promise<Result> {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ahente-crash-${name.toLowerCase()}-`));
  const storageDir = path.join(dir, 'uploads');
  const pg = name === 'PostgreSQL' ? await createPgDatabase(PG_BASE, 'ahente_crash') : null;
  const databaseUrl = pg ? pg.url : `sqlite:${path.join(dir, 'ahente.db')}`;
  const logFile = path.join(dir, 'server.log');
  const { createLocalDiskStorage } = await import('../apps/server/src/platform/storage.ts');
  const s3 = STORAGE === 's3' ? await startBenchS3({ bucket: 'ahente-crash', prefix: 'files' }) : null;
  // What the server writes to, read the same way it does (storage.list(), storage.get()).
  const storage = s3 ? s3.storage : createLocalDiskStorage(storageDir);
  const storageEnv: Record<string, string> = s3 ? s3.env : {};
  try {
    const managers = Math.max(1, Math.round(WRITERS / 5));
    const seeded = await seed(
      databaseUrl,
      storageDir,
      { managers, agents: WRITERS - managers, prefix: 'crash' },
      { product: { [PRODUCT]: 10 }, override: { Manager: 3 } },
    );
    const live = new LiveServer(server.kind, { port: await freePort(), databaseUrl, storageDir, logFile, env: storageEnv });
    await live.start();
    console.log(
      `${name}: ${server.kind} server (${server.why}), files ${s3 ? `in ${s3.shown}` : 'on local disk'}, ${seeded.members.length} writers + an admin, ${KILLS} kills, log ${logFile}`,
    );

    const rec = new Record_();
    const admin = await Session.login(live.base, seeded.admin.username);
    const sessions = new Map<number, Session>();
    for (const m of seeded.members) sessions.set(m.id, await Session.login(live.base, m.username));

    // The gate: closed while the server is down, so that writers wait instead of counting refusals.
    let gateOpen = true;
    let gateWaiters: (() => void)[] = [];
    const gate = () => (gateOpen ? Promise.resolve() : new Promise<void>((r) => gateWaiters.push(r)));
    let stopped = false;
    let inFlight = 0;
    let closeCurrentMonth = false;

    /** Sends one write; 'none' when no answer came (the caller counts it as unknown). */
    async function send(kind: string, call: () => Promise<Answer>): Promise<Answer | 'none'> {
      await gate();
      inFlight += 1;
      rec.requests += 1;
      try {
        return await call();
      } catch (err) {
        const code = failureCode(err);
        // Refused before it reached the server: it was never sent.
        if (code === 'ECONNREFUSED') return 'none';
        rec.count(rec.unknown, kind);
        return 'none';
      } finally {
        inFlight -= 1;
      }
    }
    const unexpected = (kind: string, res: Answer) => rec.unexpected.push(`${kind}: ${res.status} ${res.text.slice(0, 160)}`);

    let seq = 0;
    const today = todayInManila();

    async function writer(m: SeededMember) {
      const s = sessions.get(m.id)!;
      const myDeals: number[] = [];
      let bankDone = false;
      while (!stopped) {
        const r = random();
        if (!bankDone) {
          // Bank details: once per member (a second save is the admin's, 409 for the member).
          const account = String(1_000_000_000 + m.id * 7919).slice(0, 12);
          const res = await send('bank', () =>
            s.request('POST', '/api/adduserbanks', {
              id: m.id,
              bank_name: 'BDO Unibank',
              account_number: account,
              account_name: m.username,
            }),
          );
          if (res === 'none') continue;
          bankDone = true;
          if (res.status === 200) rec.banks.set(m.id, account);
          else if (res.status === 409) rec.count(rec.refused, 'bank');
          else unexpected('bank', res);
        } else if (r < 0.35 || (r < 0.65 && myDeals.length === 0)) {
          const customer = `Crash Customer ${++seq}`;
          const res = await send('deal', () =>
            s.request('POST', '/api/adddeals', {
              id: m.id,
              customerName: customer,
              transactionType: 'New',
              product: PRODUCT,
              tcvValue: 1000 + ((seq * 7919) % 90_000) + (seq % 100) / 100,
              effectiveDate: today,
              salesType: 'Direct',
            }),
          );
          if (res === 'none') continue;
          if (res.status !== 200) {
            unexpected('deal', res);
            continue;
          }
          const deal = (res.body as { deal: { id: number } }).deal;
          rec.deals.set(deal.id, { member: m.id, customer });
          myDeals.push(deal.id);
        } else if (r < 0.65) {
          // A sale of one of my acknowledged deals, each tried once.
          const dealId = myDeals.splice(Math.floor(random() * myDeals.length), 1)[0]!;
          const deal = rec.deals.get(dealId)!;
          const res = await send('sale', () =>
            s.request('POST', '/api/addsales', {
              id: m.id,
              formData: {
                dealid: dealId,
                customerName: deal.customer,
                product: PRODUCT,
                tcv: '25000.50',
                sales_type: 'Direct',
                effectiveDate: today,
              },
            }),
          );
          if (res === 'none') continue;
          if (res.status === 200) rec.sales.set((res.body as { sale: { id: number } }).sale.id, { member: m.id, deal: dealId });
          else unexpected('sale', res);
        } else if (r < 0.82) {
          const field: UploadField = r < 0.75 ? 'photo' : 'valid_id';
          const content = Buffer.concat([
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            Buffer.from(`crash ${m.id} ${field} ${++seq} `.padEnd(2048, '.')),
          ]);
          const attempt: UploadAttempt = { hash: createHash('sha256').update(content).digest('hex'), outcome: 'unknown' };
          const key = `${m.id}:${field}`;
          const form = new FormData();
          form.set('id', String(m.id));
          form.set(field, new Blob([content], { type: 'image/png' }), `${field}.png`);
          await gate();
          const attempts = rec.uploads.get(key) ?? [];
          rec.uploads.set(key, attempts);
          attempts.push(attempt);
          const res = await send(field, () => s.form('/api/editMember', form));
          if (res === 'none') continue;
          if (res.status === 200) attempt.outcome = 'acked';
          else {
            attempts.pop();
            unexpected(field, res);
          }
        } else {
          const lfa = `LFA-${m.id}-${++seq}`;
          const res = await send('certification', () =>
            s.request('POST', '/api/addcertifications', { id: m.id, lfa_code: lfa, coding_date_1: '2026-01-15' }),
          );
          if (res === 'none') continue;
          if (res.status === 200) rec.certs.set((res.body as { certid: number }).certid, { member: m.id, lfa });
          else unexpected('certification', res);
        }
      }
    }

    async function administrator() {
      const cancelTried = new Set<number>();
      const verifyTried = new Set<number>();
      let pastMonth = 0;
      let currentClosed = false;
      while (!stopped) {
        const r = random();
        if (closeCurrentMonth && !currentClosed) {
          // Half-way: the current month closes while sales are recorded into it (decision 016: a
          // sale is either in it or rolls forward to the next month).
          const period = today.slice(0, 7);
          const res = await send('close', () => admin.request('POST', '/api/closeperiod', { period, close_early: true }));
          if (res === 'none') continue;
          currentClosed = true;
          if (res.status === 200) rec.closes.add(period);
          else if (res.status === 409) rec.count(rec.refused, 'close');
          else unexpected('close', res);
        } else if (r < 0.45) {
          const ids = [...rec.sales.keys()].filter((id) => !verifyTried.has(id)).slice(0, 10);
          if (ids.length === 0) {
            await sleep(20);
            continue;
          }
          for (const id of ids) verifyTried.add(id);
          const res = await send('verify', () => admin.request('POST', '/api/verifysales', { sale_ids: ids, decision: 'verified' }));
          if (res === 'none') continue;
          if (res.status === 200) for (const id of ids) rec.verified.add(id);
          else unexpected('verify', res);
        } else if (r < 0.8) {
          // About one sale in four is cancelled, each tried once.
          const candidates = [...rec.sales.keys()].filter((id) => !cancelTried.has(id));
          if (candidates.length === 0 || cancelTried.size > rec.sales.size / 4) {
            await sleep(20);
            continue;
          }
          const id = pick(candidates);
          cancelTried.add(id);
          const res = await send('cancel', () =>
            admin.request('POST', '/api/cancelsale', { sale_id: id, cancelled_on: today, reason: 'Crash test' }),
          );
          if (res === 'none') continue;
          if (res.status === 200) rec.cancels.add(id);
          else unexpected('cancel', res);
        } else {
          // A past month, a new one each time (closing it is allowed once).
          const n = pastMonth++;
          const period = `${1900 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
          const res = await send('close', () => admin.request('POST', '/api/closeperiod', { period }));
          if (res === 'none') continue;
          if (res.status === 200) rec.closes.add(period);
          else unexpected('close', res);
        }
      }
    }

    const workers = [...seeded.members.map((m) => writer(m)), administrator()];
    const inFlightAtKills: number[] = [];
    for (let k = 0; k < KILLS; k++) {
      await sleep(SEGMENT_S * 1000 * (0.5 + random()));
      if (k === Math.floor(KILLS / 2)) closeCurrentMonth = true;
      gateOpen = false;
      inFlightAtKills.push(inFlight);
      await live.stop('SIGKILL');
      await live.start();
      gateOpen = true;
      for (const w of gateWaiters) w();
      gateWaiters = [];
    }
    await sleep(SEGMENT_S * 1000 * (0.5 + random()));
    stopped = true;
    await Promise.all(workers);
    await live.stop('SIGTERM');

    // ---- the sweep: started once more with a short grace, it removes the files no row names.
    const { connect } = await import('../apps/server/src/db/connect.ts');
    const { referencedStorageKeys } = await import('../apps/server/src/platform/stored-files-repository.ts');
    const orphans = async () => {
      const db = connect(databaseUrl);
      try {
        const named = await referencedStorageKeys(db.db);
        return (await storedKeys(storage)).filter((k) => !named.has(k)).length;
      } finally {
        await db.close();
      }
    };
    const orphansBeforeSweep = await orphans();
    await sleep(2_000);
    await live.start({ ORPHAN_FILE_GRACE_SECONDS: '1' });
    let orphansAfterSweep = orphansBeforeSweep;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(250)) {
      orphansAfterSweep = await orphans();
      if (orphansAfterSweep === 0) break;
    }
    await live.stop('SIGTERM');

    const checked = await verify(databaseUrl, storage, seeded.members, rec);
    return {
      name,
      server: server.kind,
      kills: KILLS,
      inFlightAtKills,
      rows: checked.rows,
      problems: [
        ...checked.problems,
        ...rec.unexpected.map((u) => `unexpected answer: ${u}`),
        ...(orphansAfterSweep > 0 ? [`${orphansAfterSweep} stored files no row names were left after the sweep`] : []),
      ],
      orphansBeforeSweep,
      orphansAfterSweep,
      // Local: partial writes in .tmp; S3: multipart uploads neither completed nor aborted.
      partialUploads: s3
        ? s3.pendingUploads().length
        : fs.existsSync(path.join(storageDir, '.tmp'))
          ? fs.readdirSync(path.join(storageDir, '.tmp')).length
          : 0,
      integrity: checked.integrity,
      requests: rec.requests,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    if (pg) await pg.drop();
    await s3?.close();
    if (!args.keep) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  }
}

/** Every stored file's key, as the sweep lists them (partial writes and multipart parts are not files). */
async function storedKeys(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list()) keys.push(file.key);
  return keys;
}

/** The SHA-256 of a stored file's bytes, or null when nothing is stored under the key. */
async function storedHash(storage: FileStorage, key: string): Promise<string | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const hash = createHash('sha256');
  for await (const chunk of file.stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

// ---------------------------------------------------------------- verification

async function verify(databaseUrl: string, storage: FileStorage, members: SeededMember[], rec: Record_) {
  const { connect } = await import('../apps/server/src/db/connect.ts');
  const { referencedStorageKeys } = await import('../apps/server/src/platform/stored-files-repository.ts');
  const db = connect(databaseUrl);
  const k = db.db;
  const problems: string[] = [];
  const problem = (text: string) => {
    if (problems.length < 200) problems.push(text);
  };
  const rows: Result['rows'] = [];
  const row = (kind: string, acknowledged: number, lost: number) =>
    rows.push({ kind, acknowledged, found: acknowledged - lost, lost, unknown: rec.unknown.get(kind) ?? 0 });
  const n = (v: unknown) => Number(v ?? 0);
  try {
    // ---- every acknowledged write is there
    const deals = new Map((await k.selectFrom('deals').select(['id', 'member_id', 'customer_name']).execute()).map((d) => [d.id, d]));
    let lost = 0;
    for (const [id, d] of rec.deals) {
      const found = deals.get(id);
      if (!found || found.member_id !== d.member || found.customer_name !== d.customer) {
        lost += 1;
        problem(`deal ${id} acknowledged, not found`);
      }
    }
    row('deal', rec.deals.size, lost);

    const sales = await k.selectFrom('sales').select(['id', 'deal_id', 'member_id', 'cancelled_on', 'verification']).execute();
    const saleById = new Map(sales.map((s) => [s.id, s]));
    lost = 0;
    for (const [id, s] of rec.sales) {
      const found = saleById.get(id);
      if (!found || found.deal_id !== s.deal || found.member_id !== s.member) {
        lost += 1;
        problem(`sale ${id} acknowledged, not found`);
      }
    }
    row('sale', rec.sales.size, lost);

    const certs = new Map((await k.selectFrom('certifications').select(['id', 'member_id', 'lfa_code']).execute()).map((c) => [c.id, c]));
    lost = 0;
    for (const [id, c] of rec.certs) {
      const found = certs.get(id);
      if (!found || found.member_id !== c.member || found.lfa_code !== c.lfa) {
        lost += 1;
        problem(`certification ${id} acknowledged, not found`);
      }
    }
    row('certification', rec.certs.size, lost);

    const banks = new Map(
      (await k.selectFrom('bank_details').select(['member_id', 'account_number']).execute()).map((b) => [b.member_id, b]),
    );
    lost = 0;
    for (const [member, account] of rec.banks) {
      if (banks.get(member)?.account_number !== account) {
        lost += 1;
        problem(`bank details of member ${member} acknowledged, not found`);
      }
    }
    row('bank', rec.banks.size, lost);

    // An upload: the member's file now is the last one acknowledged, or one sent after it that got
    // no answer; it exists, with the bytes that were sent.
    const memberRows = new Map(
      (
        await k
          .selectFrom('members')
          .select(['id', 'photo', 'valid_id'])
          .where(
            'id',
            'in',
            members.map((m) => m.id),
          )
          .execute()
      ).map((m) => [m.id, m]),
    );
    for (const field of ['photo', 'valid_id'] as const) {
      let acked = 0;
      lost = 0;
      for (const m of members) {
        const attempts = rec.uploads.get(`${m.id}:${field}`) ?? [];
        const ackedHere = attempts.filter((a) => a.outcome === 'acked').length;
        acked += ackedHere;
        if (attempts.length === 0) continue;
        const last = attempts.map((a) => a.outcome).lastIndexOf('acked');
        const key = memberRows.get(m.id)?.[field] ?? null;
        const hash = key ? await storedHash(storage, key) : null;
        const at = hash === null ? -1 : attempts.findIndex((a) => a.hash === hash);
        const ok = last === -1 ? key === null || at !== -1 : at >= last && (at === last || attempts[at]!.outcome === 'unknown');
        if (!ok) {
          // The acknowledged upload and every one before it count as lost.
          lost += attempts.slice(0, last + 1).filter((a) => a.outcome === 'acked').length || 1;
          problem(
            `member ${m.id}'s ${field}: ${key === null ? 'no file named' : hash === null ? `row names ${key}, no such file` : at === -1 ? 'a file no request sent' : `attempt ${at + 1}, not the last acknowledged (${last + 1})`}`,
          );
        }
      }
      row(field, acked, lost);
    }

    lost = 0;
    for (const id of rec.cancels) {
      if (!saleById.get(id)?.cancelled_on) {
        lost += 1;
        problem(`cancellation of sale ${id} acknowledged, not found`);
      }
    }
    row('cancel', rec.cancels.size, lost);

    lost = 0;
    for (const id of rec.verified) {
      if (saleById.get(id)?.verification !== 'verified') {
        lost += 1;
        problem(`verification of sale ${id} acknowledged, not found`);
      }
    }
    row('verify', rec.verified.size, lost);

    const periods = new Map((await k.selectFrom('commission_periods').select(['period', 'closed_at']).execute()).map((p) => [p.period, p]));
    lost = 0;
    for (const period of rec.closes) {
      if (!periods.get(period)?.closed_at) {
        lost += 1;
        problem(`close of ${period} acknowledged, not found`);
      }
    }
    row('close', rec.closes.size, lost);

    // ---- nothing half-written: each sale's entries, each cancellation's reversals
    const managerOf = new Map(members.map((m) => [m.id, m.manager]));
    const entries = await k
      .selectFrom('commission_entries')
      .select(['id', 'sale_id', 'member_id', 'kind', 'amount_centavos', 'statement_id', 'period', 'reverses_id'])
      .execute();
    const bySale = new Map<number, typeof entries>();
    for (const e of entries) {
      if (e.sale_id === null) continue;
      const list = bySale.get(e.sale_id) ?? [];
      list.push(e);
      bySale.set(e.sale_id, list);
    }
    let halfSales = 0;
    let halfCancels = 0;
    for (const s of sales) {
      const list = bySale.get(s.id) ?? [];
      const own = list.filter((e) => e.kind === 'sale');
      const overrides = list.filter((e) => e.kind === 'override');
      const reversals = list.filter((e) => e.kind === 'reversal');
      const manager = managerOf.get(s.member_id) ?? null;
      const wantOverrides = manager === null ? 0 : 1;
      if (
        own.length !== 1 ||
        own[0]!.member_id !== s.member_id ||
        overrides.length !== wantOverrides ||
        (manager !== null && overrides[0]!.member_id !== manager)
      ) {
        halfSales += 1;
        problem(`sale ${s.id}: ${own.length} sale entries and ${overrides.length} overrides, expected 1 and ${wantOverrides}`);
      }
      const wantReversals = s.cancelled_on ? own.length + overrides.length : 0;
      const reversed = new Set(reversals.map((e) => e.reverses_id));
      if (reversals.length !== wantReversals || (s.cancelled_on && ![...own, ...overrides].every((e) => reversed.has(e.id)))) {
        halfCancels += 1;
        problem(
          `sale ${s.id} (${s.cancelled_on ? 'cancelled' : 'not cancelled'}): ${reversals.length} reversals, expected ${wantReversals}`,
        );
      }
    }

    // ---- statements are the sum of their entries, in closed months only
    const statements = await k.selectFrom('commission_statements').selectAll().execute();
    const onStatement = new Map<number, { sum: number; count: number; members: Set<number> }>();
    for (const e of entries) {
      if (e.statement_id === null) continue;
      const t = onStatement.get(e.statement_id) ?? { sum: 0, count: 0, members: new Set<number>() };
      t.sum += n(e.amount_centavos);
      t.count += 1;
      t.members.add(e.member_id);
      onStatement.set(e.statement_id, t);
    }
    let badStatements = 0;
    for (const st of statements) {
      const t = onStatement.get(st.id) ?? { sum: 0, count: 0, members: new Set<number>() };
      const okMembers = [...t.members].every((id) => id === st.member_id);
      if (n(st.gross_centavos) !== t.sum || n(st.entry_count) !== t.count || !okMembers || !periods.get(st.period)?.closed_at) {
        badStatements += 1;
        problem(
          `statement ${st.id} (${st.period}): gross ${n(st.gross_centavos)} over ${n(st.entry_count)} entries, its entries ${t.sum} over ${t.count}`,
        );
      }
    }

    // ---- the ledger reconciles (features/tax/ledger-reconciles.test.ts): for each member,
    // ledger (not forfeited, sale not rejected) = paid + payable + withheld + carried + not posted yet.
    let unreconciled = 0;
    const minimums = await k
      .selectFrom('payout_settings')
      .select(['minimum_payout_centavos', 'created_at'])
      .orderBy('id', 'desc')
      .execute();
    const minimumAt = (createdAt: string) => {
      const m = minimums.find((p) => p.created_at <= createdAt);
      return m ? n(m.minimum_payout_centavos) : 50_000;
    };
    const earners = [...new Set(entries.map((e) => e.member_id))];
    for (const memberId of earners) {
      const ledger = await k
        .selectFrom('commission_entries as e')
        .leftJoin('sales as s', 's.id', 'e.sale_id')
        .leftJoin('commission_entry_decisions as d', 'd.entry_id', 'e.id')
        .select([
          sql<number>`coalesce(sum(e.amount_centavos), 0)`.as('total'),
          sql<number>`coalesce(sum(case when e.statement_id is null then e.amount_centavos else 0 end), 0)`.as('unposted'),
        ])
        .where('e.member_id', '=', memberId)
        .where((eb) => eb.or([eb('s.verification', 'is', null), eb('s.verification', '!=', 'rejected')]))
        .where((eb) => eb.or([eb('d.decision', 'is', null), eb('d.decision', '!=', 'forfeited')]))
        .executeTakeFirstOrThrow();
      const mine = statements.filter((st) => st.member_id === memberId).sort((a, b) => a.period.localeCompare(b.period));
      const consumed = new Set(mine.map((st) => st.brought_forward_from).filter((id) => id !== null));
      let paid = 0;
      let payable = 0;
      let withheld = 0;
      let carried = 0;
      let ok = true;
      for (const st of mine) {
        const gross = n(st.gross_centavos);
        const tax = gross > 0 ? Math.floor((gross * st.withholding_rate_hundredths + 5000) / 10000) : 0;
        const bf = st.brought_forward_from === null ? 0 : n(mine.find((p) => p.id === st.brought_forward_from)?.net_centavos);
        const net = bf + gross - tax;
        const wantCarried = net < minimumAt(st.created_at) || net < 0 ? 1 : 0;
        if (
          n(st.withholding_centavos) !== tax ||
          n(st.brought_forward_centavos) !== bf ||
          n(st.net_centavos) !== net ||
          st.carried !== wantCarried
        ) {
          ok = false;
        }
        withheld += tax;
        if (st.carried === 1) {
          if (!consumed.has(st.id)) carried += net;
        } else if (st.paid_on !== null) paid += net;
        else payable += net;
      }
      if (!ok || n(ledger.total) !== paid + payable + withheld + carried + n(ledger.unposted)) {
        unreconciled += 1;
        problem(
          `member ${memberId}: ledger ${n(ledger.total)} ≠ paid ${paid} + payable ${payable} + withheld ${withheld} + carried ${carried} + unposted ${n(ledger.unposted)}${ok ? '' : ' (a statement breaks its rule)'}`,
        );
      }
    }

    // ---- files: every key a row names is stored, and (after the sweep) every stored file is named
    const named = await referencedStorageKeys(k);
    const stored = new Set(await storedKeys(storage));
    const rowsWithoutFile = [...named].filter((key) => !stored.has(key));
    const filesWithoutRow = [...stored].filter((key) => !named.has(key));
    for (const key of rowsWithoutFile) problem(`a row names ${key}: no such file`);
    for (const key of filesWithoutRow) problem(`stored file ${key}: no row names it`);

    // ---- the database itself
    let integrity = 'n/a (PostgreSQL)';
    if (db.dialect === 'sqlite') {
      const result = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(k);
      integrity = result.rows.map((r) => r.integrity_check).join('; ');
      if (integrity !== 'ok') problem(`integrity_check: ${integrity}`);
      const fk = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(k);
      if (fk.rows.length > 0) problem(`foreign_key_check: ${fk.rows.length} rows, first ${JSON.stringify(fk.rows[0])}`);
    }

    const half = {
      halfSales,
      halfCancels,
      badStatements,
      unreconciled,
      rowsWithoutFile: rowsWithoutFile.length,
      filesWithoutRow: filesWithoutRow.length,
    };
    console.log(
      `  sales ${sales.length} (entries ${entries.length}), sales without exactly their entries ${halfSales}, cancellations without exactly their reversals ${halfCancels}, ` +
        `statements ${statements.length} (not the sum of their entries ${badStatements}), ledgers ${earners.length} (not reconciled ${unreconciled}), ` +
        `rows naming a missing file ${half.rowsWithoutFile}, stored files no row names ${half.filesWithoutRow}`,
    );
    return { rows, problems, integrity, half };
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------- main

function print(r: Result) {
  const pad = (v: string | number, w: number) => String(v).padStart(w);
  console.log(
    `\n${r.name} (${r.server} server): ${r.kills} SIGKILLs, requests in flight at each: ${r.inFlightAtKills.join(', ')}; ${r.requests} writes sent in ${r.seconds.toFixed(0)} s`,
  );
  console.log(`  ${'write'.padEnd(14)}${pad('acknowledged', 14)}${pad('found', 9)}${pad('lost', 7)}${pad('no answer', 11)}`);
  const total = { acknowledged: 0, found: 0, lost: 0, unknown: 0 };
  for (const row of r.rows) {
    console.log(`  ${row.kind.padEnd(14)}${pad(row.acknowledged, 14)}${pad(row.found, 9)}${pad(row.lost, 7)}${pad(row.unknown, 11)}`);
    total.acknowledged += row.acknowledged;
    total.found += row.found;
    total.lost += row.lost;
    total.unknown += row.unknown;
  }
  console.log(`  ${'total'.padEnd(14)}${pad(total.acknowledged, 14)}${pad(total.found, 9)}${pad(total.lost, 7)}${pad(total.unknown, 11)}`);
  console.log(
    `  files no row names: ${r.orphansBeforeSweep} before the sweep, ${r.orphansAfterSweep} after; partial uploads left (.tmp files or multipart uploads): ${r.partialUploads}; integrity_check: ${r.integrity}`,
  );
  if (r.problems.length) {
    console.log(`  PROBLEMS (${r.problems.length}${r.problems.length >= 200 ? '+' : ''}):`);
    for (const p of r.problems.slice(0, 40)) console.log(`    ${p}`);
  }
  return total;
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
    `crash test${SHORT ? ' (short)' : ''}: ${WRITERS} writers, ${KILLS} kills, segments of ~${SEGMENT_S} s, files ${STORAGE === 's3' ? 'on S3 (s3rver)' : 'on local disk'}; node ${process.version}, ${os.cpus().length} cores`,
  );
  const started = Date.now();
  let failed = false;
  const summary: string[] = [];
  for (const name of databases) {
    const result = await runOne(name, server);
    const total = print(result);
    if (total.lost > 0 || result.problems.length > 0) failed = true;
    summary.push(`${name}: acknowledged ${total.acknowledged}, found ${total.found}, lost ${total.lost}`);
  }
  console.log(
    `\n${summary.join('\n')}\n${((Date.now() - started) / 1000).toFixed(0)} s in all: ${failed ? 'FAILED' : 'nothing lost, nothing half-written'}`,
  );
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
