import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { startTestApp, TestClient, type TestApp } from '../../test/harness.ts';
import { CSRF_FAILED, XSRF_COOKIE } from './csrf.ts';
import { SESSION_COOKIE } from './sessions.ts';

/**
 * CSRF tokens are signed by the server for one session, and renewed at login and logout
 * (decision 001).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const tokenOf = (c: TestClient) => c.cookies.get(XSRF_COOKIE)!;
const sectionCount = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('sections')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A POST with the given cookies and header, as a browser (or an attacker) would send it. */
const rawPost = (
  cookies: Record<string, string>,
  token: string,
  url = '/api/createsection',
  payload: object = { name: `S ${Math.random()}` },
) => t.app.inject({ method: 'POST', url, cookies, headers: { 'x-xsrf-token': token }, payload });

describe('signed CSRF tokens', () => {
  it('refuses a token the client made up, even when cookie and header agree', async () => {
    const admin = await t.loginAs(await t.createAdmin());
    const before = await sectionCount();
    const session = admin.cookies.get(SESSION_COOKIE)!;
    for (const planted of ['planted-by-a-sibling-host', 'a.b', `${tokenOf(admin).split('.')[0]}.forged`]) {
      const res = await rawPost({ [SESSION_COOKIE]: session, [XSRF_COOKIE]: planted }, planted);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: CSRF_FAILED });
    }
    expect(await sectionCount()).toBe(before);
  });

  it("refuses another session's token, and the token from before login", async () => {
    const adminMember = await t.createAdmin();
    const anon = t.client();
    await anon.get('/api/csrf-cookie');
    const beforeLogin = tokenOf(anon);
    const admin = await t.loginAs(adminMember);
    const other = await t.loginAs(await t.createAdmin());
    const session = admin.cookies.get(SESSION_COOKIE)!;
    for (const token of [beforeLogin, tokenOf(other)]) {
      const res = await rawPost({ [SESSION_COOKIE]: session, [XSRF_COOKIE]: token }, token);
      expect(res.statusCode).toBe(403);
    }
    const own = await rawPost({ [SESSION_COOKIE]: session, [XSRF_COOKIE]: tokenOf(admin) }, tokenOf(admin));
    expect(own.statusCode).toBe(200);
  });

  it('renews the token at login and at logout', async () => {
    const m = await t.createMember();
    const c = t.client();
    await c.get('/api/csrf-cookie');
    const anonymous = tokenOf(c);
    expect((await c.post('/api/login', { username: m.username, password: m.password })).statusCode).toBe(200);
    const loggedIn = tokenOf(c);
    expect(loggedIn).not.toBe(anonymous);
    expect((await c.post('/api/logout')).statusCode).toBe(204);
    const afterLogout = tokenOf(c);
    expect(afterLogout).not.toBe(loggedIn);
    // The logged-out token works for the next login; the session's old one does not.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      cookies: { [XSRF_COOKIE]: loggedIn },
      headers: { 'x-xsrf-token': loggedIn },
      payload: { username: m.username, password: m.password },
    });
    expect(stale.statusCode).toBe(403);
    expect((await c.post('/api/login', { username: m.username, password: m.password })).statusCode).toBe(200);
  });

  it('hands a client with a stale token a valid one on its next API response, so its retry works', async () => {
    const c = await t.loginAs(await t.createAdmin());
    c.cookies.set(XSRF_COOKIE, 'stale.token');
    const refused = await c.post('/api/createsection', { name: 'Retry section' });
    expect(refused.statusCode).toBe(403);
    // The refusal itself carries a fresh token signed for this session (so does any API response).
    expect(refused.cookies.find((k) => k.name === XSRF_COOKIE)?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(tokenOf(c)).not.toBe('stale.token');
    expect((await c.post('/api/createsection', { name: 'Retry section' })).statusCode).toBe(200);
  });

  it('answers 401, not a CSRF error, when the session behind a valid token has ended', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    await t.services.sessions.endAllFor(m.id);
    const res = await c.post('/api/getdeals', { id: m.id });
    expect(res.statusCode).toBe(401);
  });

  it('signs alike on every instance that shares the database, and by CSRF_SECRET when set', async () => {
    const second = await buildApp({ config: t.config, db: t.db });
    const c = await t.loginAs(await t.createAdmin());
    const cookies = Object.fromEntries(c.cookies);
    const res = await second.inject({
      method: 'POST',
      url: '/api/createsection',
      cookies,
      headers: { 'x-xsrf-token': tokenOf(c) },
      payload: { name: 'From the second instance' },
    });
    expect(res.statusCode).toBe(200);
    await second.close();

    const own = await buildApp({ config: { ...t.config, csrfSecret: 'x'.repeat(40) }, db: t.db });
    const refused = await own.inject({
      method: 'POST',
      url: '/api/createsection',
      cookies,
      headers: { 'x-xsrf-token': tokenOf(c) },
      payload: { name: 'Other secret' },
    });
    expect(refused.statusCode).toBe(403);
    await own.close();
  });
});

describe('request log lines', () => {
  it('carry the member id and the client address, and no personal data', async () => {
    let out = '';
    const sink = new Writable({
      write(chunk, _enc, cb) {
        out += chunk.toString();
        cb();
      },
    });
    const app = await buildApp({ config: { ...t.config, logLevel: 'info' }, db: t.db, logStream: sink });
    const m = await t.createMember({ f_name: 'Perlita', l_name: 'Dimaculangan' });
    const c = new TestClient(app);
    expect((await c.post('/api/login', { username: m.username, password: m.password }, { headers: {} })).statusCode).toBe(200);
    expect((await c.post('/api/getdeals', { id: m.id })).statusCode).toBe(200);
    await app.close();
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const done = lines.filter((l) => l.msg === 'request completed');
    expect(done.length).toBeGreaterThanOrEqual(3);
    const getdeals = lines.filter((l) => l.reqId === lines.find((x) => (x.req as { url?: string })?.url === '/api/getdeals')!.reqId);
    expect(getdeals.find((l) => l.msg === 'request completed')).toMatchObject({ memberId: m.id, ip: '127.0.0.1' });
    expect(getdeals.find((l) => l.msg === 'incoming request')).toMatchObject({ req: { ip: '127.0.0.1', url: '/api/getdeals' } });
    expect(out).not.toMatch(new RegExp(`${m.username}|${m.password}|Perlita|Dimaculangan|09171234567|ahente_sid=`));
  });
});
