/** Settings shared by the Playwright config and the specs. */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const ADMIN = { username: 'admin', password: 'e2e-admin-pass' };
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
