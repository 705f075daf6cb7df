// Bundles the server into dist/main.js: our TypeScript (and the contract's) inlined, npm packages left external.
// dist/statement-pdf.js, dist/proposal-pdf.js and dist/certificate-pdf.js are the PDF worker threads' entries, found beside dist/main.js (platform/pdf-pool.ts).
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/main.ts',
    'create-admin': 'src/cli/create-admin.ts',
    'statement-pdf': 'src/features/commissions/statement-pdf.ts',
    'proposal-pdf': 'src/features/proposals/proposal-pdf.ts',
    'certificate-pdf': 'src/features/university/certificate-pdf.ts',
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
