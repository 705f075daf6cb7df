import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_REQUIRED_MESSAGE } from '@ahente/contract/privacy-notice';
import { routes } from '@ahente/contract/routes';
import * as passwords from '../../platform/passwords.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { SIGNUP_RATE_LIMITED } from './service.ts';

/**
 * Sign-up (decision 027): consent to the privacy notice is required and recorded with the notice's
 * version; a taken username or e-mail is refused before any password is hashed; sign-ups are
 * limited per client address (here 3 per hour). Each test signs up from its own address, as the
 * limit counts every attempt of an address.
 */

// The real argon2 functions, watched: a taken username must not cost a hash.
vi.mock('../../platform/passwords.ts', { spy: true });

const LIMIT = 3;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ signup: { maxPerWindow: LIMIT, windowMs: 3_600_000 } });
});
afterAll(() => t.close());
// (A block: a function returned by beforeEach would be called as its clean-up.)
beforeEach(() => {
  vi.mocked(passwords.hashPassword).mockClear();
});

let addressSeq = 0;
const nextAddress = () => `198.51.100.${++addressSeq}`;

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

/** registeraccounts from a client at `address` (a browser: the CSRF cookie first, then the form). */
async function signUp(body: unknown, address: string) {
  const csrf = await t.app.inject({ method: 'GET', url: routes.csrfCookie.path, remoteAddress: address });
  const token = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return t.app.inject({
    method: 'POST',
    url: routes.register.path,
    remoteAddress: address,
    cookies: { 'XSRF-TOKEN': token },
    headers: { 'x-xsrf-token': token },
    payload: body as object,
  });
}

const memberCount = async () => (await t.services.team.listAll()).length;
const consentCount = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('consents')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('consent to the privacy notice at sign-up', () => {
  it.each([
    ['missing', { consent: undefined }],
    ['false', { consent: false }],
    ['the string "true"', { consent: 'true' }],
    ['1', { consent: 1 }],
  ])('refuses a sign-up whose consent is %s with 400 and the message, and saves nothing', async (_label, over) => {
    const [members, consents] = [await memberCount(), await consentCount()];
    const body = registration(over);
    const res = await signUp(body, nextAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: CONSENT_REQUIRED_MESSAGE });
    expect(await memberCount()).toBe(members);
    expect(await consentCount()).toBe(consents);
    expect(await t.services.members.findByUsername(body.username)).toBeUndefined();
    expect(passwords.hashPassword).not.toHaveBeenCalled();
  });

  it('records the consent with the current notice version, the time and the address', async () => {
    const notice = (await t.client().get(routes.privacyNotice.path)).json() as { version: number };
    const address = nextAddress();
    const before = Date.now();
    const res = await signUp(registration(), address);
    expect(res.statusCode).toBe(200);
    const { id } = res.json() as { id: number };
    const rows = await t.db.db.selectFrom('consents').selectAll().where('member_id', '=', id).execute();
    expect(rows).toEqual([
      { id: expect.any(Number), member_id: id, notice_version: notice.version, accepted_at: expect.any(String), ip: address },
    ]);
    expect(Date.parse(rows[0]!.accepted_at)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('a taken username or e-mail', () => {
  it('is refused before the password is hashed, saving nothing', async () => {
    const existing = await t.createMember();
    vi.mocked(passwords.hashPassword).mockClear();
    const [members, consents] = [await memberCount(), await consentCount()];
    const address = nextAddress();

    const byName = await signUp(registration({ username: existing.username.toUpperCase() }), address);
    expect(byName.statusCode).toBe(400);
    expect(byName.json()).toEqual({ error: 'Username is already taken' });
    const byEmail = await signUp(registration({ email: `${existing.username}@example.ph` }), address);
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.json()).toEqual({ error: 'Email is already registered' });

    expect(passwords.hashPassword).not.toHaveBeenCalled();
    expect(await memberCount()).toBe(members);
    expect(await consentCount()).toBe(consents);

    // A free name from the same address is hashed once and signed up.
    const ok = await signUp(registration(), address);
    expect(ok.statusCode).toBe(200);
    expect(passwords.hashPassword).toHaveBeenCalledTimes(1);
  });
});

describe('sign-ups per client address', () => {
  it('answers 429 past the limit from one address, saving nothing, while another address still signs up', async () => {
    const busy = nextAddress();
    for (let i = 0; i < LIMIT; i++) expect((await signUp(registration(), busy)).statusCode).toBe(200);
    const members = await memberCount();
    const refused = registration();
    const res = await signUp(refused, busy);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: SIGNUP_RATE_LIMITED });
    expect(await memberCount()).toBe(members);
    expect(await t.services.members.findByUsername(refused.username)).toBeUndefined();

    const other = registration();
    const fromElsewhere = await signUp(other, nextAddress());
    expect(fromElsewhere.statusCode).toBe(200);
    expect(await t.services.members.findByUsername(other.username)).toMatchObject({ status: 'Pending' });
    expect((await signUp(registration(), busy)).statusCode).toBe(429);
  });

  it('admits exactly the limit of a parallel burst from one address', async () => {
    const address = nextAddress();
    const before = await memberCount();
    const codes = await Promise.all(Array.from({ length: 8 }, async () => (await signUp(registration(), address)).statusCode));
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(8 - LIMIT);
    expect(await memberCount()).toBe(before + LIMIT);
  });

  it('counts sign-ups with a taken username too, so accounts cannot be listed quickly', async () => {
    const existing = await t.createMember();
    const address = nextAddress();
    for (let i = 0; i < LIMIT; i++) {
      const res = await signUp(registration({ username: existing.username }), address);
      expect(res.statusCode).toBe(400);
    }
    const probe = await signUp(registration({ username: existing.username }), address);
    expect(probe.statusCode).toBe(429);
    expect(probe.json()).toEqual({ error: SIGNUP_RATE_LIMITED });
    expect((await signUp(registration(), address)).statusCode).toBe(429);
  });

  it('answers a sign-up refused for its form (no consent) without using up the address', async () => {
    const address = nextAddress();
    for (let i = 0; i < LIMIT + 2; i++) expect((await signUp(registration({ consent: false }), address)).statusCode).toBe(400);
    expect((await signUp(registration(), address)).statusCode).toBe(200);
  });
});
