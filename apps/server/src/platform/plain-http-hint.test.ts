import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { listeningText } from './plain-http-hint.ts';

const LAN_CLIENT = '192.168.1.20';
const LAN_HOST = '192.168.1.5:3000';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let web: string;
let secure: TestApp;
let plain: TestApp;
beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(web, 'assets', 'app-123.js'), 'console.log(1)');
  secure = await startTestApp({ cookieSecure: true, webDist: web });
  plain = await startTestApp({ cookieSecure: false, webDist: web });
});
afterAll(async () => {
  await secure?.close();
  await plain?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

/** A browser opening a page, from `remoteAddress`, at `host`. */
function open(t: TestApp, url: string, remoteAddress: string, host: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, remoteAddress, headers: { host, accept: BROWSER_ACCEPT, ...headers } });
}

describe('a page opened over plain http from another device', () => {
  it('explains, with Secure cookies, that it needs HTTPS or COOKIE_SECURE=false', async () => {
    for (const url of ['/', '/deals/dealsview', '/login']) {
      const res = await open(secure, url, LAN_CLIENT, LAN_HOST);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).toContain('<title>Ahente needs HTTPS here</title>');
      expect(res.body, url).toContain("This portal's cookies are Secure, so a browser only keeps them over HTTPS");
      expect(res.body, url).toContain('Serve Ahente over HTTPS (behind a reverse proxy, see "Behind a reverse proxy" in the README)');
      expect(res.body, url).toContain('COOKIE_SECURE=false npm start');
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('renders under the strict CSP: no script, no style, nothing fetched', async () => {
    const res = await open(secure, '/', LAN_CLIENT, LAN_HOST);
    expect(res.body).toContain('<h1>Ahente needs HTTPS here</h1>');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(res.body).not.toMatch(/<script|<style|<link|<img|\bstyle=|\bsrc=|\bhref=/i);
  });

  it('leaves localhost as it is: the app, whatever the Host, and for localhost through a port mapping', async () => {
    for (const [remote, host] of [
      ['127.0.0.1', 'localhost:3000'],
      ['127.0.0.1', LAN_HOST],
      ['::1', '[::1]:3000'],
      ['::ffff:127.0.0.1', LAN_HOST],
      ['172.17.0.1', 'localhost:3000'],
      ['172.17.0.1', '127.0.0.1:3000'],
    ] as const) {
      const res = await open(secure, '/', remote, host);
      expect(res.statusCode, `${remote} ${host}`).toBe(200);
      expect(res.body, `${remote} ${host}`).toContain('<div id="root">');
    }
  });

  it('leaves a request through a reverse proxy to the proxy settings', async () => {
    const res = await open(secure, '/', LAN_CLIENT, 'portal.example.com', {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.7',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it('leaves the API and the assets as they are', async () => {
    const health = await open(secure, '/api/health', LAN_CLIENT, LAN_HOST);
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true });
    const unknown = await open(secure, '/api/nothing-here', LAN_CLIENT, LAN_HOST);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'No route GET /api/nothing-here' });
    const asset = await secure.app.inject({
      method: 'GET',
      url: '/assets/app-123.js',
      remoteAddress: LAN_CLIENT,
      headers: { host: LAN_HOST, accept: '*/*' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
  });

  it('serves the app when cookies are not Secure (COOKIE_SECURE=false)', async () => {
    const res = await open(plain, '/', LAN_CLIENT, LAN_HOST);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.body).not.toContain('Ahente needs HTTPS here');
  });

  it('without a built SPA, localhost still gets the JSON 404 it got before', async () => {
    const bare = await startTestApp({ cookieSecure: true });
    try {
      const local = await open(bare, '/', '127.0.0.1', 'localhost:3000');
      expect(local.statusCode).toBe(404);
      expect(local.json()).toEqual({ error: 'No route GET /' });
      const lan = await open(bare, '/', LAN_CLIENT, LAN_HOST);
      expect(lan.statusCode).toBe(200);
      expect(lan.body).toContain('COOKIE_SECURE=false');
    } finally {
      await bare.close();
    }
  });
});

describe('the addresses printed at start', () => {
  it('carry the hint beside a LAN address when cookies are Secure, and only then', () => {
    expect(listeningText(true)('http://192.168.1.5:3000')).toBe(
      'Server listening at http://192.168.1.5:3000 (from another device this needs HTTPS, or start with COOKIE_SECURE=false for a trial)',
    );
    expect(listeningText(true)('http://127.0.0.1:3000')).toBe('Server listening at http://127.0.0.1:3000');
    expect(listeningText(true)('http://[::1]:3000')).toBe('Server listening at http://[::1]:3000');
    expect(listeningText(false)('http://192.168.1.5:3000')).toBe('Server listening at http://192.168.1.5:3000');
  });
});
