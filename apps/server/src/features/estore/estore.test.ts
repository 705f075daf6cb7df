import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pathOf, routes } from '@ahente/contract/routes';
import { ESTORE_MESSAGES, type StoreRequestsResponse, type StoreProductRecord } from '@ahente/contract/estore';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { STORE_ADDRESS_LIMIT } from './service.ts';

/**
 * The E-Store (issue 48, decision 040) on both databases: the catalogue (administrators), the public
 * page (no script, share tags, the same closed page for unknown, disabled and unlicensed codes), the
 * form (a deal, a request and a notification in one go; token, honeypot, limits; nothing saved on a
 * refusal), and the agent's screen calls with their access rules.
 */
let t: TestApp;
let admin: TestClient;
let agent: Awaited<ReturnType<TestApp['createMember']>>;
let agentC: TestClient;
let other: Awaited<ReturnType<TestApp['createMember']>>;
let otherC: TestClient;
let motor: StoreProductRecord;
let ipSeq = 0;
let ip = '10.9.0.1';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** The store page as a browser asks for it (an Accept header naming HTML). */
const page = (code: string) =>
  t.app.inject({ method: 'GET', url: pathOf(routes.storePage, { code }), headers: { accept: 'text/html,*/*;q=0.8' }, remoteAddress: ip });
const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)![1]!;
const form = (code: string, fields: Record<string, string>, from = ip) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(routes.storeRequestForm, { code }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,*/*;q=0.8' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: from,
  });

async function validFields(code = agent.referral_code): Promise<Record<string, string>> {
  const res = await page(code);
  return {
    token: tokenOf(res.body),
    product: String(motor.id),
    name: 'Maria <b>Santos</b>',
    mobile: '0917 123 4567',
    email: 'maria@example.ph',
    message: 'Please call after 5 pm',
    consent: 'yes',
    website: '',
    q1: 'Sedan',
    q2: 'Toyota Vios',
    q3: '2022',
    q4: '750000',
  };
}

async function counts() {
  const n = async (table: 'deals' | 'store_requests' | 'notifications') =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { deals: await n('deals'), requests: await n('store_requests'), notifications: await n('notifications') };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAs(await t.createAdmin());
  agent = await t.createMember({ f_name: 'Jose', l_name: 'Rizal' });
  agentC = await t.loginAs(agent);
  await t.licenseMember(agent.id, { lines: ['Non-Life'] });
  other = await t.createMember();
  otherC = await t.loginAs(other);
  const saved = await admin.postForm(routes.saveStoreProduct.path, [
    { name: 'product', value: 'Comprehensive' },
    { name: 'description', value: 'Own damage, theft and third-party cover for your car' },
    { name: 'price_from', value: '12,500' },
    { name: 'image', filename: 'car.png', content: PNG },
  ]);
  expect(saved.statusCode, saved.body).toBe(200);
  motor = saved.json().product;
});
afterAll(() => t.close());
beforeEach(() => {
  ip = `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
});

describe('the catalogue', () => {
  it("saves a product with its image, price, Motor's default questions and decision 018's lines", async () => {
    expect(motor).toMatchObject({
      product: 'Comprehensive',
      price_from: 12500,
      questions: ['Vehicle type', 'Make and model', 'Year', 'Market value'],
      lines: ['Non-Life'],
      shown: true,
      image_url: expect.stringMatching(/^\/api\/public\/storeimage\/\d+\?v=/),
    });
    const list = (await admin.post(routes.storeProducts.path, {})).json() as { products: StoreProductRecord[] };
    expect(list.products.map((p) => p.product)).toContain('Comprehensive');
    const image = await t.client().get(motor.image_url!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('changes a product; refuses lines the map does not allow, a taken product, a bad price, with nothing saved', async () => {
    const change = await admin.postForm(routes.saveStoreProduct.path, [
      { name: 'product_id', value: String(motor.id) },
      { name: 'product', value: 'Comprehensive' },
      { name: 'description', value: 'Comprehensive car insurance' },
      { name: 'questions', value: 'Vehicle type\nMake and model\nYear\nMarket value' },
      { name: 'lines', value: 'Non-Life' },
    ]);
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().product).toMatchObject({
      description: 'Comprehensive car insurance',
      price_from: null,
      image_url: motor.image_url,
    });
    motor = change.json().product;
    const before = (await admin.post(routes.storeProducts.path, {})).json();
    const lines = await admin.postForm(routes.saveStoreProduct.path, [
      { name: 'product', value: 'Travel Insurance' },
      { name: 'description', value: 'Trips' },
      { name: 'lines', value: 'Life' },
    ]);
    expect(lines.statusCode).toBe(400);
    expect(lines.json().error).toBe(ESTORE_MESSAGES.linesNotAllowed('Travel Insurance', 'Non-Life'));
    const taken = await admin.postForm(routes.saveStoreProduct.path, [
      { name: 'product', value: 'Comprehensive' },
      { name: 'description', value: 'Again' },
    ]);
    expect(taken.statusCode).toBe(409);
    const price = await admin.postForm(routes.saveStoreProduct.path, [
      { name: 'product', value: 'CTPL' },
      { name: 'description', value: 'CTPL' },
      { name: 'price_from', value: 'cheap' },
    ]);
    expect(price.statusCode).toBe(400);
    expect(price.json().error).toBe('Price from must be an amount in pesos, more than 0');
    const unknown = await admin.postForm(routes.saveStoreProduct.path, [
      { name: 'product', value: 'Spaceship' },
      { name: 'description', value: 'x' },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect((await admin.post(routes.storeProducts.path, {})).json()).toEqual(before);
  });

  it('is for administrators only', async () => {
    expect((await agentC.post(routes.storeProducts.path, {})).statusCode).toBe(403);
    const res = await agentC.postForm(routes.saveStoreProduct.path, [
      { name: 'product', value: 'CTPL' },
      { name: 'description', value: 'x' },
    ]);
    expect(res.statusCode).toBe(403);
    expect((await t.client().post(routes.storeProducts.path, {})).statusCode).toBe(401);
  });
});

describe('the store page', () => {
  it("is HTML with no script, the share tags, the agent's name and lines, never their username or e-mail", async () => {
    const res = await page(agent.referral_code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('<meta property="og:title" content="Jose Rizal');
    expect(res.body).toContain('<meta name="twitter:card" content="summary">');
    expect(res.body).toContain('Licensed agent: Non-Life');
    expect(res.body).toContain('Comprehensive');
    expect(res.body).toContain('Request a quote');
    expect(res.body).not.toContain(agent.username);
    expect(res.body).not.toContain('@example.ph');
    // Contact and photo only when chosen.
    expect(res.body).not.toContain('09171234567');
  });

  it('shows the contact number once the agent chooses to', async () => {
    const res = await agentC.post(routes.storeSettings.path, { id: agent.id, show_photo: false, show_contact: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().store).toMatchObject({ open: true, show_contact: true, show_photo: false, path: `/s/${agent.referral_code}` });
    expect((await page(agent.referral_code)).body).toContain('href="tel:09171234567"');
    expect((await otherC.post(routes.storeSettings.path, { id: agent.id, show_photo: true, show_contact: true })).statusCode).toBe(403);
    expect((await agentC.post(routes.storeSettings.path, { id: agent.id, show_photo: 'yes', show_contact: true })).statusCode).toBe(400);
    await agentC.post(routes.storeSettings.path, { id: agent.id, show_photo: false, show_contact: false });
  });

  it('answers the same closed page for an unknown, a disabled and an unlicensed code', async () => {
    const unknown = await page('NOSUCHCODE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This store is not open');
    expect(unknown.body).not.toMatch(/<script/i);
    const unlicensed = await page(other.referral_code);
    expect(unlicensed.statusCode).toBe(404);
    expect(unlicensed.body).toBe(unknown.body);
    const gone = await t.createMember();
    await t.licenseMember(gone.id, { lines: ['Non-Life'] });
    await t.db.db.updateTable('members').set({ deactivated_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    expect((await page(gone.referral_code)).body).toBe(unknown.body);
    const bad = await page('bad%20code!');
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toBe(unknown.body);
    // An API client (no Accept header) is answered JSON.
    const api = await t.app.inject({ method: 'GET', url: pathOf(routes.storePage, { code: 'NOSUCHCODE' }) });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'This store is not open' });
  });
});

describe("a client's request", () => {
  it("makes the agent's deal (For Quotation, E-Store, the answers in its notes), the request and a notification", async () => {
    const before = await counts();
    const res = await form(agent.referral_code, await validFields());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Jose Rizal of');
    expect(res.body).toContain('will contact you at 09171234567 about Comprehensive');
    expect(res.body).toContain('Maria &lt;b&gt;Santos&lt;/b&gt;');
    expect(res.body).not.toMatch(/<script/i);
    expect(await counts()).toEqual({ deals: before.deals + 1, requests: before.requests + 1, notifications: before.notifications + 1 });
    const list = (await agentC.post(routes.storeRequests.path, { id: agent.id })).json() as StoreRequestsResponse;
    const request = list.requests[0]!;
    expect(request).toMatchObject({
      product: 'Comprehensive',
      client_name: 'Maria <b>Santos</b>',
      client_mobile: '09171234567',
      client_email: 'maria@example.ph',
      status: 'new',
      answers: [
        { question: 'Vehicle type', answer: 'Sedan' },
        { question: 'Make and model', answer: 'Toyota Vios' },
        { question: 'Year', answer: '2022' },
        { question: 'Market value', answer: '750000' },
      ],
    });
    const deals = (await agentC.post(routes.getDeals.path, { id: agent.id })).json() as {
      id: number;
      deal_status: string;
      source: string;
      notes: string;
    }[];
    const deal = deals.find((d) => d.id === request.deal_id)!;
    expect(deal).toMatchObject({ deal_status: 'For Quotation', source: 'E-Store', customer_name: 'Maria <b>Santos</b>' });
    expect(deal.notes).toContain('Make and model: Toyota Vios');
    expect(deal.notes).toContain('Message: Please call after 5 pm');
    const consent = await t.db.db
      .selectFrom('store_requests')
      .select(['notice_version', 'consented_at'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(consent.notice_version).toBe(1);
    expect(list.figures[0]).toMatchObject({ requests: expect.any(Number), deals: expect.any(Number) });
    expect(list.figures[0]!.views).toBeGreaterThan(0);
  });

  it('refuses bad input with a page saying what is wrong, and saves nothing', async () => {
    const before = await counts();
    const fields = await validFields();
    for (const [over, message] of [
      [{ mobile: '12345' }, 'Mobile number must be 11 digits starting with 09 (or +639…)'],
      [{ name: '' }, 'Name is required'],
      // The form's bounds (input-bounds.test.ts takes JSON bodies only): control characters refused.
      [{ name: 'Ma\u0000ria' }, 'Name may not contain control characters'],
      [{ q2: 'Toyota\u009bVios' }, 'Answer may not contain control characters'],
      [{ message: 'x'.repeat(1001) }, 'Message must be at most 1000 characters'],
      [{ email: 'not-an-email' }, 'Email is not a valid email address'],
      [{ consent: '' }, ESTORE_MESSAGES.consentRequired],
      [{ product: '99999' }, ESTORE_MESSAGES.productUnavailable],
      [{ token: 'forged.token' }, ESTORE_MESSAGES.tokenExpired],
    ] as const) {
      const res = await form(agent.referral_code, { ...fields, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(message.replace(/'/g, '&#39;'));
    }
    // Another store's token is not this one's.
    await t.licenseMember(other.id, { lines: ['Non-Life'] });
    const otherToken = tokenOf((await page(other.referral_code)).body);
    await t.db.db.deleteFrom('licenses').where('member_id', '=', other.id).execute();
    expect((await form(agent.referral_code, { ...fields, token: otherToken }, `10.8.0.${ipSeq % 250}`)).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('answers a JSON client with JSON errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(routes.storeRequestForm, { code: agent.referral_code }),
      payload: { name: 'x' },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it('drops a bot that fills the honeypot: thanks, and nothing saved', async () => {
    const before = await counts();
    const res = await form(agent.referral_code, { ...(await validFields()), website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Thank you.');
    expect(await counts()).toEqual(before);
  });

  it('limits requests per address', async () => {
    const fields = await validFields();
    for (let i = 0; i < STORE_ADDRESS_LIMIT.max; i++)
      expect((await form(agent.referral_code, { ...fields, website: 'x' })).statusCode).toBe(200);
    const res = await form(agent.referral_code, fields);
    expect(res.statusCode).toBe(429);
    expect(res.body).toContain(ESTORE_MESSAGES.tooMany);
  });

  it('an unknown or closed store takes no request', async () => {
    const fields = await validFields();
    const res = await form(other.referral_code, fields);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This store is not open');
  });
});

describe("the agent's requests", () => {
  it('moves a request through its states: its agent and administrators; anyone else is told it does not exist', async () => {
    await form(agent.referral_code, await validFields());
    const list = (await agentC.post(routes.storeRequests.path, { id: agent.id })).json() as StoreRequestsResponse;
    const id = list.requests[0]!.id;
    const moved = await agentC.post(routes.setStoreRequest.path, { request_id: id, status: 'contacted' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().request.status).toBe('contacted');
    expect((await admin.post(routes.setStoreRequest.path, { request_id: id, status: 'quoted' })).json().request.status).toBe('quoted');
    const stranger = await otherC.post(routes.setStoreRequest.path, { request_id: id, status: 'lost' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toBe(ESTORE_MESSAGES.requestNotFound);
    expect((await agentC.post(routes.setStoreRequest.path, { request_id: id, status: 'sold' })).statusCode).toBe(400);
    const quoted = (await agentC.post(routes.storeRequests.path, { id: agent.id, status: 'quoted' })).json() as StoreRequestsResponse;
    expect(quoted.requests.map((r) => r.id)).toEqual([id]);
    expect((await otherC.post(routes.storeRequests.path, { id: agent.id })).statusCode).toBe(403);
    expect((await t.client().post(routes.storeRequests.path, { id: agent.id })).statusCode).toBe(401);
  });

  it("shows a leader their team's figures and an administrator the agency's", async () => {
    const leader = await t.createMember({ position: 'Manager' });
    await t.db.db.updateTable('members').set({ referror: leader.id }).where('id', '=', agent.id).execute();
    const leaderC = await t.loginAs(leader);
    const mine = (await leaderC.post(routes.storeRequests.path, { id: leader.id })).json() as StoreRequestsResponse;
    expect(mine.team?.scope).toBe('team');
    expect(mine.team!.members).toBe(2);
    expect(mine.team!.figures[0]!.requests).toBeGreaterThan(0);
    expect(mine.requests).toEqual([]);
    const adminId = (await admin.get(routes.me.path)).json().user as number;
    const agency = (await admin.post(routes.storeRequests.path, { id: adminId })).json() as StoreRequestsResponse;
    expect(agency.team?.scope).toBe('agency');
    const plain = (await agentC.post(routes.storeRequests.path, { id: agent.id })).json() as StoreRequestsResponse;
    expect(plain.team).toBeNull();
    await t.db.db.updateTable('members').set({ referror: null }).where('id', '=', agent.id).execute();
  });
});
