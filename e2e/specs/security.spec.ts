import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { expectFitsViewport, expectSignedIn, expectToast, goViaMainNav, signIn } from '../support/app.ts';
import { PHONE, expect, loginApi, loginUi, shot, test } from '../support/fixtures.ts';

/**
 * A member changes their own password in Settings → Security (decisions 001 and 027). The current
 * password is checked, the confirmation must match, and afterwards only the new password logs in;
 * this session stays and the member's other sessions end.
 */

test('a member changes their own password in Settings → Security', PHONE, async ({ page, agent, baseURL, press }, testInfo) => {
  await signIn(page, agent);
  const elsewhere = await loginApi(baseURL!, agent.username, agent.password);

  await goViaMainNav(page, 'Settings');
  const tabs = page.getByRole('navigation', { name: 'Settings tabs' });
  await press(tabs.getByRole('link', { name: 'Security', exact: true }));
  await expect(page).toHaveURL(/\/settings\/security$/);
  await expect(tabs.getByRole('link', { name: 'Security', exact: true })).toHaveAttribute('aria-current', 'page');
  const form = page.getByRole('form', { name: 'Change password' });
  const current = form.getByLabel('Current password');
  const next = form.getByLabel('New password', { exact: true });
  const confirm = form.getByLabel('Confirm new password');
  await expect(current).toHaveAttribute('autocomplete', 'current-password');
  await expect(next).toHaveAttribute('autocomplete', 'new-password');
  await expect(confirm).toHaveAttribute('autocomplete', 'new-password');
  const submit = form.getByRole('button', { name: 'Change password' });

  // The confirmation must match: nothing is sent.
  await current.fill(agent.password);
  await next.fill('a-fresh-secret-9');
  await confirm.fill('a-fresh-secret-8');
  await press(submit);
  await expect(form.getByText('Passwords do not match', { exact: true })).toBeVisible();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');

  // A wrong current password: the server's message on that field, and nothing changes.
  await current.fill('not-my-password');
  await confirm.fill('a-fresh-secret-9');
  await press(submit);
  await expect(form.getByText('Current password is incorrect', { exact: true })).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Passwords do not match')).toHaveCount(0);
  await expectFitsViewport(page);
  await shot(page, testInfo, 'settings-security-error-1440');
  expect((await elsewhere.get(routes.me.path)).status()).toBe(200);

  // The right one: a toast, the form clears, this session stays and the other one ends.
  await current.fill(agent.password);
  await press(submit);
  await expectToast(page, 'success', 'Your password was changed.');
  await expect(form.getByText('Current password is incorrect')).toHaveCount(0);
  for (const field of [current, next, confirm]) await expect(field).toHaveValue('');
  await shot(page, testInfo, 'settings-security-1440');
  expect((await elsewhere.get(routes.me.path)).status()).toBe(401);
  await page.reload();
  await expectSignedIn(page, agent);

  // Log out: the old password is refused, the new one logs in.
  await press(page.getByRole('button', { name: 'Open profile' }));
  await press(page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Logout' }));
  await expect(page).toHaveURL(/\/login$/);
  await loginUi(page, agent.username, agent.password);
  await expectToast(page, 'error', MSG.loginInvalid);
  await expect(page).toHaveURL(/\/login$/);
  await loginUi(page, agent.username, 'a-fresh-secret-9');
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, agent);
  await elsewhere.dispose();
});
