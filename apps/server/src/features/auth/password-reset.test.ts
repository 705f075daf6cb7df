import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@ahente/contract/messages';
import { FORGOT_PASSWORD_SENT, RESET_LINK_INVALID } from '@ahente/contract/notifications';
import { routes } from '@ahente/contract/routes';
import { buildApp } from '../../app.ts';
import { startTestApp, TestClient, type TestApp } from '../../../test/harness.ts';
import { RESET_RATE_LIMITED } from './service.ts';

/**
 * Password reset by e-mail (decision 026). E-mail is on (SMTP_URL set; no sender loop runs in
 * tests): the link's token is read from the outbox row, as the member would read it in their mail.
 * The clock is the test's; each test starts in a fresh throttle window.
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

let clock = new Date('2026-11-10T02:00:00.000Z');
const later = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));
let t: TestApp;

const PORTAL = 'https://ahente.test';
const LINK = new RegExp(`${PORTAL.replace(/\./g, '\\.')}/reset-password\\?token=([A-Za-z0-9_-]+)`);

beforeAll(async () => {
  t = await startTestApp(
    { smtpUrl: 'smtp://127.0.0.1:2', mailFrom: { name: 'Ahente', address: 'no-reply@ahente.test' }, portalUrl: PORTAL },
    { now: () => clock },
  );
});
afterAll(() => t.close());
// The limits count per window of LOGIN_WINDOW_MINUTES: each test begins after the last one's.
beforeEach(() => void later(20));

const forgot = (login: string, client = t.client()) => client.post(routes.forgotPassword.path, { login });
const reset = (token: string, password: string, client = t.client()) => client.post(routes.resetPassword.path, { token, password });

/** The reset e-mails written to the outbox for `member`, oldest first. */
const mails = (member: Member) =>
  t.db.db
    .selectFrom('outbox')
    .select(['recipient', 'subject', 'body', 'notification_id', 'status'])
    .where('member_id', '=', member.id)
    .orderBy('id')
    .execute();
async function tokenOf(member: Member): Promise<string> {
  const last = (await mails(member)).at(-1);
  const match = last && LINK.exec(last.body);
  if (!match) throw new Error('no reset e-mail');
  return match[1]!;
}
const login = (m: { username: string }, password: string) => t.client().post(routes.login.path, { username: m.username, password });

/** A POST from another client address (one TestClient is always 127.0.0.1). */
async function forgotFrom(address: string, loginText: string) {
  const csrf = await t.app.inject({ method: 'GET', url: routes.csrfCookie.path, remoteAddress: address });
  const token = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return t.app.inject({
    method: 'POST',
    url: routes.forgotPassword.path,
    remoteAddress: address,
    cookies: { 'XSRF-TOKEN': token },
    headers: { 'x-xsrf-token': token },
    payload: { login: loginText },
  });
}

describe('GET /api/loginoptions', () => {
  it('offers the reset by e-mail, to anyone', async () => {
    const res = await t.client().get(routes.loginOptions.path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ password_reset: true });
  });
});

describe('POST /api/forgotpassword and /api/resetpassword', () => {
  it('e-mails a one-time link that sets the password, ends every session and is then spent, with every other link', async () => {
    const m = await t.createMember({ f_name: 'Luzviminda', l_name: 'Magsaysay' });
    const [phone, laptop] = [await t.loginAs(m), await t.loginAs(m)];

    const res = await forgot(`  ${m.username.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    // The second login came from another device: its notice is the other mail (decision 027).
    const [mail] = (await mails(m)).filter((x) => x.notification_id === null);
    expect(mail).toMatchObject({
      recipient: `${m.username}@example.ph`,
      subject: 'Ahente Insurance Agency: Reset your password',
      notification_id: null,
    });
    expect(mail!.body).toContain('Hello Luzviminda Magsaysay,');
    expect(mail!.body).toContain(`(username ${m.username})`);
    expect(mail!.body).toContain('within 30 minutes');
    const first = await tokenOf(m);
    expect(first).toHaveLength(43);
    // Only the token's SHA-256 is kept; nothing in the bell.
    const stored = await t.db.db.selectFrom('password_resets').selectAll().where('member_id', '=', m.id).execute();
    expect(stored.map((r) => r.token_hash)).toEqual([createHash('sha256').update(first).digest('hex')]);
    expect(stored[0]!.expires_at).toBe(new Date(clock.getTime() + 30 * 60_000).toISOString());
    expect(
      await t.db.db.selectFrom('notifications').select('id').where('member_id', '=', m.id).where('event', '!=', 'new_device').execute(),
    ).toEqual([]);

    // A second request, by e-mail in any case: a second link; the first still works until one is used.
    later(5);
    expect((await forgot(`${m.username}@EXAMPLE.ph`)).statusCode).toBe(200);
    const second = await tokenOf(m);
    expect(second).not.toBe(first);

    later(5);
    const done = await reset(first, 'a-brand-new-pass-1');
    expect(done.statusCode, done.body).toBe(204);
    expect(done.body).toBe('');
    for (const c of [phone, laptop]) expect((await c.get(routes.me.path)).statusCode).toBe(401);
    expect((await login(m, m.password)).statusCode).toBe(401);
    expect((await login(m, 'a-brand-new-pass-1')).statusCode).toBe(200);
    const history = await t.db.db.selectFrom('member_audit').selectAll().where('member_id', '=', m.id).execute();
    expect(history.map((h) => [h.action, h.actor_id, JSON.parse(h.changes)])).toEqual([
      ['password_changed', m.id, [{ field: 'password', from: null, to: 'Reset with an e-mailed link' }]],
    ]);

    // Spent: the same link again, and the other one, change nothing.
    for (const token of [first, second]) {
      const again = await reset(token, 'yet-another-pass-1');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: RESET_LINK_INVALID });
    }
    expect((await login(m, 'a-brand-new-pass-1')).statusCode).toBe(200);
  });

  it('refuses a link after 30 minutes and changes nothing; a link of 29 minutes works', async () => {
    const m = await t.createMember();
    await forgot(m.username);
    const token = await tokenOf(m);
    later(31);
    const res = await reset(token, 'too-late-pass-1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: RESET_LINK_INVALID });
    expect((await login(m, m.password)).statusCode).toBe(200);

    await forgot(m.username);
    const fresh = await tokenOf(m);
    later(29);
    expect((await reset(fresh, 'in-time-pass-1')).statusCode).toBe(204);
  });

  it('of two uses of one link at the same moment, one sets the password', async () => {
    const m = await t.createMember();
    await forgot(m.username);
    const token = await tokenOf(m);
    const results = await Promise.all([reset(token, 'racing-pass-one-1'), reset(token, 'racing-pass-two-2')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 400]);
    const winner = results[0]!.statusCode === 204 ? 'racing-pass-one-1' : 'racing-pass-two-2';
    expect((await login(m, winner)).statusCode).toBe(200);
  });

  it('answers the same whether the account exists or not, and sends only to an approved, active one', async () => {
    const pending = await t.createMember({ status: 'Pending' });
    const gone = await t.createMember();
    await t.db.db.updateTable('members').set({ deactivated_at: clock.toISOString() }).where('id', '=', gone.id).execute();
    const outboxBefore = await t.db.db.selectFrom('outbox').select('id').execute();
    const linksBefore = await t.db.db.selectFrom('password_resets').select('token_hash').execute();
    for (const text of ['nobody_here', 'nobody@example.ph', pending.username, gone.username, `${gone.username}@example.ph`]) {
      const res = await forgot(text);
      expect(res.statusCode, text).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    }
    expect(await t.db.db.selectFrom('outbox').select('id').execute()).toEqual(outboxBefore);
    expect(await t.db.db.selectFrom('password_resets').select('token_hash').execute()).toEqual(linksBefore);
  });

  it('refuses a link of a member deactivated since, and a token that was never made', async () => {
    const m = await t.createMember();
    await forgot(m.username);
    const token = await tokenOf(m);
    await t.db.db.updateTable('members').set({ deactivated_at: clock.toISOString() }).where('id', '=', m.id).execute();
    expect((await reset(token, 'after-deactivation-1')).json()).toEqual({ error: RESET_LINK_INVALID });
    expect((await reset('x'.repeat(43), 'never-made-pass-1')).json()).toEqual({ error: RESET_LINK_INVALID });
  });

  it('refuses bad input with a clear 400 and saves nothing', async () => {
    const m = await t.createMember();
    const before = await t.db.db.selectFrom('password_resets').select('token_hash').execute();
    for (const [body, error] of [
      [{}, 'Username or email is required'],
      [{ login: '   ' }, 'Username or email is required'],
      [{ login: 'x'.repeat(201) }, 'Username or email must be at most 200 characters'],
      [{ login: m.username, extra: 1 }, null],
    ] as const) {
      const res = await t.client().post(routes.forgotPassword.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (error) expect(res.json().error).toBe(error);
    }
    for (const [body, error] of [
      [{ token: 'short', password: 'a-good-pass-1' }, 'The reset link is not valid'],
      [{ token: 'not base64url!'.padEnd(43, '!'), password: 'a-good-pass-1' }, 'The reset link is not valid'],
      [{ token: 'a'.repeat(43), password: 'short' }, 'Password must be at least 8 characters'],
      [{ password: 'a-good-pass-1' }, 'The reset link is not valid'],
    ] as const) {
      const res = await t.client().post(routes.resetPassword.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect(await t.db.db.selectFrom('password_resets').select('token_hash').execute()).toEqual(before);
    expect((await login(m, m.password)).statusCode).toBe(200);
  });

  it('limits requests per client address and per account, parallel ones too, then 429 until the window passes', async () => {
    const { maxFailures } = t.config.login;
    // One address asking for many accounts.
    for (let i = 0; i < maxFailures; i++) expect((await forgotFrom('10.1.0.1', `someone${i}`)).statusCode).toBe(200);
    const over = await forgotFrom('10.1.0.1', 'someone-else');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: RESET_RATE_LIMITED });
    expect((await forgotFrom('10.1.0.2', 'someone-else')).statusCode).toBe(200); // another address is not blocked

    // Many addresses asking for one account: the account's own limit.
    const m = await t.createMember();
    for (let i = 0; i < maxFailures; i++) expect((await forgotFrom(`10.2.0.${i + 1}`, m.username)).statusCode).toBe(200);
    expect((await forgotFrom('10.2.1.1', m.username)).statusCode).toBe(429);
    expect((await forgotFrom('10.2.1.2', m.username.toUpperCase())).statusCode).toBe(429);
    expect(await mails(m)).toHaveLength(maxFailures);

    // A burst at once from one address: never more than the limit gets through (each request takes
    // its slot atomically on both counters; one refused by either gives both back), the rest are 429.
    later(20);
    const burst = await t.createMember();
    const answers = await Promise.all(Array.from({ length: maxFailures + 5 }, () => forgotFrom('10.3.0.1', burst.username)));
    const sent = answers.filter((r) => r.statusCode === 200).length;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(maxFailures);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(answers.length - sent);
    expect(await mails(burst)).toHaveLength(sent);

    later(16); // the window has passed
    expect((await forgotFrom('10.3.0.1', burst.username)).statusCode).toBe(200);
  });

  it('never writes the token, the link or the new password to the log', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...t.config, logLevel: 'trace' },
      db: t.db,
      now: () => clock,
      logStream: new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    try {
      const m = await t.createMember();
      const c = new TestClient(app);
      expect((await c.post(routes.forgotPassword.path, { login: m.username })).statusCode).toBe(200);
      const token = await tokenOf(m);
      await c.get(`/reset-password?token=${token}`);
      expect((await c.post(routes.resetPassword.path, { token, password: 'logged-nowhere-pass-1' })).statusCode).toBe(204);
      const text = lines.join('');
      expect(lines.length).toBeGreaterThan(3);
      expect(text).toContain('/api/resetpassword');
      expect(text).not.toContain(token);
      expect(text).not.toContain('logged-nowhere-pass-1');
      expect(text).not.toContain('reset-password?token');
    } finally {
      await app.close();
    }
  });
});

describe('with e-mail off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp();
  });
  afterAll(() => off.close());

  it('offers no reset, answers forgotpassword with the spec’s message, and writes nothing', async () => {
    expect((await off.client().get(routes.loginOptions.path)).json()).toEqual({ password_reset: false });
    const m = await off.createMember();
    const res = await off.client().post(routes.forgotPassword.path, { login: m.username });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: MSG.forgotPassword });
    expect(MSG.forgotPassword).toBe('Please Contact Administrator');
    expect(await off.db.db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
    expect(await off.db.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });
});
