import { MSG } from '@ahente/contract/messages';
import { expectNoHorizontalOverflow, expectSignedIn, expectToast, signIn, signInAdmin } from '../support/app.ts';
import { expect, shot, test, PHONE_ONLY } from '../support/fixtures.ts';

const WIDTH = 375;
test.use({ viewport: { width: WIDTH, height: 812 } });

test('nothing overflows sideways on login and register, also with errors', PHONE_ONLY, async ({ page, press }, testInfo) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expectNoHorizontalOverflow(page, WIDTH);
  await shot(page, testInfo, 'login-375');

  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: MSG.registerTitle })).toBeVisible();
  await expectNoHorizontalOverflow(page, WIDTH);
  await shot(page, testInfo, 'register-375');

  await press(page.getByRole('button', { name: 'Sign Up' }));
  await expectToast(page, 'error', MSG.registerMissing);
  await expect(page.getByText('This field is required')).toHaveCount(6);
  await expectNoHorizontalOverflow(page, WIDTH);
  await shot(page, testInfo, 'register-errors-375');
});

test('the dashboard fits; the sidebar is a drawer behind the menu button', PHONE_ONLY, async ({ page, agent, press }, testInfo) => {
  await signIn(page, agent);
  const mainNav = page.getByRole('navigation', { name: 'Main' });
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(page.getByRole('region', { name: 'Sales', exact: true }).getByRole('term')).toHaveCount(2);
  await expectNoHorizontalOverflow(page, WIDTH);
  await expect(mainNav).toBeHidden();
  await expect(menuButton).toBeVisible();
  await shot(page, testInfo, 'dashboard-375');

  await press(menuButton);
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  const links = menu.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await expect(links).toHaveText([
    'Dashboard',
    'Portfolio',
    'Deals',
    'Sales',
    'Commissions',
    'Reports',
    'Proposals',
    'E-Store',
    'Help Center',
    'University',
    'Recruitment',
    'Marketing',
    'Learning Resources',
    'Settings',
  ]);
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await shot(page, testInfo, 'menu-open-375', { fullPage: false });

  // Choosing an entry navigates and closes the drawer.
  await press(menu.getByRole('link', { name: 'Portfolio' }));
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'My Portfolio' })).toBeVisible();
  // A new agent's book is empty, and says so in plain words.
  await expect(page.getByText('You have no policies yet.', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^All/ })).toHaveAttribute('aria-pressed', 'true');
  await expectNoHorizontalOverflow(page, WIDTH);
  await shot(page, testInfo, 'portfolio-empty-375');

  // Close menu and Escape close it too.
  await menuButton.click();
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
  await menuButton.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // The profile popup fits the small screen.
  await page.getByRole('button', { name: 'Open profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Profile' });
  await expect(profile.getByText(MSG.badgeComingSoon)).toBeVisible();
  const box = await profile.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
  await shot(page, testInfo, 'profile-popup-375');
  await page.keyboard.press('Escape');

  // From md up the sidebar is always shown and the menu button is gone.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(menuButton).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectSignedIn(page, agent);
});

test('an open drawer closes when the window grows past md', async ({ page, agent }) => {
  await signIn(page, agent);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
});

test('the admin area at 375', async ({ page }, testInfo) => {
  await signInAdmin(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin\/adminmembers$/);
  await expect(menu).toBeHidden();
  await page.goto('/admin/adminticketlist');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoHorizontalOverflow(page, WIDTH);
  await shot(page, testInfo, 'admin-placeholder-375');
});
