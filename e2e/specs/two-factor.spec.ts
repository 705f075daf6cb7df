import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { routes } from '@ahente/contract/routes';
import { TOTP_PERIOD_SECONDS } from '@ahente/contract/security';
import { expectFitsViewport, expectSignedIn, expectToast, goViaMainNav, signIn } from '../support/app.ts';
import { adminMustEnrol } from '../support/admin-must-enrol.ts';
import {
  ADMIN,
  PHONE,
  apiClient,
  createAgent,
  expect,
  loginApi,
  loginUi,
  shot,
  test,
  type Agent,
  openContext,
} from '../support/fixtures.ts';

/**
 * Account security (decision 027): Settings → Security's Two-factor sign-in (enrol by the code of
 * the shown secret, the ten recovery codes shown once, new codes, turn off) and Sessions (sign out
 * one, sign out everywhere else), and the admin's Sign out everywhere and Reset two-factor sign-in
 * in a member's editor. A TOTP step is accepted once per member: a second code waits for the next
 * 30-second step, or a recovery code stands in for it.
 */

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: TOTP_PERIOD_SECONDS, algorithm: 'SHA1' });

/** Opens Settings → Security from the main navigation and its tab. */
async function openSecurity(page: Page) {
  await goViaMainNav(page, 'Settings');
  await page.getByRole('navigation', { name: 'Settings tabs' }).getByRole('link', { name: 'Security', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
}

const twoFactor = (page: Page) => page.getByRole('region', { name: 'Two-factor sign-in' });
const sessionsRegion = (page: Page) => page.getByRole('region', { name: 'Sessions' });
const sessionItems = (page: Page) => sessionsRegion(page).getByRole('list', { name: 'Sessions' }).getByRole('listitem');

/** Logs in through the API with a second-step code; the client, or the refusal's status. */
async function loginWithCode(baseURL: string, agent: Agent, code?: string) {
  const client = await apiClient(baseURL);
  const res = await client.csrfPost(routes.login.path, { username: agent.username, password: agent.password, ...(code ? { code } : {}) });
  return { client, status: res.status(), body: (await res.json()) as Record<string, unknown> };
}

/** Turns two-factor sign-in on through the API of a logged-in client; the secret and the recovery codes. */
async function enrolApi(client: Awaited<ReturnType<typeof loginApi>>) {
  const start = await client.csrfPost(routes.startMfa.path);
  expect(start.status()).toBe(200);
  const { secret } = (await start.json()) as { secret: string };
  const confirm = await client.csrfPost(routes.confirmMfa.path, { code: totpOf(secret).generate() });
  expect(confirm.status()).toBe(200);
  return { secret, codes: ((await confirm.json()) as { recovery_codes: string[] }).recovery_codes };
}

/** A browser of its own (a second device), logged in as `agent` through the login page. */
async function secondDevice(browser: Browser, baseURL: string, agent: Agent) {
  const context = await openContext(browser, { baseURL });
  const page = await context.newPage();
  await signIn(page, agent);
  return { context, page };
}

/** An axe-core scan (WCAG 2.x A and AA) of the page's main content finds nothing (as a11y.spec.ts scans the pages). */
async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode()
    .include('main')
    .analyze();
  expect(violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectLoggedOut(client: APIRequestContext) {
  expect((await client.get(routes.me.path)).status()).toBe(401);
}

test(
  'an agent turns on two-factor sign-in with the code of the shown secret, keeps the recovery codes, makes new ones and turns it off',
  PHONE,
  async ({ page, agent, baseURL, press }, testInfo) => {
    test.setTimeout(120_000);
    if (page.viewportSize()!.width >= 768) await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, agent);
    await openSecurity(page);
    const section = twoFactor(page);

    // Off: what it is, and Turn on.
    await expect(section.getByText('Two-factor sign-in is off.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible();
    await expectFitsViewport(page);
    await shot(page, testInfo, 'security-2fa-off');

    // Turn on: the QR code, the setup key to type by hand, and a field for the code.
    await press(section.getByRole('button', { name: 'Turn on' }));
    const enrol = section.getByRole('form', { name: 'Turn on two-factor sign-in' });
    const qr = enrol.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const shown = (await enrol.getByLabel('Setup key').textContent())!;
    expect(shown).toMatch(/^([A-Z2-7]{1,4} )*[A-Z2-7]{1,4}$/);
    const totp = totpOf(shown);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'security-2fa-enrol');
    await expectAccessible(page, 'enrolment');

    // A code of another time is refused on the field; nothing is turned on.
    const codeField = enrol.getByLabel('Six-digit code');
    await codeField.fill(totp.generate({ timestamp: Date.now() - 10 * 60_000 }));
    await press(enrol.getByRole('button', { name: 'Confirm' }));
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expect(enrol.getByText(/That code is not right/)).toBeVisible();

    // The current code: on, and ten recovery codes shown once, to download or copy.
    await codeField.fill(totp.generate());
    await press(enrol.getByRole('button', { name: 'Confirm' }));
    await expectToast(page, 'success', 'Two-factor sign-in is on.');
    const codeList = section.getByRole('list', { name: 'Recovery codes' });
    await expect(codeList.getByRole('listitem')).toHaveCount(10);
    const codes = (await codeList.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(new Set(codes).size).toBe(10);
    await expect(section.getByText('These codes are shown only now. You will not see them again.')).toBeVisible();
    await expectFitsViewport(page);
    await shot(page, testInfo, 'security-2fa-codes');
    await expectAccessible(page, 'recovery codes');
    if (!testInfo.project.use.isMobile) {
      const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download' }).click()]);
      expect(download.suggestedFilename()).toBe('ahente-recovery-codes.txt');
      const text = fs.readFileSync((await download.path())!, 'utf8');
      for (const code of codes) expect(text).toContain(code);
    }
    await press(section.getByRole('button', { name: 'I have saved them' }));
    await expect(codeList).toHaveCount(0);
    await expect(section.getByText(/^Two-factor sign-in is on since /)).toBeVisible();
    await expect(section.getByText('10 recovery codes left (of 10).')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Turn off' })).toBeVisible();
    await shot(page, testInfo, 'security-2fa-on');

    // The password alone no longer logs in; a recovery code does, once.
    const passwordOnly = await loginWithCode(baseURL!, agent);
    expect(passwordOnly.status).toBe(401);
    expect(passwordOnly.body.mfa_required).toBe(true);
    await passwordOnly.client.dispose();
    const withRecovery = await loginWithCode(baseURL!, agent, codes[0]);
    expect(withRecovery.status).toBe(200);
    const again = await loginWithCode(baseURL!, agent, codes[0]);
    expect(again.status).toBe(401);
    await again.client.dispose();
    await page.reload();
    await expect(section.getByText('9 recovery codes left (of 10).')).toBeVisible();
    // The API login is a second session in the list.
    await expect(sessionItems(page)).toHaveCount(2);
    await withRecovery.client.dispose();

    // New recovery codes need a current code (the next step: the first was used to enrol).
    await press(section.getByRole('button', { name: 'New recovery codes' }));
    const regenerate = section.getByRole('form', { name: 'New recovery codes' });
    // The server accepts one step of clock drift: the next step's code, without waiting for it.
    await regenerate.getByLabel('Six-digit code').fill(totp.generate({ timestamp: Date.now() + TOTP_PERIOD_SECONDS * 1000 }));
    await press(regenerate.getByRole('button', { name: 'Make new codes' }));
    await expect(section.getByText('Your new recovery codes:')).toBeVisible();
    const fresh = (await codeList.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => codes.includes(c))).toEqual([]);
    await press(section.getByRole('button', { name: 'I have saved them' }));
    await expect(section.getByText('10 recovery codes left (of 10).')).toBeVisible();

    // Turn off: the password and a code (a new recovery code; an old one no longer works).
    await press(section.getByRole('button', { name: 'Turn off' }));
    const disable = section.getByRole('form', { name: 'Turn off two-factor sign-in' });
    await disable.getByLabel('Password').fill(agent.password);
    await disable.getByLabel('Code', { exact: true }).fill(codes[1]!);
    await press(disable.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await expect(disable.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await disable.getByLabel('Code', { exact: true }).fill(fresh[0]!);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'security-2fa-disable');
    await expectAccessible(page, 'turn off');
    await press(disable.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await expectToast(page, 'success', 'Two-factor sign-in is off.');
    await expect(section.getByText('Two-factor sign-in is off.')).toBeVisible();
    const plain = await loginWithCode(baseURL!, agent);
    expect(plain.status).toBe(200);
    await plain.client.dispose();
  },
);

test(
  'the sessions list shows each device; Sign out ends one, Sign out everywhere else the rest',
  PHONE,
  async ({ page, agent, baseURL, browser, press }, testInfo) => {
    if (page.viewportSize()!.width >= 768) await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, agent);
    const other = await secondDevice(browser, baseURL!, agent);
    await openSecurity(page);

    // Both sessions, this one first and marked.
    const items = sessionItems(page);
    await expect(items).toHaveCount(2);
    const mine = items.filter({ hasText: 'This device' });
    await expect(mine).toHaveCount(1);
    await expect(items.first()).toContainText('This device');
    await expect(mine.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    const theirs = items.filter({ hasNotText: 'This device' });
    await expect(theirs).toContainText('Chrome');
    await expect(theirs).toContainText('127.0.0.1');
    await expect(theirs).toContainText(/Signed in\s*[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}/);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'security-sessions');

    // Sign out on the other: it ends at once, and that browser lands on the login page.
    const otherDevice = (await theirs.locator('p').first().textContent())!;
    await press(theirs.getByRole('button', { name: 'Sign out' }));
    await expectToast(page, 'success', `Signed out of ${otherDevice}.`);
    await expect(items).toHaveCount(1);
    await expect(sessionsRegion(page).getByText('You are signed in on this device only.')).toBeVisible();
    await other.page.reload();
    await expect(other.page).toHaveURL(/\/login$/);
    await other.context.close();

    // Two more (logins elsewhere): Sign out everywhere else, after a confirmation, ends both.
    const first = await loginApi(baseURL!, agent.username, agent.password);
    const second = await loginApi(baseURL!, agent.username, agent.password);
    await page.reload();
    await expect(items).toHaveCount(3);
    await press(sessionsRegion(page).getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere else?' });
    await expect(dialog).toContainText('Your 2 other sessions end at once.');
    await shot(page, testInfo, 'security-sessions-confirm', { fullPage: false });
    await press(dialog.getByRole('button', { name: 'Sign out everywhere else' }));
    await expectToast(page, 'success', 'Signed out of 2 other sessions.');
    await expect(items).toHaveCount(1);
    await expectLoggedOut(first);
    await expectLoggedOut(second);
    await page.reload();
    await expectSignedIn(page, agent);
    await first.dispose();
    await second.dispose();
  },
);

test("an admin signs a member out everywhere and resets their two-factor sign-in from the member's editor", async ({
  page,
  baseURL,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = await createAgent(baseURL!);
  const plainMember = await createAgent(baseURL!);
  // The member signs in on a device, then turns two-factor sign-in on (through the API).
  const device = await secondDevice(browser, baseURL!, member);
  const client = await loginApi(baseURL!, member.username, member.password);
  await enrolApi(client);

  await loginUi(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  const modal = await openEditor(page, member);
  const security = modal.getByRole('region', { name: 'Sign-in and sessions' });

  // Reset two-factor sign-in: asked first; then off, and every session of the member ends.
  await security.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  const confirmReset = page.getByRole('alertdialog', { name: `Reset ${member.name}'s two-factor sign-in?` });
  await confirmReset.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmReset).toBeHidden();
  expect((await client.get(routes.me.path)).status()).toBe(200);
  await security.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await confirmReset.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await expect(security.getByRole('status')).toHaveText('Two-factor sign-in was turned off and the member was signed out everywhere.');
  await expectLoggedOut(client);
  await device.page.reload();
  await expect(device.page).toHaveURL(/\/login$/);
  await expect(modal.getByRole('region', { name: 'History' }).getByText('Two-factor sign-in turned off')).toBeVisible();
  await shot(page, testInfo, 'edit-member-security', { fullPage: false });
  // The password alone logs in again.
  const plain = await loginWithCode(baseURL!, member);
  expect(plain.status).toBe(200);

  // A second reset: the server's reason (it is not on) is said.
  await security.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await confirmReset.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await expect(security.getByRole('alert')).toContainText("This member's two-factor sign-in is not on.");
  expect((await plain.client.get(routes.me.path)).status()).toBe(200);

  // Sign out everywhere: asked first, then the member's sessions end (the browser's too).
  await signIn(device.page, member);
  await security.getByRole('button', { name: 'Sign out everywhere' }).click();
  const confirmOut = page.getByRole('alertdialog', { name: `Sign ${member.name} out everywhere?` });
  await confirmOut.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(security.getByRole('status')).toHaveText('The member was signed out of 2 sessions.');
  await expectLoggedOut(plain.client);
  await device.page.reload();
  await expect(device.page).toHaveURL(/\/login$/);
  await expect(modal.getByRole('region', { name: 'History' }).getByText('Signed out everywhere')).toBeVisible();
  await page.keyboard.press('Escape');

  // Another member without two-factor sign-in: the reset is refused with the reason.
  const other = await openEditor(page, plainMember);
  const otherSecurity = other.getByRole('region', { name: 'Sign-in and sessions' });
  await otherSecurity.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await expect(otherSecurity.getByRole('alert')).toContainText("This member's two-factor sign-in is not on.");

  await plain.client.dispose();
  await client.dispose();
  await device.context.close();
});

adminMustEnrol(
  'an administrator who must enrol keeps the recovery codes on screen as the portal opens, and cannot turn it off',
  async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginUi(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/settings\/security$/);
    // Locked: only the two-factor section (nothing else answers until it is on).
    await expect(page.getByRole('form', { name: 'Change password' })).toHaveCount(0);
    await expect(sessionsRegion(page)).toHaveCount(0);
    const section = twoFactor(page);
    await section.getByRole('button', { name: 'Turn on' }).click();
    const enrol = section.getByRole('form', { name: 'Turn on two-factor sign-in' });
    const totp = totpOf((await enrol.getByLabel('Setup key').textContent())!);
    await enrol.getByLabel('Six-digit code').fill(totp.generate());
    await enrol.getByRole('button', { name: 'Confirm' }).click();
    // Unlocked: the other sections appear, and the codes stay until dismissed.
    await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible();
    await expect(sessionItems(page)).toHaveCount(1);
    await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect(section.getByText('10 recovery codes left (of 10).')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
    await expect(section.getByText(/Administrators must keep two-factor sign-in on/)).toBeVisible();
    await expect(section.getByRole('button', { name: 'New recovery codes' })).toBeVisible();
  },
);

/** Admin Panel → Members Record → the member's Edit. */
async function openEditor(page: Page, member: Agent): Promise<Locator> {
  await goViaMainNav(page, 'Admin Panel');
  await expect(page).toHaveURL(/\/admin\/adminmembers$/);
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(member.lname.toLowerCase());
  // The search runs on the server: wait for this member's row, not the previous search's.
  const rows = page.getByRole('table', { name: 'Members' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(member.name);
  await rows.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Edit Member Details' });
  await expect(modal.getByText(`Member ID # ${member.id}`)).toBeVisible();
  return modal;
}
