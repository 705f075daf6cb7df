import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { expectSignedIn, seedSales, signIn } from '../support/app.ts';
import { PHONE, expect, loginUi, test, openContext } from '../support/fixtures.ts';

/**
 * The phone budget (decision 014): what the measures rest on, checked as a visitor sees it. The
 * figures themselves are bench/phone.ts's and bench/lighthouse.ts's.
 */

test('/robots.txt keeps search engines out of the portal, as plain text', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await res.text()).toBe('User-agent: *\nDisallow: /\n');
});

test('/login arrives painted: its HTML holds the login form, and only its HTML', async ({ request }) => {
  const login = await (await request.get('/login')).text();
  expect(login).toContain('Welcome back');
  expect(login).toContain('Sign In');
  // Nothing in it acts before the app takes over (no native submit of the password).
  expect(login).not.toContain('type="submit"');
  for (const path of ['/', '/register', '/deals/dealsview', '/login.html']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<div id="root"></div>');
    expect(html, path).not.toContain('Welcome back');
  }
});

test("the busy screens' HTML names their chunks up front, and only theirs", async ({ request }) => {
  const preloads = async (path: string) => {
    const html = await (await request.get(path)).text();
    return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
  };
  const dashboard = await preloads('/');
  expect(dashboard.some((file) => /\/assets\/app-layout-[\w-]+\.js$/.test(file))).toBe(true);
  expect(dashboard.some((file) => /\/assets\/dashboard-page-[\w-]+\.js$/.test(file))).toBe(true);
  const deals = await preloads('/deals/dealsview');
  expect(deals.some((file) => /\/assets\/deals-view-page-[\w-]+\.js$/.test(file))).toBe(true);
  expect(deals.some((file) => /dashboard-page/.test(file))).toBe(false);
  // What the first screens share with one other screen is one chunk, not a 0.2 KiB chunk per icon (decision 014,
  // lever 18), and the answers' schemas come with the first call, after the first render (lever 19): 9 scripts
  // beside the entry, where there were 22. A new chunk here is a request more on a phone.
  for (const first of [dashboard, deals]) {
    expect(first.some((file) => /\/assets\/first-screens-[\w-]+\.js$/.test(file))).toBe(true);
    expect(first.some((file) => /schemas/.test(file))).toBe(false);
    expect(first.length).toBeLessThanOrEqual(9);
  }
  // Every other address: the entry's chunks only.
  const other = await preloads('/settings/userdetails');
  expect(other.some((file) => /app-layout|-page-/.test(file))).toBe(false);
  // V8's compile hint heads the chunks whose functions the first render runs, and only those (decision 014,
  // lever 17): below Vite's list of a chunk's preloads, if it has one.
  const HINTED = /\/assets\/(index|react|shared|app-layout|dashboard-page|deals-view-page)-[\w-]+\.js$/;
  const hinted: string[] = [];
  for (const file of new Set([...dashboard, ...deals])) {
    const res = await request.get(file);
    expect(res.status(), file).toBe(200);
    expect(res.headers()['content-type'], file).toMatch(/javascript/);
    const [first, second] = (await res.text()).split('\n', 2);
    const hint =
      first === '//# allFunctionsCalledOnLoad' ||
      (first!.startsWith('const __vite__mapDeps=') && second === '//# allFunctionsCalledOnLoad');
    expect(hint, file).toBe(HINTED.test(file));
    if (hint) hinted.push(file);
  }
  expect(hinted.length).toBeGreaterThanOrEqual(5);
  // The pages behind them are not addresses of their own (the app's index.html answers, as for any unknown page).
  expect(await preloads('/screens/dashboard.html')).not.toContain(dashboard.find((file) => /dashboard-page/.test(file)));
});

test(
  '/login with no script shows the form; the app then makes it work, asking GET /api/me only of a browser with a live session',
  PHONE,
  async ({ browser, baseURL, agent }) => {
    const still = await openContext(browser, { baseURL, javaScriptEnabled: false });
    const bare = await still.newPage();
    await bare.goto('/login');
    await expect(bare.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(bare.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await expect(bare.getByLabel('Username')).not.toBeEditable();
    await still.close();

    const context = await openContext(browser, { baseURL });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    let sessionChecks = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === routes.me.path) sessionChecks++;
    });
    // A first visit: no session cookie, so no one can be signed in and nothing is asked (nor a 401 logged).
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await expect(page.getByLabel('Username')).toBeEditable();
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The app's form: an empty submit is refused with the spec's message.
    await expect(page.getByText(MSG.loginMissing)).toBeVisible();
    expect(sessionChecks).toBe(0);
    // No error at all on the console: no refusal by the CSP (zod's `new Function` probe used to be one on
    // every page), no 401.
    expect(problems).toEqual([]);

    // A session cookie the server no longer knows (expired, ended elsewhere): the server looks it up and
    // sends the same page, which asks nothing either, so no 401 is logged.
    await context.addCookies([{ name: 'ahente_sid', value: 'ended-elsewhere', url: baseURL! }]);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(MSG.loginMissing)).toBeVisible();
    expect(sessionChecks).toBe(0);
    expect(problems).toEqual([]);

    // A live session: the page asks the server, which answers 200, and the member goes on to the dashboard.
    await signIn(page, agent);
    const before = sessionChecks;
    const answers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === routes.me.path) answers.push(response.status());
    });
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page, agent);
    expect(sessionChecks).toBeGreaterThan(before);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  },
);

test(
  'what is typed while the app takes /login over is kept: Filipino chosen, then the username and the password at once',
  PHONE,
  async ({ page, agent }) => {
    // The app's entry held back, as on slow mobile data, while the visitor goes on typing in the page.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeEditable();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Filipino' }).click();
    await page.getByLabel('Username').fill(agent.username);
    await page.getByLabel('Password', { exact: true }).fill(agent.password);
    release();
    // The app's own page, in Filipino, with what was typed before it arrived.
    await expect(page.getByRole('button', { name: 'Mag-log in' })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(agent.username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(agent.password);
    await page.getByRole('button', { name: 'Mag-log in' }).click();
    await expect(page).toHaveURL(/\/$/);
  },
);

test('a load of the Deals Table asks for its first page once: the call started with the session is the one the table shows', async ({
  page,
  agent,
}) => {
  await loginUi(page, agent.username, agent.password);
  await expect(page).toHaveURL(/\/$/);
  const asked: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === routes.dealsPage.path) asked.push(request.postDataJSON());
  });
  await page.goto('/deals/dealsview');
  await expect(page.getByRole('table', { name: 'Your deals' }).getByText('No deals available.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Number of Deals Made' }).or(page.getByText('Number of Deals Made'))).toBeVisible();
  expect(asked).toEqual([{ id: agent.id, from: null, to: null, limit: 100, cursor: null }]);
});

test.describe("the web font's arrival", () => {
  // page.route does not see what a service worker answers: the font must come from the network here.
  test.use({ serviceWorkers: 'block' });

  test(
    'moves no line: the dashboard and the Deals Table are laid out alike in Inter and in its local fallback',
    PHONE,
    async ({ page, agent, baseURL }) => {
      await seedSales(baseURL!, agent, [125_000, 48_500.5]);
      await loginUi(page, agent.username, agent.password);
      await expect(page).toHaveURL(/\/$/);
      /** Where each block of the page's text sits, and how many lines it takes, once the fonts have settled. */
      const layout = async (inter: boolean) => {
        await page.waitForLoadState('networkidle');
        const faces = await page.evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts].filter((face) => face.family.includes('Inter Variable')).map((face) => face.status);
        });
        // With Inter, its Latin file is drawn; without it, none is.
        expect(faces.includes('loaded')).toBe(inter);
        return page.evaluate(() =>
          [...document.querySelectorAll('main h1, main h2, main p, main dd, main th, main td, main a, main button')].map((element) => {
            const box = element.getBoundingClientRect();
            return `${element.tagName} "${element.textContent?.slice(0, 30)}" top ${Math.round(box.top)} height ${Math.round(box.height)}`;
          }),
        );
      };
      for (const [path, ready] of [
        ['/', page.getByRole('region', { name: 'Team Size', exact: true })],
        ['/deals/dealsview', page.getByRole('table', { name: 'Your deals' }).getByText('Customer 2')],
      ] as const) {
        await page.goto(path);
        await expect(ready).toBeVisible();
        const inInter = await layout(true);
        await page.route(/\/inter-[\w-]+\.woff2$/, (route) => route.abort());
        await page.goto(path);
        await expect(ready).toBeVisible();
        expect(await layout(false), path).toEqual(inInter);
        await page.unrouteAll();
      }
    },
  );
});
