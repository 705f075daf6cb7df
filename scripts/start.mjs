// `npm start`: builds the web app and the server when their sources are newer than the build,
// then serves the portal like production (migrations run on start).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nodeSupport } from './node-support.mjs';

// Which Node.js runs the portal, first; a warning on one past (or near) its end of life.
const support = nodeSupport(process.versions.node, process.release.lts, new Date());
process.stdout.write(`${support.line}\n`);
if (support.warning) process.stderr.write(`${support.warning}\n`);

const root = path.resolve(import.meta.dirname, '..');
const r = (p) => path.join(root, p);

function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/** Where each build's whole output goes (decision 002, "A quiet first start"): the terminal gets a line per build. */
const logDir = r('node_modules/.cache/ahente');

/**
 * Runs one workspace's build with its output (Vite's list of every file and its size, a few hundred
 * lines) into its log file, and says in one line that it was built and how long it took. On a
 * terminal, "Building …" stands on that line meanwhile. A failed build prints its whole output and
 * stops `npm start` with its exit code.
 */
function build(b) {
  const started = performance.now();
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, b.log);
  const shownLog = path.relative(process.cwd(), logFile) || logFile;
  const tty = process.stdout.isTTY === true;
  if (tty) process.stdout.write(`Building ${b.label}…`);
  const fd = fs.openSync(logFile, 'w');
  const res = spawnSync('npm', ['run', 'build', '-w', b.name], { cwd: root, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  const seconds = (performance.now() - started) / 1000;
  if (tty) process.stdout.write('\r\x1b[K');
  if (res.status !== 0) {
    process.stderr.write(
      `Building ${b.label} failed (${res.signal ?? `exit code ${res.status}`}); its output, also in ${shownLog}:\n\n${fs.readFileSync(logFile, 'utf8')}\n`,
    );
    process.exit(res.status || 1);
  }
  process.stdout.write(`Built ${b.label} in ${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s (its output: ${shownLog})\n`);
}

const contract = newest(r('packages/contract/src'));
const builds = [
  {
    name: '@ahente/web',
    label: 'the web app',
    log: 'build-web.log',
    output: r('apps/web/dist/index.html'),
    sources: [r('apps/web/src'), r('apps/web/index.html'), r('apps/web/public')],
  },
  {
    name: '@ahente/server',
    label: 'the server',
    log: 'build-server.log',
    output: r('apps/server/dist/main.js'),
    sources: [r('apps/server/src')],
  },
];
for (const b of builds) {
  const sourceTime = Math.max(contract, ...b.sources.map((s) => (fs.existsSync(s) && fs.statSync(s).isDirectory() ? newest(s) : mtime(s))));
  if (mtime(b.output) < sourceTime) build(b);
}

// Every node option the server runs with, and nothing else (apps/server/node-options.json, decision
// 035): stack traces through the source maps, and a young generation of 64 MB per semi-space, so the
// rows, records and text of a list answer die young instead of being copied into the old generation
// while ten requests are in flight. The API tests, the browser suite's servers and the bench, crash
// and scale tests' servers read the same file (decision 035), so an option cannot break production alone.
const nodeOptions = JSON.parse(fs.readFileSync(r('apps/server/node-options.json'), 'utf8'));
const child = spawn(process.execPath, [...nodeOptions, r('apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
