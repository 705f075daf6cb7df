// Bundles the server into dist/main.js: our TypeScript (and the contract's) inlined, npm packages left external.
// dist/statement-pdf.js is the statement PDF worker thread's entry, found beside dist/main.js (statement-files.ts).
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/main.ts',
    'create-admin': 'src/cli/create-admin.ts',
    'statement-pdf': 'src/features/commissions/statement-pdf.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@ahente/contract': '../../packages/contract/src' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
