/**
 * The most used screens' HTML with their chunks named up front (decision 014, the phone budget):
 * after `vite build`, for each address below, a copy of dist/index.html with a `<link
 * rel="modulepreload">` for every chunk of its layout and page (read from Vite's manifest: the
 * chunk and, transitively, what it imports). The browser then fetches those chunks alongside the
 * entry's instead of after the entry has downloaded and run, which on a phone over slow 4G was a
 * second round of requests after ~2.2 s (measured: bench/phone.ts, decision 014).
 *
 * Written to dist/screens/<name>.html (+ .br, .gz) and listed in dist/screens/screens.json
 * ({ "/": "dashboard.html", … }); the server answers those exact addresses with them
 * (apps/server/src/platform/web-app.ts), every other address with index.html. An address whose
 * screen moved to another module only loses its hints: this script fails the build if a module
 * below is not in the manifest.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// WEB_OUT_DIR: a build made elsewhere (`vite build --outDir`), e.g. for an A/B of the phone bench.
const dist = process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : path.resolve(import.meta.dirname, '..', 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const LAYOUT = 'src/app/app-layout.tsx';
/** The first screens' answer schemas, which parse the dashboard's and the Deals Table's answers (api/client.ts). */
const FIRST = 'src/api/first-schemas.ts';
/** The route table's schemas, which parse every other answer: the screens below the first ones call some of those. */
const ROUTE_TABLE = 'src/api/route-table.ts';

/**
 * Address → the modules app/router.tsx renders there (its layout and page), and the answers' schemas
 * its first calls need. Not FIRST on / and /deals: there its bytes came before the first render's,
 * which does not need them, and the first call fetches the chunk in time for its answer (decision
 * 014, lever 19: / 2.32-2.36 → 2.15-2.32 s on the phone bench).
 */
const SCREENS = {
  '/': { name: 'dashboard', modules: [LAYOUT, 'src/features/dashboard/dashboard-page.tsx'] },
  '/deals/dealsview': { name: 'deals-view', modules: [LAYOUT, 'src/features/deals/deals-view-page.tsx'] },
  '/deals/dealsinput': { name: 'deals-input', modules: [FIRST, ROUTE_TABLE, LAYOUT, 'src/features/deals/deals-input-page.tsx'] },
  '/sales/salesview': { name: 'sales-view', modules: [FIRST, ROUTE_TABLE, LAYOUT, 'src/features/sales/sales-view-page.tsx'] },
  '/portfolio': { name: 'portfolio', modules: [FIRST, ROUTE_TABLE, LAYOUT, 'src/features/portfolio/portfolio-page.tsx'] },
  '/commissions': { name: 'commissions', modules: [FIRST, ROUTE_TABLE, LAYOUT, 'src/features/commissions/commissions-page.tsx'] },
  '/reports': { name: 'reports', modules: [FIRST, ROUTE_TABLE, LAYOUT, 'src/features/reports/reports-page.tsx'] },
};

const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

function chunksOf(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is not in Vite's manifest: update SCREENS in scripts/screen-hints.mjs`);
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of entry.imports ?? []) chunksOf(imported, seen);
  return seen;
}

const outDir = path.join(dist, 'screens');
fs.mkdirSync(outDir, { recursive: true });
const list = {};
for (const [address, { name, modules }] of Object.entries(SCREENS)) {
  const keys = new Set();
  for (const module of modules) for (const key of chunksOf(module)) keys.add(key);
  // The entry's own chunks are in the HTML already.
  const files = [...keys].map((key) => `/${manifest[key].file}`).filter((file) => !index.includes(`"${file}"`));
  const links = files.map((file) => `    <link rel="modulepreload" crossorigin href="${file}">`).join('\n');
  const html = index.replace('</head>', `${links}\n  </head>`);
  const file = path.join(outDir, `${name}.html`);
  fs.writeFileSync(file, html);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
  list[address] = `${name}.html`;
}
fs.writeFileSync(path.join(outDir, 'screens.json'), `${JSON.stringify(list, null, 2)}\n`);
// The manifest is the build's, not the site's: not served.
fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
console.log(`screen hints: ${Object.keys(list).length} addresses (dist/screens)`);
