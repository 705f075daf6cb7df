import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { SPONSOR_LOOKUPS_LIMITED } from './service.ts';

/**
 * A new member's first steps at the door (decision 001): the first sign-in is told apart from the
 * later ones, a Pending member's login names their sponsor, and the sign-up page may look up the
 * name behind a referral code, and nothing else.
 */
let t: TestApp;
const MAX_UNKNOWN = 4;

beforeAll(async () => {
  t = await startTestApp({ signup: { maxPerWindow: MAX_UNKNOWN, windowMs: 3_600_000 } });
});
afterAll(() => t.close());

/** The lookup from a client address of its own (each test's unknown codes count on their own). */
let addressSeq = 0;
const nextAddress = () => `198.51.100.${++addressSeq}`;
async function lookup(body: unknown, address: string) {
  const csrf = await t.app.inject({ method: 'GET', url: routes.csrfCookie.path, remoteAddress: address });
  const token = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return t.app.inject({
    method: 'POST',
    url: routes.referralSponsor.path,
    remoteAddress: address,
    cookies: { 'XSRF-TOKEN': token },
    headers: { 'x-xsrf-token': token },
    payload: body as object,
  });
}

describe('first_login', () => {
  it('is true for the session of the first sign-in, in its answer and in GET /api/me, and false from the next sign-in on', async () => {
    const m = await t.createMember();
    const first = t.client();
    const login = await first.post(routes.login.path, { username: m.username, password: m.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().first_login).toBe(true);
    expect((await first.get(routes.me.path)).json().first_login).toBe(true);

    // Signing in again (another browser, hence another device) makes it a returning member everywhere.
    const second = t.client();
    expect((await second.post(routes.login.path, { username: m.username, password: m.password })).json().first_login).toBe(false);
    expect((await second.get(routes.me.path)).json().first_login).toBe(false);
    expect((await first.get(routes.me.path)).json().first_login).toBe(false);

    // The same browser again after logging out: still a return.
    expect((await first.post(routes.logout.path)).statusCode).toBe(204);
    expect((await first.post(routes.login.path, { username: m.username, password: m.password })).json().first_login).toBe(false);
  });

  it('is false for a second sign-in on the same device', async () => {
    const m = await t.createMember();
    const c = t.client();
    expect((await c.post(routes.login.path, { username: m.username, password: m.password })).json().first_login).toBe(true);
    expect((await c.post(routes.logout.path)).statusCode).toBe(204);
    expect((await c.post(routes.login.path, { username: m.username, password: m.password })).json().first_login).toBe(false);
  });
});

describe("a Pending member's login", () => {
  it("keeps the spec's text and names the sponsor whose code they signed up with", async () => {
    const sponsor = await t.createMember({ f_name: 'Maria', l_name: 'Santos' });
    const recruit = await t.createMember({ status: 'Pending', referror: sponsor.id });
    const res = await t.client().post(routes.login.path, { username: recruit.username, password: recruit.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'Pending', error: MSG.loginNotApproved, sponsor: 'Maria Santos' });
  });

  it('names no sponsor for a sign-up without a code, and nobody for a wrong password', async () => {
    const sponsor = await t.createMember({ f_name: 'Maria', l_name: 'Santos' });
    const recruit = await t.createMember({ status: 'Pending', referror: sponsor.id });
    const wrong = await t.client().post(routes.login.path, { username: recruit.username, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: MSG.loginInvalid });
    const alone = await t.createMember({ status: 'Pending' });
    const res = await t.client().post(routes.login.path, { username: alone.username, password: alone.password });
    expect(res.json()).toEqual({ status: 'Pending', error: MSG.loginNotApproved, sponsor: null });
  });
});

describe('POST /api/referralsponsor', () => {
  it("answers the code's owner's first and last name only, whatever the case of the code, to anyone", async () => {
    const sponsor = await t.createMember({ f_name: 'Maria', m_name: 'Luz', l_name: 'Santos' });
    const res = await lookup({ code: ` ${sponsor.referral_code.toLowerCase()} ` }, nextAddress());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ name: 'Maria Santos' });
    // A logged-in member and an admin get the same, and nothing more.
    const admin = await t.loginAs(await t.createAdmin());
    expect((await admin.post(routes.referralSponsor.path, { code: sponsor.referral_code })).json()).toEqual({ name: 'Maria Santos' });
    const agent = await t.loginAs(await t.createMember());
    expect((await agent.post(routes.referralSponsor.path, { code: sponsor.referral_code })).json()).toEqual({ name: 'Maria Santos' });
    // A Pending sponsor's code is one sign-up accepts: it is answered too.
    const pending = await t.createMember({ status: 'Pending', f_name: 'Jose', l_name: 'Rizal' });
    expect((await lookup({ code: pending.referral_code }, nextAddress())).json()).toEqual({ name: 'Jose Rizal' });
  });

  it('answers an unknown code and a deactivated member’s alike, 404 "Invalid referral code"', async () => {
    const gone = await t.createMember();
    await t.db.db.updateTable('members').set({ deactivated_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    const address = nextAddress();
    for (const code of ['ZZZZZZZZ', gone.referral_code]) {
      const res = await lookup({ code }, address);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({ error: MSG.registerInvalidReferral });
    }
  });

  it('refuses bad input with 400 and the same text', async () => {
    const address = nextAddress();
    for (const body of [{}, { code: '' }, { code: '   ' }, { code: 'X'.repeat(21) }, { code: 'AB\u0000CD' }, { code: 12345678 }]) {
      const res = await lookup(body, address);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(MSG.registerInvalidReferral);
    }
  });

  it('limits unknown codes per address (SIGNUP_MAX_PER_HOUR), never a code that is found, and another address is not affected', async () => {
    const sponsor = await t.createMember({ f_name: 'Ana', l_name: 'Reyes' });
    const address = nextAddress();
    for (let i = 0; i < 10; i++) expect((await lookup({ code: sponsor.referral_code }, address)).statusCode).toBe(200);
    for (let i = 0; i < MAX_UNKNOWN; i++) expect((await lookup({ code: `UNKNOWN${i}` }, address)).statusCode).toBe(404);
    const limited = await lookup({ code: 'UNKNOWNX' }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: SPONSOR_LOOKUPS_LIMITED });
    // Over the limit, a right code waits too: the answer says nothing about which codes exist.
    expect((await lookup({ code: sponsor.referral_code }, address)).statusCode).toBe(429);
    expect((await lookup({ code: sponsor.referral_code }, nextAddress())).statusCode).toBe(200);
  });
});
