#!/usr/bin/env node
// `npm run typecheck`: the type checks of the five TypeScript projects with TypeScript 7, the
// compiler written in Go (the `typescript-7` package, an alias of `typescript@7`), about four
// times less CPU than TypeScript 6 for the same checks (decision 002). ESLint's parser still needs
// TypeScript 6's JavaScript API (typescript-eslint supports up to 6.0), so both are installed and
// their `tsc` commands share one name in node_modules/.bin: this script names its compiler by path.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin', 'tsc');
const projects = ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'];

let failed = false;
for (const project of projects) {
  const started = Date.now();
  const { status } = spawnSync(process.execPath, [tsc, '-p', project, '--singleThreaded'], { cwd: root, stdio: 'inherit' });
  console.log(`tsc -p ${project}: ${status === 0 ? 'no errors' : 'ERRORS'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
