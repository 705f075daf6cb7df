/**
 * The statements bench of decision 037: an insurer's 50,000-line commission
 * statement, in each of the three layouts of apps/server/test/statement-files.ts as .xlsx and as
 * .csv, imported and matched against 50,000 sales of that insurer, on SQLite and on PostgreSQL,
 * through the real app (app.inject, multipart, a session and CSRF). For each import: its time, the
 * process's peak RSS over the RSS before it, and the p95 of a sales list request (POST
 * /api/salespage, an agent's first page) sent one after another while the import runs, against
 * the same request when nothing else runs.
 *
 *   npx tsx bench/reconciliation.ts [--lines 50000] [--database sqlite|postgres] [--formats xlsx,csv]
 *
 * Goals: under 5 s on SQLite and under 10 s on PostgreSQL, RSS growth under 150 MB, the p95 within
 * 2× of quiet. Figures, never a timed test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { todayInManila } from '@ahente/contract/dates';
import { PRODUCTS } from '@ahente/contract/catalogue';
import { routes } from '@ahente/contract/routes';
import { buildApp, buildServices } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { DialectName } from '../apps/server/src/db/connect.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { multipartBody } from '../apps/server/test/harness.ts';
import { LAYOUTS, STATEMENT_LAYOUTS, writeStatementFile, type StatementLineSpec } from '../apps/server/test/statement-files.ts';
import { fill, makeTree, onEachDatabase, type BenchDatabase } from './hierarchy.ts';
import { fillBook } from './portfolio.ts';

const PASSWORD = 'bench-pass-2026';
const MEMBERS = 300;

const { values: args } = parseArgs({
  options: {
    lines: { type: 'string', default: '50000' },
    database: { type: 'string' },
    formats: { type: 'string', default: 'xlsx,csv' },
    layouts: { type: 'string', default: 'malayan,pioneer,standard' },
    'no-load': { type: 'boolean', default: false },
  },
});

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? 0;
};
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function benchOne({ label, db }: BenchDatabase, lines: number, formats: ('xlsx' | 'csv')[]) {
  const t0 = performance.now();
  await migrateToLatest(db);
  await fill(db, makeTree(MEMBERS));
  const today = todayInManila();
  const book = await fillBook(db, MEMBERS, lines, today);
  const now = new Date().toISOString();
  const insurer = await db.db
    .insertInto('insurers')
    .values({ name: 'Bench Insurance', name_key: 'benchinsurance', code: 'BENCH', active: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Every sale is the insurer's; its policy number POL-<id> is its own key.
  await sql`update sales set insurer_id = ${insurer.id}, policy_key = policy_number`.execute(db.db);
  for (const product of PRODUCTS) {
    await db.db
      .insertInto('insurer_rates')
      .values({ insurer_id: insurer.id, product, rate_hundredths: 1000, effective_from: '2000-01-01', created_at: now, created_by: null })
      .execute();
  }
  if (db.dialect === 'postgres') {
    // The members were inserted with their ids: the next one the app creates follows them.
    await sql`select setval(pg_get_serial_sequence('members', 'id'), (select max(id) from members))`.execute(db.db);
    await sql`analyze`.execute(db.db);
  }
  const sales = await db.db.selectFrom('sales').select(['id', 'customer_name', 'tcv_centavos']).orderBy('id').execute();
  console.log(
    `\n${label}: ${sales.length.toLocaleString('en')} sales of one insurer, filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-files-'));
  const config = { ...loadConfig({ NODE_ENV: 'test' }), webDist: null, storageDir, cookieSecure: false, admin2fa: 'optional' as const };
  const services = buildServices({ config, db });
  const app = await buildApp({ config, db });
  const adminId = await services.accounts.create({
    username: 'benchadmin',
    password: PASSWORD,
    email: 'benchadmin@example.ph',
    f_name: 'Bench',
    m_name: null,
    l_name: 'Admin',
    contact_no: '09171234567',
    referror: null,
    status: 'Approved',
    account_type: 'admin',
    position: 'Agent',
  });
  void adminId;
  await services.accounts.changePassword({ memberId: book.agentId, accountType: 'admin', sessionId: 'bench' }, book.agentId, PASSWORD);
  await db.db.transaction().execute((trx) => services.notices.recordSignUpConsent(trx, book.agentId, '127.0.0.1'));
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
    const cookies = Object.fromEntries([...csrf.cookies, ...login.cookies].map((c) => [c.name, c.value]));
    return { headers: { 'x-xsrf-token': cookies['XSRF-TOKEN']! }, cookies };
  };
  const admin = await session('benchadmin');
  const agent = await session(`bench${book.agentId}`);
  const salesPage = async () => {
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: routes.salesPage.path, ...agent, payload: { id: book.agentId } });
    if (res.statusCode !== 200) throw new Error(`salespage: ${res.statusCode} ${res.body}`);
    return performance.now() - t;
  };
  // Quiet: 200 requests one after another.
  for (let i = 0; i < 20; i++) await salesPage();
  const quiet: number[] = [];
  for (let i = 0; i < 200; i++) quiet.push(await salesPage());
  console.log(`  salespage alone: p95 ${p95(quiet).toFixed(1)} ms (200 requests)`);

  // The statement: 88 % paid as expected, 5 % short, 2 % chargebacks, 5 % unmatched (with a name and premium to suggest from).
  const spec = (layoutIndex: number): StatementLineSpec[] =>
    sales.map((s, i) => {
      const r = i % 100;
      const tcv = Number(s.tcv_centavos) / 100;
      const expected = Math.round(Number(s.tcv_centavos) / 10) / 100;
      const policy = [`POL-${String(s.id).padStart(7, '0')}`, `pol ${s.id}`, `POL/${s.id}`][layoutIndex]!;
      const base = { name: s.customer_name, premium: tcv, effective_date: '2026-01-15', paid_on: '2026-02-05', transaction: 'new' };
      if (r < 88) return { ...base, policy, commission: expected };
      if (r < 93) return { ...base, policy, commission: Math.round(expected * 90) / 100 };
      if (r < 95) return { ...base, policy, commission: -expected, transaction: 'cancellation' };
      return { ...base, policy: `ZZ-${s.id}`, commission: expected };
    });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-statements-'));
  let month = 0;
  const rows: string[] = [];
  for (const format of formats) {
    for (const [li, layout] of STATEMENT_LAYOUTS.entries()) {
      if (!args.layouts!.split(',').includes(layout)) continue;
      const file = path.join(dir, `${layout}.${format}`);
      await writeStatementFile(file, layout, spec(li), format);
      const content = fs.readFileSync(file);
      const form = multipartBody([
        { name: 'insurer_id', value: String(insurer.id) },
        { name: 'period', value: `2025-${String(++month).padStart(2, '0')}` },
        { name: 'mapping', value: JSON.stringify(LAYOUTS[layout].mapping) },
        { name: 'file', filename: `${layout}.${format}`, content },
      ]);
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
      const during: number[] = [];
      let done = false;
      const start = performance.now();
      const imported = app
        .inject({
          method: 'POST',
          url: routes.importStatement.path,
          ...admin,
          headers: { ...admin.headers, 'content-type': form.contentType },
          payload: form.body,
        })
        .finally(() => (done = true));
      while (!done && !args['no-load']) during.push(await salesPage());
      const res = await imported;
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      if (res.statusCode !== 200) throw new Error(`import ${layout}.${format}: ${res.statusCode} ${res.body.slice(0, 500)}`);
      const imp = res.json().import;
      const line = `  ${layout}.${format} (${mb(content.length) || (content.length / 1024 / 1024).toFixed(1)} MB): ${seconds.toFixed(2)} s, RSS +${mb(peak - rssBefore)} MB (peak ${mb(peak)} MB); salespage p95 ${p95(during).toFixed(1)} ms during (${during.length} requests) vs ${p95(quiet).toFixed(1)} ms quiet; ${imp.matched} matched, ${imp.differs} differs, ${imp.chargebacks} chargebacks, ${imp.unmatched} unmatched`;
      console.log(line);
      rows.push(line);
    }
  }
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(storageDir, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lines = Number(args.lines);
  const formats = args.formats!.split(',') as ('xlsx' | 'csv')[];
  console.log(
    `Statements bench (decision 037): ${lines.toLocaleString('en')} lines per statement, node ${process.version}, ${os.cpus().length} cores`,
  );
  await onEachDatabase('reconciliation', (d) => benchOne(d, lines, formats), args.database as DialectName | undefined);
}
