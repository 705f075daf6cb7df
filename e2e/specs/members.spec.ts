import type { Browser, Locator, Page } from '@playwright/test';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { expectFitsPhone, expectFitsViewport, expectSignedIn, expectToast, goViaMainNav, signIn } from '../support/app.ts';
import { ADMIN, createAgent, expect, loginApi, loginUi, PHONE, shot, test, type Agent } from '../support/fixtures.ts';

/**
 * Issue 10, members and hierarchy: the admin's Members Record (approve, edit, change a password,
 * delete), the Admin Panel's sub-navigation, and an agent's recruits, hierarchy and team size.
 */

const membersTable = (page: Page) => page.getByRole('table', { name: 'Members' });
/** A member's row, by the Full Name column (the Manager column may hold the same name). */
const memberRow = (page: Page, agent: Agent) =>
  membersTable(page)
    .locator('tbody tr')
    .filter({ has: page.locator('td:nth-child(3)', { hasText: new RegExp(`^${agent.name}$`) }) });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search by name' });

/**
 * A message said inside a dialog (the outcome of Save or Save Password): a success is a status, a
 * warning or an error an alert, coloured by its tone.
 */
async function expectNotice(scope: Locator, tone: 'success' | 'warning' | 'error', text: string) {
  const notice = scope.getByRole(tone === 'success' ? 'status' : 'alert').filter({ hasText: text });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('data-tone', tone);
}

/** Logs in as the admin and opens Members List from the sidebar and the Admin Panel's sub-navigation. */
async function openMembersAsAdmin(page: Page) {
  await loginUi(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await goViaMainNav(page, 'Admin Panel');
  await expect(page).toHaveURL(/\/admin\/adminmembers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Members Record' })).toBeVisible();
}

/** Narrows the list to one member by name (the search runs on the server). */
async function findMember(page: Page, agent: Agent): Promise<Locator> {
  await searchBox(page).fill(agent.lname.toLowerCase());
  const rows = membersTable(page).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(memberRow(page, agent)).toHaveCount(1);
  return memberRow(page, agent);
}

/** Chooses an entry of a row's Action menu. */
async function rowAction(page: Page, row: Locator, item: 'Edit' | 'Approve' | 'Change Password' | 'Delete') {
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** Logs in with `password` in a browser of its own; whether the dashboard opens. */
async function logsIn(browser: Browser, baseURL: string, agent: Agent, password: string): Promise<boolean> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await loginUi(page, agent.username, password);
    const outcome = await Promise.race([
      page
        .getByText(`Welcome back, ${agent.name}, ID#: ${agent.id}`, { exact: true })
        .waitFor()
        .then(() => true),
      page
        .getByRole('region', { name: /^Notifications/ })
        .getByRole('listitem')
        .first()
        .waitFor()
        .then(() => false),
    ]);
    if (!outcome) await expect(page).toHaveURL(/\/login$/);
    return outcome;
  } finally {
    await context.close();
  }
}

test('an admin approves a new sign-up from the list, who can then log in; the Admin Panel links every admin screen', async ({
  page,
  baseURL,
  browser,
}, testInfo) => {
  const newcomer = await createAgent(baseURL!, { approve: false });
  expect(await logsIn(browser, baseURL!, newcomer, newcomer.password)).toBe(false);

  await openMembersAsAdmin(page);
  await expect(membersTable(page).getByRole('columnheader')).toHaveText([
    '#',
    'ID',
    'Full Name',
    'Manager',
    'Email',
    'Referral Code',
    'Registration Date',
    'Status',
    'Action',
  ]);
  await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
  const row = await findMember(page, newcomer);
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText(String(newcomer.id));
  await shot(page, testInfo, 'admin-members-1440');

  await rowAction(page, row, 'Approve');
  await expectToast(page, 'success', `${newcomer.name} is approved and can now log in.`);
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();
  // Approve is offered for Pending members only.
  await row.getByRole('button', { name: /^Actions for / }).click();
  await expect(page.getByRole('menuitem', { name: 'Approve' })).toBeDisabled();
  await page.keyboard.press('Escape');
  expect(await logsIn(browser, baseURL!, newcomer, newcomer.password)).toBe(true);

  // A search that matches nobody, then Refresh: the box clears and the whole list is back.
  await searchBox(page).fill(`zz-nobody-${newcomer.lname}`);
  await expect(membersTable(page).getByText(MSG.noRecords, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(membersTable(page).getByText(MSG.noRecords, { exact: true })).toHaveCount(0);
  await expectFitsPhone(page, testInfo, 'admin-members-375');

  // Every admin screen is one click away.
  const adminNav = page.getByRole('navigation', { name: 'Admin Panel' });
  for (const [label, path, heading] of [
    ['Materials Panel', '/admin/adminmaterials', 'Materials Panel'],
    ['Tickets List', '/admin/adminticketlist', 'Tickets List'],
    ['Commissions', '/admin/admincommissions', 'Commissions'],
    ['Sales to verify', '/admin/verifysales', 'Sales to verify'],
    ['Compliance', '/admin/compliance', 'Compliance'],
    ['Members List', '/admin/adminmembers', 'Members Record'],
  ] as const) {
    await adminNav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(adminNav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  }
});

test("an admin edits a member: no change is refused, promoting the sponsor to Manager reaches the recruit's Hiearchy tab", async ({
  page,
  baseURL,
  browser,
}, testInfo) => {
  test.slow(); // two members and two browsers
  const sponsor = await createAgent(baseURL!);
  const recruit = await createAgent(baseURL!, { refCode: sponsor.referral_code });

  await openMembersAsAdmin(page);
  const recruitRow = await findMember(page, recruit);
  await expect(recruitRow.getByRole('cell').nth(3)).toHaveText('—');

  const sponsorRow = await findMember(page, sponsor);
  await rowAction(page, sponsorRow, 'Edit');
  const modal = page.getByRole('dialog', { name: 'Edit Member Details' });
  await expect(modal.getByText(`Member ID # ${sponsor.id}`)).toBeVisible();
  for (const section of ['Account Information', 'Hierarchy Information', 'Personal Information', 'Account Settings']) {
    await expect(modal.getByRole('heading', { name: section })).toBeVisible();
  }
  for (const readOnly of ['Username', 'Referral Code', 'Sponsor', 'Manager', 'Agency Manager', 'Agency Owner']) {
    await expect(modal.getByLabel(readOnly, { exact: true }), readOnly).not.toBeEditable();
  }
  await expect(modal.getByLabel('Username', { exact: true })).toHaveValue(sponsor.username);
  await expect(modal.getByLabel('Status')).toHaveValue('Approved');

  // Nothing changed: a warning, nothing sent.
  let edits = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/editMember')) edits += 1;
  });
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expectNotice(modal, 'warning', MSG.noChanges);
  expect(edits).toBe(0);
  await shot(page, testInfo, 'edit-member-1440', { fullPage: false });

  // A refused save says so and keeps the dialog open.
  await modal.getByLabel('Address').fill('Makati City');
  await page.route('**/api/editMember', (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: '{"error":"That email is already in use"}' }),
  );
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expectNotice(modal, 'error', MSG.memberUpdateFailed);
  await expect(modal.getByRole('alert')).toContainText('That email is already in use');
  await page.unroute('**/api/editMember');
  await modal.getByLabel('Address').fill('');

  // A real change: position and contact number, and only they are sent.
  await modal.getByLabel('Position').selectOption('Manager');
  await modal.getByLabel('Contact No').fill('09998887777');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/editMember'));
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  expect((await sent).postDataJSON()).toEqual({ id: sponsor.id, position: 'Manager', contact_no: '09998887777' });
  await expectNotice(modal, 'success', MSG.memberUpdated);
  // The modal stays a moment (spec §9: 3 s), then closes by itself.
  await expect(modal).toBeVisible();
  await expect(modal).toBeHidden({ timeout: 6_000 });

  // The recruit's manager is now derived from the promoted sponsor.
  const row = await findMember(page, recruit);
  await expect(row.getByRole('cell').nth(3)).toHaveText(sponsor.name);

  // The history shows who changed what.
  const again = await findMember(page, sponsor);
  await rowAction(page, again, 'Edit');
  const history = modal.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText('Edited');
  await expect(history).toContainText('Position: Agent → Manager');
  await expect(history).toContainText('Contact No: 09171234567 → 09998887777');
  await expect(modal.getByLabel('Position')).toHaveValue('Manager');
  await expectFitsPhone(page, testInfo, 'edit-member-375');
  await page.keyboard.press('Escape');

  // The recruit sees the new manager on the Hiearchy tab.
  const context = await browser.newContext({ baseURL: baseURL! });
  const recruitPage = await context.newPage();
  await signIn(recruitPage, recruit);
  await recruitPage.goto('/settings/hiearchy');
  await expect(recruitPage.getByLabel('Manager ID', { exact: true })).toHaveValue(String(sponsor.id));
  await expect(recruitPage.getByLabel('Manager Name', { exact: true })).toHaveValue(sponsor.name);
  await context.close();
});

test('an admin changes a password (blank refused) and the member logs in with the new one', async ({ page, baseURL, browser }) => {
  test.slow(); // three logins in browsers of their own
  const member = await createAgent(baseURL!);
  await openMembersAsAdmin(page);
  const row = await findMember(page, member);

  // Inside the edit modal: the first click opens the field, a blank password is refused.
  await rowAction(page, row, 'Edit');
  const modal = page.getByRole('dialog', { name: 'Edit Member Details' });
  await expect(modal.getByLabel('New Password')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Change Password' }).click();
  await expect(modal.getByLabel('New Password')).toBeFocused();
  let changes = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/changepassword')) changes += 1;
  });
  await modal.getByLabel('New Password').fill('   ');
  await modal.getByRole('button', { name: 'Save Password' }).click();
  await expectNotice(modal, 'warning', MSG.passwordEmpty);
  await expect(modal.getByLabel('New Password')).toHaveAttribute('aria-invalid', 'true');
  expect(changes).toBe(0);
  // A password the server refuses (too short): the spec's words and the server's reason.
  await modal.getByLabel('New Password').fill('short');
  await modal.getByRole('button', { name: 'Save Password' }).click();
  await expectNotice(modal, 'error', MSG.passwordChangeFailed);
  await expect(modal.getByRole('alert')).toContainText('at least 8 characters');
  expect(changes).toBe(1);
  // No answer at all (the network is down).
  await page.route('**/api/changepassword', (route) => route.abort('internetdisconnected'));
  await modal.getByLabel('New Password').fill('long-enough-but-offline');
  await modal.getByRole('button', { name: 'Save Password' }).click();
  await expectNotice(modal, 'error', MSG.somethingWrong);
  await page.unroute('**/api/changepassword');
  expect(changes).toBe(2);
  // The password form's Cancel closes the field; Escape closes the dialog.
  await modal.getByRole('form', { name: 'Password' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(modal.getByLabel('New Password')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // The row menu's Change Password opens the same form, field first.
  await rowAction(page, row, 'Change Password');
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog.getByLabel('New Password')).toBeFocused();
  await dialog.getByLabel('New Password').fill('a-new-secret-42');
  await dialog.getByRole('button', { name: 'Save Password' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'success', MSG.passwordChanged);
  expect(changes).toBe(3);

  expect(await logsIn(browser, baseURL!, member, member.password)).toBe(false);
  expect(await logsIn(browser, baseURL!, member, 'a-new-secret-42')).toBe(true);
});

test("an admin replaces a member's saved bank details in Edit Member Details; the member reads the new number", async ({
  page,
  baseURL,
}, testInfo) => {
  const member = await createAgent(baseURL!);
  // The member saves their details once (Settings → Bank Details), with the member's own session.
  const own = await loginApi(baseURL!, member.username, member.password);
  const banksOf = async () => (await own.get(routes.getUserBanks.path.replace(':id', String(member.id)))).json();
  const first = await own.csrfPost(routes.addUserBanks.path, {
    id: member.id,
    bank_name: 'BDO Unibank',
    account_number: '0012-3456-7890',
    account_name: member.name,
  });
  expect(first.ok(), await first.text()).toBe(true);

  await openMembersAsAdmin(page);
  await rowAction(page, await findMember(page, member), 'Edit');
  const modal = page.getByRole('dialog', { name: 'Edit Member Details' });
  const bank = modal.getByRole('form', { name: 'Bank Details' });
  await expect(bank.getByLabel('Bank', { exact: true })).toHaveValue('BDO Unibank');
  await expect(bank.getByLabel('Account Number')).toHaveValue('001234567890');
  await expect(bank.getByLabel('Account Name')).toHaveValue(member.name);

  await bank.getByLabel('Account Number').fill('9876 5432 10');
  await bank.getByRole('button', { name: 'Save Bank Details' }).click();
  await expectNotice(bank, 'success', MSG.bankSavedByAdmin);
  await expect(bank.getByLabel('Account Number')).toHaveValue('9876543210');
  // The change is in the member's history, the account numbers by their last four digits.
  const change = modal.getByRole('region', { name: 'History' }).getByRole('listitem').filter({ hasText: 'Bank details changed' });
  await expect(change).toContainText('••••7890');
  await expect(change).toContainText('••••3210');
  // Not a member change: the modal's own Save still finds nothing to send.
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expectNotice(modal, 'warning', MSG.noChanges);

  await bank.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'edit-member-bank-1440', { fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await bank.scrollIntoViewIfNeeded();
  await expectFitsViewport(page);
  await shot(page, testInfo, 'edit-member-bank-375', { fullPage: false });

  expect(await banksOf()).toEqual([{ bank_name: 'BDO Unibank', account_number: '9876543210', account_name: member.name }]);
  await own.dispose();
});

test('an admin deletes a member after confirming: the member leaves the list and cannot log in', async ({ page, baseURL, browser }) => {
  const member = await createAgent(baseURL!);
  await openMembersAsAdmin(page);
  const row = await findMember(page, member);

  // Cancel keeps the member.
  await rowAction(page, row, 'Delete');
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this member?' });
  await expect(confirm).toContainText(`${member.name} (ID ${member.id})`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();

  await rowAction(page, row, 'Delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'success', `${member.name} was deleted and can no longer log in.`);
  await expect(membersTable(page).getByText(MSG.noRecords, { exact: true })).toBeVisible();
  expect(await logsIn(browser, baseURL!, member, member.password)).toBe(false);
});

test(
  'an agent: recruits searched by name, the team size on the dashboard, and the hierarchy',
  PHONE,
  async ({ page, baseURL }, testInfo) => {
    const sponsor = await createAgent(baseURL!, { position: 'Manager' });
    const first = await createAgent(baseURL!, { refCode: sponsor.referral_code });
    const second = await createAgent(baseURL!, { refCode: sponsor.referral_code });
    const grandRecruit = await createAgent(baseURL!, { refCode: first.referral_code });
    const pending = await createAgent(baseURL!, { refCode: sponsor.referral_code, approve: false });

    await signIn(page, sponsor);
    // Team Size counts Approved members only: two direct recruits, three in the whole team.
    const team = page.getByRole('region', { name: 'Team Size', exact: true });
    await expect(team.getByRole('term')).toHaveText(['Direct Recruits', 'Whole Team']);
    await expect(team.getByRole('definition')).toHaveText(['2', '3']);
    for (const dd of await page.getByRole('main').getByRole('definition').all()) {
      const { scrollWidth, clientWidth } = await dd.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    }
    await expectFitsPhone(page, testInfo, 'dashboard-team-375');

    await goViaMainNav(page, 'Recruitment');
    await expect(page.getByRole('heading', { level: 1, name: 'Agent Recruitment' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Your recruits' });
    await expect(table.getByRole('columnheader')).toHaveText([
      '#',
      'ID',
      'Full Name',
      'Contact No',
      'Email',
      'Referral Code',
      'Registration Date',
    ]);
    const rows = table.locator('tbody tr');
    // Direct recruits only, Pending ones included; not the recruit's own recruit.
    await expect(rows).toHaveCount(3);
    await expect(table).not.toContainText(grandRecruit.name);
    await shot(page, testInfo, 'recruitment-1440');

    // Case-insensitive, over the full name joined.
    await searchBox(page).fill(`  ${first.name.toUpperCase()} `);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(first.name);
    await expect(rows.first().getByRole('cell').nth(1)).toHaveText(String(first.id));
    await searchBox(page).fill(pending.lname.toLowerCase());
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(pending.name);
    await searchBox(page).fill('nobody by that name');
    await expect(table.getByText(MSG.noRecords, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(rows).toHaveCount(3);
    await expect(table).toContainText(second.name);
    await expectFitsPhone(page, testInfo, 'recruitment-375');

    // The grand-recruit's hierarchy: sponsored by the first recruit, managed by the sponsor.
    await page.context().clearCookies();
    await signIn(page, grandRecruit);
    await goViaMainNav(page, 'Settings');
    await page.getByRole('navigation', { name: 'Settings tabs' }).getByRole('link', { name: 'Hiearchy' }).click();
    await expect(page).toHaveURL(/\/settings\/hiearchy$/);
    await expect(page.getByRole('link', { name: 'Hiearchy' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel('Sponsor ID', { exact: true })).toHaveValue(String(first.id));
    await expect(page.getByLabel('Sponsor Name', { exact: true })).toHaveValue(first.name);
    await expect(page.getByLabel('Manager ID', { exact: true })).toHaveValue(String(sponsor.id));
    await expect(page.getByLabel('Manager Name', { exact: true })).toHaveValue(sponsor.name);
    for (const label of ['Agency Manager ID', 'Agency Manager Name', 'Agency Owner ID', 'Agency Owner Name']) {
      await expect(page.getByLabel(label), label).toHaveValue('—');
      await expect(page.getByLabel(label), label).not.toBeEditable();
    }
    await expectSignedIn(page, grandRecruit);
    await shot(page, testInfo, 'hierarchy-1440');
    await expectFitsPhone(page, testInfo, 'hierarchy-375');
  },
);
