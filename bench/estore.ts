/**
 * The E-Store's page on a phone (issue 48, decision 040): the bytes of a store page and its Largest
 * Contentful Paint in Debian's Chromium emulating a mid-range phone over slow 4G, as bench/phone.ts
 * does (390×844, touch, CPU 4× slower, 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, cold
 * cache). The store: a licensed agent showing their number, five products, one with a 1080×1080
 * picture. Each run is a fresh context; medians of `--runs` (default 5).
 *
 *   npm run build && npx tsx bench/estore.ts [--runs 5]
 *
 * Figures, never a timed test. Goal (issue 48): LCP under 1.5 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/support/env.ts';
import { CHROMIUM, median, startServer, stopServer } from './browser.ts';

const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } };
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };
const CPU_SLOWDOWN = 4;

/** A licensed agent's store with the demo's catalogue; answers the agent's referral code. */
async function seedStore(dbFile: string): Promise<string> {
  const { buildServices } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { connect } = await import('../apps/server/src/db/connect.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const { seedEstore } = await import('../apps/server/src/cli/seed-estore.ts');
  const db = connect(`sqlite:${dbFile}`);
  await migrateToLatest(db);
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    webDist: null,
    storageDir: path.join(path.dirname(dbFile), 'uploads'),
  };
  const s = buildServices({ config, db });
  const agents: number[] = [];
  for (let i = 0; i < 4; i++) {
    const id = await s.accounts.create({
      username: `bench_store_${i}`,
      password: 'bench-password-1',
      email: `bench_store_${i}@example.ph`,
      f_name: 'Maria Teresa',
      m_name: null,
      l_name: `Dela Cruz ${i}`,
      contact_no: '09171234567',
      referror: null,
      status: 'Approved',
    });
    const at = new Date().toISOString();
    for (const line of ['Non-Life', 'HMO', 'Life', 'Pre-Need'] as const) {
      await db.db
        .insertInto('licenses')
        .values({
          ...{ member_id: id, line, license_no: `BENCH-${id}-${line}`, insurer: null, issued_on: '2024-01-01', expires_on: '2099-12-31' },
          ...{ scan_key: null, scan_type: null, status: 'verified', decided_by: null, decided_at: at, rejection_reason: null },
          ...{ created_by: null, created_at: at },
        })
        .execute();
    }
    agents.push(id);
  }
  const admin = await s.accounts.create({
    username: 'bench_store_admin',
    password: 'bench-password-1',
    email: 'bench_store_admin@example.ph',
    f_name: 'Bench',
    m_name: null,
    l_name: 'Admin',
    contact_no: '09170000000',
    referror: null,
    status: 'Approved',
    account_type: 'admin',
  });
  await seedEstore(s, { memberId: admin, accountType: 'admin', sessionId: 'bench' }, agents);
  const code = (await s.members.findById(agents[0]!))!.referral_code;
  await db.close();
  return code;
}

interface Run {
  lcp: number;
  htmlKiB: number;
  allKiB: number;
  requests: number;
}

async function measure(base: string, code: string, runs: number): Promise<Run[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const out: Run[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ ...PHONE, baseURL: base });
      await context.addInitScript(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const types = new Map<string, string>();
      let html = 0;
      let all = 0;
      let requests = 0;
      cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
      cdp.on('Network.loadingFinished', (e) => {
        all += e.encodedDataLength;
        requests++;
        if (types.get(e.requestId) === 'Document') html += e.encodedDataLength;
      });
      await page.goto(`/s/${code}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
      out.push({ lcp, htmlKiB: html / 1024, allKiB: all / 1024, requests });
      console.log(
        `run ${i + 1}: LCP ${Math.round(lcp)} ms, HTML ${(html / 1024).toFixed(1)} KiB, all ${(all / 1024).toFixed(1)} KiB in ${requests} requests`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: 'string' } } });
  const runs = values.runs ? Number(values.runs) : 5;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-estore-bench-'));
  const dbFile = path.join(dir, 'bench.db');
  try {
    const code = await seedStore(dbFile);
    const started = await startServer(dir, dbFile);
    try {
      const r = await measure(started.base, code, runs);
      console.log(
        `\nstore page /s/<code> on a phone over slow 4G, median of ${runs}: LCP ${Math.round(median(r.map((x) => x.lcp)))} ms, ` +
          `HTML ${median(r.map((x) => x.htmlKiB)).toFixed(1)} KiB, everything ${median(r.map((x) => x.allKiB)).toFixed(1)} KiB ` +
          `in ${median(r.map((x) => x.requests))} requests (goal: LCP < 1500 ms)`,
      );
    } finally {
      await stopServer(started.child);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
