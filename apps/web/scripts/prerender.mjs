/**
 * Prerenders /login into dist/login.html after `vite build` (decision 014, the phone budget): the
 * login page's markup, from its React components (src/prerender-login.tsx, loaded through Vite's
 * SSR loader with the app's config), inside #root of the built index.html, which keeps its hashed
 * script and stylesheet. The server answers GET /login with it; every other address gets
 * index.html. Brotli and gzip copies are written as for the other assets.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createServer } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
// WEB_OUT_DIR: a build made elsewhere (`vite build --outDir`), e.g. for an A/B of the phone bench.
const dist = process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.join(root, 'dist');
const vite = await createServer({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
/**
 * The page's scripts: its own (src/login-island.ts), in place of the app's entry and the chunks the
 * entry preloads, which the island fetches once the form works and runs only to hand the page over.
 * It reads their addresses from a JSON block (not run; the CSP allows it): the entry, its chunks,
 * and the login page's and the route table's, which a hand-over needs next.
 */
function withIsland(index) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const island = manifest['src/login-island.ts'];
  if (!island) throw new Error("src/login-island.ts is not in Vite's manifest");
  if (island.imports?.length || island.dynamicImports?.length) {
    throw new Error(`the login page's script imports other chunks (${island.imports ?? island.dynamicImports}): it must stand alone`);
  }
  const entryTag = index.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entryTag) throw new Error('dist/index.html has no module script');
  const preloads = [...index.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  const next = new Set();
  const add = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
    const file = `/${chunk.file}`;
    if (next.has(file)) return;
    next.add(file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  add('src/features/auth/login-page.tsx');
  add('src/api/route-table.ts');
  const entry = entryTag[1];
  next.delete(entry);
  const chunks = [...new Set([...preloads.map((m) => m[1]), ...next])];
  let html = index.replace(entryTag[0], `<script type="module" crossorigin src="/${island.file}"></script>`);
  for (const m of preloads) html = html.replace(m[0], '');
  const list = JSON.stringify({ entry, chunks }).replaceAll('<', '\\u003c');
  return html.replace('</body>', `  <script type="application/json" id="app-chunks">${list}</script>\n  </body>`);
}

const write = (name, html) => {
  const file = path.join(dist, name);
  fs.writeFileSync(file, html);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
  console.log(`prerendered dist/${name} (${(html.length / 1024).toFixed(1)} KiB)`);
};

try {
  const { renderLogin } = await vite.ssrLoadModule('/src/prerender-login.tsx');
  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const empty = '<div id="root"></div>';
  if (!index.includes(empty)) throw new Error(`dist/index.html has no ${empty}`);
  const html = withIsland(index)
    .replace(empty, `<div id="root" data-prerendered="login">${renderLogin()}</div>`)
    .replace('<title>Ahente</title>', '<title>Log in · Ahente</title>');
  write('login.html', html);
  // The same page for a browser that holds no session cookie (the server chooses,
  // apps/server/src/platform/web-app.ts): no one can be signed in, so it neither preloads nor asks
  // GET /api/me, whose 401 the browser would log as an error on the console of every first visit
  // (Lighthouse's best practices, decision 014).
  const preload = /\s*<!--[^>]*?-->\s*<link rel="preload" href="\/api\/me" as="fetch" crossorigin="anonymous" \/>/;
  if (!preload.test(html)) throw new Error('dist/index.html no longer preloads /api/me as prerender.mjs expects');
  write(
    'login-anonymous.html',
    html.replace(preload, '').replace('data-prerendered="login"', 'data-prerendered="login" data-signed-out=""'),
  );
} catch (error) {
  // The app still works without it (the server then answers /login with index.html, and the page
  // paints once the scripts have run): the build goes on, loudly. e2e/specs/phone-budget.spec.ts fails.
  console.error('\n*** /login was NOT prerendered: dist/login.html is missing ***\n', error);
  for (const name of ['login.html', 'login-anonymous.html']) {
    for (const suffix of ['', '.br', '.gz']) fs.rmSync(path.join(dist, `${name}${suffix}`), { force: true });
  }
} finally {
  await vite.close();
}
