/**
 * Lighthouse 13 (decision 014): performance, accessibility and best-practices scores, LCP and TBT,
 * for /login, /, /deals/dealsview (1,000 deals), /sales/salesview, /commissions and /reports, in
 * Lighthouse's mobile preset (a mid-range phone, simulated slow 4G) with the CPU slowdown calibrated
 * to this host (bench/calibration.ts: the same reference phone on every machine), then again with
 * the fixed 4× of the figures before calibration (`--calibrated-only` leaves that line out),
 * with Debian's Chromium and the e2e flags (e2e/support/env.ts), against the built app on a seeded
 * SQLite database (bench/browser.ts).
 *
 *   npm run build && npm run bench -- --lighthouse        (or: npx tsx bench/lighthouse.ts [--runs 1] [--tasks] [--calibrated-only] [--static-limit] [--page /deals/dealsview]…)
 *
 * `--tasks` prints the long tasks (start, duration, script) and the layout shifts (score, element)
 * Lighthouse saw on each page.
 *
 * `--static-limit` measures, after each page, the limit a server-rendered first screen could reach
 * (issue 49 §2): the same page as static HTML, as the app drew it (the DOM once the page's calls are
 * answered, its scripts and module preloads removed, its styles and fonts kept), served by the same
 * server from a copy of the build, audited at the same slowdowns: a line `<page> static`.
 *
 * The signed-in pages are measured signed in through the browser itself: the session and XSRF
 * cookies come from the app's own API called inside that browser, and Lighthouse runs against
 * the same browser (its debugging port) with storage reset disabled, so it keeps them. /login is
 * measured first, before signing in. Goals: performance ≥ 90 on each page, accessibility and
 * best practices 100. Figures, never a timed test; with `--runs N` the medians are printed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { routes } from '@ahente/contract/routes';
import { CHROMIUM_ARGS } from '../e2e/support/env.ts';
import { calibrate, describeCalibration, FIXED_SLOWDOWN, type Calibration } from './calibration.ts';
import { CHROMIUM, DEALS_AGENT, PASSWORD, ROOT, SERVER_MAIN, WEB_INDEX, median, seed, startServer, stopServer } from './browser.ts';

const PAGES = ['/login', '/', '/deals/dealsview', '/sales/salesview', '/commissions', '/reports'] as const;

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcp: number;
  tbt: number;
  /** What Lighthouse names: failed audits of the three categories (ids), and console errors. */
  notes: string[];
  /** The main thread's long tasks Lighthouse saw (start, duration, script); printed with `--tasks`. */
  tasks: string[];
  /** The layout shifts Lighthouse saw (score, element); printed with `--tasks`. */
  shifts: string[];
}

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

/** Signs in inside the browser's page with the app's API (its cookies, its XSRF header); accepts the privacy notice if asked. */
async function signInInPage(cdpPort: number, base: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${base}/login`);
    // A string, not a function: tsx's helpers (__name) do not exist in the page.
    const args = JSON.stringify({
      csrfPath: routes.csrfCookie.path,
      loginPath: routes.login.path,
      noticePath: routes.privacyNotice.path,
      acceptPath: routes.acceptPrivacyNotice.path,
      username: DEALS_AGENT,
      password: PASSWORD,
    });
    const problem = await page.evaluate<string | null>(`(async (a) => {
      const xsrf = () => decodeURIComponent(/(?:^|;\\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      await fetch(a.csrfPath, { credentials: 'same-origin' });
      const post = (url, body) => fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf() },
        body: JSON.stringify(body),
      });
      const login = await post(a.loginPath, { username: a.username, password: a.password });
      if (!login.ok) return 'login: ' + login.status;
      const user = await login.json();
      if (!user.consent_required) return null;
      const { version } = await (await fetch(a.noticePath, { credentials: 'same-origin' })).json();
      const accepted = await post(a.acceptPath, { version });
      return accepted.ok ? null : 'accept the privacy notice: ' + accepted.status;
    })(${args})`);
    if (problem) throw new Error(problem);
    await page.close();
  } finally {
    // Disconnects Playwright only: the browser (ours) keeps running, with the session's cookies.
    await browser.close();
  }
}

/** The host's calibration (bench/calibration.ts), in a page of the Chromium Lighthouse drives. */
async function calibrateOverCdp(cdpPort: number): Promise<Calibration> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const calibration = await calibrate(page);
    await page.close();
    return calibration;
  } finally {
    await browser.close();
  }
}

/**
 * The page as the app drew it, as static HTML: opened in the benches' browser (signed in, as
 * Lighthouse's), once the network is quiet, its DOM without any script or module preload (the
 * styles, fonts and images stay), written into `webCopy` as static-limit/<name>.html; its address.
 */
async function snapshotAsStaticHtml(cdpPort: number, base: string, page: string, webCopy: string): Promise<string> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  try {
    const tab = await browser.contexts()[0]!.newPage();
    await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' });
    // The skeletons' time over: what stays on screen is the page with its answers.
    await tab.waitForTimeout(1_000);
    const html = await tab.evaluate(() => {
      const doc = document.documentElement.cloneNode(true) as HTMLElement;
      for (const el of doc.querySelectorAll('script, link[rel="modulepreload"], link[rel="manifest"]')) el.remove();
      return `<!doctype html>\n${doc.outerHTML}`;
    });
    await tab.close();
    const name = page === '/' ? 'dashboard' : page.replace(/^\//, '').replace(/\//g, '-');
    fs.mkdirSync(path.join(webCopy, 'static-limit'), { recursive: true });
    fs.writeFileSync(path.join(webCopy, 'static-limit', `${name}.html`), html);
    return `/static-limit/${name}.html`;
  } finally {
    await browser.close();
  }
}

async function audit(url: string, port: number, cpuSlowdown: number, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: true,
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // The mobile preset's network and its simulated throttling, with the CPU slowdown given.
    throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // NO_NAVSTART and the like: a trace lost on a busy machine; once more, then give up.
    if (attempt < 2) return audit(url, port, cpuSlowdown, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const notes: string[] = [];
  for (const id of ['performance', 'accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.score >= 0.9 || a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'notApplicable')
        continue;
      if (ref.weight === 0 && id === 'performance') continue;
      notes.push(a.displayValue ? `${ref.id} (${a.displayValue})` : ref.id);
    }
  }
  for (const id of ['errors-in-console', 'inspector-issues']) {
    const details = lhr.audits[id]?.details as { items?: { description?: string; issueType?: string }[] } | undefined;
    for (const item of details?.items ?? [])
      notes.push(`${id}: ${(item.description ?? item.issueType ?? JSON.stringify(item)).slice(0, 160)}`);
  }
  const longTasks = lhr.audits['long-tasks']?.details as { items?: { url?: string; startTime?: number; duration?: number }[] } | undefined;
  const layoutShifts = lhr.audits['layout-shifts']?.details as
    { items?: { score?: number; node?: { selector?: string; nodeLabel?: string } }[] } | undefined;
  return {
    shifts: (layoutShifts?.items ?? []).map(
      (i) => `${(i.score ?? 0).toFixed(3)} ${i.node?.selector ?? ''} "${(i.node?.nodeLabel ?? '').slice(0, 60)}"`,
    ),
    tasks: (longTasks?.items ?? []).map(
      (t) => `${Math.round(t.startTime ?? 0)} ms +${Math.round(t.duration ?? 0)} ms ${(t.url ?? '').replace(/^https?:\/\/[^/]+/, '')}`,
    ),
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    notes,
  };
}

export async function runLighthouseBench({
  runs = 1,
  tasks = false,
  pages = PAGES as readonly string[],
  fixed = true,
  staticLimit = false,
}: { runs?: number; tasks?: boolean; pages?: readonly string[]; fixed?: boolean; staticLimit?: boolean } = {}) {
  const webDist = process.env.WEB_DIST ?? path.dirname(WEB_INDEX);
  for (const file of [SERVER_MAIN, path.join(webDist, 'index.html')]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-lighthouse-'));
  // The static pages are written beside the build's files, in a copy of it the server serves.
  const webCopy = path.join(dir, 'web');
  // The server is started with WEB_DIST from this process's environment (bench/browser.ts): set for
  // this run only, and given back in the end (the copy is removed with `dir`).
  const previousWebDist = process.env.WEB_DIST;
  if (staticLimit) {
    fs.cpSync(webDist, webCopy, { recursive: true });
    process.env.WEB_DIST = webCopy;
  }
  const dbFile = path.join(dir, 'bench.db');
  await seed(dbFile);
  const server = await startServer(dir, dbFile);
  const cdpPort = await freePort();
  const chrome = spawn(
    CHROMIUM,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${cdpPort}`, `--user-data-dir=${path.join(dir, 'profile')}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${cdpPort}/json/version`)).ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error('Chromium did not open its debugging port within 30 s');
      await new Promise((r) => setTimeout(r, 200));
    }
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string };
    const calibration = await calibrateOverCdp(cdpPort);
    console.log(`Lighthouse ${version}, mobile preset; ${runs} run(s) each`);
    console.log(describeCalibration(calibration));
    const slowdowns = fixed ? [calibration.multiplier, FIXED_SLOWDOWN] : [calibration.multiplier];
    console.log(
      `page                 CPU   perf  a11y  best   LCP      TBT${fixed ? `        (then CPU ${FIXED_SLOWDOWN}×, the figures before calibration)` : ''}`,
    );
    const rows: string[] = [];
    let signedIn = false;
    for (const page of pages) {
      // /login as a visitor; the others signed in (once, after /login).
      if (page !== '/login' && !signedIn) {
        await signInInPage(cdpPort, server.base);
        signedIn = true;
      }
      const results: Figures[] = [];
      const measure = async (label: string, address: string) => {
        for (const slowdown of slowdowns) {
          const these: Figures[] = [];
          for (let i = 0; i < runs; i++) these.push(await audit(`${server.base}${address}`, cdpPort, slowdown));
          results.push(...these);
          const m = (pick: (f: Figures) => number) => median(these.map(pick));
          const line = `${label.padEnd(20)} ${`${slowdown}×`.padStart(4)}  ${String(m((f) => f.performance)).padStart(4)}  ${String(m((f) => f.accessibility)).padStart(4)}  ${String(m((f) => f.bestPractices)).padStart(4)}  ${(m((f) => f.lcp) / 1000).toFixed(2).padStart(5)} s  ${String(Math.round(m((f) => f.tbt))).padStart(5)} ms`;
          rows.push(line);
          console.log(line);
        }
      };
      await measure(page, page);
      if (staticLimit) await measure(`${page} static`, await snapshotAsStaticHtml(cdpPort, server.base, page, webCopy));
      for (const note of new Set(results.flatMap((f) => f.notes))) console.log(`    ${note}`);
      if (tasks) {
        for (const [i, f] of results.entries()) {
          for (const t of f.tasks) console.log(`    run ${i + 1} long task ${t}`);
          for (const t of f.shifts) console.log(`    run ${i + 1} layout shift ${t}`);
        }
      }
    }
    console.log(`node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
    return rows;
  } finally {
    if (previousWebDist === undefined) delete process.env.WEB_DIST;
    else process.env.WEB_DIST = previousWebDist;
    chrome.kill('SIGTERM');
    await stopServer(server.child);
    // Chromium may still be writing its profile as it exits (ENOTEMPTY on the first try, seen here).
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      tasks: { type: 'boolean' },
      page: { type: 'string', multiple: true },
      'calibrated-only': { type: 'boolean' },
      'static-limit': { type: 'boolean' },
    },
    strict: false,
  });
  await runLighthouseBench({
    runs: values.runs === undefined ? 1 : Number(values.runs),
    tasks: values.tasks === true,
    pages: values.page && values.page.length > 0 ? (values.page as string[]) : PAGES,
    fixed: values['calibrated-only'] !== true,
    staticLimit: values['static-limit'] === true,
  });
}
