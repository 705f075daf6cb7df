import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { TOTP_PERIOD_SECONDS } from '@ahente/contract/security';
import { expectFitsViewport, expectToast } from '../support/app.ts';
import { scanner } from '../support/axe.ts';
import { expect, loginApi, shot, test } from '../support/fixtures.ts';

/**
 * A member's Settings → Privacy (Download my data, Request erasure and its password dialog, Who
 * accessed my data) and Settings → Security (two-factor sign-in from the QR code to the recovery
 * codes, the sessions and Sign out everywhere else) in Filipino (decision 030), axe-clean, fitting
 * a laptop and a 390 px phone. Their English is privacy.spec.ts's and two-factor.spec.ts's.
 */

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: TOTP_PERIOD_SECONDS, algorithm: 'SHA1' });

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('Settings → Privacy and Security in Filipino: download, the erasure dialog, two-factor sign-in and the sessions', async ({
  page,
  agent,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const axe = scanner(page, testInfo);
  // Another session of the member's, for the sessions list (a second device).
  const other = await loginApi(baseURL!, agent.username, agent.password);

  // Filipino chosen on the login page, then signed in.
  await page.goto('/login');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Filipino' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maligayang pagbabalik' })).toBeVisible();
  await page.getByLabel('Username').fill(agent.username);
  await page.getByLabel('Password', { exact: true }).fill(agent.password);
  await page.getByRole('button', { name: 'Mag-log in' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Settings → Privacy.
  await page.goto('/settings/privacy');
  const data = region(page, 'Ang data mo');
  await expect(data.getByRole('button', { name: 'I-download ang data ko', exact: true })).toBeVisible();
  await expect(data.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/helpcenter');
  const erasure = region(page, 'Humiling ng erasure');
  await expect(erasure.getByRole('heading', { name: 'Ang binubura ng erasure' })).toBeVisible();
  await expect(erasure.getByText(`nakalagay bilang "Erased member #${agent.id}"`, { exact: false })).toBeVisible();
  await expect(erasure.getByText('Sasagutin ng administrator ang hiling mo sa loob ng 30 working day.', { exact: false })).toBeVisible();
  const access = region(page, 'Sino ang nag-access ng data ko');
  await expect(access.getByRole('columnheader')).toHaveText(['Sino', 'Ano', 'Detalye', 'Kailan (oras sa Pilipinas)']);
  await expect(access.getByText('Wala pang nagbukas ng data mo.')).toBeVisible();
  await axe.scan('fil /settings/privacy');
  await expectFitsViewport(page);
  await shot(page, testInfo, 'fil-privacy');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    data.getByRole('button', { name: 'I-download ang data ko', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`my-data-${agent.id}.zip`);
  await expectToast(page, 'success', 'Na-download ang file');

  // Request erasure: the password dialog in Filipino, then the request's status.
  await erasure.getByRole('button', { name: 'Humiling ng erasure', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Hilingin ang erasure ng data mo?' });
  await expect(dialog.getByText('Kumpirmahin gamit ang password mo.', { exact: false })).toBeVisible();
  await expect(dialog.getByText('Ang kasalukuyang password mo.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Kanselahin' })).toBeVisible();
  await axe.scan('fil /settings/privacy Hilingin ang erasure');
  await shot(page, testInfo, 'fil-privacy-erasure-dialog', { fullPage: false });
  await dialog.getByLabel('Password', { exact: true }).fill(agent.password);
  await dialog.getByRole('button', { name: 'Humiling ng erasure', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'success', 'Naipadala ang hiling mong erasure.');
  const status = erasure.getByRole('region', { name: 'Ang hiling mong erasure' });
  await expect(status.getByText('Hinihintay ang pasya', { exact: true })).toBeVisible();
  await expect(status.getByRole('term')).toHaveText(['Hiniling noong', 'Sasagutin hanggang']);

  // Settings → Security: two-factor sign-in off, and two sessions.
  await page.goto('/settings/security');
  const twoFactor = region(page, 'Two-factor sign-in');
  await expect(twoFactor.getByText('Naka-off ang two-factor sign-in.')).toBeVisible();
  const sessions = region(page, 'Mga session');
  const items = sessions.getByRole('list', { name: 'Mga session' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  const current = items.filter({ hasText: 'Ang device na ito' });
  await expect(current.getByRole('term')).toHaveText(['Address', 'Nag-log in', 'Huling nakita']);
  await expect(current.getByRole('definition').last()).toHaveText('Ngayon');
  await expect(items.getByRole('button', { name: 'Mag-sign out', exact: true })).toHaveCount(1);
  await axe.scan('fil /settings/security');
  await expectFitsViewport(page);
  await shot(page, testInfo, 'fil-security');

  // Turn on: the QR code, the setup key and the code, in Filipino.
  await twoFactor.getByRole('button', { name: 'I-on', exact: true }).click();
  const enrol = twoFactor.getByRole('form', { name: 'I-on ang two-factor sign-in' });
  await expect(enrol.getByRole('img', { name: 'QR code na i-scan gamit ang authenticator app mo' })).toBeVisible();
  await expect(enrol.getByText('I-scan ang QR code na ito gamit ang authenticator app mo.')).toBeVisible();
  const secret = (await enrol.getByLabel('Setup key').textContent())!;
  await axe.scan('fil /settings/security I-on');
  await expectFitsViewport(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, testInfo, 'fil-security-enrol');
  await enrol.getByLabel('Anim na digit na code').fill(totpOf(secret).generate());
  await enrol.getByRole('button', { name: 'Kumpirmahin' }).click();
  await expectToast(page, 'success', 'Naka-on na ang two-factor sign-in.');
  await expect(twoFactor.getByRole('heading', { name: 'Naka-on na ang two-factor sign-in. Ang mga recovery code mo:' })).toBeVisible();
  await expect(twoFactor.getByRole('list', { name: 'Mga recovery code' }).getByRole('listitem')).toHaveCount(10);
  await axe.scan('fil /settings/security recovery codes');
  await twoFactor.getByRole('button', { name: 'Na-save ko na' }).click();
  await expect(twoFactor.getByText(/^Naka-on ang two-factor sign-in mula noong /)).toBeVisible();
  await expect(twoFactor.getByText('10 recovery code ang natitira (sa 10).')).toBeVisible();

  // Sign out everywhere else: the confirmation and its toast.
  await sessions.getByRole('button', { name: 'I-sign out sa lahat ng iba' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'I-sign out sa lahat ng iba?' });
  await expect(confirm.getByText('Matatapos agad ang 1 mo pang session.', { exact: false })).toBeVisible();
  await axe.scan('fil /settings/security I-sign out sa lahat ng iba');
  await confirm.getByRole('button', { name: 'I-sign out sa lahat ng iba' }).click();
  await expectToast(page, 'success', 'Na-sign out ang 1 pang session.');
  await expect(items).toHaveCount(1);
  await expect(sessions.getByText('Sa device na ito ka lang naka-log in.')).toBeVisible();
  await other.dispose();

  // A 390 px phone: nothing overflows.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsViewport(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, testInfo, 'fil-security');
  await page.goto('/settings/privacy');
  await expect(region(page, 'Humiling ng erasure').getByText('Hinihintay ang pasya', { exact: true })).toBeVisible();
  await axe.scan('fil /settings/privacy phone');
  await expectFitsViewport(page);
  await shot(page, testInfo, 'fil-privacy');

  await axe.check();
});
