import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { MSG } from '@ahente/contract/messages';
import { FORGOT_PASSWORD_SENT, NOTIFICATION_EVENT_LABELS, RESET_LINK_INVALID } from '@ahente/contract/notifications';
import { routes } from '@ahente/contract/routes';
import { approveMember, expectFitsViewport, expectToast, isNarrow, saleExpiringIn, signIn, signInAdmin } from '../support/app.ts';
import { createAgent, expect, loginApi, PHONE, shot, test, useApiDevice } from '../support/fixtures.ts';
import { startIsolatedServer } from '../support/isolated-server.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';

/**
 * Notifications (decision 026): the bell in the header with the unread count, its panel (each item
 * a link to its screen that also marks it read, Mark all as read), Settings → Notifications, the
 * Admin Panel's word on e-mail, and "Forgot your password?" with e-mail off (the shared servers)
 * and on (a server of the test's own, with a mail server the test reads).
 */

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const EMAIL_OFF_NOTE = 'E-mail is not set up by the agency, so notifications reach you only here in the portal.';

test(
  'an agent signs up, the admin approves them, and the bell tells them; with e-mail off, settings and Forgot your password say so',
  PHONE,
  async ({ page, baseURL, press }, testInfo) => {
    // "Forgot your password?" keeps the spec's warning while the agency has no e-mail.
    await page.goto('/login');
    await press(page.getByRole('button', { name: 'Forgot your password?' }));
    await expectToast(page, 'warning', MSG.forgotPassword);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const agent = await createAgent(baseURL!, { approve: false });
    await approveMember(baseURL!, agent.id);
    await signIn(page, agent);

    const button = bell(page);
    await expect(button).toHaveAccessibleName('Notifications, 1 unread');
    await press(button);
    const list = panel(page);
    const approval = list.getByRole('link', { name: /Your account was approved/ });
    await expect(approval).toHaveAccessibleName(/^Unread: Your account was approved/);
    await expect(list.getByText('1 unread')).toBeVisible();
    // The panel on the screen: on a phone (412 px, and 375 px in the desktop project) and at 1366 px.
    const fits = async () => {
      await expectFitsViewport(page);
      const box = (await list.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      await shot(page, testInfo, 'notifications-bell-open', { fullPage: false });
    };
    if (!isNarrow(page)) {
      await page.setViewportSize({ width: 375, height: 812 });
      await fits();
      await page.setViewportSize({ width: 1366, height: 768 });
    }
    await fits();

    // Escape closes the panel and gives the focus back to the bell.
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
    await expect(button).toBeFocused();

    // Opening the item goes to its screen (the dashboard) and reads it.
    await press(button);
    await press(approval);
    await expect(list).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(button).toHaveAccessibleName('Notifications');
    await press(button);
    await expect(approval).toHaveAccessibleName(/^Your account was approved/);
    await expect(list.getByText('Nothing unread')).toBeVisible();
    await expect(list.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await page.keyboard.press('Escape');

    // Settings → Notifications: in the portal always; by e-mail not while the agency has none.
    await page.goto('/settings/notifications');
    const form = page.getByRole('form', { name: 'E-mail notifications' });
    await expect(page.getByText('In-app notifications are always on.', { exact: false })).toBeVisible();
    await expect(form.getByText(EMAIL_OFF_NOTE)).toBeVisible();
    await expect(form.getByRole('checkbox', { name: NOTIFICATION_EVENT_LABELS.policy_due })).toBeDisabled();
    await expect(form.getByRole('checkbox', { name: NOTIFICATION_EVENT_LABELS.signup_pending })).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

    // The admin: the Admin Panel says e-mail is off; their settings offer the sign-ups.
    await page.context().clearCookies();
    await signInAdmin(page);
    await page.goto('/admin/adminmembers');
    await expect(page.getByRole('note').filter({ hasText: 'E-mail is off:' })).toContainText(
      'notifications reach members in the portal only. Set SMTP_URL, MAIL_FROM and PORTAL_URL to send them by e-mail.',
    );
    await shot(page, testInfo, 'admin-mail-off', { fullPage: false });
    await page.goto('/settings/notifications');
    await expect(form.getByRole('checkbox', { name: NOTIFICATION_EVENT_LABELS.signup_pending })).toBeDisabled();
  },
);

/** A server of the test's own with e-mail on, delivering to a mail server the test reads. */
const withMail = test.extend<{ mail: MailSink; server: Awaited<ReturnType<typeof startIsolatedServer>> }>({
  // eslint-disable-next-line no-empty-pattern
  mail: async ({}, use) => {
    const sink = await startMailSink();
    try {
      await use(sink);
    } finally {
      await sink.stop();
    }
  },
  server: async ({ mail }, use, testInfo) => {
    const server = await startIsolatedServer(testInfo, {
      env: {
        SMTP_URL: mail.url,
        MAIL_FROM: 'Ahente <no-reply@ahente.example.ph>',
        PORTAL_URL: 'http://portal.example.ph',
        // The daily job every 2 seconds (croner reads a sixth, leading field as seconds): the reminder
        // comes soon after the policy exists, and the runs after it must write nothing more.
        DAILY_JOB_CRON: '*/2 * * * * *',
      },
    });
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

withMail(
  'with e-mail on: the daily reminder in the bell, read by opening it, Mark all as read, the e-mail choices saved, and a password reset by e-mailed link',
  async ({ page, baseURL, mail }, testInfo) => {
    test.slow(); // a server of its own
    const agent = await createAgent(baseURL!);
    await saleExpiringIn(baseURL!, agent, 'Rosario Dela Cruz', 20);
    // The daily job's next run finds the policy due.
    const c = await loginApi(baseURL!, agent.username, agent.password);
    await expect
      .poll(async () => ((await (await c.csrfPost(routes.notifications.path, { id: agent.id })).json()) as { unread: number }).unread, {
        timeout: 20_000,
      })
      .toBe(2);
    await c.dispose();

    await page.setViewportSize({ width: 1366, height: 768 });
    // The browser is the device the API logins above came from: no new-device notice (decision 027).
    await useApiDevice(page.context(), baseURL!);
    await signIn(page, agent);
    const button = bell(page);
    await expect(button).toHaveAccessibleName('Notifications, 2 unread');
    await button.click();
    const list = panel(page);
    const reminder = list.getByRole('link', { name: /Renewal due .*Rosario Dela Cruz/ });
    await expect(reminder).toHaveAccessibleName(/^Unread: Renewal due/);
    await shot(page, testInfo, 'notifications-bell-reminder', { fullPage: false });

    // The reminder opens the Portfolio's due policies, and is read.
    await reminder.click();
    await expect(page).toHaveURL(/\/portfolio\?status=due$/);
    await expect(button).toHaveAccessibleName('Notifications, 1 unread');
    await button.click();
    await expect(reminder).toHaveAccessibleName(/^Renewal due/);
    await expect(list.getByRole('link', { name: /^Unread: Your account was approved/ })).toBeVisible();

    // Mark all as read: the count goes, the focus stays in the panel.
    await list.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(button).toHaveAccessibleName('Notifications');
    await expect(list.getByRole('link', { name: /^Unread:/ })).toHaveCount(0);
    await expect(list.getByRole('heading', { name: 'Notifications' })).toBeFocused();
    await page.keyboard.press('Escape');

    // Settings → Notifications: the e-mail choices save and stay saved.
    await page.goto('/settings/notifications');
    const form = page.getByRole('form', { name: 'E-mail notifications' });
    await expect(form.getByText(EMAIL_OFF_NOTE)).toHaveCount(0);
    const due = form.getByRole('checkbox', { name: NOTIFICATION_EVENT_LABELS.policy_due });
    const recruit = form.getByRole('checkbox', { name: NOTIFICATION_EVENT_LABELS.new_recruit });
    await expect(due).toBeEnabled();
    const [dueBefore, recruitBefore] = [await due.isChecked(), await recruit.isChecked()];
    await due.setChecked(!dueBefore);
    await recruit.setChecked(!recruitBefore);
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'success', 'Your notification settings were saved.');
    await shot(page, testInfo, 'notifications-settings');
    await page.reload();
    await expect(due).toBeChecked({ checked: !dueBefore });
    await expect(recruit).toBeChecked({ checked: !recruitBefore });

    // Forgot your password: a one-time link by e-mail; the new password works, the link only once.
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(dialog.getByLabel('Username or email')).toBeFocused();
    // The dialog is only there with e-mail on, so the accessibility scans (a11y.spec.ts) never see it: scanned here.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .setLegacyMode()
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await dialog.getByLabel('Username or email').fill(agent.username);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog.getByText(FORGOT_PASSWORD_SENT)).toBeVisible();
    await shot(page, testInfo, 'forgot-password-sent', { fullPage: false });
    await dialog.getByRole('button', { name: 'Back to log in' }).click();
    await expect(dialog).toHaveCount(0);

    const email = `${agent.username}@example.ph`;
    await expect.poll(() => mail.messages.find((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text))).toBeTruthy();
    const link = /http:\/\/portal\.example\.ph(\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(
      mail.messages.find((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text))!.text,
    )![1]!;
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    const resetForm = page.getByRole('form', { name: 'Set a new password' });
    await resetForm.getByLabel('New password', { exact: true }).fill('a-new-pass-456');
    await resetForm.getByLabel('Confirm new password').fill('a-new-pass-457');
    await resetForm.getByRole('button', { name: 'Set new password' }).click();
    await expect(resetForm.getByText('Passwords do not match')).toBeVisible();
    await resetForm.getByLabel('Confirm new password').fill('a-new-pass-456');
    await shot(page, testInfo, 'reset-password');
    await resetForm.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, 'success', 'Your password was changed. Log in with your new password.');
    await signIn(page, { ...agent, password: 'a-new-pass-456' });

    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another-pass-789');
    await page.getByLabel('Confirm new password').fill('another-pass-789');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText(RESET_LINK_INVALID)).toBeVisible();
    await shot(page, testInfo, 'reset-link-invalid');
    await page.getByRole('button', { name: 'Ask for a new link' }).click();
    await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Ask for a new link' })).toBeFocused();

    // The Admin Panel has nothing to say while e-mail works.
    await signInAdmin(page);
    const mailStatus = page.waitForResponse((r) => r.url().endsWith(routes.mailStatus.path) && r.ok());
    await page.goto('/admin/adminmembers');
    await expect(page.getByRole('heading', { level: 1, name: 'Members Record' })).toBeVisible();
    expect(((await (await mailStatus).json()) as { email_enabled: boolean }).email_enabled).toBe(true);
    await expect(page.getByRole('note').filter({ hasText: /E-mail is off|could not be sent/ })).toHaveCount(0);
  },
);
