import { parseArgs } from 'node:util';
import type { RouteName } from '@ahente/contract/routes';
import { formatReport, fuzzDatabase } from './runner.ts';

/**
 * `npm run fuzz -- --runs 10000 [--seed N] [--route name]… [--db sqlite|postgres]`: the long fuzz run (decision 031), on
 * SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL too. Prints the status classes per
 * route for each database and exits 1 on any violation.
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2000' },
    seed: { type: 'string' },
    route: { type: 'string', multiple: true },
    log: { type: 'boolean', default: false },
    db: { type: 'string', multiple: true },
  },
});
const runs = Number(values.runs);
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed N] [--route name]… [--db sqlite|postgres] [--log]');
  process.exit(2);
}
process.env.NODE_ENV ??= 'test';
const available = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
// --db sqlite / --db postgres: one of them only (PostgreSQL needs TEST_DATABASE_URL).
const dialects = values.db ? available.filter((d) => values.db!.includes(d)) : available;
if (dialects.length === 0) {
  console.error(`no database to fuzz: --db ${values.db!.join(', ')} (PostgreSQL needs TEST_DATABASE_URL)`);
  process.exit(2);
}
console.log(`fuzz: ${runs} cases per database (${dialects.join(', ')}), seed ${seed}`);
let failed = false;
for (const dialect of dialects) {
  process.env.TEST_DIALECT = dialect;
  let last = 0;
  const report = await fuzzDatabase({
    runs,
    seed,
    log: values.log,
    ...(values.route ? { only: values.route as RouteName[] } : {}),
    onProgress: (done, total) => {
      if (done - last >= 1000 || done === total) {
        last = done;
        process.stderr.write(`  ${dialect}: ${done}/${total}\n`);
      }
    },
  });
  console.log(formatReport(report));
  if (report.violations.length || report.unfuzzed.length) failed = true;
}
console.log(failed ? `fuzz: FAILED (seed ${seed})` : `fuzz: passed (seed ${seed})`);
process.exit(failed ? 1 : 0);
