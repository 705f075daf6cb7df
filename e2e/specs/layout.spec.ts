import type { Page } from '@playwright/test';
import { MSG } from '@ahente/contract/messages';
import { clientWithCookies, expectSignedIn, expectToast, signIn, signInAdmin, welcomeLine } from '../support/app.ts';
import { expect, shot, test } from '../support/fixtures.ts';
import { routes } from '@ahente/contract/routes';

/** The sidebar, in its order (Learning Resources after Marketing: decision 022). */
const NAV: readonly (readonly [string, string])[] = [
  ['Dashboard', '/'],
  ['Portfolio', '/portfolio'],
  ['Deals', '/deals/dealsinput'],
  ['Sales', '/sales/salesview'],
  ['Commissions', '/commissions'],
  ['Reports', '/reports'],
  ['Proposals', '/proposals'],
  ['E-Store', '/estore'],
  ['Help Center', '/helpcenter'],
  ['University', '/university'],
  ['Recruitment', '/recruitment'],
  ['Marketing', '/marketing'],
  ['Learning Resources', '/learning'],
  ['Settings', '/settings/userdetails'],
];
const ADMIN_ENTRY = ['Admin Panel', '/admin/adminmembers'] as const;

/**
 * Member routes whose screens are being built (deals, sales, help center, recruitment, marketing,
 * learning, settings, reports): they must exist and show a page heading, whatever is below it.
 */
const MEMBER_ROUTES = [
  '/deals/dealsinput',
  '/deals/dealsview',
  '/sales/salesinput',
  '/sales/salesview',
  '/commissions',
  '/helpcenter',
  '/recruitment',
  '/marketing',
  '/learning',
  '/settings/userdetails',
  '/settings/bankdetails',
  '/settings/certifications',
  '/settings/hiearchy',
  '/reports',
  '/proposals',
  '/university',
];
const ADMIN_ROUTES = ['/admin/adminmembers', '/admin/adminmaterials', '/admin/adminticketlist', '/admin/admincommissions'];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function expectNav(page: Page, entries: readonly (readonly [string, string])[]) {
  const links = mainNav(page).getByRole('link');
  await expect(links).toHaveText(entries.map(([label]) => label));
  for (const [i, [, href]] of entries.entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', href);
  }
}

/** An existing page of the layout: a level-1 heading, not the not-found page. */
async function expectPageHeading(page: Page, path: string) {
  await expect(page, path).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' }), path).toHaveCount(0);
}

test('an agent: the sidebar entries in the spec order, no Admin Panel; the header greets by name and ID', async ({
  page,
  agent,
}, testInfo) => {
  await signIn(page, agent);
  await expect(page.getByRole('link', { name: 'Ahente home' })).toHaveAttribute('href', '/');
  await expectNav(page, NAV);
  await expect(page.getByRole('link', { name: ADMIN_ENTRY[0] })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await shot(page, testInfo, 'dashboard-1440');

  // Keyboard users get a skip link first, and it leads to the page content.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('an admin: Admin Panel is the last entry', async ({ page }) => {
  await signInAdmin(page);
  await expectNav(page, [...NAV, ADMIN_ENTRY]);
});

test('clicking entries navigates and moves the highlight', async ({ page, agent }) => {
  await signIn(page, agent);
  const nav = mainNav(page);
  for (const [label, href] of [...NAV.slice(1), NAV[0]!]) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/\//g, '\\/')}$`));
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  // A sub-route keeps its area highlighted.
  await page.goto('/deals/dealsview');
  await expect(nav.getByRole('link', { name: 'Deals', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.goto('/settings/bankdetails');
  await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('every member route has its page; area roots go to their first page; unknown paths say so', async ({ page, agent }) => {
  await signIn(page, agent);
  for (const path of MEMBER_ROUTES) {
    await page.goto(path);
    await expectPageHeading(page, path);
    await expectSignedIn(page, agent);
  }
  // The area roots go to their first page.
  for (const [root, first] of [
    ['/deals', '/deals/dealsinput'],
    ['/sales', '/sales/salesview'],
    ['/settings', '/settings/userdetails'],
  ] as const) {
    await page.goto(root);
    await expect(page).toHaveURL(new RegExp(`${first.replace(/\//g, '\\/')}$`));
  }
  // An unknown address inside the portal.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the admin routes exist for an admin', async ({ page }, testInfo) => {
  await signInAdmin(page);
  for (const path of ADMIN_ROUTES) {
    await page.goto(path);
    await expectPageHeading(page, path);
    await expect(mainNav(page).getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('aria-current', 'page');
    if (path === '/admin/adminticketlist') await shot(page, testInfo, 'admin-placeholder-1440');
  }
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/adminmembers$/);
});

test('a new screen opens at its top; Back returns to where the member was on the one before', async ({ page, agent }) => {
  // A narrow window, where the dashboard is a column of cards taller than the screen.
  await page.setViewportSize({ width: 400, height: 700 });
  await signIn(page, agent);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const commissions = page.getByRole('region', { name: 'Commissions', exact: true });
  await expect(commissions.getByRole('definition').first()).toHaveText('₱0.00');
  // Well down it (below a new member's first steps), the Commissions card's link, scrolled to.
  const link = commissions.getByRole('link', { name: 'View commissions' });
  await link.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  await link.click();
  await expect(page).toHaveURL(/\/commissions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Commission Tracking' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test("a screen whose script cannot load says 'Something went wrong'; Back leaves it, Reload page brings the screen", async ({
  page,
  agent,
}) => {
  await signIn(page, agent);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const reportsChunk = /\/assets\/reports-page-[^/]*\.js$/;
  await page.route(reportsChunk, (route) => route.abort());
  await mainNav(page).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('An unexpected error stopped this page. Reloading usually helps.')).toBeVisible();
  await expect(page).toHaveTitle(/Something went wrong/);
  // Another address forgets the crash.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await page.unroute(reportsChunk);
  await page.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expectSignedIn(page, agent);
});

test('a reload keeps the session', async ({ page, agent }) => {
  await signIn(page, agent);
  await page.goto('/proposals');
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance Proposals' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/proposals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance Proposals' })).toBeVisible();
  await expectSignedIn(page, agent);
  // A signed-in member who opens /login goes to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, agent);
});

test('the profile popup: name, ID, referral code that copies the referral link, badge', async ({
  page,
  agent,
  baseURL,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await signIn(page, agent);
  await page.getByRole('button', { name: 'Open profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Profile' });
  await expect(profile).toBeVisible();
  await expect(profile.getByText(agent.name, { exact: true })).toBeVisible();
  await expect(profile.getByText(`ID#: ${agent.id}`, { exact: true })).toBeVisible();
  await expect(profile.getByText(MSG.badgeComingSoon, { exact: true })).toBeVisible();
  const code = profile.getByRole('button', { name: `Referral code ${agent.referral_code}, copy referral link` });
  await expect(code).toContainText(agent.referral_code);
  await expect(profile.getByRole('button', { name: 'Logout' })).toBeVisible();
  await shot(page, testInfo, 'profile-popup-1440');

  // The popup closes on Escape and opens again.
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();
  await page.getByRole('button', { name: 'Open profile' }).click();
  await expect(profile).toBeVisible();

  await code.click();
  await expectToast(page, 'success', MSG.referralCopied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/register?ref=${agent.referral_code}`);
});

test('Logout ends the session on the server and goes to /login', async ({ page, agent, baseURL, context }) => {
  await signIn(page, agent);
  const before = await clientWithCookies(baseURL!, context);
  expect((await before.get(routes.me.path)).status()).toBe(200);

  await page.getByRole('button', { name: 'Open profile' }).click();
  await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.getByText(welcomeLine(agent.name, agent.id))).toHaveCount(0);

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get(routes.me.path)).status()).toBe(401);
  // The cookie saved before logout no longer opens a session.
  expect((await before.get(routes.me.path)).status()).toBe(401);
  await before.dispose();
});

test('the screens load without script errors or content-security-policy violations', async ({ page, agent }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // GET /api/me answers 401 while logged out; the browser logs that load failure.
    if (/Failed to load resource: the server responded with a status of 401/.test(message.text())) return;
    problems.push(`console: ${message.text()}`);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: MSG.registerTitle })).toBeVisible();
  await signIn(page, agent);
  await expect(page.getByRole('region', { name: 'Sales', exact: true }).getByRole('term')).toHaveCount(2);
  await page.getByRole('button', { name: 'Open profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Profile' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'My Portfolio' })).toBeVisible();
  await expect(page.getByText('You have no policies yet.', { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});
