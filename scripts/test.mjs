#!/usr/bin/env node
// `npm test`: every check a fresh clone must pass, in three phases, each phase's independent steps
// side by side on the machine's cores (CI has two; decision 015):
//   1. type checks, lint, the web's unit tests and the build (the browser tests need the build);
//   2. the API suite on SQLite and, with TEST_DATABASE_URL, on PostgreSQL: two processes;
//   3. the browser tests (Playwright spreads them over its own workers).
// A failing phase stops the run. The time of each step is printed at the end.
//
// `npm test -- --with-system-tests` (CI's .ci/run) adds the short crash tests and the scale test
// (bench/crashtest.ts, bench/scaletest.ts: PostgreSQL, PgBouncer) to phase 2, after the API suite
// on SQLite: that suite ends about two minutes before PostgreSQL's, and its core would otherwise
// wait idle for it (decision 015).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const web = path.join(root, 'apps/web');
const e2e = path.join(root, 'e2e');

/** @typedef {{ name: string, cmd: string, args: string[], cwd?: string, env?: Record<string, string> }} Step */
/** A lane: steps run one after the other; the lanes of a phase run side by side. */
/** @typedef {Step | Step[]} Lane */

const systemTests = process.argv.includes('--with-system-tests');
const bench = { BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' };
/** @type {Step[]} */
const systemSteps = [
  { name: 'crash:sqlite', cmd: 'npm', args: ['run', '-s', 'crashtest', '--', '--short', '--database', 'sqlite'], env: bench },
  {
    name: 'crash:postgres',
    cmd: 'npm',
    args: ['run', '-s', 'crashtest', '--', '--short', '--database', 'postgres', '--storage', 's3'],
    env: bench,
  },
  { name: 'scale', cmd: 'npm', args: ['run', '-s', 'scaletest'], env: bench },
];

const phases = /** @type {Lane[][]} */ ([
  [
    { name: 'typecheck', cmd: 'npm', args: ['run', '-s', 'typecheck'] },
    { name: 'lint', cmd: 'npm', args: ['run', '-s', 'lint'] },
    { name: 'web:unit', cmd: 'npx', args: ['vitest', 'run'], cwd: web },
    { name: 'build', cmd: 'npm', args: ['run', '-s', 'build'] },
  ],
  [
    [{ name: 'api:sqlite', cmd: 'npx', args: ['vitest', 'run', '--project', 'sqlite*'], cwd: server }, ...(systemTests ? systemSteps : [])],
    ...(process.env.TEST_DATABASE_URL
      ? [{ name: 'api:postgres', cmd: 'npx', args: ['vitest', 'run', '--project', 'postgres*'], cwd: server }]
      : []),
  ],
  [{ name: 'e2e', cmd: 'npx', args: ['playwright', 'test'], cwd: e2e }],
]);

/** @type {{ name: string, seconds: number, code: number | null }[]} */
const times = [];

/** Runs one step; beside others, each line of its output is prefixed with its name. */
function run(step, alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, {
      cwd: step.cwd ?? root,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    if (!alone) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(`[${step.name}] ${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`[${step.name}] ${rest}\n`));
      }
    }
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      times.push({ name: step.name, seconds, code: code ?? (signal ? 1 : 0) });
      console.log(`== ${step.name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds.toFixed(0)} s`);
      resolve(code === 0);
    });
  });
}

const start = Date.now();
let ok = true;
/** Runs a lane's steps in order; stops at the first that fails. */
async function runLane(lane, alone) {
  for (const step of Array.isArray(lane) ? lane : [lane]) if (!(await run(step, alone))) return false;
  return true;
}

const laneName = (lane) => (Array.isArray(lane) ? lane.map((s) => s.name).join(' → ') : lane.name);

for (const phase of phases) {
  console.log(`== ${phase.map(laneName).join(' ∥ ')}`);
  const results = await Promise.all(phase.map((lane) => runLane(lane, phase.length === 1 && !Array.isArray(lane))));
  if (results.includes(false)) {
    ok = false;
    break;
  }
}

// Where the browser tests' time went (their JSON report), for whoever reads CI's log.
if (times.some((t) => t.name === 'e2e')) {
  console.log('\n== e2e, where the time went');
  await run({ name: 'e2e timings', cmd: 'node', args: ['scripts/e2e-timings.mjs', '--top', '15'], cwd: e2e }, true);
  times.pop();
}

console.log('\n== npm test, time of each step');
for (const t of times) console.log(`${t.name.padEnd(14)} ${t.seconds.toFixed(0).padStart(5)} s  ${t.code === 0 ? 'passed' : 'FAILED'}`);
console.log(`${'total'.padEnd(14)} ${((Date.now() - start) / 1000).toFixed(0).padStart(5)} s  ${ok ? 'passed' : 'FAILED'}`);
process.exit(ok ? 0 : 1);
