import fs from 'node:fs';
import path from 'node:path';

/** Settings shared by the Playwright config and the specs. */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const ADMIN = { username: 'admin', password: 'e2e-admin-pass' };
/** The agency's registration with the BIR (decision 019): BIR Form 2307 and the alphalist need it. */
export const AGENCY = { name: 'Ahente Insurance Agency', tin: '123-456-789-000', address: '12 Ayala Avenue, Makati City 1226', rdo: '050' };
/**
 * The browser the specs drive: Debian's chromium-headless-shell, the same Chromium build as the
 * chromium package without the browser's own interface (Playwright's own choice for headless runs).
 * The full browser in its headless mode also starts a "top chrome" WebUI renderer and the browser
 * window's views for every context, and Debian's wrapper turns on GPU rasterisation (in SwiftShader,
 * on the CPU): 26 % more wall time and 30 % more CPU for the same specs (decision 015). The benches
 * measure pages in the full browser (bench/browser.ts). CHROMIUM_PATH overrides both.
 */
export const E2E_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The node options `npm start` runs the server with (apps/server/node-options.json, read by
 * scripts/start.mjs): the servers the specs drive start with them too, so an option that breaks the
 * built server under `npm start` breaks the browser suite first (decision 035).
 */
export const SERVER_NODE_OPTIONS = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'apps', 'server', 'node-options.json'), 'utf8'),
) as string[];
