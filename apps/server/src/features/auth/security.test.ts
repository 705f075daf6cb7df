import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { MFA_CODE_INVALID, MFA_CODE_NEEDED, MFA_CODES_LIMITED, MFA_SETUP_FIRST } from '@ahente/contract/security';
import { startTestApp, TestClient, type TestApp } from '../../../test/harness.ts';

/**
 * Account security (decision 027): two-factor sign-in (TOTP), recovery codes, the ADMIN_2FA rule,
 * the member's sessions and new devices. The codes are computed from the secret the server shows,
 * as an authenticator app would, at the test's clock; each code is taken at a new 30-second step (a
 * step is accepted once).
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

let clock = new Date();
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
/** The current code at the next 30-second step (the clock moves on), as the phone shows it. */
function nextCode(secret: string): string {
  clock = new Date(clock.getTime() + 30_000);
  return totp(secret).generate({ timestamp: clock.getTime() });
}
/** A six-digit code that is none of the codes accepted now (this step and one either side). */
function wrongCode(secret: string): string {
  const near = [-30_000, 0, 30_000].map((d) => totp(secret).generate({ timestamp: clock.getTime() + d }));
  for (let n = 123_456; ; n = (n + 111_111) % 1_000_000) {
    const code = String(n).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
}

const RECOVERY_CODE = /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/;

/** Turns two-factor sign-in on for a member through the API; answers the secret and the recovery codes. */
async function enrol(app: TestApp, m: Member, client?: TestClient) {
  const c = client ?? (await app.loginAs(m));
  const start = await c.post(routes.startMfa.path);
  expect(start.statusCode).toBe(200);
  const { secret } = start.json() as { secret: string };
  const confirm = await c.post(routes.confirmMfa.path, { code: nextCode(secret) });
  expect(confirm.statusCode).toBe(200);
  return { secret, codes: (confirm.json() as { recovery_codes: string[] }).recovery_codes, client: c };
}

const login = (m: { username: string; password: string }, code?: string, client: TestClient = t.client()) =>
  client.post(routes.login.path, { username: m.username, password: m.password, ...(code !== undefined ? { code } : {}) });

const sid = (res: { cookies: { name: string }[] }) => res.cookies.find((k) => k.name === 'ahente_sid');

describe('enrolment: startmfa, confirmmfa, mfastatus', () => {
  it('shows a secret, its otpauth URI and a QR code; the first right code turns it on and answers ten recovery codes, stored only hashed', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    expect((await c.post(routes.mfaStatus.path)).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });

    const start = await c.post(routes.startMfa.path);
    expect(start.statusCode).toBe(200);
    const { secret, uri, qr } = start.json() as { secret: string; uri: string; qr: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const parsed = new URL(uri);
    expect(decodeURIComponent(parsed.pathname)).toContain(m.username);
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(parsed.searchParams.get('digits')).toBe('6');
    expect(parsed.searchParams.get('period')).toBe('30');
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Not on until confirmed: a login still needs no code.
    expect((await c.post(routes.mfaStatus.path)).json()).toMatchObject({ enabled: false });
    expect((await login(m)).statusCode).toBe(200);

    // A wrong first code is refused and leaves it off.
    const wrong = await c.post(routes.confirmMfa.path, { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(400);
    expect((await c.post(routes.mfaStatus.path)).json()).toMatchObject({ enabled: false });

    const confirm = await c.post(routes.confirmMfa.path, { code: nextCode(secret) });
    expect(confirm.statusCode).toBe(200);
    const codes = (confirm.json() as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);

    const stored = await t.db.db.selectFrom('mfa_recovery_codes').selectAll().where('member_id', '=', m.id).execute();
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const code of codes) {
      expect(storedText).not.toContain(code);
      expect(storedText).not.toContain(code.replace(/-/g, ''));
    }
    for (const row of stored) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const status = (await c.post(routes.mfaStatus.path)).json();
    expect(status).toEqual({ enabled: true, enabled_at: expect.any(String), recovery_codes_left: 10, required: false });

    // Once on, it cannot be started again, nor confirmed again.
    expect((await c.post(routes.startMfa.path)).statusCode).toBe(409);
    expect((await c.post(routes.confirmMfa.path, { code: nextCode(secret) })).statusCode).toBe(409);
  });

  it('refuses confirmmfa before startmfa (409), and a code that is not six digits (400)', async () => {
    const c = await t.loginAs(await t.createMember());
    expect((await c.post(routes.confirmMfa.path, { code: '123456' })).statusCode).toBe(409);
    await c.post(routes.startMfa.path);
    const bad = await c.post(routes.confirmMfa.path, { code: '12ab56' });
    expect(bad.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    for (const path of [routes.mfaStatus.path, routes.startMfa.path]) {
      expect((await t.client().post(path)).statusCode).toBe(401);
    }
  });
});

describe('login with two-factor sign-in on', () => {
  it('asks for the code after the right password (401 mfa_required), without starting a session', async () => {
    const m = await t.createMember();
    await enrol(t, m);
    const c = t.client();
    const res = await login(m, undefined, c);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MFA_CODE_NEEDED, mfa_required: true });
    expect(sid(res)).toBeUndefined();
    expect((await c.get(routes.me.path)).statusCode).toBe(401);

    // A wrong password is answered as any wrong password: nothing says a code would be needed.
    const wrongPassword = await login({ username: m.username, password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: MSG.loginInvalid });
  });

  it('refuses a wrong code (401 MFA_CODE_INVALID, no session) and admits the right one', async () => {
    const m = await t.createMember();
    const { secret } = await enrol(t, m);
    const c = t.client();
    const wrong = await login(m, wrongCode(secret), c);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: MFA_CODE_INVALID });
    expect(sid(wrong)).toBeUndefined();

    const ok = await login(m, nextCode(secret), c);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ user: m.id, mfa_setup_required: false });
    expect(sid(ok)).toBeDefined();
    expect((await c.get(routes.me.path)).statusCode).toBe(200);
  });

  it('accepts a code once: the same code a second time is refused, the next step’s code works', async () => {
    const m = await t.createMember();
    const { secret } = await enrol(t, m);
    const code = nextCode(secret);
    expect((await login(m, code)).statusCode).toBe(200);
    const again = await login(m, code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: MFA_CODE_INVALID });
    expect((await login(m, nextCode(secret))).statusCode).toBe(200);
  });

  it('admits one of two logins sent at the same time with the same code, or with the same recovery code', async () => {
    const m = await t.createMember();
    const { secret, codes } = await enrol(t, m);
    for (const code of [nextCode(secret), codes[0]!]) {
      const statuses = await Promise.all([login(m, code), login(m, code)].map(async (r) => (await r).statusCode));
      expect(statuses.sort()).toEqual([200, 401]);
    }
  });

  it('counts wrong codes toward the login limits: after LOGIN_MAX_FAILURES of them the right code gets 429', async () => {
    const m = await t.createMember();
    const { secret } = await enrol(t, m);
    for (let i = 0; i < t.config.login.maxFailures; i++) {
      const res = await login(m, wrongCode(secret));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MFA_CODE_INVALID });
    }
    const limited = await login(m, nextCode(secret));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: MSG.loginRateLimited });
    expect(sid(limited)).toBeUndefined();
  });

  it('does not count a right password sent without a code', async () => {
    const m = await t.createMember();
    const { secret } = await enrol(t, m);
    for (let i = 0; i < t.config.login.maxFailures + 2; i++) expect((await login(m)).statusCode).toBe(401);
    expect((await login(m, nextCode(secret))).statusCode).toBe(200);
  });

  it('accepts each recovery code once, typed with or without dashes, in any case', async () => {
    const m = await t.createMember();
    const { codes, client } = await enrol(t, m);
    const [first, second] = codes as [string, string];
    const c = t.client();
    const ok = await login(m, first, c);
    expect(ok.statusCode).toBe(200);
    expect((await c.get(routes.me.path)).statusCode).toBe(200);

    const reused = await login(m, first);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ error: MFA_CODE_INVALID });

    expect((await login(m, second.replace(/-/g, '').toUpperCase())).statusCode).toBe(200);
    expect((await login(m, second)).statusCode).toBe(401);
    expect((await client.post(routes.mfaStatus.path)).json()).toMatchObject({ enabled: true, recovery_codes_left: 8 });
  });
});

/**
 * Wrong codes are limited per account as well as per address (decision 027). Someone who has the
 * password and many addresses must not get unlimited guesses at the code: after LOGIN_MAX_FAILURES
 * wrong codes for one account in the login window, from any addresses, the account's code step
 * answers 429 until the window ends (the right code included), and the member is told.
 */
describe('wrong codes are limited per account, from any addresses', () => {
  const tally = (codes: number[]) => codes.reduce<Record<number, number>>((a, c) => ({ ...a, [c]: (a[c] ?? 0) + 1 }), {});
  const MAIL = {
    smtpUrl: 'smtp://127.0.0.1:2',
    mailFrom: { name: 'Ahente', address: 'no-reply@ahente.test' },
    portalUrl: 'https://ahente.test',
  };

  /** A test app behind a trusted proxy, so each attempt can come from an address of its own. */
  async function behindProxy() {
    const s = await startTestApp({ trustProxy: ['127.0.0.1'], ...MAIL }, { now: () => clock });
    const attempt = (m: Member, code: string, address: string) =>
      s.client().post(routes.login.path, { username: m.username, password: m.password, code }, { headers: { 'x-forwarded-for': address } });
    const told = (memberId: number) =>
      s.db.db
        .selectFrom('notifications')
        .select(['title', 'body'])
        .where('member_id', '=', memberId)
        .where('event', '=', 'mfa_codes_limited')
        .execute();
    const mailed = (memberId: number) =>
      s.db.db
        .selectFrom('outbox')
        .select(['recipient', 'subject'])
        .where('member_id', '=', memberId)
        .where('subject', 'like', '%wrong codes%')
        .execute();
    return { s, attempt, told, mailed };
  }

  it('answers 429 to every code after the limit, parallel guesses from many addresses included, and tells the member once', async () => {
    const { s, attempt, told, mailed } = await behindProxy();
    try {
      const max = s.config.login.maxFailures;
      const m = await s.createMember();
      const bystander = await s.createMember();
      const { secret } = await enrol(s, m);
      const other = await enrol(s, bystander);

      // 15 wrong codes at once, each from an address of its own: the per-address limit never trips.
      const guesses = await Promise.all(Array.from({ length: max + 5 }, (_, i) => attempt(m, wrongCode(secret), `203.0.113.${i + 1}`)));
      expect(tally(guesses.map((r) => r.statusCode))).toEqual({ 401: max, 429: 5 });
      for (const r of guesses.filter((g) => g.statusCode === 429)) {
        expect(r.json()).toEqual({ error: MFA_CODES_LIMITED });
        expect(sid(r)).toBeUndefined();
      }

      // The right code, from yet another address, is refused until the window ends.
      const right = await attempt(m, nextCode(secret), '198.51.100.7');
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({ error: MFA_CODES_LIMITED });
      expect(sid(right)).toBeUndefined();

      // The member is told once, in the portal and by e-mail; nobody else is blocked.
      expect(await told(m.id)).toEqual([
        {
          title: 'Sign-in to your account was stopped after wrong codes',
          body: expect.stringContaining(`${max} wrong two-factor codes had been entered for your account`),
        },
      ]);
      expect(await mailed(m.id)).toEqual([
        {
          recipient: `${m.username}@example.ph`,
          subject: expect.stringContaining('Sign-in to your account was stopped after wrong codes'),
        },
      ]);
      expect((await attempt(bystander, nextCode(other.secret), '203.0.113.1')).statusCode).toBe(200);
      expect(await told(bystander.id)).toEqual([]);

      // When the window has passed, the right code signs in.
      await s.db.db
        .updateTable('login_throttle')
        .set({ window_start: '2000-01-01T00:00:00.000Z' })
        .where('key', '=', `mfa:${m.id}`)
        .execute();
      const after = await attempt(m, nextCode(secret), '198.51.100.7');
      expect(after.statusCode).toBe(200);
      expect(sid(after)).toBeDefined();
      expect(await told(m.id)).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it('counts every wrong code of the window: a sign-in in between does not wipe them out', async () => {
    const { s, attempt, told } = await behindProxy();
    try {
      const max = s.config.login.maxFailures;
      const m = await s.createMember();
      const { secret } = await enrol(s, m);
      for (let i = 0; i < max - 1; i++) expect((await attempt(m, wrongCode(secret), `192.0.2.${i + 1}`)).statusCode).toBe(401);
      expect((await attempt(m, nextCode(secret), '198.51.100.9')).statusCode).toBe(200);
      expect(await told(m.id)).toEqual([]);
      expect((await attempt(m, wrongCode(secret), '192.0.2.200')).statusCode).toBe(401);
      expect(await told(m.id)).toHaveLength(1);
      expect((await attempt(m, nextCode(secret), '198.51.100.9')).statusCode).toBe(429);
      // A right password without a code is still asked for the code (401), and counts nothing.
      const ask = await s.client().post(routes.login.path, { username: m.username, password: m.password });
      expect(ask.json()).toEqual({ error: MFA_CODE_NEEDED, mfa_required: true });
    } finally {
      await s.close();
    }
  });
});

describe('disablemfa and regeneratemfacodes', () => {
  it('turns two-factor sign-in off only with the password and a code; logins then need no code', async () => {
    const m = await t.createMember();
    const { secret, client } = await enrol(t, m);

    const wrongPassword = await client.post(routes.disableMfa.path, { password: 'not-the-password', code: nextCode(secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ error: 'Password or code is incorrect' });
    const wrongCodeRes = await client.post(routes.disableMfa.path, { password: m.password, code: wrongCode(secret) });
    expect(wrongCodeRes.statusCode).toBe(400);
    expect((await client.post(routes.mfaStatus.path)).json()).toMatchObject({ enabled: true });

    const off = await client.post(routes.disableMfa.path, { password: m.password, code: nextCode(secret) });
    expect(off.statusCode).toBe(204);
    expect((await client.post(routes.mfaStatus.path)).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });
    expect(await t.db.db.selectFrom('member_mfa').select('member_id').where('member_id', '=', m.id).execute()).toEqual([]);
    expect(await t.db.db.selectFrom('mfa_recovery_codes').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
    expect((await login(m)).statusCode).toBe(200);

    // Off already: 409.
    expect((await client.post(routes.disableMfa.path, { password: m.password, code: '123456' })).statusCode).toBe(409);
  });

  it('turns it off with a recovery code in place of the six-digit code', async () => {
    const m = await t.createMember();
    const { codes, client } = await enrol(t, m);
    expect((await client.post(routes.disableMfa.path, { password: m.password, code: codes[0] })).statusCode).toBe(204);
    expect((await login(m)).statusCode).toBe(200);
  });

  it('gives ten new recovery codes for a current code; the old ones stop working', async () => {
    const m = await t.createMember();
    const { secret, codes: old, client } = await enrol(t, m);
    await login(m, old[0]);

    const refused = await client.post(routes.regenerateMfaCodes.path, { code: wrongCode(secret) });
    expect(refused.statusCode).toBe(400);

    const res = await client.post(routes.regenerateMfaCodes.path, { code: nextCode(secret) });
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as { recovery_codes: string[] }).recovery_codes;
    expect(fresh).toHaveLength(10);
    for (const code of fresh) {
      expect(code).toMatch(RECOVERY_CODE);
      expect(old).not.toContain(code);
    }
    expect((await client.post(routes.mfaStatus.path)).json()).toMatchObject({ enabled: true, recovery_codes_left: 10 });

    const stale = await login(m, old[1]);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ error: MFA_CODE_INVALID });
    expect((await login(m, fresh[0])).statusCode).toBe(200);
  });

  it('refuses regeneratemfacodes when two-factor sign-in is off (409)', async () => {
    const c = await t.loginAs(await t.createMember());
    expect((await c.post(routes.regenerateMfaCodes.path, { code: '123456' })).statusCode).toBe(409);
  });
});

describe('ADMIN_2FA=required', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await startTestApp({ admin2fa: 'required' }, { now: () => clock });
  });
  afterAll(() => s.close());

  it('lets an administrator without two-factor sign-in log in, then only enrol; once confirmed, the same session may do anything', async () => {
    const admin = await s.createAdmin();
    const agent = await s.createMember();
    const c = s.client();
    const res = await c.post(routes.login.path, { username: admin.username, password: admin.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: admin.id, account_type: 'admin', mfa_setup_required: true, consent_required: false });
    expect((await c.get(routes.me.path)).json()).toMatchObject({ mfa_setup_required: true });

    const refused = [
      () => c.post(routes.getUserDetails.path, { id: admin.id }),
      () => c.post(routes.getUserDetails.path, { id: agent.id }),
      () => c.post(routes.membersRecord.path, { id: admin.id }),
      () => c.post(routes.adminMemberRecords.path, { id: admin.id }),
      () => c.post(routes.sessions.path, { id: admin.id }),
      () => c.post(routes.endMemberSessions.path, { id: agent.id }),
      () => c.post(routes.publishPrivacyNotice.path, { body: '# Notice' }),
    ];
    for (const call of refused) {
      const r = await call();
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ error: MFA_SETUP_FIRST });
    }

    expect((await c.post(routes.mfaStatus.path)).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: true,
    });
    const start = await c.post(routes.startMfa.path);
    expect(start.statusCode).toBe(200);
    const { secret } = start.json() as { secret: string };
    const confirm = await c.post(routes.confirmMfa.path, { code: nextCode(secret) });
    expect(confirm.statusCode).toBe(200);
    expect((confirm.json() as { recovery_codes: string[] }).recovery_codes).toHaveLength(10);

    // The same session, at once.
    expect((await c.get(routes.me.path)).json()).toMatchObject({ mfa_setup_required: false });
    expect((await c.post(routes.getUserDetails.path, { id: agent.id })).statusCode).toBe(200);
    expect((await c.post(routes.membersRecord.path, { id: admin.id })).statusCode).toBe(200);
    expect((await c.post(routes.adminMemberRecords.path, { id: admin.id })).statusCode).toBe(200);

    // An administrator may not turn it off here; the next login asks for the code.
    const disable = await c.post(routes.disableMfa.path, { password: admin.password, code: nextCode(secret) });
    expect(disable.statusCode).toBe(409);
    expect((await c.post(routes.mfaStatus.path)).json()).toMatchObject({ enabled: true, required: true });
    const noCode = await s.client().post(routes.login.path, { username: admin.username, password: admin.password });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toEqual({ error: MFA_CODE_NEEDED, mfa_required: true });
    const withCode = await s
      .client()
      .post(routes.login.path, { username: admin.username, password: admin.password, code: nextCode(secret) });
    expect(withCode.statusCode).toBe(200);
    expect(withCode.json()).toMatchObject({ mfa_setup_required: false });
  });

  it('lets the limited administrator log out', async () => {
    const admin = await s.createAdmin();
    const c = await s.loginAs(admin);
    expect((await c.post(routes.logout.path)).statusCode).toBe(204);
    expect((await c.get(routes.me.path)).statusCode).toBe(401);
  });

  it('asks nothing of an agent', async () => {
    const agent = await s.createMember();
    const c = s.client();
    const res = await c.post(routes.login.path, { username: agent.username, password: agent.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mfa_setup_required: false });
    expect((await c.post(routes.getUserDetails.path, { id: agent.id })).statusCode).toBe(200);
    expect((await c.post(routes.mfaStatus.path)).json()).toMatchObject({ required: false });
  });
});

describe('sessions', () => {
  const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const SAFARI_IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  async function loginWith(m: Member, userAgent: string, app: TestApp = t) {
    const c = app.client();
    const res = await c.post(routes.login.path, { username: m.username, password: m.password }, { headers: { 'user-agent': userAgent } });
    expect(res.statusCode).toBe(200);
    return c;
  }
  type Listed = { id: string; device: string; ip: string | null; created_at: string; last_seen_at: string; current: boolean };
  const list = async (c: TestClient, id: number) => {
    const res = await c.post(routes.sessions.path, { id });
    expect(res.statusCode).toBe(200);
    return res.json() as Listed[];
  };

  it("lists the member's live sessions with their device and address, the caller's marked current", async () => {
    const m = await t.createMember();
    const laptop = await loginWith(m, CHROME_WINDOWS);
    const phone = await loginWith(m, SAFARI_IPHONE);
    const fromLaptop = await list(laptop, m.id);
    expect(fromLaptop).toHaveLength(2);
    for (const s of fromLaptop) {
      expect(s.id).toMatch(/^[0-9a-f]{16}$/);
      expect(s.ip).toBe('127.0.0.1');
    }
    expect(fromLaptop.find((s) => s.current)).toMatchObject({ device: 'Chrome on Windows' });
    expect(fromLaptop.find((s) => !s.current)).toMatchObject({ device: 'Safari on iPhone' });
    const fromPhone = await list(phone, m.id);
    expect(fromPhone.find((s) => s.current)).toMatchObject({ device: 'Safari on iPhone' });

    // Another agent may not list them; an administrator may (none of them is the admin's).
    const other = await t.loginAs(await t.createMember());
    expect((await other.post(routes.sessions.path, { id: m.id })).statusCode).toBe(403);
    const admin = await t.loginAs(await t.createAdmin());
    const asAdmin = await list(admin, m.id);
    expect(asAdmin).toHaveLength(2);
    expect(asAdmin.every((s) => !s.current)).toBe(true);
  });

  it('endsession ends another session of the caller at once; a foreign, unknown or the current handle is refused', async () => {
    const m = await t.createMember();
    const a = await loginWith(m, CHROME_WINDOWS);
    const b = await loginWith(m, SAFARI_IPHONE);
    const stranger = await t.createMember();
    const strangerClient = await t.loginAs(stranger);
    const [strangerSession] = await list(strangerClient, stranger.id);
    const sessionsOfM = await list(a, m.id);
    const mine = sessionsOfM.find((s) => s.current)!;
    const theirs = sessionsOfM.find((s) => !s.current)!;

    const foreign = await a.post(routes.endSession.path, { session_id: strangerSession!.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Session not found' });
    expect((await strangerClient.get(routes.me.path)).statusCode).toBe(200);
    expect((await a.post(routes.endSession.path, { session_id: '0123456789abcdef' })).statusCode).toBe(404);
    expect((await a.post(routes.endSession.path, { session_id: mine.id })).statusCode).toBe(400);
    expect((await a.get(routes.me.path)).statusCode).toBe(200);

    expect((await b.get(routes.me.path)).statusCode).toBe(200);
    const end = await a.post(routes.endSession.path, { session_id: theirs.id });
    expect(end.statusCode).toBe(204);
    expect((await b.get(routes.me.path)).statusCode).toBe(401);
    expect((await a.get(routes.me.path)).statusCode).toBe(200);
    expect((await list(a, m.id)).map((s) => s.id)).toEqual([mine.id]);
    // Ended already: unknown now.
    expect((await a.post(routes.endSession.path, { session_id: theirs.id })).statusCode).toBe(404);
  });

  it("endothersessions ends every session of the caller's but the current one, at once", async () => {
    const m = await t.createMember();
    const [a, b, c] = [await t.loginAs(m), await t.loginAs(m), await t.loginAs(m)];
    const bystander = await t.loginAs(await t.createMember());
    const res = await a.post(routes.endOtherSessions.path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, ended: 2 });
    expect((await b.get(routes.me.path)).statusCode).toBe(401);
    expect((await c.get(routes.me.path)).statusCode).toBe(401);
    expect((await a.get(routes.me.path)).statusCode).toBe(200);
    expect((await bystander.get(routes.me.path)).statusCode).toBe(200);
    expect(await list(a, m.id)).toHaveLength(1);
    expect((await a.post(routes.endOtherSessions.path)).json()).toEqual({ success: true, ended: 0 });
  });

  it("endmembersessions: an administrator signs a member out everywhere, recorded in the member's history", async () => {
    const m = await t.createMember();
    const [a, b] = [await t.loginAs(m), await t.loginAs(m)];
    const bystander = await t.loginAs(await t.createMember());
    const adminMember = await t.createAdmin();
    const admin = await t.loginAs(adminMember);

    // Not for an agent.
    expect((await bystander.post(routes.endMemberSessions.path, { id: m.id })).statusCode).toBe(403);
    expect((await a.get(routes.me.path)).statusCode).toBe(200);

    const res = await admin.post(routes.endMemberSessions.path, { id: m.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, ended: 2 });
    expect((await a.get(routes.me.path)).statusCode).toBe(401);
    expect((await b.get(routes.me.path)).statusCode).toBe(401);
    expect((await bystander.get(routes.me.path)).statusCode).toBe(200);
    expect((await admin.get(routes.me.path)).statusCode).toBe(200);

    const history = await admin.post(routes.memberHistory.path, { id: m.id });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual([
      expect.objectContaining({ action: 'signed_out_everywhere', actor: expect.objectContaining({ id: adminMember.id }) }),
    ]);

    // The member may log in again.
    expect((await login(m)).statusCode).toBe(200);
    // An unknown member: 404.
    expect((await admin.post(routes.endMemberSessions.path, { id: 999_999 })).statusCode).toBe(404);
  });

  it("resetmembermfa: an administrator turns a member's two-factor sign-in off, signs them out and records it", async () => {
    const m = await t.createMember();
    const { client } = await enrol(t, m);
    const adminMember = await t.createAdmin();
    const admin = await t.loginAs(adminMember);

    expect((await client.post(routes.resetMemberMfa.path, { id: m.id })).statusCode).toBe(403);

    const res = await admin.post(routes.resetMemberMfa.path, { id: m.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await client.get(routes.me.path)).statusCode).toBe(401);
    expect(await t.db.db.selectFrom('member_mfa').select('member_id').where('member_id', '=', m.id).execute()).toEqual([]);
    expect(await t.db.db.selectFrom('mfa_recovery_codes').select('id').where('member_id', '=', m.id).execute()).toEqual([]);

    const again = await login(m);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ user: m.id });
    const history = (await admin.post(routes.memberHistory.path, { id: m.id })).json() as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(['mfa_reset']);

    // Off already: 409.
    expect((await admin.post(routes.resetMemberMfa.path, { id: m.id })).statusCode).toBe(409);
  });
});

describe('new devices', () => {
  const newDeviceNotices = (memberId: number) =>
    t.db.db.selectFrom('notifications').selectAll().where('member_id', '=', memberId).where('event', '=', 'new_device').execute();

  it('tells the member of a login from a device never seen before, not of the first login nor of a known device', async () => {
    const m = await t.createMember();

    // The very first login: nothing to tell.
    const first = t.client();
    expect((await login(m, undefined, first)).statusCode).toBe(200);
    expect(first.cookies.get('ahente_device')).toMatch(/^[A-Za-z0-9_-]{20,100}$/);
    expect(await newDeviceNotices(m.id)).toHaveLength(0);

    // The same browser again (it sends its device cookie): nothing.
    expect((await first.post(routes.logout.path)).statusCode).toBe(204);
    expect((await login(m, undefined, first)).statusCode).toBe(200);
    expect(await newDeviceNotices(m.id)).toHaveLength(0);

    // A browser without the cookie: a new device.
    const second = t.client();
    const res = await second.post(
      routes.login.path,
      { username: m.username, password: m.password },
      {
        headers: {
          'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
        },
      },
    );
    expect(res.statusCode).toBe(200);
    const listed = await second.post(routes.notifications.path, { id: m.id });
    expect(listed.statusCode).toBe(200);
    const rows = (listed.json() as { rows: { event: string; title: string; body: string; link: string }[] }).rows.filter(
      (r) => r.event === 'new_device',
    );
    expect(rows).toEqual([
      expect.objectContaining({
        title: 'New sign-in to your account',
        link: '/settings/security',
        body: expect.stringContaining('Chrome on Android'),
      }),
    ]);
    expect(rows[0]!.body).toContain('127.0.0.1');

    // Another client carrying the first login's device cookie is that device: nothing new.
    const sameDevice = new TestClient(t.app);
    sameDevice.cookies.set('ahente_device', first.cookies.get('ahente_device')!);
    expect((await login(m, undefined, sameDevice)).statusCode).toBe(200);
    expect(await newDeviceNotices(m.id)).toHaveLength(1);

    // A third device: told again.
    expect((await login(m)).statusCode).toBe(200);
    expect(await newDeviceNotices(m.id)).toHaveLength(2);
  });

  it('a device known to one member is new to another', async () => {
    const [m, n] = [await t.createMember(), await t.createMember()];
    const shared = t.client();
    expect((await login(m, undefined, shared)).statusCode).toBe(200);
    await shared.post(routes.logout.path);
    // n's very first login from m's browser: their first, not told.
    expect((await login(n, undefined, shared)).statusCode).toBe(200);
    expect(await newDeviceNotices(n.id)).toHaveLength(0);
    // m signs in from a new browser: told; n from the shared one again: not.
    expect((await login(m)).statusCode).toBe(200);
    expect(await newDeviceNotices(m.id)).toHaveLength(1);
    await shared.post(routes.logout.path);
    expect((await login(n, undefined, shared)).statusCode).toBe(200);
    expect(await newDeviceNotices(n.id)).toHaveLength(0);
  });
});
