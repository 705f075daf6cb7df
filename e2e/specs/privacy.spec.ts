import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { todayInManila } from '@ahente/contract/dates';
import { myDataFileName, workingDaysAfter } from '@ahente/contract/my-data';
import { routes } from '@ahente/contract/routes';
import { expectFitsViewport, expectToast, signIn, signInAdmin } from '../support/app.ts';
import { ADMIN, apiClient, expect, loginApi, loginUi, shot, test, type Agent, openContext } from '../support/fixtures.ts';
import { startIsolatedServer } from '../support/isolated-server.ts';

/**
 * My data, erasure and the access log in the browser (decision 027): Settings → Privacy (download
 * my data, request erasure, who accessed my data) and Admin Panel → Privacy (the requests with
 * their deadlines, the access log with its filters and export, the privacy notice).
 */

/** A calendar date as the pages show it ("Mar 5, 2026"). */
const shown = (day: string) =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** A second browser window signed in as the administrator. */
async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await openContext(browser, { baseURL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInAdmin(page);
  return page;
}

async function openPrivacyTab(page: Page) {
  await page.goto('/settings/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings And Details' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Settings tabs' }).getByRole('link', { name: 'Privacy' })).toHaveAttribute(
    'aria-current',
    'page',
  );
}

const erasureCard = (page: Page) => page.getByRole('region', { name: 'Request erasure' });
const openRequests = (page: Page) => page.getByRole('table', { name: 'Open privacy requests' });
const decidedRequests = (page: Page) => page.getByRole('table', { name: 'Recently decided privacy requests' });
/** The agent's open erasure request on Requests (their privacy ticket is a row of its own). */
const erasureRow = (page: Page, agent: Agent) =>
  openRequests(page).getByRole('row').filter({ hasText: agent.username }).filter({ hasText: 'Erasure' });

/** Asks for erasure through the tab with the agent's password. */
async function requestErasure(page: Page, agent: Agent, button: string) {
  await erasureCard(page).getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Request erasure of your data?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(agent.password);
  await dialog.getByRole('button', { name: 'Request erasure', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('Settings → Privacy and the admin’s Privacy pages', () => {
  test('an agent downloads their data and asks for erasure; the admin refuses, then approves, and the agent can no longer sign in', async ({
    page,
    agent,
    baseURL,
    browser,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, agent);
    await openPrivacyTab(page);

    // Download my data: a zip (PK…) holding profile.json.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(myDataFileName(agent.id));
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const files = unzipSync(new Uint8Array(bytes));
    const profileName = Object.keys(files).find((name) => name === 'profile.json' || name.endsWith('/profile.json'));
    expect(profileName, `the zip holds ${Object.keys(files).join(', ')}`).toBeTruthy();
    expect(new TextDecoder().decode(files[profileName!])).toContain(agent.username);
    await expectToast(page, 'success', 'File Downloaded');

    // The corrections a member cannot make go through a Help Center ticket of type Privacy.
    await expect(page.getByRole('region', { name: 'Your data' }).getByRole('link', { name: 'Help Center' })).toHaveAttribute(
      'href',
      '/helpcenter',
    );
    await expect(erasureCard(page).getByText('What the law keeps')).toBeVisible();
    await expect(erasureCard(page).getByText(`Erased member #${agent.id}`, { exact: false })).toBeVisible();
    await shot(page, testInfo, 'settings-privacy-1366');

    // A wrong password is refused on the field; the right one sends the request, with its deadline.
    await erasureCard(page).getByRole('button', { name: 'Request erasure', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Request erasure of your data?' });
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Request erasure', exact: true }).click();
    await expect(dialog.getByText('Password is incorrect')).toBeVisible();
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await shot(page, testInfo, 'settings-privacy-erasure-dialog-1366', { fullPage: false });
    await dialog.getByLabel('Password', { exact: true }).fill(agent.password);
    await dialog.getByRole('button', { name: 'Request erasure', exact: true }).click();
    await expect(dialog).toBeHidden();
    const due = workingDaysAfter(todayInManila());
    await expectToast(page, 'success', `Your erasure request was sent. The agency answers by ${shown(due)}.`);
    const status = erasureCard(page).getByRole('region', { name: 'Your erasure request' });
    await expect(status.getByText('Waiting for a decision')).toBeVisible();
    await expect(status.getByText(shown(due), { exact: true })).toBeVisible();
    await expect(erasureCard(page).getByRole('button', { name: /^Request erasure/ })).toHaveCount(0);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'settings-privacy-requested-1366');

    // One open request at a time: a second one is a conflict. A correction goes through a ticket of type Privacy.
    const api = await loginApi(baseURL!, agent.username, agent.password);
    const again = await api.csrfPost(routes.requestErasure.path, { id: agent.id, password: agent.password });
    expect(again.status()).toBe(409);
    const ticketTitle = `Correct my surname ${agent.lname}`;
    const ticketRes = await api.csrfPost(routes.addTicket.path, {
      id: agent.id,
      title: ticketTitle,
      description: 'My surname is misspelt since my account was approved.',
      type: 'privacy',
    });
    expect(ticketRes.status()).toBe(201);
    const ticketId = ((await ticketRes.json()) as { ticket: { id: number } }).ticket.id;
    await api.dispose();

    // The admin sees it on Requests, with its deadline, and refuses with a reason.
    const admin = await adminPage(browser, baseURL!);
    await admin.goto('/admin/privacy/requests');
    const row = erasureRow(admin, agent);
    await expect(row).toContainText(agent.name);
    await expect(row).toContainText('Erasure');
    await expect(row).toContainText(shown(due));
    // The privacy ticket is there too, with its deadline and a way to the Tickets List.
    const ticketRow = openRequests(admin).getByRole('row').filter({ hasText: ticketTitle });
    await expect(ticketRow).toContainText('Privacy ticket');
    await expect(ticketRow).toContainText(shown(due));
    await expect(ticketRow.getByRole('link', { name: `Ticket #${ticketId} in the Tickets List` })).toHaveAttribute(
      'href',
      '/admin/adminticketlist',
    );
    // A copy asked for by ticket: the admin downloads the member's .zip from the row.
    const copyPromise = admin.waitForEvent('download');
    await ticketRow.getByRole('button', { name: `Copy of data of ${agent.name} (.zip)` }).click();
    const copy = await copyPromise;
    expect(copy.suggestedFilename()).toBe(myDataFileName(agent.id));
    expect(
      fs
        .readFileSync(await copy.path())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
    await shot(admin, testInfo, 'admin-privacy-requests-1366');
    await row.getByRole('button', { name: `Refuse the erasure of ${agent.name}` }).click();
    const refuse = admin.getByRole('dialog', { name: 'Refuse erasure request' });
    await refuse.getByRole('button', { name: 'Refuse request' }).click();
    await expect(refuse.getByText('A reason is required to refuse')).toBeVisible();
    const reason = 'Your commission dispute for March is still open; ask again once it is settled.';
    await refuse.getByLabel('Reason').fill(reason);
    await refuse.getByRole('button', { name: 'Refuse request' }).click();
    await expect(refuse).toBeHidden();
    await expectToast(admin, 'success', `${agent.name}'s erasure request was refused. They see your reason in Settings → Privacy.`);
    await expect(erasureRow(admin, agent)).toHaveCount(0);
    const decidedRow = decidedRequests(admin).getByRole('row').filter({ hasText: agent.username });
    await expect(decidedRow).toContainText('Refused');
    await expect(decidedRow).toContainText(reason);

    // The agent sees the refusal and its reason, and may ask again.
    await page.reload();
    await expect(status.getByText('Refused', { exact: true })).toBeVisible();
    await expect(status.getByText(reason)).toBeVisible();
    await shot(page, testInfo, 'settings-privacy-refused-1366');
    await requestErasure(page, agent, 'Request erasure again');
    await expect(status.getByText('Waiting for a decision')).toBeVisible();

    // The admin approves the second request, after a strong confirmation.
    await admin.reload();
    const second = erasureRow(admin, agent);
    await second.getByRole('button', { name: `Approve the erasure of ${agent.name}` }).click();
    const confirm = admin.getByRole('alertdialog', { name: `Erase ${agent.name}'s personal data?` });
    await expect(confirm).toContainText("This erases the member's personal data for good");
    await expect(confirm).toContainText(`Erased member #${agent.id}`);
    await shot(admin, testInfo, 'admin-privacy-approve-1366', { fullPage: false });
    await confirm.getByRole('button', { name: 'Approve and erase' }).click();
    await expect(confirm).toBeHidden();
    await expectToast(admin, 'success', `${agent.name}'s personal data was erased.`);
    await expect(decidedRequests(admin).getByRole('row').filter({ hasText: 'Approved' }).first()).toBeVisible();
    await admin.context().close();

    // The agent can no longer sign in.
    const anon = await apiClient(baseURL!);
    const login = await anon.csrfPost(routes.login.path, { username: agent.username, password: agent.password });
    expect(login.status()).toBe(401);
    await anon.dispose();
    await page.context().clearCookies();
    await loginUi(page, agent.username, agent.password);
    await expect(page.getByText('Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("the admin's reads of an agent's details appear in the agent's list; the admin filters and exports the access log", async ({
    page,
    agent,
    baseURL,
    browser,
  }, testInfo) => {
    test.slow();
    // Before anyone looked: a friendly empty list.
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, agent);
    await openPrivacyTab(page);
    const list = page.getByRole('table', { name: 'Who accessed my data' });
    await expect(list.getByText('No one has opened your data yet.')).toBeVisible();

    // The admin opens the agent's personal details (the member editor's call).
    const adminApi = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
    const adminName = ((await (await adminApi.get(routes.me.path)).json()) as { name: string }).name;
    const read = await adminApi.csrfPost(routes.getUserDetails.path, { id: agent.id });
    expect(read.ok()).toBe(true);
    await adminApi.dispose();

    // The agent sees who, what and when (Philippine time), newest first.
    await page.reload();
    const entry = list.getByRole('row').filter({ hasText: 'Personal details' });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(adminName);
    await expect(page.getByRole('navigation', { name: 'Pages of access entries' })).toContainText('Showing 1–1 of 1');
    await expectFitsViewport(page);
    await shot(page, testInfo, 'settings-privacy-access-1366');

    // The admin's whole log: filtered by member, by what, by day; then exported.
    const admin = await adminPage(browser, baseURL!);
    await admin.goto('/admin/privacy/accesslog');
    const log = admin.getByRole('table', { name: 'Access log' });
    const filters = admin.getByRole('search', { name: 'Filter the access log' });
    await filters.getByLabel('Member').fill(agent.lname);
    await expect(log.locator('tbody tr')).toHaveCount(1);
    await expect(log.locator('tbody tr')).toContainText('Personal details');
    await expect(log.locator('tbody tr')).toContainText(agent.name);
    await expect(log.locator('tbody tr')).toContainText(adminName);
    await filters.getByLabel('What').selectOption({ label: 'Bank details' });
    await expect(log.getByText('No entries match these filters')).toBeVisible();
    await filters.getByLabel('What').selectOption({ label: 'Personal details' });
    const today = todayInManila();
    await filters.getByLabel('From').fill(today);
    await filters.getByLabel('To').fill(today);
    await expect(log.locator('tbody tr')).toHaveCount(1);
    await expect(log.locator('tbody tr')).toContainText(agent.name);
    await shot(admin, testInfo, 'admin-privacy-accesslog-1366');

    const exportPromise = admin.waitForEvent('download');
    await filters.getByRole('button', { name: 'Export (.xlsx)' }).click();
    const exported = await exportPromise;
    expect(exported.suggestedFilename()).toBe('access-log.xlsx');
    const xlsx = fs.readFileSync(await exported.path());
    expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
    await expectToast(admin, 'success', 'File Downloaded');

    // Clear Filters empties every filter.
    await filters.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(filters.getByLabel('Member')).toHaveValue('');
    await expect(filters.getByLabel('What')).toHaveValue('');
    await admin.context().close();
  });
});

/**
 * Publishing a notice asks every agent to accept it at their next login: on the shared servers that
 * would stop other specs' agents at the consent page, so this runs on a server of its own.
 */
const ownServer = test.extend<{ server: Awaited<ReturnType<typeof startIsolatedServer>> }>({
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

ownServer('the admin publishes a new version of the privacy notice from the page', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAdmin(page);
  await page.goto('/admin/privacy/notice');
  const currentCard = page.getByRole('region', { name: 'Current privacy notice' });
  await expect(currentCard.getByText(/^Version 1, published /)).toBeVisible();
  await shot(page, testInfo, 'admin-privacy-notice-1366');

  const form = page.getByRole('form', { name: 'New version of the privacy notice' });
  const editor = form.getByLabel('Notice text (Markdown)');
  // Unchanged text is not published.
  await form.getByRole('button', { name: 'Publish new version' }).click();
  await expect(form.getByText('The text is the same as the current version')).toBeVisible();

  const body = '# Privacy Notice\n\nWe now also keep **your device list** for your security.\n\n- Contact the DPO at dpo@example.ph';
  await editor.fill(body);
  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Privacy Notice' })).toBeVisible();
  await expect(preview.getByText('your device list')).toBeVisible();
  await form.getByRole('button', { name: 'Publish new version' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Publish version 2 of the privacy notice?' });
  await expect(confirm).toContainText('Every agent will be asked to read and accept it at their next login');
  await shot(page, testInfo, 'admin-privacy-notice-confirm-1366', { fullPage: false });
  await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expectToast(page, 'success', 'Version 2 of the privacy notice was published. Agents accept it at their next login.');
  await expect(currentCard.getByText(/^Version 2, published /)).toBeVisible();
  await expect(currentCard.getByText('your device list')).toBeVisible();
  await expect(editor).toHaveValue(body);
});
