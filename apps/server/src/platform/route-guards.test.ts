import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_ROUTES } from './guards.ts';
import { startTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { CSRF_FAILED } from './csrf.ts';

/**
 * Every registered route, under every spelling of its path that the router accepts, meets the guard
 * its own configuration names: whether a request is an API request, who may call it and whether it
 * needs a CSRF token never depend on how the URL is written (decision 001, "Deny by default").
 */
let t: TestApp;
let anon: TestClient;
let agent: TestClient;
let materialId: number;
let sectionId: number;

const enc = (ch: string, upper = false) => `%${ch.charCodeAt(0).toString(16)[upper ? 'toUpperCase' : 'toLowerCase']()}`;
const encodeAll = (path: string) =>
  path
    .split('/')
    .map((seg) => [...seg].map((c) => enc(c)).join(''))
    .join('/');

/** Spellings of one concrete path that the router matches to the same route. */
function acceptedSpellings(path: string): string[] {
  // The first segment: 'api', or 's' for the E-Store's pages (decision 040).
  const [, head = '', ...tail] = path.split('/');
  const rest = tail.length ? `/${tail.join('/')}` : ''; // '/createsection' or '/deletematerial/7'
  const segments = ['', ...tail];
  const first = segments[1]!;
  const lastSegmentEncoded = ['', ...segments.slice(1, -1), `${enc(segments.at(-1)![0]!, true)}${segments.at(-1)!.slice(1)}`].join('/');
  return [
    path,
    `/${enc(head[0]!)}${head.slice(1)}${rest}`,
    `/${[...head].map((c, i) => enc(c, i % 2 === 1)).join('')}${rest}`,
    `/${head}/${enc(first[0]!)}${first.slice(1)}${segments.length > 2 ? `/${segments.slice(2).join('/')}` : ''}`,
    `/${head}${lastSegmentEncoded}`,
    encodeAll(path),
    `${path}?via=query`,
    `${encodeAll(path)}?%61pi=1`,
  ];
}

/** Spellings the router may or may not accept: either way they must not get past a guard. */
function otherSpellings(path: string): string[] {
  return [
    `${path}/`,
    `/${path}`,
    `/api/.${path.slice(4)}`,
    path.replace('/api/', '/API/'),
    `${path};jsessionid=1`,
    `${path}%00`,
    `${path}#x`,
  ];
}

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, () => String(materialId));
/** The router found no route (a HEAD answer has no body to tell it by). */
const isRouterMiss = (res: { statusCode: number; body: string }) =>
  res.statusCode === 404 && (res.body.includes('No route') || res.body === '');
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The calls whose token in the path is their only credential (decision 038): no CSRF token, no session (below). */
const TOKEN_PATHS = new Set([...TOKEN_ROUTES].map((r) => r.path));

async function tableCounts() {
  const count = async (table: 'sections' | 'materials' | 'members' | 'deals' | 'sales') =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    sections: await count('sections'),
    materials: await count('materials'),
    members: await count('members'),
    deals: await count('deals'),
    sales: await count('sales'),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.loginAs(await t.createAdmin());
  sectionId = (await admin.post('/api/createsection', { name: 'Guarded' })).json().section.id;
  const up = await admin.postForm('/api/uploadmaterial', [
    { name: 'sectionId', value: String(sectionId) },
    { name: 'file', filename: 'guarded.pdf', content: Buffer.from('%PDF-1.7\nguarded material') },
  ]);
  expect(up.statusCode).toBe(201);
  materialId = up.json().material.id;
  anon = t.client();
  agent = await t.loginAs(await t.createMember());
});
afterAll(() => t.close());

describe('every route meets its guard, however its path is spelt', () => {
  it('has API routes to check, each in the API scope with an access rule', () => {
    const api = t.app.registeredRoutes.filter((r) => r.api);
    expect(api.length).toBeGreaterThanOrEqual(20);
    for (const r of t.app.registeredRoutes) expect(r.access, `${r.method} ${r.url}`).toMatch(/^(public|member|admin)$/);
    // Nothing under /api/ lives outside the API scope but the docs, public by their own scope, and
    // the catch-all that answers unknown API paths with a 404.
    const outside = t.app.registeredRoutes.filter((r) => !r.api && r.url.startsWith('/api') && !r.url.startsWith('/api/docs'));
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.every((r) => r.url === '/api/*' && r.access === 'public')).toBe(true);
  });

  it('answers an anonymous caller 401 on every member and admin route, 403 without a CSRF token on every unsafe one', async () => {
    const before = await tableCounts();
    let checked = 0;
    for (const route of t.app.registeredRoutes.filter((r) => r.api)) {
      const path = concrete(route.url);
      for (const url of [...acceptedSpellings(path), ...otherSpellings(path)]) {
        const accepted = acceptedSpellings(path).includes(url);
        const where = `${route.method} ${url} (${route.access})`;
        const method = route.method as 'GET' | 'POST' | 'DELETE';
        if (UNSAFE.has(route.method) && !TOKEN_PATHS.has(route.url)) {
          const res = await anon.request(method, url, method === 'DELETE' ? undefined : {}, { csrf: 'omit' });
          if (!(isRouterMiss(res) && !accepted)) {
            expect(res.statusCode, where).toBe(403);
            expect(res.json().error, where).toBe(CSRF_FAILED);
          }
        }
        if (route.access === 'public') continue;
        const res = await anon.request(method, url, method === 'POST' ? {} : undefined);
        if (isRouterMiss(res) && !accepted) continue;
        expect(res.statusCode, where).toBe(401);
        if (route.method !== 'HEAD') expect(res.json().error, where).toBe('Please log in first');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(await tableCounts()).toEqual(before);
  });

  it('a link’s calls (decisions 038, 039, 040) take no CSRF token and set no cookie: an unknown token is 404, signed in or not', async () => {
    // The proposal's link's four calls, a certificate's public check (decision 039), and the
    // E-Store's pages, form and images (decision 040).
    expect(TOKEN_PATHS.size).toBe(9);
    for (const route of t.app.registeredRoutes.filter((r) => r.api && TOKEN_PATHS.has(r.url) && r.method !== 'HEAD')) {
      // A certificate's verification code has its own shape; a store's code is a referral code.
      const code = route.url.startsWith('/api/public/certificate/') ? 'AAAA-AAAA-AAAA' : 'NOSUCHSTORE';
      const url = route.url.replace(':token', 'A'.repeat(43)).replace(':code', code).replace(':id', '999999');
      if (route.url === '/s/:code/request') {
        // The store's form: not a CSRF refusal, no cookie; an unknown store is 404 once the form is whole.
        for (const client of [anon, agent]) {
          const form = { token: 'x.y', product: 1, name: 'Maria', mobile: '09171234567', consent: 'yes' };
          const res = await client.request('POST', url, form, { csrf: 'omit' });
          expect(res.statusCode, url).toBe(404);
          expect(res.headers['set-cookie'], url).toBeUndefined();
        }
        continue;
      }
      for (const client of [anon, agent]) {
        const res = await client.request(
          route.method as 'GET' | 'POST',
          url,
          route.method === 'GET' ? undefined : route.url.endsWith('/accept') ? { option: 1 } : {},
          {
            csrf: 'omit',
          },
        );
        expect(res.statusCode, `${route.method} ${url}`).toBe(404);
        expect(res.headers['set-cookie'], url).toBeUndefined();
      }
    }
  });

  it('answers an agent 403 on every admin route, with or without a CSRF token', async () => {
    const before = await tableCounts();
    const adminRoutes = t.app.registeredRoutes.filter((r) => r.api && r.access === 'admin');
    expect(adminRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/createsection',
        'DELETE /api/deletematerial/:id',
        'POST /api/uploadmaterial',
        'POST /api/adminmemberrecords',
      ]),
    );
    for (const route of adminRoutes) {
      const path = concrete(route.url);
      for (const url of [...acceptedSpellings(path), ...otherSpellings(path)]) {
        const accepted = acceptedSpellings(path).includes(url);
        const where = `${route.method} ${url}`;
        const method = route.method as 'GET' | 'POST' | 'DELETE';
        const res = await agent.request(method, url, method === 'POST' ? { id: 1, name: 'agent section' } : undefined);
        if (isRouterMiss(res) && !accepted) continue;
        expect(res.statusCode, where).toBe(403);
        if (route.method !== 'HEAD') expect(res.json().error, where).toBe('Only administrators may do this');
      }
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('keeps the material of the review: no spelling deletes or reads it without the right caller', async () => {
    for (const url of acceptedSpellings(`/api/deletematerial/${materialId}`)) {
      expect((await anon.delete(url)).statusCode).toBe(401);
      expect((await agent.delete(url)).statusCode).toBe(403);
    }
    for (const url of acceptedSpellings(`/api/downloadmaterial/${materialId}`)) {
      const res = await anon.get(url);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('guarded material');
    }
    const ok = await agent.get(`/%61pi/downloadmaterial/${materialId}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('guarded material');
  });

  it('gives an encoded spelling exactly the checks of the canonical one for a caller who may pass', async () => {
    const admin = await t.loginAs(await t.createAdmin());
    const res = await admin.post('/%61pi/createsection', { name: 'Encoded but allowed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().section.name).toBe('Encoded but allowed');
    const noCsrf = await admin.post('/%61pi/createsection', { name: 'No token' }, { csrf: 'omit' });
    expect(noCsrf.statusCode).toBe(403);
  });
});
