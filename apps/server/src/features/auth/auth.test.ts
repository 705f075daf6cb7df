import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@ahente/contract/messages';
import { ConfigError, loadConfig, parseTrustProxy } from '../../config.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const registration = (over: Record<string, unknown> = {}) => ({
  username: `new_${Math.random().toString(36).slice(2, 9)}`,
  password: 'secret-pass-1',
  email: `n${Math.random().toString(36).slice(2, 9)}@example.ph`,
  lname: 'Dela Cruz',
  fname: 'Juan',
  mname: 'Santos',
  contact: '09171234567',
  refCode: '',
  consent: true,
  ...over,
});

async function memberCount() {
  return (await t.services.team.listAll()).length;
}

describe('GET /api/csrf-cookie', () => {
  it('answers 204 and sets a readable XSRF-TOKEN cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{20,}\.[\w-]{40,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
  });
});

describe('POST /api/registeraccounts', () => {
  it('creates a Pending agent under the sponsor whose code was given', async () => {
    const sponsor = await t.createMember();
    const body = registration({ refCode: sponsor.referral_code.toLowerCase() });
    const res = await t.client().post('/api/registeraccounts', body);
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const row = await t.services.members.findById(id);
    expect(row).toMatchObject({
      username: body.username,
      status: 'Pending',
      position: 'Agent',
      account_type: 'user',
      referror: sponsor.id,
      f_name: 'Juan',
      m_name: 'Santos',
      l_name: 'Dela Cruz',
      contact_no: '09171234567',
    });
    expect(row!.referral_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it('accepts a sign-up without a referral code and without a middle name', async () => {
    const res = await t.client().post('/api/registeraccounts', registration({ refCode: undefined, mname: '' }));
    expect(res.statusCode).toBe(200);
    const row = await t.services.members.findById(res.json().id);
    expect(row).toMatchObject({ referror: null, m_name: null });
  });

  it('rejects an unknown referral code with "Invalid referral code" and saves nothing', async () => {
    const before = await memberCount();
    const res = await t.client().post('/api/registeraccounts', registration({ refCode: 'ZZZZZZZZ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.registerInvalidReferral });
    expect(await memberCount()).toBe(before);
  });

  it.each([
    ['username', { username: '' }, 'Username must be at least 3 characters'],
    ['password', { password: '' }, 'Password must be at least 8 characters'],
    ['short password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['email', { email: '' }, 'Email is not a valid email address'],
    ['bad email', { email: 'not-an-email' }, 'Email is not a valid email address'],
    ['last name', { lname: ' ' }, 'Last name is required'],
    ['first name', { fname: undefined }, 'First name is required'],
    ['contact', { contact: '' }, 'Contact number must be digits only, at most 11'],
    ['contact with letters', { contact: '0917abc' }, 'Contact number must be digits only, at most 11'],
    ['contact of 12 digits', { contact: '091712345678' }, 'Contact number must be digits only, at most 11'],
    ['username with spaces', { username: 'juan dela' }, 'Username may use letters, digits, dots, dashes and underscores only'],
    ['overlong first name', { fname: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
  ])('rejects a missing or bad %s with a readable 400 and saves nothing', async (_label, over, message) => {
    const before = await memberCount();
    const res = await t.client().post('/api/registeraccounts', registration(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await memberCount()).toBe(before);
  });

  it('says which of username or email is taken, whatever the case', async () => {
    const existing = await t.createMember();
    const c = t.client();
    const byName = await c.post('/api/registeraccounts', registration({ username: existing.username.toUpperCase() }));
    expect(byName.statusCode).toBe(400);
    expect(byName.json()).toEqual({ error: 'Username is already taken' });
    const byEmail = await c.post('/api/registeraccounts', registration({ email: `${existing.username}@EXAMPLE.ph` }));
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.json()).toEqual({ error: 'Email is already registered' });
  });

  it('refuses a request without or with a wrong CSRF token and saves nothing', async () => {
    const before = await memberCount();
    for (const csrf of ['omit', 'wrong'] as const) {
      const res = await t.client().post('/api/registeraccounts', registration(), { csrf });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/CSRF/);
    }
    expect(await memberCount()).toBe(before);
  });

  it('answers 400 to a body that is not JSON and 413 to one over 1 MB', async () => {
    const c = t.client();
    const bad = await c.post('/api/registeraccounts', undefined, {
      rawBody: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Request body is not valid JSON');
    const huge = await c.post('/api/registeraccounts', registration({ fname: 'x'.repeat(1_100_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'The request is too large' });
    const none = await c.post('/api/registeraccounts');
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Request body must be a JSON object');
  });
});

describe('POST /api/login, GET /api/me, POST /api/logout', () => {
  it('refuses a Pending account with the warning and creates no session, then admits it once approved', async () => {
    const reg = registration();
    const c = t.client();
    const { id } = (await c.post('/api/registeraccounts', reg)).json();

    const pending = await c.post('/api/login', { username: reg.username, password: reg.password });
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({ status: 'Pending', error: MSG.loginNotApproved, sponsor: null });
    expect(pending.cookies.find((k) => k.name === 'ahente_sid')).toBeUndefined();
    expect((await c.get('/api/me')).statusCode).toBe(401);

    const admin = await t.loginAs(await t.createAdmin());
    expect((await admin.post('/api/editMember', { id, status: 'Approved' })).statusCode).toBe(200);

    const ok = await c.post('/api/login', { username: reg.username, password: reg.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      user: id,
      name: 'Juan Dela Cruz',
      account_type: 'user',
      referral_code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
      status: 'Approved',
      photo: null,
      consent_required: false,
      mfa_setup_required: false,
      language: 'en',
      first_login: true,
    });
    const sid = ok.cookies.find((k) => k.name === 'ahente_sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await c.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(ok.json());
  });

  it('logs in whatever the case of the username', async () => {
    const m = await t.createMember();
    const res = await t.client().post('/api/login', { username: m.username.toUpperCase(), password: m.password });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 "Invalid username or password" to a wrong password or an unknown user', async () => {
    const m = await t.createMember();
    for (const body of [
      { username: m.username, password: 'wrong-password' },
      { username: 'nobody_here', password: 'whatever-1' },
    ]) {
      const res = await t.client().post('/api/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MSG.loginInvalid });
      expect(res.cookies.find((k) => k.name === 'ahente_sid')).toBeUndefined();
    }
  });

  it.each([[{ username: '', password: 'x' }], [{ username: 'someone', password: '' }], [{ username: 'someone' }], [{}]])(
    'answers 400 with the spec text when a field is missing: %j',
    async (body) => {
      const res = await t.client().post('/api/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/Please Enter Username or Password|is required/);
    },
  );

  it('refuses a login without or with a wrong CSRF token', async () => {
    const m = await t.createMember();
    for (const csrf of ['omit', 'wrong'] as const) {
      const res = await t.client().post('/api/login', { username: m.username, password: m.password }, { csrf });
      expect(res.statusCode).toBe(403);
      expect(res.cookies.find((k) => k.name === 'ahente_sid')).toBeUndefined();
    }
  });

  it('gives a fresh session id at every login and ends the previous one', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    const first = c.cookies.get('ahente_sid')!;
    await c.post('/api/login', { username: m.username, password: m.password });
    const second = c.cookies.get('ahente_sid')!;
    expect(second).not.toBe(first);
    const replay = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { ahente_sid: first } });
    expect(replay.statusCode).toBe(401);
  });

  it('answers 401 to /api/me without a session', async () => {
    const res = await t.client().get('/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please log in first' });
  });

  it('ends the session on the server at logout', async () => {
    const c = await t.loginAs(await t.createMember());
    const token = c.cookies.get('ahente_sid')!;
    const out = await c.post('/api/logout');
    expect(out.statusCode).toBe(204);
    expect(c.cookies.has('ahente_sid')).toBe(false);
    const replay = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { ahente_sid: token } });
    expect(replay.statusCode).toBe(401);
    expect((await t.client().post('/api/logout')).statusCode).toBe(204);
  });

  it('needs the CSRF token to log out', async () => {
    const c = await t.loginAs(await t.createMember());
    expect((await c.post('/api/logout', undefined, { csrf: 'omit' })).statusCode).toBe(403);
    expect((await c.get('/api/me')).statusCode).toBe(200);
  });

  it('ends a session when its member is set back to Pending', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    const admin = await t.loginAs(await t.createAdmin());
    expect((await admin.post('/api/editMember', { id: m.id, status: 'Pending' })).statusCode).toBe(200);
    expect((await c.get('/api/me')).statusCode).toBe(401);
  });
});

describe('login limits', () => {
  it('answers 429 after 10 failures for that username and IP, for the right password too', async () => {
    const m = await t.createMember();
    const other = await t.createMember();
    const c = t.client();
    for (let i = 0; i < 10; i++) {
      expect((await c.post('/api/login', { username: m.username, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const limited = await c.post('/api/login', { username: m.username, password: m.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: MSG.loginRateLimited });
    // Another account from the same address is not blocked.
    expect((await c.post('/api/login', { username: other.username, password: other.password })).statusCode).toBe(200);
  });

  it('never counts a success or a right password on a Pending account', async () => {
    const m = await t.createMember();
    const p = await t.createMember({ status: 'Pending' });
    const c = t.client();
    for (let i = 0; i < 12; i++) {
      expect((await c.post('/api/login', { username: m.username, password: m.password })).statusCode).toBe(200);
      expect((await c.post('/api/login', { username: p.username, password: p.password })).statusCode).toBe(403);
    }
  });
});

describe('login limits under parallel requests', () => {
  const tally = (codes: number[]) => codes.reduce<Record<number, number>>((a, c) => ({ ...a, [c]: (a[c] ?? 0) + 1 }), {});

  it('checks at most 10 passwords of a burst of 100 parallel wrong logins for one username', async () => {
    const m = await t.createMember();
    const codes = await Promise.all(
      Array.from(
        { length: 100 },
        async (_, i) => (await t.client().post('/api/login', { username: m.username, password: `wrong-${i}` })).statusCode,
      ),
    );
    expect(tally(codes)).toEqual({ 401: 10, 429: 90 });
    expect((await t.client().post('/api/login', { username: m.username, password: m.password })).statusCode).toBe(429);
  });

  it('checks at most the per-address ceiling across many usernames, and refused attempts do not use it up', async () => {
    const s = await startTestApp({ login: { maxFailures: 10, windowMs: 15 * 60_000, maxPerIp: 20 } });
    try {
      const names = Array.from({ length: 6 }, (_, i) => `nobody${i}`);
      const codes = await Promise.all(
        Array.from(
          { length: 60 },
          async (_, i) =>
            (await s.client().post('/api/login', { username: names[i % names.length]!, password: 'wrong-password' })).statusCode,
        ),
      );
      expect(tally(codes)).toEqual({ 401: 20, 429: 40 });
      const row = await s.db.db.selectFrom('login_throttle').select('count').where('key', '=', 'ip:127.0.0.1').executeTakeFirstOrThrow();
      expect(Number(row.count)).toBe(20);
    } finally {
      await s.close();
    }
  });

  it('gives a success its slot back even when it raced failures', async () => {
    const s = await startTestApp({ login: { maxFailures: 10, windowMs: 15 * 60_000, maxPerIp: 12 } });
    try {
      const m = await s.createMember();
      const codes = await Promise.all(
        Array.from(
          { length: 5 },
          async () => (await s.client().post('/api/login', { username: m.username, password: m.password })).statusCode,
        ),
      );
      expect(codes).toEqual([200, 200, 200, 200, 200]);
      const row = await s.db.db.selectFrom('login_throttle').select('count').where('key', '=', 'ip:127.0.0.1').executeTakeFirst();
      expect(Number(row?.count ?? 0)).toBe(0);
    } finally {
      await s.close();
    }
  });
});

describe('one’s own change of password: wrong current passwords are limited like logins', () => {
  const tally = (codes: number[]) => codes.reduce<Record<number, number>>((a, c) => ({ ...a, [c]: (a[c] ?? 0) + 1 }), {});
  it('answers 429 after the limit, parallel guesses included, for any address, and changes nothing until the window passes', async () => {
    const s = await startTestApp({ login: { maxFailures: 3, windowMs: 15 * 60_000, maxPerIp: 300 } });
    try {
      const m = await s.createMember();
      const c = await s.loginAs(m);
      const before = await s.db.db.selectFrom('members').select('password_hash').where('id', '=', m.id).executeTakeFirstOrThrow();
      const codes = await Promise.all(
        Array.from(
          { length: 8 },
          async (_, i) =>
            (await c.post('/api/changepassword', { id: m.id, password: 'brand-new-pass-1', current_password: `guess-${i}` })).statusCode,
        ),
      );
      expect(tally(codes)).toEqual({ 400: 3, 429: 5 });
      const right = await c.post('/api/changepassword', { id: m.id, password: 'brand-new-pass-1', current_password: m.password });
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({ error: 'Too many wrong passwords. Please wait a few minutes and try again.' });
      expect(await s.db.db.selectFrom('members').select('password_hash').where('id', '=', m.id).executeTakeFirstOrThrow()).toEqual(before);
      // The limit is the member's, not the session's: a second session is refused too; logins are not.
      const other = await s.loginAs(m);
      expect(
        (await other.post('/api/changepassword', { id: m.id, password: 'brand-new-pass-1', current_password: m.password })).statusCode,
      ).toBe(429);
      // When the window has passed, the right password works and clears the count.
      await s.db.db
        .updateTable('login_throttle')
        .set({ window_start: '2000-01-01T00:00:00.000Z' })
        .where('key', '=', `pw:${m.id}`)
        .execute();
      expect(
        (await c.post('/api/changepassword', { id: m.id, password: 'brand-new-pass-1', current_password: m.password })).statusCode,
      ).toBe(200);
      expect(await s.db.db.selectFrom('login_throttle').select('key').where('key', '=', `pw:${m.id}`).executeTakeFirst()).toBeUndefined();
    } finally {
      await s.close();
    }
  });
});

describe('client addresses behind a proxy', () => {
  const failUntilLimited = async (s: TestApp, username: string, forwardedFor: (i: number) => string) => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await s
        .client()
        .post('/api/login', { username, password: 'wrong-password' }, { headers: { 'x-forwarded-for': forwardedFor(i) } });
      codes.push(res.statusCode);
    }
    return codes;
  };

  it('ignores X-Forwarded-For by default: a client cannot become a new address by claiming one', async () => {
    const codes = await failUntilLimited(t, 'spoofer-default', (i) => `198.51.100.${i}`);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('behind a trusted proxy, takes the address the proxy added, never the left-most one a client wrote', async () => {
    const s = await startTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      // The client writes a new address each time; the proxy (127.0.0.1) appends the real one.
      const codes = await failUntilLimited(s, 'spoofer-proxied', (i) => `198.51.100.${i}, 203.0.113.7`);
      expect(codes.slice(10)).toEqual([429, 429]);
      // A different real client behind the same proxy is a different address.
      const other = await s
        .client()
        .post('/api/login', { username: 'spoofer-proxied', password: 'x' }, { headers: { 'x-forwarded-for': '203.0.113.8' } });
      expect(other.statusCode).toBe(401);
      const keys = (await s.db.db.selectFrom('login_throttle').select('key').execute()).map((r) => r.key);
      expect(keys).toEqual(expect.arrayContaining(['ip:203.0.113.7', 'ip:203.0.113.8']));
      expect(keys.some((k) => k.includes('198.51.100.'))).toBe(false);
    } finally {
      await s.close();
    }
  });

  it('does not believe X-Forwarded-For from a peer that is not a configured proxy', async () => {
    const s = await startTestApp({ trustProxy: ['10.0.0.1'] });
    try {
      const codes = await failUntilLimited(s, 'spoofer-untrusted', (i) => `198.51.100.${i}`);
      expect(codes.slice(10)).toEqual([429, 429]);
      const keys = (await s.db.db.selectFrom('login_throttle').select('key').execute()).map((r) => r.key);
      expect(keys).toContain('ip:127.0.0.1');
    } finally {
      await s.close();
    }
  });

  it('refuses a TRUST_PROXY that would trust anyone, naming the variable', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parseTrustProxy(' 10.0.0.0/8, ::1 ,loopback')).toEqual(['10.0.0.0/8', '::1', 'loopback']);
    for (const bad of ['true', '1', 'maybe', '10.0.0.0/33', '300.1.1.1']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/^TRUST_PROXY/);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
  });
});

describe('session expiry', () => {
  it('ends a session after the absolute lifetime and after idling', async () => {
    for (const over of [{ sessionAbsoluteMs: 300 }, { sessionIdleMs: 300 }]) {
      const s = await startTestApp(over);
      try {
        const c = await s.loginAs(await s.createMember());
        expect((await c.get('/api/me')).statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 400));
        expect((await c.get('/api/me')).statusCode).toBe(401);
      } finally {
        await s.close();
      }
    }
  });
});
