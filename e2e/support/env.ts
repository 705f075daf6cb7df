import fs from 'node:fs';
import path from 'node:path';

/** Settings shared by the Playwright config and the specs. */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const ADMIN = { username: 'admin', password: 'e2e-admin-pass' };
/** The agency's registration with the BIR (decision 019): BIR Form 2307 and the alphalist need it. */
export const AGENCY = { name: 'Ahente Insurance Agency', tin: '123-456-789-000', address: '12 Ayala Avenue, Makati City 1226', rdo: '050' };
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
