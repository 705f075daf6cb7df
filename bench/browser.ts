/**
 * Browser benchmarks (the figures of decisions 013 and 005): in Debian's Chromium against the built
 * app (node apps/server/dist/main.js) on a temporary SQLite database:
 *
 *   1. the Deals Table with 1,000 deals: time from navigation to its first 100 rows painted (median
 *      of 5), and from a click on 'Show all 1,000' to the 1,000th row painted (median of 3);
 *   2. Export To Excel of 10,000 sales: time from the click to the download event (median of 3),
 *      and the size of sales_data.xlsx.
 *
 *   npm run build && npx tsx bench/browser.ts [--renders 5] [--exports 3] [--no-readme]
 *
 * Prints the figures and writes them under the 'Browser' heading of bench/README.md (that section
 * only; the rest of the file belongs to the server benchmarks). Not part of `npm test`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/support/env.ts';
import { SERVER_NODE_OPTIONS } from './node-options.ts';
import { routes } from '@ahente/contract/routes';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
export const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const README = path.join(ROOT, 'bench/README.md');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const DEALS = 1_000;
const SALES = 10_000;
/** Rows a long table renders at first (SHOW_MORE_STEP of apps/web/src/lib/use-show-more.ts). */
const STEP = 100;
export const PASSWORD = 'bench-password-1';
export const DEALS_AGENT = 'bench_deals_agent';
const SALES_AGENT = 'bench_sales_agent';

export const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const ms = (n: number) => `${Math.round(n)} ms`;

// ---------------------------------------------------------------- data

/**
 * Two agents: one with 1,000 deals (every third made into a sale, so the table shows Sold badges
 * and disabled buttons), one with 10,000 deals each made into a sale. Written straight through
 * the server's repositories in one transaction per agent (the API would take minutes).
 */
export async function seed(dbFile: string) {
  const { buildServices } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { connect } = await import('../apps/server/src/db/connect.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const { dealsRepository } = await import('../apps/server/src/features/deals/repository.ts');
  const { salesRepository } = await import('../apps/server/src/features/sales/repository.ts');
  const { PRODUCTS } = await import('@ahente/contract/catalogue');
  const { DEAL_STATUSES, SALES_GROUPS, TRANSACTION_TYPES } = await import('@ahente/contract/enums');

  const db = connect(`sqlite:${dbFile}`);
  await migrateToLatest(db);
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist: null };
  const s = buildServices({ config, db });
  const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
  const now = new Date().toISOString();

  async function agentWith(username: string, deals: number, sell: (i: number) => boolean) {
    const memberId = await s.accounts.create({
      username,
      password: PASSWORD,
      email: `${username}@example.ph`,
      f_name: 'Bench',
      m_name: null,
      l_name: username === DEALS_AGENT ? 'Deals' : 'Sales',
      contact_no: '09170000000',
      referror: null,
      status: 'Approved',
    });
    // An agent accepted the privacy notice, as at sign-up: the API refuses them anything else first (decision 027).
    await db.db.transaction().execute((trx) => s.notices.recordSignUpConsent(trx, memberId, '127.0.0.1'));
    await db.db.transaction().execute(async (trx) => {
      for (let i = 0; i < deals; i++) {
        const day = new Date(Date.UTC(2023, 0, 1) + ((i * 7) % 1200) * 86_400_000).toISOString().slice(0, 10);
        const agentSale = i % 3 === 0;
        const row = {
          member_id: memberId,
          customer_name: `Customer ${i + 1} Dela Cruz`,
          tx_type: pick(TRANSACTION_TYPES, i),
          product: pick(PRODUCTS, i),
          tcv_centavos: ((i * 7919) % 500_000_000) + (i % 100),
          effective_date: day,
          deal_status: pick(DEAL_STATUSES, i),
          sales_type: agentSale ? ('Agent' as const) : ('Direct' as const),
          referror: agentSale ? 'Jose Rizal' : null,
          agent: agentSale ? 'Andres Bonifacio' : null,
          sales_group: pick(SALES_GROUPS, i),
          createdat: now,
          updated_at: now,
          customer_contact: null,
          customer_email: null,
          renews_sale_id: null,
          insurer: null,
        };
        const dealId = await dealsRepository.insert(trx, row);
        if (!sell(i)) continue;
        await salesRepository.insert(trx, {
          member_id: memberId,
          deal_id: dealId,
          customer_name: row.customer_name,
          tx_type: row.tx_type,
          product: row.product,
          tcv_centavos: row.tcv_centavos,
          policy_number: `POL-${100000 + i}`,
          insurer: pick(['Malayan Insurance', 'Pioneer Insurance', 'Philam Life', 'Maxicare'], i),
          plan_name: pick(['Gold', 'Silver', 'Platinum'], i),
          sales_type: row.sales_type,
          referror: row.referror,
          agent: row.agent,
          sales_group: row.sales_group,
          effective_date: day,
          createdat: now,
          verification: 'verified',
          verified_by: null,
          verified_at: now,
          rejection_reason: null,
          cancelled_on: null,
          cancel_reason: null,
          refund_centavos: null,
          cancelled_by: null,
          cancelled_at: null,
          entered_by: memberId,
          expiry_date: null,
          customer_contact: null,
          customer_email: null,
          renews_sale_id: null,
          renewed_by_sale_id: null,
          insurer_id: null,
          policy_key: null,
        });
      }
    });
    return memberId;
  }

  await agentWith(DEALS_AGENT, DEALS, (i) => i % 3 === 0);
  await agentWith(SALES_AGENT, SALES, () => true);
  await db.close();
}

// ---------------------------------------------------------------- the built server

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startServer(dir: string, dbFile: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER_MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${dbFile}`,
      STORAGE_DIR: path.join(dir, 'uploads'),
      ADMIN_USERNAME: 'bench_admin',
      ADMIN_PASSWORD: 'bench-admin-password',
      // The bench measures pages, not the admin's second factor or the sign-up limit (decision 027).
      ADMIN_2FA: 'optional',
      SIGNUP_MAX_PER_HOUR: '1000000',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Signs `username` in through the API with `request` (a browser context's, so the session and
 * XSRF cookies land in that context), and accepts the current privacy notice when the server asks
 * for it (decision 027: a seeded member has not consented yet, and would see the consent page).
 */
export async function signInRequest(request: APIRequestContext, username: string): Promise<void> {
  await request.get(routes.csrfCookie.path);
  const xsrfHeader = async () => {
    const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    return { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) };
  };
  const res = await request.post(routes.login.path, { data: { username, password: PASSWORD }, headers: await xsrfHeader() });
  if (!res.ok()) throw new Error(`login ${username}: ${res.status()} ${await res.text()}`);
  const user = (await res.json()) as { consent_required?: boolean };
  if (!user.consent_required) return;
  const notice = await request.get(routes.privacyNotice.path);
  const { version } = (await notice.json()) as { version: number };
  const accepted = await request.post(routes.acceptPrivacyNotice.path, { data: { version }, headers: await xsrfHeader() });
  if (!accepted.ok()) throw new Error(`accept the privacy notice: ${accepted.status()} ${await accepted.text()}`);
}

/** A browser context signed in as `username` (login through the API, sharing the context's cookies). */
async function signedIn(browser: Browser, base: string, username: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  await signInRequest(context.request, username);
  return context;
}

// ---------------------------------------------------------------- measurements

/**
 * Before any script of the page runs: note (in page time, 0 = navigation start) when the table's
 * body first holds `rows` rows, and when the frame after that has been painted.
 */
function watchRows(rows: number) {
  const w = window as unknown as { __rowsAt?: number; __paintedAt?: number };
  const observer = new MutationObserver(() => {
    if (w.__rowsAt !== undefined) return;
    const body = document.querySelector('main table tbody');
    if (!body || body.children.length < rows || !body.children[rows - 1]?.querySelector('td:nth-child(2)')?.textContent) return;
    w.__rowsAt = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (w.__paintedAt = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function measureRender(page: Page, url: string, rows: number) {
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __paintedAt?: number }).__paintedAt !== undefined, null, {
    timeout: 120_000,
  });
  const t = await page.evaluate(() => {
    const w = window as unknown as { __rowsAt: number; __paintedAt: number };
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return { rows: w.__rowsAt, painted: w.__paintedAt, dcl: nav?.domContentLoadedEventEnd ?? 0 };
  });
  const count = await page.locator('main table tbody tr').count();
  if (count !== rows) throw new Error(`expected ${rows} rows, found ${count}`);
  return t;
}

/** In page time: from a click on 'Show all' to the frame after the `rows`th row is painted. */
async function measureShowAll(page: Page, rows: number): Promise<number> {
  const elapsed = await page.evaluate(
    (rows) =>
      new Promise<number>((resolve, reject) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Show all'));
        if (!button) return reject(new Error("no 'Show all' button"));
        const body = document.querySelector('main table tbody')!;
        const t0 = performance.now();
        const observer = new MutationObserver(() => {
          if (body.children.length < rows) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
        });
        observer.observe(body, { childList: true });
        button.click();
      }),
    rows,
  );
  const count = await page.locator('main table tbody tr').count();
  if (count !== rows) throw new Error(`expected ${rows} rows, found ${count}`);
  return elapsed;
}

async function measureExport(page: Page, outDir: string, run: number) {
  const button = page.getByRole('button', { name: 'Export To Excel' });
  await button.waitFor();
  if (!(await button.isEnabled())) throw new Error('Export To Excel is disabled');
  const download = page.waitForEvent('download', { timeout: 120_000 });
  const t0 = performance.now();
  await button.click();
  const d = await download;
  const elapsed = performance.now() - t0;
  const file = path.join(outDir, `sales_data-${run}.xlsx`);
  await d.saveAs(file);
  if (d.suggestedFilename() !== 'sales_data.xlsx') throw new Error(`unexpected file name ${d.suggestedFilename()}`);
  // The button is usable again (not busy) before the next run.
  await page.waitForFunction(() => !document.querySelector('button[aria-busy="true"]'), null, { timeout: 60_000 });
  return { elapsed, bytes: fs.statSync(file).size, file };
}

/** The export holds the header row and every one of the 10,000 sales, TCV as numbers. */
async function checkWorkbook(file: string) {
  const { default: readExcelFile } = await import('read-excel-file/node');
  const sheets = await readExcelFile(file);
  const data = sheets[0]?.data ?? [];
  if (sheets.length !== 1 || sheets[0]!.sheet !== 'Sales') throw new Error('expected one sheet named Sales');
  if (data.length !== SALES + 1) throw new Error(`expected ${SALES + 1} rows, found ${data.length}`);
  if (!data.slice(1).every((row) => typeof row[4] === 'number')) throw new Error('a TCV cell is not a number');
}

// ---------------------------------------------------------------- README

/** Replaces the 'Browser' section of bench/README.md (or appends it), leaving the rest alone. */
function writeReadmeSection(body: string) {
  const heading = '## Browser';
  const current = fs.existsSync(README) ? fs.readFileSync(README, 'utf8') : '';
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = current.search(/^## Browser\s*$/m);
  let next: string;
  if (start === -1) {
    next = `${current.trimEnd()}${current.trim() ? '\n\n' : ''}${section}`;
  } else {
    const after = current.slice(start + heading.length);
    const end = after.search(/^## /m);
    next = current.slice(0, start) + section + (end === -1 ? '' : `\n${after.slice(end)}`);
  }
  fs.writeFileSync(README, next);
}

// ---------------------------------------------------------------- main

export interface BrowserBenchOptions {
  renders?: number;
  exports?: number;
  readme?: boolean;
}

export async function runBrowserBench({ renders = 5, exports = 3, readme = true }: BrowserBenchOptions = {}) {
  for (const file of [SERVER_MAIN, WEB_INDEX]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-browser-'));
  const dbFile = path.join(dir, 'bench.db');
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    const t0 = performance.now();
    await seed(dbFile);
    console.log(
      `seeded ${DEALS} deals (${Math.ceil(DEALS / 3)} sold) and ${SALES} sales in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const started = await startServer(dir, dbFile);
    server = started.child;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const version = browser.version();

    // 1. The Deals Table with 1,000 deals.
    const dealsContext = await signedIn(browser, started.base, DEALS_AGENT);
    await dealsContext.addInitScript(watchRows, STEP);
    const dealsPage = await dealsContext.newPage();
    await measureRender(dealsPage, '/deals/dealsview', STEP); // warm-up: fills the HTTP cache
    const renderRuns: { rows: number; painted: number; dcl: number }[] = [];
    for (let i = 0; i < renders; i++) {
      const r = await measureRender(dealsPage, '/deals/dealsview', STEP);
      renderRuns.push(r);
      console.log(
        `deals table run ${i + 1}: 100th row in the DOM at ${ms(r.rows)}, painted at ${ms(r.painted)} (DOMContentLoaded ${ms(r.dcl)})`,
      );
    }
    const renderMedian = median(renderRuns.map((r) => r.painted));
    const rowsMedian = median(renderRuns.map((r) => r.rows));
    const showAllRuns: number[] = [];
    for (let i = 0; i < 3; i++) {
      await measureRender(dealsPage, '/deals/dealsview', STEP);
      const t = await measureShowAll(dealsPage, DEALS);
      showAllRuns.push(t);
      console.log(`deals table run ${i + 1}: 'Show all' → 1,000th row painted ${ms(t)}`);
    }
    const showAllMedian = median(showAllRuns);

    // 2. Export To Excel with 10,000 sales.
    // The table renders the first 100 rows (then 'Show 100 more' or 'Show all'); the export takes all 10,000.
    const salesContext = await signedIn(browser, started.base, SALES_AGENT);
    await salesContext.addInitScript(watchRows, STEP);
    const salesPage = await salesContext.newPage();
    const salesRender = await measureRender(salesPage, '/sales/salesview', STEP);
    console.log(`sales table: first 100 of 10,000 rows painted at ${ms(salesRender.painted)}`);
    const exportRuns: { elapsed: number; bytes: number }[] = [];
    for (let i = 0; i < exports; i++) {
      const r = await measureExport(salesPage, dir, i + 1);
      exportRuns.push(r);
      if (i === 0) await checkWorkbook(r.file);
      console.log(`export run ${i + 1}: click → download ${ms(r.elapsed)}, ${(r.bytes / 1024).toFixed(0)} kB`);
    }
    const exportMedian = median(exportRuns.map((r) => r.elapsed));
    const bytes = exportRuns[0]!.bytes;

    const when = new Date().toISOString().slice(0, 10);
    const machine = `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, load ${os.loadavg()[0]!.toFixed(1)}`;
    const summary = [
      `Deals Table, ${DEALS.toLocaleString('en-US')} deals: navigation → first 100 rows painted ${ms(renderMedian)} (median of ${renders}; in the DOM at ${ms(rowsMedian)}); 'Show all' → 1,000th row painted ${ms(showAllMedian)} (median of 3)`,
      `Export To Excel, ${SALES.toLocaleString('en-US')} sales: click → download ${ms(exportMedian)} (median of ${exports}), sales_data.xlsx ${(bytes / 1024).toFixed(0)} kB`,
    ];
    console.log('');
    for (const line of summary) console.log(line);

    if (readme) {
      writeReadmeSection(
        [
          '`npx tsx bench/browser.ts` (after `npm run build`; `npm run bench` runs it after the server benchmarks):',
          'the built app (`node apps/server/dist/main.js`, COOKIE_SECURE=false) on a temporary SQLite database and a',
          "free port, driven in Debian Chromium (headless). Two agents are seeded through the server's repositories:",
          `one with ${DEALS.toLocaleString('en-US')} deals (a third sold), one with ${SALES.toLocaleString('en-US')} deals all made into sales.`,
          '',
          '- Deals Table: each run is a fresh page load of /deals/dealsview (the HTTP cache warmed by one load first),',
          '  timed in the page from navigation start (`performance.now()`) until the 100th row is in the DOM and',
          '  until the frame after it has been painted. Long tables render 100 rows at first, then 100 more or',
          "  all of them on request (decision 013). 'Show all' is timed in the page from the click to the frame",
          '  after the 1,000th row; most of that time is style and layout of the ~33,000 nodes.',
          "- Export To Excel: from Playwright's click on the button to its `download` event, all 10,000 sales",
          '  (no filter). The workbook is built by write-excel-file in a Web Worker of the app; the zip step runs',
          "  synchronously inside that worker (`apps/web/src/lib/fflate-sync-zip.ts`): fflate's own blob: workers",
          '  are forbidden by the CSP and would never answer. The first file is read back (read-excel-file):',
          '  one sheet `Sales`, 10,001 rows, every TCV a number.',
          '',
          '| figure | result |',
          '|---|---|',
          `| Deals Table, ${DEALS.toLocaleString('en-US')} deals (a third of them sold): navigation → first 100 rows painted | **${ms(renderMedian)}** median of ${renders} (100th row in the DOM at ${ms(rowsMedian)}) |`,
          `| Deals Table: click on 'Show all 1,000' → 1,000th row painted | ${ms(showAllMedian)} median of 3 |`,
          `| Sales screen, ${SALES.toLocaleString('en-US')} sales: navigation → first 100 rows painted (the rest behind 'Show 100 more' and 'Show all') | ${ms(salesRender.painted)} (one run) |`,
          `| Export To Excel, ${SALES.toLocaleString('en-US')} sales: click → download event | **${ms(exportMedian)}** median of ${exports} |`,
          `| sales_data.xlsx size, ${SALES.toLocaleString('en-US')} rows × 9 columns | ${(bytes / 1024).toFixed(0)} kB |`,
          '',
          `Run ${when}: Chromium ${version}, node ${process.version}, ${machine}.`,
        ].join('\n'),
      );
      console.log(`\nwritten to ${path.relative(ROOT, README)} (section 'Browser')`);
    }
    return { renderMedian, rowsMedian, showAllMedian, exportMedian, bytes, salesRender: salesRender.painted };
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const { values } = parseArgs({
    options: { renders: { type: 'string' }, exports: { type: 'string' }, 'no-readme': { type: 'boolean' } },
    strict: false,
  });
  await runBrowserBench({
    renders: values.renders === undefined ? 5 : Number(values.renders),
    exports: values.exports === undefined ? 3 : Number(values.exports),
    readme: !values['no-readme'],
  });
}
