import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { sessionRepository } from './session-repository.ts';

/**
 * Requests that arrive together with one cookie share one session lookup, and only until its
 * statement is sent (platform/sessions.ts, decision 035): a request never reads a session older
 * than its own arrival.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

async function signedIn(): Promise<{ client: TestClient; id: number }> {
  const member = await t.createMember();
  return { client: await t.loginAs(member), id: member.id };
}

describe('session lookup', () => {
  it('nine requests sent at once with one cookie look the session up once, and each is answered as that member', async () => {
    const { client, id } = await signedIn();
    const lookups = vi.spyOn(sessionRepository, 'findLive');
    const answers = await Promise.all(Array.from({ length: 9 }, () => client.get(routes.me.path)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(9).fill(200));
    expect(answers.map((a) => (a.json() as { user: number }).user)).toEqual(Array(9).fill(id));
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('two members at once: each their own lookup and their own answer', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const lookups = vi.spyOn(sessionRepository, 'findLive');
    const [ra, rb] = await Promise.all([a.client.get(routes.me.path), b.client.get(routes.me.path)]);
    expect((ra.json() as { user: number }).user).toBe(a.id);
    expect((rb.json() as { user: number }).user).toBe(b.id);
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('a request that arrives once the lookup has read the database does not join it: logged out meanwhile, it gets 401', async () => {
    const { client } = await signedIn();
    const real = sessionRepository.findLive;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let read!: () => void;
    const hasRead = new Promise<void>((resolve) => (read = resolve));
    let calls = 0;
    // The first lookup reads the live session; then the session ends (as a logout elsewhere would:
    // on the lookup's own connection, SQLite having one) and the answer waits.
    const lookups = vi.spyOn(sessionRepository, 'findLive').mockImplementation(async (...args) => {
      const row = await real(...args);
      if (++calls === 1) {
        await args[0].deleteFrom('sessions').execute();
        read();
        await gate;
      }
      return row;
    });
    const first = client.get(routes.me.path);
    await hasRead;
    const second = client.get(routes.me.path);
    release();
    // The first read the session before it ended; the second, sent after that read, was not given it.
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(401);
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('a lookup that fails fails its requests with a 500 and is not joined afterwards', async () => {
    const { client } = await signedIn();
    const lookups = vi.spyOn(sessionRepository, 'findLive').mockRejectedValueOnce(new Error('connection lost'));
    const failed = await Promise.all([client.get(routes.me.path), client.get(routes.me.path)]);
    expect(failed.map((r) => r.statusCode)).toEqual([500, 500]);
    expect((await client.get(routes.me.path)).statusCode).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(2);
  });
});
