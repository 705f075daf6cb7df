import { MSG } from '@ahente/contract/messages';
import { expectSignedIn, signIn, signInAdmin, xsrfToken } from '../support/app.ts';
import type { Page } from '@playwright/test';
import { ADMIN, expect, loginApi, test } from '../support/fixtures.ts';
import { routes } from '@ahente/contract/routes';

test('logged out: a portal address lands on /login, replacing the history entry', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: MSG.registerTitle })).toBeVisible();
  const entries = await page.evaluate(() => history.length);

  await page.goto('/deals/dealsview');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  // One entry for the visit, now reading /login: the guard replaced it rather than pushing.
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);

  // Back returns to the page before: /deals/dealsview is no longer in the history
  // (were it there, Back would open it and be sent to /login again).
  await page.goBack();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: MSG.registerTitle })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
});

test('logged out: every guarded area, admin included, goes to /login', async ({ page }) => {
  for (const path of ['/', '/portfolio', '/settings/hiearchy', '/admin/adminmembers', '/no-such-page']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
});

test('an agent is kept out of /admin, and the server refuses the admin API', async ({ page, agent }) => {
  await signIn(page, agent);
  for (const path of ['/admin/adminmembers', '/admin/adminmaterials', '/admin/adminticketlist', '/admin']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectSignedIn(page, agent);
  }

  const token = await xsrfToken(page.context());
  const res = await page.request.post(routes.adminMemberRecords.path, {
    data: { id: agent.id },
    headers: { 'X-XSRF-TOKEN': token },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toEqual({ error: expect.any(String) });

  // An agent cannot make itself an admin either.
  const edit = await page.request.post(routes.editMember.path, {
    data: { id: agent.id, account_type: 'admin' },
    headers: { 'X-XSRF-TOKEN': token },
  });
  expect(edit.status()).toBe(403);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
});

test('an admin opens /admin/adminmembers', async ({ page }) => {
  await signInAdmin(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin\/adminmembers$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/adminmembers$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
});

/**
 * The member of the session this browser saved for the next load (decision 028's cache in
 * IndexedDB): their id, null for a saved "signed out", undefined when none is saved.
 */
function savedSessionMember(page: Page): Promise<number | null | undefined> {
  return page.evaluate(
    () =>
      new Promise<number | null | undefined>((resolve, reject) => {
        const open = indexedDB.open('ahente-cache');
        // Not yet made by the page: creating it here, without its store, would leave the app unable to save.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve(undefined) : reject(open.error));
        open.onsuccess = () => {
          const read = open.result.transaction('queries').objectStore('queries').get('query-cache');
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const saved = read.result as
              { state: { queries: { queryKey: unknown[]; state: { data: { memberId?: number } | null } }[] } } | undefined;
            const session = saved?.state.queries.find((q) => q.queryKey[0] === 'session');
            resolve(session ? (session.state.data?.memberId ?? null) : undefined);
          };
        };
      }),
  );
}

/** Puts the admin's session cookies in this browser, as a sign-in in another tab would, without the page knowing. */
async function adminSignsInElsewhere(page: Page, baseURL: string) {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  await page.context().clearCookies();
  await page.context().addCookies((await admin.storageState()).cookies);
  await admin.dispose();
}

test("the session saved on the device is not the server's word: an admin signed in since is let into the Admin Panel", async ({
  page,
  agent,
  baseURL,
}) => {
  // The device saved the agent's session (shown at once on the next load, and offline).
  await signIn(page, agent);
  await expect.poll(() => savedSessionMember(page)).toBe(agent.id);
  await adminSignsInElsewhere(page, baseURL!);

  // The next load starts from the agent's saved session; /admin waits for GET /api/me rather than send them away.
  await page.goto('/admin/adminmembers');
  await expect(page.getByRole('heading', { level: 1, name: 'Members Record' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/adminmembers$/);
});

test("a saved 'signed out' is not the server's word either: the page asked for opens once the server names the member", async ({
  page,
  baseURL,
}) => {
  // The app's GET /api/me (401) is saved: nobody is signed in on this device. (Through a guarded
  // address: the prerendered /login has a script of its own, which saves nothing on the device.)
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect.poll(() => savedSessionMember(page)).toBe(null);
  await adminSignsInElsewhere(page, baseURL!);

  await page.goto('/admin/adminmaterials');
  await expect(page.getByRole('heading', { level: 1, name: 'Materials Panel' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/adminmaterials$/);
});
