import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDatabases } from '../test/fresh-db.ts';
import { prettyLogLine } from './platform/terminal.ts';
import { NODE_END_OF_LIFE, RECOMMENDED_NODE, nodeSupport } from '../../../scripts/node-support.mjs';

/**
 * A quiet first start (decision 002): what `npm start` prints. scripts/start.mjs in a copy of the
 * repository's layout whose two builds print a few hundred lines as Vite does (the real builds take
 * a minute and write the build the browser tests share): a line per build, the whole output in a
 * log file it names, all of it on a failure, and the server run with node-options.json's options.
 * Then the server itself (src/main.ts, as `npm run dev` runs it) at its first start on an empty
 * database: its log as text with LOG_FORMAT=pretty (what a terminal gets), pino's JSON when its
 * output is not a terminal, and the administrator it created framed, last, with the next step, in
 * no log line.
 */

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
const repo = path.resolve(import.meta.dirname, '../../..');
const serverDir = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-first-start-'));
const databases = emptyDatabases('first', work);
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await databases.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the log as text (platform/terminal.ts)', () => {
  const at = Date.UTC(2026, 10, 21, 1, 2, 3); // 09:02:03 in Manila
  it("shows Manila's time, the level, the message and the other fields; an error's stack below; anything else as it came", () => {
    expect(
      prettyLogLine(JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'vm', msg: 'retention purge', outbox: 3 }), { color: false }),
    ).toBe('09:02:03 INFO  retention purge  outbox=3\n');
    expect(
      prettyLogLine(
        JSON.stringify({
          level: 30,
          time: at,
          reqId: 'req-7',
          req: { method: 'POST', url: '/api/login', id: 'req-7', ip: '127.0.0.1' },
          password: '[redacted]',
          msg: 'incoming request',
        }),
        { color: false },
      ),
    ).toBe('09:02:03 INFO  incoming request  reqId=req-7  POST /api/login id=req-7 ip=127.0.0.1  password=[redacted]\n');
    expect(
      prettyLogLine(
        JSON.stringify({
          level: 50,
          time: at,
          msg: 'daily job failed',
          err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at run (x.ts:1:1)' },
        }),
        { color: false },
      ),
    ).toBe('09:02:03 ERROR daily job failed\n    Error: boom\n        at run (x.ts:1:1)\n');
    expect(prettyLogLine(JSON.stringify({ level: 40, time: at, msg: 'careful' }), { color: true })).toBe(
      '\x1b[90m09:02:03\x1b[0m \x1b[33mWARN \x1b[0m careful\n',
    );
    expect(prettyLogLine('not JSON', { color: false })).toBe('not JSON\n');
  });
});

describe('npm start (scripts/start.mjs)', () => {
  /** The repository's layout with builds that print as Vite does, in a directory of its own. */
  function fakeRepository(): string {
    const root = fs.mkdtempSync(path.join(work, 'repo-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    fs.mkdirSync(path.join(root, 'scripts'));
    for (const script of ['start.mjs', 'node-support.mjs'])
      fs.copyFileSync(path.join(repo, 'scripts', script), path.join(root, 'scripts', script));
    write('apps/server/node-options.json', fs.readFileSync(path.join(serverDir, 'node-options.json'), 'utf8'));
    write('package.json', JSON.stringify({ name: 'fake-ahente', private: true, workspaces: ['apps/web', 'apps/server'] }));
    write('packages/contract/src/index.ts', 'export {};\n');
    write('apps/web/package.json', JSON.stringify({ name: '@ahente/web', private: true, scripts: { build: 'node build.mjs' } }));
    write('apps/web/index.html', '<!doctype html>\n');
    write('apps/web/public/icon.svg', '<svg/>\n');
    write('apps/web/src/main.tsx', 'export {};\n');
    write(
      'apps/web/build.mjs',
      [
        "import fs from 'node:fs';",
        "if (fs.existsSync('fail')) { console.log('transforming...'); console.error('error: src/main.tsx (3:1): Unexpected token'); process.exit(2); }",
        'for (let i = 0; i < 250; i++) console.log(`dist/assets/chunk-${i}.js  ${i}.00 kB`);',
        "console.error('(!) a warning on stderr');",
        "fs.mkdirSync('dist', { recursive: true });",
        "fs.writeFileSync('dist/index.html', '<!doctype html>');",
      ].join('\n'),
    );
    write('apps/server/package.json', JSON.stringify({ name: '@ahente/server', private: true, scripts: { build: 'node build.mjs' } }));
    write('apps/server/src/main.ts', 'export {};\n');
    // The "server": says which node options it runs with, and exits.
    write(
      'apps/server/build.mjs',
      [
        "import fs from 'node:fs';",
        "console.log('  dist/main.js  1.2mb');",
        "fs.mkdirSync('dist', { recursive: true });",
        "fs.writeFileSync('dist/main.js', 'console.log(JSON.stringify({ execArgv: process.execArgv, nodeEnv: process.env.NODE_ENV }));');",
      ].join('\n'),
    );
    return root;
  }

  const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? os.homedir() };
  const start = (root: string) =>
    spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  /** A source file newer than the build, so that `npm start` builds again. */
  const touch = (root: string, file: string) => {
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(root, file), later, later);
  };
  const nodeOptions = JSON.parse(fs.readFileSync(path.join(serverDir, 'node-options.json'), 'utf8')) as string[];
  /** What start.mjs says first about the Node.js it runs on (its own table; the next describe tests the table). */
  const support = nodeSupport(process.versions.node, process.release.lts, new Date());
  /** What is left of the output once that line and the warning, if any, are checked and taken out. */
  const afterNodeLine = (res: { stdout: string; stderr: string }) => {
    const [line, ...rest] = res.stdout.trimEnd().split('\n');
    expect(line).toBe(support.line);
    expect(res.stderr.startsWith(support.warning ? `${support.warning}\n` : '')).toBe(true);
    return { lines: rest, stderr: support.warning ? res.stderr.slice(support.warning.length + 1) : res.stderr };
  };
  const built = (what: string, log: string) =>
    new RegExp(`^Built ${what} in \\d+(\\.\\d)? s \\(its output: node_modules/\\.cache/ahente/${log.replace('.', '\\.')}\\)$`);

  it('says each build in a line and keeps its output in the log file it names; runs the server with node-options.json', () => {
    const root = fakeRepository();
    const first = start(root);
    expect(first.status, first.stderr).toBe(0);
    const { lines, stderr } = afterNodeLine(first);
    expect(stderr).toBe('');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(built('the web app', 'build-web.log'));
    expect(lines[1]).toMatch(built('the server', 'build-server.log'));
    // The server as before (decision 035): node-options.json's options, and nothing else; production.
    expect(JSON.parse(lines[2]!)).toEqual({ execArgv: nodeOptions, nodeEnv: 'production' });
    // The builds' whole output, both streams, in the files named.
    const webLog = fs.readFileSync(path.join(root, 'node_modules/.cache/ahente/build-web.log'), 'utf8');
    expect(webLog).toContain('dist/assets/chunk-0.js  0.00 kB');
    expect(webLog).toContain('dist/assets/chunk-249.js  249.00 kB');
    expect(webLog).toContain('(!) a warning on stderr');
    expect(fs.readFileSync(path.join(root, 'node_modules/.cache/ahente/build-server.log'), 'utf8')).toContain('dist/main.js  1.2mb');

    // Nothing changed: no build, the server alone.
    const again = start(root);
    expect(again.status).toBe(0);
    expect(afterNodeLine(again).lines).toEqual([lines[2]]);

    // Only the web app's sources changed: only it is built.
    touch(root, 'apps/web/src/main.tsx');
    const web = afterNodeLine(start(root)).lines;
    expect(web).toHaveLength(2);
    expect(web[0]).toMatch(built('the web app', 'build-web.log'));
  });

  it('prints the whole output of a failed build, and stops with its exit code before starting the server', () => {
    const root = fakeRepository();
    fs.writeFileSync(path.join(root, 'apps/web/fail'), '');
    const failed = start(root);
    expect(failed.status).toBe(2);
    const { lines, stderr } = afterNodeLine(failed);
    expect(lines).toEqual([]);
    expect(stderr).toMatch(
      /^Building the web app failed \(exit code 2\); its output, also in node_modules\/\.cache\/ahente\/build-web\.log:\n\n/,
    );
    expect(stderr).toContain('transforming...');
    expect(stderr).toContain('error: src/main.tsx (3:1): Unexpected token');
    expect(fs.existsSync(path.join(root, 'apps/server/dist/main.js'))).toBe(false);
  });

  it('on a terminal, shows "Building …" on the line the result then replaces', () => {
    const root = fakeRepository();
    // `script` gives the command a terminal of its own (util-linux's, on Debian's base system).
    const res = spawnSync('script', ['-qec', `${JSON.stringify(process.execPath)} scripts/start.mjs`, '/dev/null'], {
      cwd: root,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(res.status, res.stderr).toBe(0);
    // The carriage return and "erase the line" (ESC [K) that put the result in place of "Building …".
    const out = res.stdout.replaceAll('\r\n', '\n').replaceAll('\r\x1b[K', '<erased>');
    expect(out.startsWith(`${support.line}\n`)).toBe(true);
    expect(out).toMatch(
      /\nBuilding the web app…<erased>Built the web app in \d+(\.\d)? s \(its output: node_modules\/\.cache\/ahente\/build-web\.log\)\n/,
    );
    expect(out).toMatch(
      /\nBuilding the server…<erased>Built the server in \d+(\.\d)? s \(its output: node_modules\/\.cache\/ahente\/build-server\.log\)\n/,
    );
    expect(out).not.toContain('chunk-');
  });
});

describe("npm start's word on the Node.js it runs (scripts/node-support.mjs)", () => {
  const on = (day: string) => new Date(`${day}T12:00:00Z`);
  it('names the version and its LTS line, and warns on a line past its end of life or within 90 days of it', () => {
    expect(nodeSupport('24.22.3', 'Krypton', on('2026-12-03'))).toEqual({
      line: 'Node.js v24.22.3 (LTS Krypton, security fixes until 2028-04-30)',
      warning: null,
    });
    expect(nodeSupport('20.20.2', 'Iron', on('2026-12-03'))).toEqual({
      line: 'Node.js v20.20.2 (LTS Iron, security fixes ended on 2026-04-30)',
      warning:
        'Warning: Node.js 20 reached its end of life on 2026-04-30 and gets no security fixes: run the portal on Node.js 24 LTS (README, "Requirements").',
    });
    expect(nodeSupport('20.19.0', 'Iron', on('2026-02-28')).warning).toBe(
      'Warning: Node.js 20 reaches its end of life on 2026-04-30, in 60 days: run the portal on Node.js 24 LTS (README, "Requirements").',
    );
    expect(nodeSupport('20.19.0', 'Iron', on('2026-01-20')).warning).toBeNull();
    expect(nodeSupport('26.12.1', undefined, on('2026-12-03')).line).toBe(
      'Node.js v26.12.1 (not an LTS release, security fixes until 2029-04-30)',
    );
    // A line the table does not know yet: named, no warning.
    expect(nodeSupport('27.0.0', undefined, on('2027-05-01'))).toEqual({ line: 'Node.js v27.0.0 (not an LTS line)', warning: null });
  });
  it('knows the recommended line and every line from 18 on', () => {
    expect(RECOMMENDED_NODE).toBe(24);
    for (let major = 18; major <= 26; major++) expect(NODE_END_OF_LIFE[major], String(major)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe(`the server at its first start (src/main.ts, ${dialect})`, () => {
  /** The server's own entry point on an empty database, as `npm run dev` runs it (tsx). */
  async function firstStart(extraEnv: Record<string, string>) {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(work, 'server-'));
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        COOKIE_SECURE: 'false',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: await databases.url(),
        STORAGE_DIR: path.join(dir, 'uploads'),
        WEB_DIST: path.join(dir, 'no-web-build'),
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const deadline = Date.now() + 45_000;
    // The frame's last line: the server listens, and has said all it says at start.
    while (!output.includes('  └')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no administrator notice:\n${output}`);
      await sleep(100);
    }
    await sleep(300);
    const atStart = output;
    const password = /│ {4}Password {2}(\S+) /.exec(atStart)?.[1] ?? '';
    expect(password).toMatch(/^[A-Z0-9]{16}$/);

    // The password logs in (a request, logged: in neither format does the log hold the password).
    const csrf = await fetch(`http://127.0.0.1:${port}/api/csrf-cookie`);
    const cookies = csrf.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '');
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': xsrf },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    await sleep(300);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    return { atStart, all: output, password, port };
  }

  /** The frame, exactly, as it ends what the server prints at start: 45 characters wide inside. */
  const notice = (password: string, port: number) => {
    const row = (text: string) => `  │  ${text.padEnd(45)}  │`;
    return [
      `  ┌${'─'.repeat(49)}┐`,
      row(''),
      row('No administrator existed, so one was created:'),
      row(''),
      row('  Username  admin'),
      row(`  Password  ${password}`),
      row(''),
      row('It is shown this once and is in no log.'),
      row(`Next: open http://127.0.0.1:${port}, log in,`),
      row('then turn on two-factor sign-in;'),
      row('then Settings → Security → Change password.'),
      row(''),
      `  └${'─'.repeat(49)}┘`,
    ].join('\n');
  };

  it('with LOG_FORMAT=pretty (a terminal): a line of text per log entry, then the administrator, framed, last', async () => {
    const { atStart, all, password, port } = await firstStart({ LOG_FORMAT: 'pretty' });
    expect(atStart.endsWith(`\n${notice(password, port)}\n\n`), atStart).toBe(true);
    const logLines = atStart.slice(0, atStart.indexOf('  ┌')).trim().split('\n');
    expect(logLines.filter((line) => line.endsWith(' INFO  e-mail off (SMTP_URL unset): notifications in the portal only'))).toHaveLength(
      1,
    );
    for (const line of logLines) expect(line).toMatch(/^\d\d:\d\d:\d\d (INFO |WARN ) \S/);
    expect(logLines.at(-1)).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d INFO  Server listening at http://127\\.0\\.0\\.1:${port}$`));
    // The login's request, as text too; the password only ever in the frame.
    const after = all.slice(atStart.length);
    expect(after).toMatch(/^\d\d:\d\d:\d\d INFO {2}incoming request {2}.*POST \/api\/login/m);
    expect(after).toMatch(/^\d\d:\d\d:\d\d INFO {2}request completed {2}.*→ 200 {2}in \d+\.\d ms/m);
    expect(all).not.toMatch(/^\{/m);
    expect(all.split(password)).toHaveLength(2);
  }, 90_000);

  it('when its output is not a terminal: pino JSON lines, unchanged for log collectors, and the notice last', async () => {
    const { atStart, all, password, port } = await firstStart({});
    expect(atStart.endsWith(`\n${notice(password, port)}\n\n`), atStart).toBe(true);
    // Every line but the notice's is one of pino's JSON objects.
    const logLines = all
      .replace(`\n${notice(password, port)}\n\n`, '')
      .trim()
      .split('\n');
    const entries = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; time: number });
    expect(entries.map((e) => e.msg)).toEqual(
      expect.arrayContaining([
        'e-mail off (SMTP_URL unset): notifications in the portal only',
        `Server listening at http://127.0.0.1:${port}`,
        'incoming request',
        'request completed',
      ]),
    );
    for (const e of entries) expect(typeof e.time).toBe('number');
    expect(all.split(password)).toHaveLength(2);
  }, 90_000);
});
