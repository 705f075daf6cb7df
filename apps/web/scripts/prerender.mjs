/**
 * Prerenders /login into dist/login.html after `vite build` (issue 25, the phone budget): the login
 * page's markup, from its React components (src/prerender-login.tsx, loaded through Vite's SSR
 * loader with the app's config), inside #root of the built index.html, which keeps its hashed
 * script and stylesheet. The server answers GET /login with it; every other address gets
 * index.html. Brotli and gzip copies are written as for the other assets.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createServer } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const vite = await createServer({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { renderLogin } = await vite.ssrLoadModule('/src/prerender-login.tsx');
  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const empty = '<div id="root"></div>';
  if (!index.includes(empty)) throw new Error(`dist/index.html has no ${empty}`);
  const html = index
    .replace(empty, `<div id="root" data-prerendered="login">${renderLogin()}</div>`)
    .replace('<title>Ahente</title>', '<title>Log in · Ahente</title>');
  const file = path.join(dist, 'login.html');
  fs.writeFileSync(file, html);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
  console.log(`prerendered dist/login.html (${(html.length / 1024).toFixed(1)} KiB)`);
} catch (error) {
  // The app still works without it (the server then answers /login with index.html, and the page
  // paints once the scripts have run): the build goes on, loudly. e2e/specs/phone-budget.spec.ts fails.
  console.error('\n*** /login was NOT prerendered: dist/login.html is missing ***\n', error);
  for (const suffix of ['', '.br', '.gz']) fs.rmSync(path.join(dist, `login.html${suffix}`), { force: true });
} finally {
  await vite.close();
}
