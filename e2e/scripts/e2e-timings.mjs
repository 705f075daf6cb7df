/**
 * Where the browser suite's minutes go (CI time, decision 015): reads Playwright's JSON report
 * (e2e/timings/results.json, written by every run) and prints the time of each spec file and of
 * each project, summed over its tests (all attempts), and the slowest tests.
 *
 *   node e2e/scripts/e2e-timings.mjs [report.json] [--top 25]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ options: { top: { type: 'string', default: '25' } }, allowPositionals: true });
const file = positionals[0] ?? path.join(import.meta.dirname, '..', 'timings', 'results.json');
const report = JSON.parse(fs.readFileSync(file, 'utf8'));

const tests = [];
(function walk(suite, fileName) {
  const here = suite.file ?? fileName;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const ms = test.results.reduce((sum, r) => sum + r.duration, 0);
      tests.push({ file: here, title: spec.title, project: test.projectName, ms, attempts: test.results.length });
    }
  }
  for (const child of suite.suites ?? []) walk(child, here);
})({ suites: report.suites });

const sum = (list) => list.reduce((s, t) => s + t.ms, 0);
const group = (key) => {
  const map = new Map();
  for (const t of tests) map.set(t[key], [...(map.get(t[key]) ?? []), t]);
  return [...map].map(([name, list]) => ({ name, ms: sum(list), n: list.length })).sort((a, b) => b.ms - a.ms);
};
const s = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
const total = sum(tests);
console.log(
  `${tests.length} tests, ${s(total)} of test time, ${s(report.stats.duration)} of wall time (${report.config.workers ?? '?'} workers)`,
);
console.log('\nby project');
for (const g of group('project')) console.log(`${s(g.ms)}  ${String(g.n).padStart(4)} tests  ${g.name}`);
console.log('\nby spec file');
for (const g of group('file'))
  console.log(`${s(g.ms)}  ${String(g.n).padStart(4)} tests  ${((100 * g.ms) / total).toFixed(1).padStart(5)} %  ${g.name}`);
console.log(`\nslowest ${values.top} tests`);
for (const t of [...tests].sort((a, b) => b.ms - a.ms).slice(0, Number(values.top))) {
  console.log(`${s(t.ms)}  [${t.project}] ${t.file} › ${t.title}${t.attempts > 1 ? ` (${t.attempts} attempts)` : ''}`);
}
