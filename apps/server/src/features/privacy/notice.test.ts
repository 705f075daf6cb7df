import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_FIRST_MESSAGE, NOTICE_NOT_CURRENT_MESSAGE } from '@ahente/contract/privacy-notice';
import { routes, type RouteDef } from '@ahente/contract/routes';
import { newDeal, startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * The privacy notice and consent (decision 027): an admin publishes a new version; every agent is
 * asked once, at their next login (a session already open goes on undisturbed), to accept the
 * current version; administrators are never asked. Agents here sign up through the API, so they
 * consented to the version current then.
 */
let t: TestApp;
let admin: TestClient;
let adminId: number;

beforeAll(async () => {
  t = await startTestApp();
  const a = await t.createAdmin();
  adminId = a.id;
  admin = await t.loginAs(a);
});
afterAll(() => t.close());

type Notice = { version: number; body: string; published_at: string };
const current = async (): Promise<Notice> => {
  const res = await t.client().get(routes.privacyNotice.path);
  expect(res.statusCode).toBe(200);
  return res.json() as Notice;
};

async function publish(body = `# Privacy Notice\n\nRevised ${Math.random().toString(36).slice(2, 8)}.`): Promise<Notice> {
  const res = await admin.post(routes.publishPrivacyNotice.path, { body });
  expect(res.statusCode).toBe(200);
  return res.json() as Notice;
}

/** An agent who signed up (consenting to the notice then current) and was approved. */
async function signedUpAgent() {
  const suffix = Math.random().toString(36).slice(2, 9);
  const m = { username: `agent_${suffix}`, password: 'secret-pass-1' };
  const res = await t.client().post(routes.register.path, {
    username: m.username,
    password: m.password,
    email: `a${suffix}@example.ph`,
    lname: 'Dela Cruz',
    fname: 'Juan',
    mname: '',
    contact: '09171234567',
    refCode: '',
    consent: true,
  });
  expect(res.statusCode).toBe(200);
  const { id } = res.json() as { id: number };
  expect((await admin.post(routes.approveMember.path, { id })).statusCode).toBe(200);
  return { ...m, id };
}

/** Logs in with a new client; answers the client and the login's consent_required. */
async function login(m: { username: string; password: string }) {
  const c = t.client();
  const res = await c.post(routes.login.path, { username: m.username, password: m.password });
  expect(res.statusCode).toBe(200);
  return { client: c, consentRequired: (res.json() as { consent_required: boolean }).consent_required };
}

const meAsks = async (c: TestClient) => {
  const res = await c.get(routes.me.path);
  expect(res.statusCode).toBe(200);
  return (res.json() as { consent_required: boolean }).consent_required;
};

/**
 * Waits, if need be, until the wall clock has passed the start of the member's latest session, so
 * that a version published next is later than it (both are stamped to the millisecond).
 */
async function pastSessionStart(memberId: number) {
  const row = await t.db.db
    .selectFrom('sessions')
    .select('created_at')
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  while (Date.now() <= Date.parse(row.created_at)) await new Promise((r) => setTimeout(r, 2));
}

const consentedVersions = async (memberId: number) =>
  (await t.db.db.selectFrom('consents').select('notice_version').where('member_id', '=', memberId).orderBy('notice_version').execute()).map(
    (r) => r.notice_version,
  );

describe('POST /api/publishprivacynotice', () => {
  it('publishes version N+1, which GET /api/privacynotice then serves, with the publisher’s own consent', async () => {
    const before = await current();
    const body = '# Privacy Notice\n\nWe keep your **TIN** for five years.\n';
    const published = await publish(body);
    expect(published).toEqual({ version: before.version + 1, body, published_at: expect.any(String) });
    expect(await current()).toEqual(published);
    const row = await t.db.db.selectFrom('privacy_notices').selectAll().where('version', '=', published.version).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ body, published_by: adminId });
    expect(await consentedVersions(adminId)).toContain(published.version);
    // The one before is kept.
    expect(
      await t.db.db.selectFrom('privacy_notices').select('version').where('version', '=', before.version).executeTakeFirst(),
    ).toBeDefined();
  });

  it('is for administrators only, and needs a text', async () => {
    const before = await current();
    const agent = (await login(await signedUpAgent())).client;
    expect((await agent.post(routes.publishPrivacyNotice.path, { body: '# Mine' })).statusCode).toBe(403);
    expect((await t.client().post(routes.publishPrivacyNotice.path, { body: '# Mine' })).statusCode).toBe(401);
    const empty = await admin.post(routes.publishPrivacyNotice.path, { body: '   \n' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'The notice text is required' });
    expect(await current()).toEqual(before);
  });
});

describe('consent to a new version', () => {
  it('asks an agent once, at their next login, never in the session already open', async () => {
    const m = await signedUpAgent();
    const first = await login(m);
    expect(first.consentRequired).toBe(false);
    const old = await current();
    expect(await consentedVersions(m.id)).toEqual([old.version]);

    await pastSessionStart(m.id);
    const next = await publish();
    expect(next.version).toBe(old.version + 1);

    // The session that began before the publication goes on.
    expect(await meAsks(first.client)).toBe(false);
    expect((await first.client.post(routes.getUserDetails.path, { id: m.id })).statusCode).toBe(200);

    // The next login asks, and so does that session's `me` until accepted.
    const second = await login(m);
    expect(second.consentRequired).toBe(true);
    expect(await meAsks(second.client)).toBe(true);

    // Only the current version can be accepted.
    for (const version of [old.version, next.version + 1]) {
      const res = await second.client.post(routes.acceptPrivacyNotice.path, { version });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: NOTICE_NOT_CURRENT_MESSAGE });
    }
    expect(await meAsks(second.client)).toBe(true);
    expect(await consentedVersions(m.id)).toEqual([old.version]);

    const accept = await second.client.post(routes.acceptPrivacyNotice.path, { version: next.version });
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toEqual({ success: true, version: next.version });
    expect(await meAsks(second.client)).toBe(false);
    expect((await login(m)).consentRequired).toBe(false);

    // Accepting again changes nothing.
    expect((await second.client.post(routes.acceptPrivacyNotice.path, { version: next.version })).statusCode).toBe(200);
    expect(await consentedVersions(m.id)).toEqual([old.version, next.version]);
    const row = await t.db.db
      .selectFrom('consents')
      .select(['accepted_at', 'ip'])
      .where('member_id', '=', m.id)
      .where('notice_version', '=', next.version)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ accepted_at: expect.any(String), ip: '127.0.0.1' });
  });

  it('asks for the latest only, when two versions were published since', async () => {
    const m = await signedUpAgent();
    const skipped = await publish();
    const latest = await publish();
    const { client, consentRequired } = await login(m);
    expect(consentRequired).toBe(true);
    expect((await client.post(routes.acceptPrivacyNotice.path, { version: skipped.version })).statusCode).toBe(400);
    expect((await client.post(routes.acceptPrivacyNotice.path, { version: latest.version })).statusCode).toBe(200);
    expect((await login(m)).consentRequired).toBe(false);
  });

  it('takes a sign-up’s consent as given to the version current at sign-up', async () => {
    const latest = await publish();
    const m = await signedUpAgent();
    expect(await consentedVersions(m.id)).toEqual([latest.version]);
    expect((await login(m)).consentRequired).toBe(false);
  });

  it('never asks an administrator', async () => {
    const other = await t.createAdmin();
    await publish();
    const { client, consentRequired } = await login(other);
    expect(consentRequired).toBe(false);
    expect(await meAsks(client)).toBe(false);
    expect(await consentedVersions(other.id)).toEqual([]);
    // The publisher neither.
    expect(await meAsks(admin)).toBe(false);
  });

  it('needs a session to accept', async () => {
    const { version } = await current();
    expect((await t.client().post(routes.acceptPrivacyNotice.path, { version })).statusCode).toBe(401);
  });
});

/**
 * Decision 027: the consent is the server's rule, not only the web app's screen. An agent who must
 * accept the current notice gets 403 `{ code: 'consent_required' }` from every route but who they
 * are, logging out, the CSRF cookie, the notice and its acceptance; decided from the matched route
 * (platform/guards.ts), before the body is read, so nothing is saved.
 */
describe('the server refuses everything but the consent screen until the notice is accepted', () => {
  const ALLOWED = new Set<RouteDef>([routes.me, routes.logout, routes.csrfCookie, routes.privacyNotice, routes.acceptPrivacyNotice]);
  const REFUSED = { error: CONSENT_FIRST_MESSAGE, code: 'consent_required' };

  /**
   * Every route of the table a member may call (their own data), but the consent screen's, as
   * `client` calls it. (Administrators' routes answer an agent 403 whatever the consent.)
   */
  async function everyOtherRoute(client: TestClient, memberId: number) {
    const answers: { route: string; status: number; body: unknown }[] = [];
    for (const [name, def] of Object.entries(routes) as [string, RouteDef][]) {
      if (def.access !== 'member' || ALLOWED.has(def)) continue;
      const url = def.path.replace(/:([A-Za-z_]\w*)/g, String(memberId));
      const res = await client.request(def.method, url, def.method === 'GET' ? undefined : { id: memberId });
      answers.push({ route: name, status: res.statusCode, body: res.json() });
    }
    return answers;
  }

  it('answers 403 consent_required from every other route to an agent who has not accepted, and nothing is saved', async () => {
    const m = await t.createMember({ consent: false });
    const { client, consentRequired } = await login(m);
    expect(consentRequired).toBe(true);

    const answers = await everyOtherRoute(client, m.id);
    expect(answers.length).toBeGreaterThan(50);
    expect(answers).toEqual(answers.map((a) => ({ route: a.route, status: 403, body: REFUSED })));

    // A well-formed write is refused before it is read: no deal.
    const deal = await client.post(routes.addDeal.path, newDeal(m.id, { customerName: 'Before Consent' }));
    expect(deal.statusCode).toBe(403);
    expect(deal.json()).toEqual(REFUSED);
    const deals = await t.db.db.selectFrom('deals').select('id').where('member_id', '=', m.id).execute();
    expect(deals).toEqual([]);

    // The consent screen's own calls answer.
    expect((await client.get(routes.csrfCookie.path)).statusCode).toBe(204);
    expect(await meAsks(client)).toBe(true);
    const notice = await client.get(routes.privacyNotice.path);
    expect(notice.statusCode).toBe(200);

    // Accepted: the same session may do everything it may.
    const accept = await client.post(routes.acceptPrivacyNotice.path, { version: (notice.json() as Notice).version });
    expect(accept.statusCode).toBe(200);
    expect(await meAsks(client)).toBe(false);
    expect((await client.post(routes.getDeals.path, { id: m.id })).statusCode).toBe(200);
    const saved = await client.post(routes.addDeal.path, newDeal(m.id, { customerName: 'After Consent' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await client.post(routes.logout.path)).statusCode).toBe(204);
  });

  it('refuses a new version’s next session until accepted, while the session open before goes on and other members are untouched', async () => {
    const m = await signedUpAgent();
    const before = await login(m);
    const bystander = await login(await signedUpAgent());
    await pastSessionStart(m.id);
    const next = await publish();

    expect((await before.client.post(routes.getUserDetails.path, { id: m.id })).statusCode).toBe(200);
    const after = await login(m);
    expect(after.consentRequired).toBe(true);
    const refused = await after.client.post(routes.getUserDetails.path, { id: m.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REFUSED);
    // Another agent's session, open before the publication, goes on.
    expect(
      (await bystander.client.post(routes.getDeals.path, { id: (await bystander.client.get(routes.me.path)).json().user })).statusCode,
    ).toBe(200);

    // Logging out is allowed, and ends the session.
    expect((await after.client.post(routes.logout.path)).statusCode).toBe(204);
    expect((await after.client.get(routes.me.path)).statusCode).toBe(401);

    const again = await login(m);
    expect((await again.client.post(routes.acceptPrivacyNotice.path, { version: next.version })).statusCode).toBe(200);
    expect((await again.client.post(routes.getUserDetails.path, { id: m.id })).statusCode).toBe(200);
  });

  it('never stops an administrator, nor a caller without a session (401 as before)', async () => {
    const other = await t.createAdmin();
    await publish();
    const { client } = await login(other);
    expect((await client.post(routes.getUserDetails.path, { id: other.id })).statusCode).toBe(200);
    expect((await client.request(routes.privacyRequests.method, routes.privacyRequests.path)).statusCode).toBe(200);
    expect((await t.client().post(routes.getDeals.path, { id: other.id })).statusCode).toBe(401);
  });
});
