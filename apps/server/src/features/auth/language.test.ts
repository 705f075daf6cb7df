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

describe('POST /api/setlanguage (issue 25 §3)', () => {
  it("saves the member's language: the session answers it, on this device and on a sign-in from another", async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    expect((await c.get(routes.me.path)).json()).toMatchObject({ user: m.id, language: 'en' });

    const res = await c.post(routes.setLanguage.path, { language: 'fil' });
    expect(res.statusCode).toBe(204);
    expect(await storedLanguage(m.id)).toBe('fil');
    expect((await c.get(routes.me.path)).json()).toMatchObject({ language: 'fil' });

    const elsewhere = await t.client().post(routes.login.path, { username: m.username, password: m.password });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toMatchObject({ user: m.id, language: 'fil' });

    expect((await c.post(routes.setLanguage.path, { language: 'en' })).statusCode).toBe(204);
    expect(await storedLanguage(m.id)).toBe('en');
  });

  it("changes only the caller's own language", async () => {
    const m = await t.createMember();
    const other = await t.createMember();
    expect((await (await t.loginAs(m)).post(routes.setLanguage.path, { language: 'fil' })).statusCode).toBe(204);
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
    const res = await c.post(routes.setLanguage.path, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Language must be en or fil' });
    expect(await storedLanguage(m.id)).toBe('en');
  });

  it('answers 401 to a caller who is not signed in, and saves nothing', async () => {
    const m = await t.createMember();
    const res = await t.client().post(routes.setLanguage.path, { language: 'fil' });
    expect(res.statusCode).toBe(401);
    expect(await storedLanguage(m.id)).toBe('en');
  });
});
