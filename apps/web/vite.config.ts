import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { pwa } from './pwa.config.ts';

/**
 * The app's form helpers (they build zod schemas): kept out of the 'shared' chunk that every page loads.
 * (The address fields, which build one too, are the Settings feature's: features/settings/address-fields.tsx.)
 */
const FORM_HELPERS =
  /[\\/]src[\\/]ui[\\/](member-select|reason-modal)\.tsx$|[\\/]src[\\/]lib[\\/](bank-form|contact-input|form-schema)\.ts$/;

/**
 * The features' query modules (`features/<name>/api.ts`, a second one as `<part>-api.ts`) and the
 * deals' queue: what the app's shared API layer (`src/api/`) held before each feature had its own
 * folder, and what the 'shared' chunk takes with it when three screens or more use it.
 */
const FEATURE_QUERIES = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]([a-z-]+-)?api\.ts$|[\\/]src[\\/]features[\\/]deals[\\/]deal-outbox\.ts$/;

/** V8's explicit compile hint (Chrome 136 and later; other browsers ignore the comment). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The compile hint on the app's entry and on the chunks whose code the first render of the
 * dashboard or the Deals Table runs: the browser compiles their functions as each file streams in,
 * on a background thread, instead of one by one on the main thread as each is first called
 * (decision 014 lever 17). Added after minifying (which drops comments), before Vite puts its
 * preload list above it and before the brotli and gzip copies are made; part of the file's hash.
 */
function compileHints(chunks: RegExp): Plugin {
  const hinted = (chunk: { name: string; isEntry: boolean }) => (chunk.isEntry && chunk.name === 'index') || chunks.test(chunk.name);
  return {
    name: 'ahente-compile-hints',
    apply: 'build',
    augmentChunkHash: (chunk) => (hinted(chunk) ? COMPILE_HINT : undefined),
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && hinted(file)) file.code = `${COMPILE_HINT}\n${file.code}`;
        }
      },
    },
  };
}

/**
 * What the first screens (the layout, the dashboard, the Deals Table) share with one other screen,
 * in one chunk. Left to rolldown, each such module became a chunk of its own: nine 0.2 KiB icons,
 * the Deals sub-navigation, the referral link, the popover's positioning library, 12 of the 23
 * scripts of the first load of / and /deals, each one more request on a phone (decision 014 lever
 * 18). Not what the app's entry imports (in the first load of every page already), nor what a
 * signed-out page imports (the login page would then load this chunk too); a module only one screen
 * uses stays in that screen's chunk.
 *
 * The static import graph is read at the end of the build (`buildEnd`), before the chunks are made.
 * lucide-react's index imports every icon: a module's `import { Bell } from 'lucide-react'` is read
 * as an import of the one icon it names.
 */
function firstScreensShared(roots: { entry: RegExp; screens: RegExp; signedOut: RegExp }) {
  const captured = new Set<string>();
  const plugin: Plugin = {
    name: 'ahente-first-screens-shared',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const barrel = ids.find((id) => /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id)) ?? '';
      const iconIds = new Map(
        ids.filter((id) => /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id)).map((id) => [id.replace(/^.*[\\/]/, ''), id]),
      );
      const iconOf = new Map<string, string>();
      const index = barrel ? (this.getModuleInfo(barrel)?.code ?? '') : '';
      for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from ['"]\.\/icons\/([\w-]+\.mjs)['"]/g)) {
        const icon = iconIds.get(file!);
        if (icon) for (const [, name] of names!.matchAll(/default as (\w+)/g)) iconOf.set(name!, icon);
      }
      const imports = (id: string) => {
        const info = this.getModuleInfo(id);
        if (!info) return [];
        if (!barrel || !info.importedIds.includes(barrel)) return info.importedIds;
        const icons = [...(info.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)]
          .flatMap(([, names]) => names!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!))
          .flatMap((name) => iconOf.get(name) ?? []);
        return [...info.importedIds.filter((imported) => imported !== barrel), ...icons];
      };
      const closure = (root: string) => {
        const seen = new Set<string>();
        const stack = [root];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...imports(id));
        }
        return seen;
      };
      const of = (pattern: RegExp) => new Set(ids.filter((id) => pattern.test(id)).flatMap((id) => [...closure(id)]));
      // Each lazily loaded module is the root of a chunk: how many of them reach each module.
      const reached = new Map<string, number>();
      for (const root of new Set(ids.flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []))) {
        for (const id of closure(root)) reached.set(id, (reached.get(id) ?? 0) + 1);
      }
      const initial = of(roots.entry);
      const signedOut = of(roots.signedOut);
      for (const id of of(roots.screens)) {
        if (!initial.has(id) && !signedOut.has(id) && (reached.get(id) ?? 0) >= 2) captured.add(id);
      }
    },
  };
  return { plugin, test: (id: string) => captured.has(id) };
}

/**
 * A chunk's file is named after the chunk's module, but a feature's generic modules (`i18n.ts`,
 * `api.ts`, `<part>-api.ts`, `index.ts`) would give several chunks one bare name ('i18n' twice):
 * those chunks take their feature's name before it, e.g. `privacy-i18n`, `settings-geo-api`.
 */
function chunkFileName(chunk: { name: string; moduleIds: string[] }): string {
  const generic = /^(i18n|index|([a-z]+-)?api)$/.test(chunk.name);
  const feature = generic
    ? chunk.moduleIds
        .map((id) => /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]([\w.-]+)\.tsx?$/.exec(id))
        .find((match) => match?.[2] === chunk.name)?.[1]
    : undefined;
  return `assets/${feature ? `${feature}-` : ''}${chunk.name}-[hash].js`;
}

const firstScreens = firstScreensShared({
  entry: /[\\/]src[\\/]main\.tsx$/,
  screens: /[\\/]src[\\/](app[\\/]app-layout|features[\\/]dashboard[\\/]dashboard-page|features[\\/]deals[\\/]deals-view-page)\.tsx$/,
  signedOut: /[\\/]src[\\/]features[\\/]auth[\\/](login|register|reset-password)-page\.tsx$/,
});

// The server (apps/server) serves this build from apps/web/dist in production and answers /api.
// In development, `vite` proxies /api to it so cookies stay same-origin.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    firstScreens.plugin,
    compileHints(/^(react|shared|app-layout|dashboard-page|deals-view-page)$/),
    // Brotli and gzip copies of every text asset, made once at build time: the server sends the
    // smallest one the browser accepts (@fastify/static preCompressed), never compressing per request.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
    }),
    // The manifest and the service worker (decision 028): see pwa.config.ts.
    pwa(),
  ],
  resolve: {
    alias: [
      // Radix's scroll lock injects a <style> element, which the CSP forbids; this drop-in
      // applies the same styles through CSSOM (see the file's header).
      {
        find: /^react-style-singleton$/,
        replacement: fileURLToPath(new URL('./src/lib/csp-style-singleton.ts', import.meta.url)),
      },
      // fflate (inside write-excel-file) zips large files in blob: workers, which the CSP forbids
      // and which then never answer; this drop-in zips synchronously (see the file's header).
      {
        find: /^fflate$/,
        replacement: fileURLToPath(new URL('./src/lib/fflate-sync-zip.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Fonts and images become files, never inline data: URLs in CSS-less places.
    assetsInlineLimit: 0,
    // Read by scripts/screen-hints.mjs (each busy screen's chunks named in its HTML), then removed.
    manifest: true,
    rolldownOptions: {
      // The app (index.html → src/main.tsx), and the prerendered /login's own script, which makes
      // that page work without the app and shares no chunk with it (src/login-island.ts; decision
      // 014).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'login-island': fileURLToPath(new URL('./src/login-island.ts', import.meta.url)),
      },
      output: {
        chunkFileNames: chunkFileName,
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // The spreadsheet writer is needed only when a sales export falls back to the page.
            { name: 'xlsx', test: /node_modules[\\/](write-excel-file|fflate)[\\/]/, priority: 40 },
            // With use-sync-external-store, which the chart library and a screen library both use:
            // left out of a group, it landed in 'charts' and pulled that 104 KiB chunk into every
            // page (decision 014).
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|use-sync-external-store)[\\/]/,
              priority: 30,
            },
            // The chart library and what it brings (redux, immer, d3): only Performance Reports imports
            // it (an ESLint rule keeps it there; decision 017). Below 'react', which it uses, so that
            // React stays in its own chunk.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|@reduxjs|react-redux|redux|immer|reselect|victory-vendor)[\\/]/,
              priority: 25,
            },
            // With src/lib/zod-jitless.ts, so that zod is configured when its chunk runs, before
            // any chunk that builds a schema (the entry chunk's own code runs after the chunks it
            // imports), and the session's schema alone (contract/session.ts,
            // api/session-schema.ts): the one schema the first render waits for (decision 014).
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$|[\\/]contract[\\/]src[\\/]session\.ts$|[\\/]src[\\/]api[\\/]session-schema\.ts$/,
              priority: 20,
            },
            // The contract's schema modules that the first screens' answers need
            // (contract/first-schemas.ts, api/first-schemas.ts and what those modules import), in
            // one chunk: the dashboard and the Deals Table build only these schemas, not the whole
            // route table's, and only once their first call is made, after the first render
            // (decision 014 lever 2). Nothing of the first load imports these modules: their
            // zod-free constants are in the `-rules` modules.
            // The other schema modules (materials, tickets, reports, privacy, my-data) and the route
            // table itself are in no group: they land in the route table's chunk or a screen's, fetched
            // when a call first needs them. (In no group at all, each module became a chunk of its own:
            // 47 files on the dashboard instead of 22, each a round trip on a phone.)
            {
              name: 'schemas',
              test: /[\\/]contract[\\/]src[\\/](auth|commissions|common|deals|first-schemas|geo|licences|members|notifications|paging|portfolio|privacy-notice|sales|security|settings|tax)\.ts$|[\\/]src[\\/]api[\\/]first-schemas\.ts$/,
              priority: 19,
            },
            // The contract's modules that hold no schema, in the same chunk as what three screens share: above
            // 'zod', whose group takes its modules' imports with it, so that these do not pull zod in. Each
            // feature's addresses (routes/<feature>.paths.ts) are here with route-paths.ts, which gathers
            // them; the features' routes (routes/<feature>.ts) are in the route table's chunk. The same list
            // as the lint rule that keeps them free of zod (contract-zod-free-modules, .dependency-cruiser.cjs).
            {
              name: 'shared',
              // With the login page's hand-over (main.tsx and the login page read it), lazyPage
              // (the router and the Deals Table use it) and the language choice (the login page and
              // the profile popup): shared by two modules only, each became a chunk of its own, one
              // more request in the first load. So do the dashboard's two calls (decisions 018 and
              // 021; features/dashboard/api.ts: the first calls and the checklist ask for the setup
              // checklist; the Admin Panel and the dashboard for the admin's queues).
              test: /[\\/]contract[\\/]src[\\/](catalogue|dates|enums|files|first-answers|idempotency|labels|languages|messages|money|route-paths|routes[\\/][a-z-]+\.paths|[a-z]+-rules)\.ts$|[\\/]src[\\/]features[\\/]auth[\\/]login-handover\.ts$|[\\/]src[\\/]lib[\\/]lazy-page\.ts$|[\\/]src[\\/]i18n[\\/]language-choice\.tsx$|[\\/]src[\\/]features[\\/]dashboard[\\/]api\.ts$/,
              priority: 22,
            },
            // What the first screens share with one other screen (firstScreensShared, above): below 'shared',
            // which keeps what three or more screens share.
            { name: 'first-screens', test: firstScreens.test, priority: 9 },
            // The forms' library: only screens with a form use it, and the first load has none.
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 15 },
            // What three or more screens share (the layout's and the screens' components, the API
            // modules, common icons, Radix, TanStack Query): one chunk instead of dozens of 1 KiB
            // ones, each a round trip on a phone's connection. Measured (decision 014): / 61 → 19
            // scripts and 260 → 227 KiB, /deals/dealsview 69 → 20 and 286 → 232 KiB, /login 33 → 10
            // and 213 → 199 KiB.
            {
              name: 'shared',
              // Not the form helpers, which build schemas: in here they pulled zod into every page.
              test: (id: string) =>
                (/[\\/]src[\\/](ui|api|lib)[\\/]|node_modules[\\/](lucide-react|@tanstack|@radix-ui)[\\/]/.test(id) ||
                  FEATURE_QUERIES.test(id)) &&
                !FORM_HELPERS.test(id),
              minShareCount: 3,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
