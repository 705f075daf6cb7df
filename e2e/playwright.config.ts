import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN, AGENCY, CHROMIUM_ARGS, E2E_CHROMIUM, PORT, SERVER_NODE_OPTIONS } from './support/env.ts';
import { createE2eDatabase } from './support/postgres.ts';

/**
 * The built app, started like production, on a fresh SQLite database and storage per run; and,
 * when TEST_DATABASE_URL is set (CI), a second instance on a fresh PostgreSQL database. Every spec
 * runs against each. The config is evaluated again in each worker: the env vars keep one set of
 * databases per run.
 */
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
const pgTestUrl = process.env.TEST_DATABASE_URL;
if (pgTestUrl && !process.env.E2E_PG_URL) {
  process.env.E2E_PG_DATABASE = `ahente_e2e_${Date.now()}_${process.pid}`;
  process.env.E2E_PG_URL = createE2eDatabase(pgTestUrl, process.env.E2E_PG_DATABASE);
}

const backends = [
  { name: 'sqlite', port: PORT, databaseUrl: `sqlite:${path.join(dataDir, 'ahente.db')}` },
  ...(process.env.E2E_PG_URL ? [{ name: 'postgres', port: PORT + 1, databaseUrl: process.env.E2E_PG_URL }] : []),
];

/**
 * The specs whose outcome only the page's rendering decides: run on the first backend only. So do
 * the sign-in screens of decision 027 (consent, two-factor): what they store is proven on both
 * databases by the API tests (security.test.ts, signup-limits.test.ts, notice.test.ts); the
 * browser path through them is the same page whatever the database (decision 027). The screens in
 * Filipino (fil-*.spec.ts) are words and layout: the member's saved language is language.spec's.
 */
const RENDERING_ONLY = /\/(a11y|layout|guards|toast|mobile|widths|consent|two-factor|fil-[a-z-]+)\.spec\.ts$/;

/**
 * And the browser paths whose answers the API suite already proves on PostgreSQL (CI time; decision
 * 015): every route runs on both databases there (its bounds, its access for seven callers, mass
 * assignment, the fuzzing from the contract), so a second browser run of the same pages re-proves
 * the same server answers. PostgreSQL keeps the browser paths through the money, where the screens
 * add and show what SQL sums and dates differently per database: deals and sales (totals, date
 * filters, 2,000 sales and their export), commissions, cancellations, payouts and tax, and the
 * administrator's queues (counts of what SQL lists, decision 021).
 */
const FIRST_BACKEND_ONLY = new RegExp(
  `${RENDERING_ONLY.source}|\\/(?!(deals-sales|commissions|cancellations|payouts-tax|admin-queues)\\.spec\\.ts$)[a-z0-9-]+\\.spec\\.ts$`,
);

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two workers on CI's two cores. The cores are busy with two (the browser's compositor and
  // renderers, the server, Playwright): six spec files, 68 tests, took 330 s with two workers (5.5 %
  // of the cores idle) and 351 s with three (1.2 % idle) on the same machine; a full CI run with
  // three took 1,412 s for the browser tests (decision 015).
  workers: 2,
  // On CI a test that fails is run once more, and one that then passes is reported as flaky in the
  // output, which the next session reads. Locally, no retry.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // The JSON report holds each test's time (where CI's minutes go: `node scripts/e2e-timings.mjs`);
  // the slowest files are also named at the end of the run.
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }], ['json', { outputFile: 'timings/results.json' }]],
  reportSlowTests: { max: 12, threshold: 90_000 },
  globalTeardown: './global-teardown.ts',
  use: {
    // The service worker (decision 028) downloads the whole precache (~2 MiB) in the background of
    // every page: the specs of installing and working offline opt in (offline-*.spec.ts,
    // `test.use({ serviceWorkers: 'allow' })`); every other spec tests the page as the network
    // serves it, as a first visit does, without that background traffic on CI's two cores.
    serviceWorkers: 'block',
    // A trace is recorded only when a failed test runs again (CI's retry): recording one for every
    // test (its screencast and DOM snapshots) made the suite 31 % slower (216 s against 149 s for
    // deals-sales, dashboard and members; decision 015). Locally, `--trace on` records them.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: E2E_CHROMIUM, args: CHROMIUM_ARGS },
  },
  // A desktop project per backend runs every spec: the paths through the data, on SQLite and on
  // PostgreSQL. What only the page's rendering decides runs once, on the first backend (SQLite):
  // the phone project (a mid-range phone: 412 px, touch, mobile user agent; decision 010; the tests
  // of a field agent's paths, tagged @phone) and the accessibility scans (a11y.spec.ts, decision
  // 009). The database changes neither the layout nor the accessibility tree, and running them
  // twice took about a fifth of CI's time (decision 015). The specs of the layout, the guards, the
  // toasts, the phone layout and the laptop widths (decision 024) read no row that the database
  // decides: like the scans, they run on the first backend only.
  projects: backends.flatMap((b, i) => [
    {
      name: `chromium-${b.name}`,
      ...(i > 0 ? { testIgnore: FIRST_BACKEND_ONLY } : {}),
      // A phone's path only (PHONE_ONLY in support/fixtures.ts): the phone project's.
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, baseURL: `http://127.0.0.1:${b.port}` },
    },
    ...(i === 0
      ? [
          {
            name: `phone-${b.name}`,
            grep: /@phone/,
            use: { ...devices['Pixel 7'], browserName: 'chromium' as const, baseURL: `http://127.0.0.1:${b.port}` },
          },
        ]
      : []),
  ]),
  webServer: backends.map((b) => ({
    // As `npm start` runs it: node with apps/server/node-options.json, then the built server.
    command: ['node', ...SERVER_NODE_OPTIONS, '../apps/server/dist/main.js'].join(' '),
    url: `http://127.0.0.1:${b.port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(b.port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      // Passwords hashed at argon2id's least cost: honoured with NODE_ENV=test only (platform/passwords.ts; decision 015).
      TEST_CHEAP_PASSWORD_HASHES: '1',
      LOG_LEVEL: 'warn',
      COOKIE_SECURE: 'false',
      DATABASE_URL: b.databaseUrl,
      STORAGE_DIR: path.join(dataDir, `uploads-${b.name}`),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_MAX_PER_IP: '100000',
      // The specs sign hundreds of agents up from one address, and the admin logs in with a
      // password alone, except in the two-factor spec's own server (decision 027).
      SIGNUP_MAX_PER_HOUR: '100000',
      ADMIN_2FA: 'optional',
      AGENCY_TIN: AGENCY.tin,
      AGENCY_ADDRESS: AGENCY.address,
      AGENCY_RDO: AGENCY.rdo,
    },
  })),
});
