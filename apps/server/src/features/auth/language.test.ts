import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function storedLanguage(id: number) {
  const row = await t.db.db.selectFrom('members').select('language').where('id', '=', id).executeTakeFirstOrThrow();
  return row.language;
}

describe('POST /api/setlanguage', () => {
  it("saves the member's language: the session answers it, on this device and on a sign-in from another", async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    expect(await c.call(routes.me, {})).toMatchObject({ user: m.id, language: 'en' });

    const res = await c.attempt(routes.setLanguage, { body: { language: 'fil' } });
    expect(res.status).toBe(204);
    expect(await storedLanguage(m.id)).toBe('fil');
    expect(await c.call(routes.me, {})).toMatchObject({ language: 'fil' });

    const elsewhere = await t.client().attempt(routes.login, { body: { username: m.username, password: m.password } });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toMatchObject({ user: m.id, language: 'fil' });

    expect((await c.attempt(routes.setLanguage, { body: { language: 'en' } })).status).toBe(204);
    expect(await storedLanguage(m.id)).toBe('en');
  });

  it("changes only the caller's own language", async () => {
    const m = await t.createMember();
    const other = await t.createMember();
    expect((await (await t.loginAs(m)).attempt(routes.setLanguage, { body: { language: 'fil' } })).status).toBe(204);
    expect(await storedLanguage(m.id)).toBe('fil');
    expect(await storedLanguage(other.id)).toBe('en');
  });

  it.each([
    ['an unknown language', { language: 'es' }],
    ['a language written otherwise', { language: 'FIL' }],
    ['no language', {}],
    ['a language that is not text', { language: 1 }],
  ])('refuses %s with 400 and saves nothing', async (_what, body) => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    // Bodies the route's type refuses, on purpose: the raw post.
    const res = await c.post(routes.setLanguage.path, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Language must be en or fil' });
    expect(await storedLanguage(m.id)).toBe('en');
  });

  it('answers 401 to a caller who is not signed in, and saves nothing', async () => {
    const m = await t.createMember();
    const res = await t.client().attempt(routes.setLanguage, { body: { language: 'fil' } });
    expect(res.status).toBe(401);
    expect(await storedLanguage(m.id)).toBe('en');
  });
});
