import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from './api-route.ts';
import { declarePublicScope, requireAccessEverywhere, requireRouteTable } from './guards.ts';
import { REDACT_PATHS } from './logging.ts';
import { SESSION_COOKIE } from './sessions.ts';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(web, 'assets', 'app-123.js'), 'console.log(1)');
  // As the build leaves them: a brotli and a gzip copy beside the asset.
  fs.writeFileSync(path.join(web, 'assets', 'app-123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(web, 'assets', 'app-123.js.gz'), zlib.gzipSync('console.log(1)'));
  t = await startTestApp({ webDist: web });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('platform', () => {
  it('answers /api/health with ok when the database answers', async () => {
    const res = await t.client().get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await t.client().get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on every kind of answer: a page, an asset, an unknown API path, a refused call', async () => {
    const answers = await Promise.all([
      t.client().get('/deals/dealsview'),
      t.client().get('/assets/app-123.js'),
      t.client().get('/api/no-such-route'),
      t.client().post('/api/getdeals', { id: 1 }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404, 401]);
    for (const res of answers) {
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sets the XSRF-TOKEN cookie on an API response when the request lacks it, and not otherwise', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    const token = first.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    expect(token).toBeTruthy();
    const second = await t.app.inject({ method: 'GET', url: '/api/health', cookies: { 'XSRF-TOKEN': token! } });
    expect(second.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('sends HSTS and upgrade-insecure-requests only when cookies are Secure (a LAN trial over http works)', async () => {
    const plain = await t.client().get('/deals/dealsview');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    const s = await startTestApp({ cookieSecure: true, webDist: web });
    try {
      const secure = await s.client().get('/deals/dealsview');
      expect(secure.headers['strict-transport-security']).toContain('max-age=');
      expect(String(secure.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await s.close();
    }
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.client().get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No route GET /api/nothing-here' });
    const post = await t.client().post('/api/nothing-here', {});
    expect(post.statusCode).toBe(404);
    // The router decides what is an API path, not the URL's spelling: never the SPA's index.html.
    for (const [method, url] of [
      ['GET', '/%61pi/nothing-here'],
      ['GET', '/api/login'],
      ['HEAD', '/api/deep/nothing/here'],
      ['DELETE', '/api/nothing-here'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toContain('application/json');
    }
    expect((await t.client().get('/api/deep/nothing/here')).json()).toEqual({ error: 'No route GET /api/deep/nothing/here' });
  });

  it('serves the SPA: index.html for app routes, hashed assets cached for good', async () => {
    const page = await t.client().get('/deals/dealsview');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    // HEAD answers as GET does, without the body.
    const head = await t.app.inject({ method: 'HEAD', url: '/deals/dealsview' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(page.headers['content-type']);
    expect(head.headers['content-length']).toBe(page.headers['content-length']);
    expect(head.body).toBe('');
    expect((await t.app.inject({ method: 'HEAD', url: '/login' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    const asset = await t.client().get('/assets/app-123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it("answers the busy screens' addresses with their pages of preload hints, when the build wrote them", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-web-'));
    fs.mkdirSync(path.join(dist, 'screens'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'screens', 'dashboard.html'), '<!doctype html><link rel="modulepreload" href="/assets/d.js">');
    fs.writeFileSync(path.join(dist, 'screens', 'deals-view.html'), '<!doctype html><link rel="modulepreload" href="/assets/v.js">');
    // A name that is not a page of screens/ is ignored.
    fs.writeFileSync(
      path.join(dist, 'screens', 'screens.json'),
      JSON.stringify({ '/': 'dashboard.html', '/deals/dealsview': 'deals-view.html', '/x': '../index.html' }),
    );
    const s = await startTestApp({ webDist: dist });
    try {
      const home = await s.client().get('/');
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('/assets/d.js');
      expect(home.headers['cache-control']).toBe('no-cache');
      expect((await s.client().get('/deals/dealsview')).body).toContain('/assets/v.js');
      expect((await s.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
      // Every other address, and the files themselves, get index.html.
      for (const url of ['/sales/salesview', '/x', '/screens/dashboard.html', '/screens/screens.json']) {
        const res = await s.client().get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe('<!doctype html><div id="root"></div>');
      }
    } finally {
      await s.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('answers /login with the page that asks for no session to a browser without a live session', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'login.html'), '<!doctype html><link rel="preload" href="/api/me"><div id="root">login</div>');
    fs.writeFileSync(path.join(dist, 'login-anonymous.html'), '<!doctype html><div id="root" data-signed-out="">login</div>');
    const s = await startTestApp({ webDist: dist });
    try {
      const anonymous = await s.app.inject({ method: 'GET', url: '/login' });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.body).toBe('<!doctype html><div id="root" data-signed-out="">login</div>');
      expect(anonymous.headers.vary).toContain('Cookie');
      expect(anonymous.headers['cache-control']).toBe('no-cache');
      // A cookie that names no live session (expired, ended elsewhere): the page that asks nothing either.
      const unknown = await s.app.inject({ method: 'GET', url: '/login', cookies: { [SESSION_COOKIE]: 'expired-or-ended' } });
      expect(unknown.body).toBe('<!doctype html><div id="root" data-signed-out="">login</div>');
      expect(unknown.headers.vary).toContain('Cookie');
      // A live session: the page that asks the server, whose GET /api/me then answers 200.
      const member = await s.loginAs(await s.createMember());
      const live = await member.get('/login');
      expect(live.body).toBe('<!doctype html><link rel="preload" href="/api/me"><div id="root">login</div>');
      expect(live.headers.vary).toContain('Cookie');
      expect((await member.get('/api/me')).statusCode).toBe(200);
      // Logged out: the cookie is gone or names no session, and the page asks nothing again.
      const sid = member.cookies.get(SESSION_COOKIE)!;
      expect((await member.post('/api/logout', {})).statusCode).toBeLessThan(300);
      const after = await s.app.inject({ method: 'GET', url: '/login', cookies: { [SESSION_COOKIE]: sid } });
      expect(after.body).toBe('<!doctype html><div id="root" data-signed-out="">login</div>');
      // Neither file under its own name: the app's index.html.
      for (const url of ['/login.html', '/login-anonymous.html']) {
        expect((await s.client().get(url)).body, url).toBe('<!doctype html><div id="root"></div>');
      }
    } finally {
      await s.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('sends a JSON answer over 1 kB compressed when the client accepts it, plain otherwise', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('sends an asset compressed as the browser accepts it, from the copies made at build time', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('serves /api/docs to administrators only when API_DOCS=admin (the default in production), under its own CSP', async () => {
    const s = await startTestApp({ apiDocs: 'admin', admin2fa: 'optional' });
    try {
      const { agentClient, adminClient } = await s.callers();
      for (const url of ['/api/docs/json', '/api/docs', '/api/docs/static/index.html', '/api/%64ocs/json']) {
        const anonymous = await s.client().get(url);
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.json().error, url).toEqual(expect.any(String));
        expect((await agentClient.get(url)).statusCode, url).toBe(403);
      }
      const json = await adminClient.get('/api/docs/json');
      expect(json.statusCode).toBe(200);
      expect(json.json().paths['/api/adddeals']).toBeDefined();
      const page = await adminClient.get('/api/docs/');
      expect(page.statusCode).toBe(200);
      // swagger-ui's CSP on its own pages only; the app's everywhere else.
      expect(page.headers['content-security-policy']).toContain('style-src');
      const app = await adminClient.get('/api/me');
      expect(app.headers['content-security-policy']).toContain("style-src 'self'");
      expect(app.headers['content-security-policy']).not.toContain('https:');
    } finally {
      await s.close();
    }
  });

  it('publishes the OpenAPI description at /api/docs', async () => {
    const res = await t.client().get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/login', '/api/registeraccounts', '/api/editMember']));
  });

  it('refuses to register an API route that is not in the route table, or differs from its entry', async () => {
    const app = Fastify();
    requireAccessEverywhere(app);
    await app.register(async (api) => {
      requireRouteTable(api);
      expect(() => api.get('/api/oops', { config: { access: 'member' } }, async () => ({}))).toThrow(
        'Route GET /api/oops is not in the route table (packages/contract/src/routes.ts)',
      );
      expect(() => api.post('/api/getsection', { config: { access: 'member', route: routes.getSections } }, async () => ({}))).toThrow(
        'does not match its table entry GET /api/getsection',
      );
      expect(() => api.get('/api/getsection', { config: { access: 'public', route: routes.getSections } }, async () => ({}))).toThrow(
        "declares no access rule, or not the table's",
      );
      expect(() => apiRoute(api, routes.getSections, async () => [])).not.toThrow();
    });
    await app.close();
  });

  it('refuses to start when a route anywhere declares no access rule, whatever its URL', async () => {
    const app = Fastify();
    requireAccessEverywhere(app);
    app.get('/not-under-api', async () => ({}));
    await expect(app.ready()).rejects.toThrow('Route GET /not-under-api declares no access rule');

    const ok = Fastify();
    requireAccessEverywhere(ok);
    await ok.register(async (docs) => {
      declarePublicScope(docs);
      docs.get('/api/docs/json', async () => ({}));
    });
    await expect(ok.ready()).resolves.toBeDefined();
    expect(ok.registeredRoutes.map((r) => `${r.method} ${r.url} ${r.access}`)).toContain('GET /api/docs/json public');
    await ok.close();
  });

  it('never logs passwords, cookies, tokens or personal numbers', () => {
    let out = '';
    const sink = new Writable({
      write(chunk, _enc, cb) {
        out += chunk.toString();
        cb();
      },
    });
    const log = pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
    log.info({
      password: 'hunter2-secret',
      body: { password: 'hunter3-secret', contact_no: '09171234567' },
      req: { headers: { cookie: 'ahente_sid=abc123secret', 'x-xsrf-token': 'tok-secret' } },
      config: { smtpUrl: 'smtps://mailer:smtp-secret@mail.agency.ph' },
      message: { recipient: 'ana.reyes@example.ph' },
    });
    expect(out).not.toMatch(/hunter2|hunter3|09171234567|abc123secret|tok-secret|smtp-secret|ana\.reyes/);
    expect(out).toContain('[redacted]');
  });
});
