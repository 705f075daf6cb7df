import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { MSG } from '@ahente/contract/messages';
import { CONSENT_LABEL, CONSENT_REQUIRED_MESSAGE } from '@ahente/contract/privacy-notice';
import { routes } from '@ahente/contract/routes';
import { MFA_CODE_INVALID, TOTP_PERIOD_SECONDS } from '@ahente/contract/security';
import { adminMember, expectFitsViewport, expectSignedIn, expectToast, isNarrow, uniqueId } from '../support/app.ts';
import { ADMIN, PHONE, apiClient, createAgent, expect, loginApi, loginUi, shot, test } from '../support/fixtures.ts';
import { adminMustEnrol } from '../support/admin-must-enrol.ts';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server.ts';

/**
 * Decision 027: the sign-up's privacy notice and its required checkbox, a new version of the notice
 * accepted once at the next login ("Consent"), the login's second step for a member with two-factor
 * sign-in, and an administrator kept on Settings → Security until two-factor sign-in is on
 * ("Account security", ADMIN_2FA=required).
 */

/** Desktop screenshots at a laptop's 1366 px; the phone project keeps its Pixel 7 screen. */
async function laptopWidth(page: Page) {
  if (!isNarrow(page)) await page.setViewportSize({ width: 1366, height: 900 });
}

/** The new screens pass the accessibility scan of a11y.spec.ts (its WCAG tags and its extra rules). */
async function expectAccessible(page: Page) {
  // No placeholders, and no animation under way (a colour read mid-fade fails the contrast rule).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page })
    .options({
      rules: { 'landmark-one-main': { enabled: true }, region: { enabled: true }, 'label-content-name-mismatch': { enabled: true } },
    })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode()
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: TOTP_PERIOD_SECONDS, algorithm: 'SHA1' });

/** Six digits that no step the server accepts now (this one, or one either side) gives. */
function wrongCodeFor(totp: TOTP): string {
  const now = Date.now();
  const period = TOTP_PERIOD_SECONDS * 1000;
  const valid = new Set([-2, -1, 0, 1, 2].map((d) => totp.generate({ timestamp: now + d * period })));
  for (let n = 0; ; n++) {
    const candidate = String((n * 111_111) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

const codeForm = (page: Page) => page.getByRole('form', { name: 'Authentication code' });
const codeField = (page: Page) => codeForm(page).getByLabel('Authentication code');

/** Sends a code in the login's second step. */
async function sendCode(page: Page, press: (l: Locator) => Promise<void>, code: string) {
  await codeField(page).fill(code);
  await press(codeForm(page).getByRole('button', { name: 'Verify and sign in' }));
}

async function logOut(page: Page, press: (l: Locator) => Promise<void>) {
  await press(page.getByRole('button', { name: /Open profile$/ }));
  await press(page.getByRole('button', { name: 'Logout' }));
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('Sign-up consent', () => {
  test(
    'the privacy notice is shown and its checkbox is required; with it the sign-up succeeds',
    PHONE,
    async ({ page, baseURL, press }, testInfo) => {
      await laptopWidth(page);
      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1, name: MSG.registerTitle })).toBeVisible();

      // The notice, rendered from its Markdown inside a region that scrolls on its own.
      const notice = page.getByRole('region', { name: 'Privacy Notice' });
      await expect(notice.getByRole('heading', { name: 'What we collect' })).toBeVisible();
      await expect(page.getByText(/^Version \d+, published /)).toBeVisible();
      expect(await notice.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      const consent = page.getByRole('checkbox', { name: CONSENT_LABEL });
      await expect(consent).not.toBeChecked();

      const u = uniqueId();
      const person = {
        username: `consent_${u}`,
        password: 'consent-pass-1',
        lname: `Reyes ${u.slice(-4)}`,
        fname: 'Liza',
        email: `consent_${u}@example.ph`,
      };
      await page.getByLabel('Username').fill(person.username);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByLabel('Last Name').fill(person.lname);
      await page.getByLabel('First Name').fill(person.fname);
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Contact Number').fill('09181234567');
      await expectFitsViewport(page);
      await shot(page, testInfo, 'consent-register');

      // Without the checkbox nothing is sent: the reason under the checkbox, and as a warning.
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes(routes.register.path)) sent.push(r.url());
      });
      await press(page.getByRole('button', { name: 'Sign Up' }));
      await expectToast(page, 'warning', CONSENT_REQUIRED_MESSAGE);
      await expect(page.getByText(CONSENT_REQUIRED_MESSAGE, { exact: true }).and(page.locator('p'))).toBeVisible();
      await expect(consent).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/register$/);
      expect(sent).toEqual([]);
      await consent.scrollIntoViewIfNeeded();
      await expectFitsViewport(page);
      await shot(page, testInfo, 'consent-register-refused', { fullPage: false });
      await expectAccessible(page);

      // The server refuses a sign-up without consent too.
      const anon = await apiClient(baseURL!);
      const direct = await anon.csrfPost(routes.register.path, {
        ...person,
        username: `${person.username}x`,
        email: `x${person.email}`,
        contact: '09181234567',
        refCode: '',
      });
      expect(direct.status()).toBe(400);
      expect(((await direct.json()) as { error: string }).error).toBe(CONSENT_REQUIRED_MESSAGE);
      await anon.dispose();

      // With it: Registration Success, then /login.
      await press(consent);
      await expect(consent).toBeChecked();
      await expect(page.getByText(CONSENT_REQUIRED_MESSAGE, { exact: true }).and(page.locator('p'))).toHaveCount(0);
      await press(page.getByRole('button', { name: 'Sign Up' }));
      await expectToast(page, 'success', MSG.registerSuccess);
      await expect(page).toHaveURL(/\/login$/);
      expect(sent).toHaveLength(1);
      expect((await adminMember(baseURL!, person.username)).status).toBe('Pending');
    },
  );
});

/** A server of the test's own: publishing a notice version asks every agent of the shared servers otherwise. */
const ownServer = test.extend<{ server: IsolatedServer }>({
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use, testInfo) => {
    const server = await startIsolatedServer(testInfo);
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

ownServer(
  'a new version of the notice is accepted once, at the next login, before anything else',
  PHONE,
  async ({ page, baseURL, press }, testInfo) => {
    // A server of its own to start, and five logins.
    test.setTimeout(120_000);
    await laptopWidth(page);
    const agent = await createAgent(baseURL!);

    // The admin publishes version 2 through the API.
    const admin = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
    const published = await admin.csrfPost(routes.publishPrivacyNotice.path, {
      body: '# Privacy Notice\n\n## What changed\nWe now keep a record of **who opened your sensitive data**.\n\n## Your rights\nAsk our data protection officer at dpo@example.ph.',
    });
    expect(published.status()).toBe(200);
    const { version } = (await published.json()) as { version: number };
    expect(version).toBe(2);
    await admin.dispose();
    // An agent who signs up now consents to version 2 there, and is not asked again.
    const newcomer = await createAgent(baseURL!);

    // At the next login the notice comes first, in place of the page asked for (the address stays).
    await loginUi(page, agent.username, agent.password);
    const heading = page.getByRole('heading', { level: 1, name: 'Our Privacy Notice has changed' });
    await expect(heading).toBeVisible();
    await page.goto('/commissions');
    await expect(heading).toBeVisible();
    await expect(page).toHaveURL(/\/commissions$/);
    await expect(page.getByText(/^Version 2, published /)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Privacy Notice' }).getByRole('heading', { name: 'What changed' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'consent-gate');
    await expectAccessible(page);

    // Log out without accepting: asked again at the next login.
    await press(page.getByRole('button', { name: 'Log out' }));
    await expect(page).toHaveURL(/\/login$/);
    await loginUi(page, agent.username, agent.password);
    await expect(heading).toBeVisible();

    // I accept: the portal opens where the member was going.
    await page.goto('/commissions');
    await expect(heading).toBeVisible();
    await press(page.getByRole('button', { name: 'I accept' }));
    await expect(page).toHaveURL(/\/commissions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Commission Tracking' })).toBeVisible();
    await expectSignedIn(page, agent);

    // Once: the next login goes straight to the dashboard.
    await logOut(page, press);
    await loginUi(page, agent.username, agent.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(heading).toHaveCount(0);

    // Whoever consented to version 2 at sign-up is not asked either.
    await logOut(page, press);
    await loginUi(page, newcomer.username, newcomer.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectSignedIn(page, newcomer);
    await expect(heading).toHaveCount(0);
  },
);

test(
  'login with two-factor sign-in: the code step, a wrong code, the current code, a recovery code once',
  PHONE,
  async ({ page, agent, baseURL, press }, testInfo) => {
    test.setTimeout(90_000);
    await laptopWidth(page);

    // Two-factor sign-in turned on through the API.
    const api = await loginApi(baseURL!, agent.username, agent.password);
    const start = await api.csrfPost(routes.startMfa.path);
    expect(start.status()).toBe(200);
    const { secret } = (await start.json()) as { secret: string };
    const totp = totpOf(secret);
    const confirm = await api.csrfPost(routes.confirmMfa.path, { code: totp.generate() });
    expect(confirm.status()).toBe(200);
    const { recovery_codes: recoveryCodes } = (await confirm.json()) as { recovery_codes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    await api.dispose();

    // The password is right: the same card asks for the code.
    await loginUi(page, agent.username, agent.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
    await expect(codeField(page)).toBeFocused();
    await expect(codeField(page)).toHaveAttribute('inputmode', 'numeric');
    await expect(codeField(page)).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page).toHaveURL(/\/login$/);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'login-code-step');

    // A wrong code: the server's message under the field, and no session.
    await sendCode(page, press, wrongCodeFor(totp));
    await expect(codeForm(page).getByText(MFA_CODE_INVALID)).toBeVisible();
    await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(codeField(page)).toHaveValue('');
    await expect(page).toHaveURL(/\/login$/);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'login-code-wrong');
    await expectAccessible(page);

    // Back to the password step: the username is kept, the password asked again.
    await press(page.getByRole('button', { name: 'Back to password' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(agent.username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await page.getByLabel('Password', { exact: true }).fill(agent.password);
    await press(page.getByRole('button', { name: 'Sign In' }));

    // The app's code (of the next step: the enrolment used this one, and each step is accepted once).
    await sendCode(page, press, totp.generate({ timestamp: Date.now() + TOTP_PERIOD_SECONDS * 1000 }));
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page, agent);

    // A recovery code, typed as a recovery code: it works once.
    await logOut(page, press);
    await loginUi(page, agent.username, agent.password);
    await press(codeForm(page).getByRole('button', { name: 'Use a recovery code' }));
    await expect(codeField(page)).toHaveAttribute('inputmode', 'text');
    await expect(page.getByText(/Enter one of the recovery codes you saved/)).toBeVisible();
    await shot(page, testInfo, 'login-recovery-code');
    await sendCode(page, press, recoveryCodes[0]!);
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page, agent);

    await logOut(page, press);
    await loginUi(page, agent.username, agent.password);
    await sendCode(page, press, recoveryCodes[0]!);
    await expect(codeForm(page).getByText(MFA_CODE_INVALID)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // Another one does.
    await sendCode(page, press, recoveryCodes[1]!.toUpperCase());
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page, agent);
  },
);

adminMustEnrol(
  'an administrator without two-factor sign-in is kept on Settings → Security until it is on',
  PHONE,
  async ({ page, press }, testInfo) => {
    test.setTimeout(120_000);
    await laptopWidth(page);
    const banner = page
      .getByRole('alert')
      .filter({ hasText: 'Administrators must turn on two-factor sign-in before doing anything else.' });

    await loginUi(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/settings\/security$/);
    await expect(banner).toBeVisible();
    // Every address leads back here; nothing else is offered.
    for (const path of ['/', '/admin/adminmembers', '/deals/dealsview', '/settings/userdetails']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/settings\/security$/);
      await expect(banner).toBeVisible();
    }
    await expect(page.getByRole('navigation', { name: 'Settings tabs' }).getByRole('link')).toHaveText(['Security']);
    await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
    if (isNarrow(page)) {
      await press(page.getByRole('button', { name: 'Open menu' }));
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Settings']);
      await shot(page, testInfo, 'admin-must-enrol-menu', { fullPage: false });
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    } else {
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Settings']);
    }
    await expectFitsViewport(page);
    await shot(page, testInfo, 'admin-must-enrol');

    // Enrolment from the page opens the portal at once.
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await press(section.getByRole('button', { name: 'Turn on' }));
    const enrol = section.getByRole('form', { name: 'Turn on two-factor sign-in' });
    const key = ((await enrol.getByLabel('Setup key').textContent()) ?? '').replace(/\s+/g, '');
    await enrol.getByLabel('Six-digit code').fill(totpOf(key).generate());
    await press(enrol.getByRole('button', { name: 'Confirm' }));
    await expectToast(page, 'success', 'Two-factor sign-in is on.');
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Settings tabs' }).getByRole('link', { name: 'Personal Details' })).toBeVisible();
    await page.goto('/admin/adminmembers');
    await expect(page).toHaveURL(/\/admin\/adminmembers$/);
    await expect(banner).toHaveCount(0);
  },
);
