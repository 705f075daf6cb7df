import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartBody, startTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Shutdown as a client sees it: a download that is under way when the server is asked to stop
 * arrives whole, and the server takes no new connection afterwards. First through Fastify's own
 * close (what main.ts calls), then through the real process: `src/main.ts` sent SIGTERM.
 */

/** Big enough that it cannot sit whole in the socket buffers while the client pauses. */
const FILE_BYTES = 24 * 1024 * 1024;
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_BYTES - 9)]);

interface Download {
  /** Resolves with the first chunk: the response is under way, and the client now pauses. */
  started: Promise<void>;
  /** Lets the client read on. */
  resume(): void;
  /** The whole response, once it ended. */
  done: Promise<{ status: number; body: Buffer }>;
}

/** A GET whose reader pauses after the first chunk until told to resume. */
function slowDownload(port: number, urlPath: string, cookie: string, agent: http.Agent | false): Download {
  let resume = () => {};
  let started = () => {};
  const startedP = new Promise<void>((r) => (started = r));
  const done = new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, headers: { cookie }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        if (chunks.length === 0) {
          res.pause();
          resume = () => res.resume();
          started();
        }
        chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  return { started: startedP, resume: () => resume(), done };
}

/** The error code of a fresh connection to the port, or 'connected'. */
function connectResult(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('closing the app', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('lets a download in flight finish, then refuses new connections', async () => {
    t = await startTestApp();
    const admin = await t.loginAs(await t.createAdmin());
    const sectionId = (await admin.post('/api/createsection', { name: 'Shutdown' })).json().section.id;
    const bytes = pdf();
    const uploaded = await admin.postForm('/api/uploadmaterial', [
      { name: 'sectionId', value: String(sectionId) },
      { name: 'file', filename: 'big.pdf', content: bytes },
    ]);
    expect(uploaded.statusCode).toBe(201);
    const id = uploaded.json().material.id;

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const download = slowDownload(port, `/api/downloadmaterial/${id}`, cookie, false);
    await download.started;

    let closed = false;
    const closing = t.app.close().then(() => (closed = true));
    await sleep(300);
    // Still waiting for the response the client has not finished reading.
    expect(closed).toBe(false);
    download.resume();
    const res = await download.done;
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(bytes.length);
    expect(res.body.equals(bytes)).toBe(true);

    await closing;
    expect(await connectResult(port)).toBe('ECONNREFUSED');
  });
});

describe('server timeouts (decision 006)', () => {
  it("give a largest-size upload over slow mobile data its time, and outlive a proxy's idle keep-alive", async () => {
    const s = await startTestApp({ uploads: { materialBytes: 50 * 1024 * 1024, photoBytes: 5 * 1024 * 1024 } });
    try {
      // 50 MB at 0.5 Mbit/s takes 839 s: the whole request may take that long, and more.
      expect(s.app.server.requestTimeout).toBeGreaterThan((50 * 1024 * 1024 * 8) / 500);
      // A connection silent for two minutes (a phone gone for good) is dropped; a shorter stall is not.
      expect(s.app.server.timeout).toBe(120_000);
      // Longer than the 60 s idle timeout of nginx and cloud load balancers: they close first.
      expect(s.app.server.keepAliveTimeout).toBeGreaterThan(60_000);
      // A larger configured limit gets a longer request time.
      const larger = await startTestApp({ uploads: { materialBytes: 200 * 1024 * 1024, photoBytes: 5 * 1024 * 1024 } });
      try {
        expect(larger.app.server.requestTimeout).toBeGreaterThan((200 * 1024 * 1024 * 8) / 500);
      } finally {
        await larger.close();
      }
    } finally {
      await s.close();
    }
  });
});

describe('SIGTERM to the server process (src/main.ts)', () => {
  let child: ChildProcess | undefined;
  let dir = '';
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finishes a keep-alive download in flight, closes the database and exits 0 without waiting out keep-alive', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-shutdown-'));
    const port = await freePort();
    const admin = { username: 'shutdown_admin', password: 'shutdown-pass-1' };
    let output = '';
    // The server's own entry point, as `npm run dev` runs it (tsx); SQLite, whatever the project.
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${path.join(dir, 'ahente.db')}`,
        STORAGE_DIR: path.join(dir, 'uploads'),
        WEB_DIST: path.join(dir, 'no-web-build'),
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        // The admin works with a password alone here (two-factor sign-in has its own tests).
        ADMIN_2FA: 'optional',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c) => (output += c));
    child.stderr?.on('data', (c) => (output += c));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));

    const api = new CookieClient(port);
    await api.waitForHealth(() => output);
    expect((await api.send('POST', '/api/login', admin)).status).toBe(200);
    const section = await api.send('POST', '/api/createsection', { name: 'Shutdown' });
    const sectionId = (section.json as { section: { id: number } }).section.id;
    const bytes = pdf();
    const form = multipartBody([
      { name: 'sectionId', value: String(sectionId) },
      { name: 'file', filename: 'big.pdf', content: bytes },
    ]);
    const uploaded = await api.send('POST', '/api/uploadmaterial', form.body, form.contentType);
    expect(uploaded.status, output).toBe(201);
    const id = (uploaded.json as { material: { id: number } }).material.id;

    // A browser-like client keeps its connection alive after the response.
    const agent = new http.Agent({ keepAlive: true });
    try {
      const download = slowDownload(port, `/api/downloadmaterial/${id}`, api.cookieHeader(), agent);
      await download.started;
      child.kill('SIGTERM');

      // The server stops taking connections while the download is still under way...
      let refused = '';
      for (let i = 0; i < 40 && refused !== 'ECONNREFUSED'; i++) {
        await sleep(50);
        refused = await connectResult(port);
      }
      expect(refused).toBe('ECONNREFUSED');
      expect(child.exitCode).toBeNull();

      // ...and the download arrives whole.
      download.resume();
      const res = await download.done;
      expect(res.status).toBe(200);
      expect(res.body.equals(bytes)).toBe(true);

      // Then it exits cleanly, well before the grace delay (8 s) or keep-alive (72 s) would end it.
      const finished = Date.now();
      expect(await exited, output).toBe(0);
      expect(Date.now() - finished).toBeLessThan(5_000);
    } finally {
      agent.destroy();
    }
  }, 60_000);
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A minimal browser-like client over real HTTP: keeps cookies and echoes XSRF-TOKEN. */
class CookieClient {
  private readonly jar = new Map<string, string>();
  constructor(private readonly port: number) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async waitForHealth(output: () => string): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${this.port}/api/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output()}`);
      await sleep(100);
    }
  }

  async send(method: 'GET' | 'POST', urlPath: string, body?: unknown, contentType = 'application/json') {
    if (method !== 'GET' && !this.jar.has('XSRF-TOKEN')) await this.send('GET', '/api/csrf-cookie');
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    if (method !== 'GET') {
      headers['x-xsrf-token'] = this.jar.get('XSRF-TOKEN') ?? '';
      headers['content-type'] = contentType;
    }
    const res = await fetch(`http://127.0.0.1:${this.port}${urlPath}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  }
}
