import type { Browser, Locator, Page } from '@playwright/test';
import { MEMBER_CONTACT_FIELDS } from '@ahente/contract/members';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import {
  expectFitsPhone,
  expectFitsViewport,
  expectSignedIn,
  expectToast,
  goViaMainNav,
  signIn,
  signInAdmin,
  welcomeLine,
} from '../support/app.ts';
import { ADMIN, createAgent, expect, loginApi, loginUi, PHONE, shot, test, type Agent, openContext } from '../support/fixtures.ts';

/**
 * Members and hierarchy (decision 011): the admin's Members Record (approve, edit, change a
 * password, delete), the Admin Panel's sub-navigation, and an agent's recruits, hierarchy and team
 * size.
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
  await signInAdmin(page);
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
  const context = await openContext(browser, { baseURL });
  try {
    const page = await context.newPage();
    await loginUi(page, agent.username, password);
    const outcome = await Promise.race([
      page
        .getByText(welcomeLine(agent.name, agent.id))
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
    ['Privacy', '/admin/privacy/requests', 'Privacy'],
    ['Members List', '/admin/adminmembers', 'Members Record'],
  ] as const) {
    await adminNav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(adminNav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  }
});

/** The ID and status cells of the rows shown, top to bottom. */
async function shownRows(page: Page): Promise<{ id: number; name: string; status: string }[]> {
  // While another filter, sort or page loads, the table keeps the rows it had, marked busy.
  await expect(membersTable(page)).not.toHaveAttribute('aria-busy', 'true');
  return membersTable(page)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const cells = row.querySelectorAll('td');
        return { id: Number(cells[1]?.textContent), name: cells[2]?.textContent ?? '', status: cells[7]?.textContent ?? '' };
      }),
    );
}

/** The pending count the Admin Panel's sub-navigation shows next to Members List (0 when no badge). */
async function pendingBadge(page: Page): Promise<number> {
  const link = page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Members List', exact: true });
  const describedBy = await link.getAttribute('aria-describedby');
  const description = describedBy ? ((await page.locator(`[id="${describedBy}"]`).textContent()) ?? '') : '';
  const match = /(\d+) members? pending approval/.exec(description);
  return match ? Number(match[1]) : 0;
}

test('a new sign-up comes first under Pending, counted in the Admin Panel; columns sort; the admin has no Delete on their own row', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 }); // a common laptop
  const newcomer = await createAgent(baseURL!, { approve: false });
  const admin = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
  const pendingOnServer = async () =>
    ((await (await admin.csrfPost(routes.adminMemberCounts.path, { id: 1 })).json()) as { byStatus: { Pending: number } }).byStatus.Pending;

  await openMembersAsAdmin(page);
  const members = page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Members List', exact: true });
  await expect(members).toHaveAccessibleDescription(/^\d+ members? pending approval$/);
  // The badge says what the server counts (other tests sign up agents meanwhile: compared afresh until they agree).
  await expect(async () => {
    await page.reload();
    await expect(members).toHaveAccessibleDescription(/pending approval/);
    expect(await pendingBadge(page)).toBe(await pendingOnServer());
  }).toPass({ timeout: 20_000 });
  expect(await pendingBadge(page)).toBeGreaterThanOrEqual(1);

  // By default Pending come first, newest first: the sign-up is on page 1, after only newer sign-ups.
  await expect(page.getByText('Pending first, then newest.')).toBeVisible();
  await expect(memberRow(page, newcomer)).toHaveCount(1);
  let rows = await shownRows(page);
  let at = rows.findIndex((r) => r.id === newcomer.id);
  expect(rows[0]!.status).toBe('Pending');
  for (const before of rows.slice(0, at)) expect([before.status, before.id > newcomer.id]).toEqual(['Pending', true]);

  // The Pending filter, with its count, and its address.
  const filter = page.getByRole('group', { name: 'Status' });
  await expect(filter.getByRole('button', { name: /^All \d+$/ })).toHaveAttribute('aria-pressed', 'true');
  await filter.getByRole('button', { name: /^Pending \d+$/ }).click();
  await expect(page).toHaveURL(/\/admin\/adminmembers\?status=Pending$/);
  await expect(filter.getByRole('button', { name: /^Pending/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(membersTable(page).locator('tbody tr').first().getByRole('cell').nth(7)).toHaveText('Pending');
  await expect(memberRow(page, newcomer)).toHaveCount(1);
  rows = await shownRows(page);
  expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Pending']));
  at = rows.findIndex((r) => r.id === newcomer.id);
  for (const before of rows.slice(0, at)) expect(before.id).toBeGreaterThan(newcomer.id);
  await shot(page, testInfo, 'admin-members-pending');

  // A dashboard's link opens the same list.
  await page.goto('/admin/adminmembers?status=Pending');
  await expect(page.getByRole('heading', { level: 1, name: 'Members Record' })).toBeVisible();
  await expect(filter.getByRole('button', { name: /^Pending/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(memberRow(page, newcomer)).toHaveCount(1);
  await filter.getByRole('button', { name: /^All/ }).click();
  await expect(page).toHaveURL(/\/admin\/adminmembers$/);

  // Sorting by a column: a button in the header, the order said by aria-sort.
  const idHeader = membersTable(page).getByRole('columnheader', { name: 'ID', exact: true });
  await idHeader.getByRole('button', { name: 'ID' }).click();
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText('Sorted by ID, lowest first.')).toBeVisible();
  await expect(membersTable(page).locator('tbody tr').first().getByRole('cell').nth(1)).toHaveText('1');
  rows = await shownRows(page);
  expect(rows.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
  await idHeader.getByRole('button', { name: 'ID' }).click();
  await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(membersTable(page).locator('tbody tr').first().getByRole('cell').nth(1)).not.toHaveText('1');
  rows = await shownRows(page);
  expect(rows.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort((a, b) => b - a));

  const nameHeader = membersTable(page).getByRole('columnheader', { name: 'Full Name', exact: true });
  await searchBox(page).fill('santos');
  await nameHeader.getByRole('button', { name: 'Full Name' }).click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(idHeader).not.toHaveAttribute('aria-sort');
  await expect(async () => {
    const names = (await shownRows(page)).map((r) => r.name.toLowerCase());
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort());
  }).toPass();
  await nameHeader.getByRole('button', { name: 'Full Name' }).click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(async () => {
    const names = (await shownRows(page)).map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  }).toPass();
  await shot(page, testInfo, 'admin-members-sorted');
  // A third click goes back to Pending first, then newest.
  await nameHeader.getByRole('button', { name: 'Full Name' }).click();
  await expect(nameHeader).not.toHaveAttribute('aria-sort');
  await expect(page.getByText('Pending first, then newest.')).toBeVisible();

  // The admin's own row offers no Delete; another member's does.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await idHeader.getByRole('button', { name: 'ID' }).click();
  const own = membersTable(page).locator('tbody tr').first();
  await expect(own.getByRole('cell').nth(1)).toHaveText('1');
  await own.getByRole('button', { name: /^Actions for / }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Change Password', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delete', exact: true })).toHaveCount(0);
  // Their own password needs the current one: Change Password points to Settings → Security.
  await page.getByRole('menuitem', { name: 'Change Password', exact: true }).click();
  const ownPassword = page.getByRole('dialog', { name: 'Change Password' });
  await expect(ownPassword.getByText('Your own password is changed with your current one, in Settings → Security.')).toBeVisible();
  await expect(ownPassword.getByLabel('New Password')).toHaveCount(0);
  await expect(ownPassword.getByRole('link', { name: 'Go to Settings → Security' })).toHaveAttribute('href', '/settings/security');
  await page.keyboard.press('Escape');
  await membersTable(page)
    .locator('tbody tr')
    .nth(1)
    .getByRole('button', { name: /^Actions for / })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Delete', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // Approving the sign-up: the badge follows (what the server counts, as other tests come and go).
  await rowAction(page, await findMember(page, newcomer), 'Approve');
  await expect(memberRow(page, newcomer).getByText('Approved', { exact: true })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(membersTable(page)).toBeVisible();
    expect(await pendingBadge(page)).toBe(await pendingOnServer());
  }).toPass({ timeout: 20_000 });
  await admin.dispose();
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
  // The list carries no phone or address (decision 027): the modal reads them for this member alone.
  await expect(modal.getByLabel('Contact No')).toHaveValue('09171234567');
  await expect(modal.getByLabel('TIN', { exact: true })).toHaveValue('');

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
  await modal.getByLabel('Street').fill('Makati Avenue');
  await page.route('**/api/editMember', (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: '{"error":"That email is already in use"}' }),
  );
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expectNotice(modal, 'error', MSG.memberUpdateFailed);
  await expect(modal.getByRole('alert')).toContainText('That email is already in use');
  await page.unroute('**/api/editMember');
  await modal.getByLabel('Street').fill('');

  // A real change: position and contact number, and only they are sent.
  await modal.getByLabel('Position').selectOption('Manager');
  await modal.getByLabel('Contact No').fill('09998887777');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/editMember'));
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  expect((await sent).postDataJSON()).toEqual({ id: sponsor.id, position: 'Manager', contact_no: '09998887777' });
  await expectNotice(modal, 'success', MSG.memberUpdated);
  // The modal stays 3 s after a successful save, then closes by itself.
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
  const context = await openContext(browser, { baseURL: baseURL! });
  const recruitPage = await context.newPage();
  await signIn(recruitPage, recruit);
  await recruitPage.goto('/settings/hiearchy');
  await expect(recruitPage.getByLabel('Manager ID', { exact: true })).toHaveValue(String(sponsor.id));
  await expect(recruitPage.getByLabel('Manager Name', { exact: true })).toHaveValue(sponsor.name);
  await context.close();
});

test(
  "an admin sets a member's address through the Region → City → Barangay cascade, typing to find the city and the barangay",
  PHONE,
  async ({ page, baseURL, browser, press }, testInfo) => {
    test.slow(); // the dialog closes after 3 s, then a second browser signs in
    if (page.viewportSize()!.width >= 768) await page.setViewportSize({ width: 1366, height: 768 }); // a common laptop
    const member = await createAgent(baseURL!);
    await openMembersAsAdmin(page);
    await rowAction(page, await findMember(page, member), 'Edit');
    const modal = page.getByRole('dialog', { name: 'Edit Member Details' });
    const region = modal.getByLabel('Region', { exact: true });
    const city = modal.getByRole('combobox', { name: 'City', exact: true });
    const barangay = modal.getByRole('combobox', { name: 'Barangay', exact: true });
    const cities = modal.getByRole('listbox', { name: 'Cities and municipalities' });
    const barangays = modal.getByRole('listbox', { name: 'Barangays' });
    // No free-text address: the same cascade as Personal Details.
    await expect(modal.getByRole('textbox', { name: 'Address', exact: true })).toHaveCount(0);
    await expect(city).toBeDisabled();
    await expect(barangay).toBeDisabled();

    await region.selectOption({ label: 'National Capital Region (NCR)' });
    await expect(barangay).toBeDisabled();
    // Typing filters the long list; text that names no city is not kept.
    await city.fill('atlantis');
    await expect(cities).toBeVisible();
    await expect(cities.getByRole('option')).toHaveCount(0);
    await expect(cities).toContainText('No match for “atlantis”.');
    await city.press('Tab');
    await expect(city).toHaveValue('');
    await expect(barangay).toBeDisabled();
    await city.fill('que');
    await expect(cities.getByRole('option', { name: 'Quezon City', exact: true })).toBeVisible();
    await expect(cities.getByRole('option', { name: 'City of Manila', exact: true })).toHaveCount(0);
    await shot(page, testInfo, 'edit-member-city', { fullPage: false });
    // Escape closes the list, not the dialog.
    await city.press('Escape');
    await expect(cities).toBeHidden();
    await expect(modal).toBeVisible();
    await city.fill('quezon');
    await press(cities.getByRole('option', { name: 'Quezon City', exact: true }));
    await expect(city).toHaveValue('Quezon City');
    await expect(cities).toBeHidden();

    // The barangays of Quezon City: typed, then chosen with the keyboard.
    await expect(barangay).toBeEnabled();
    await barangay.fill('bagong pag');
    const option = barangays.getByRole('option', { name: 'Bagong Pag-asa', exact: true });
    await expect(option).toBeVisible();
    await expect(barangays.getByRole('option')).toHaveCount(1);
    await barangay.press('Enter');
    await expect(barangay).toHaveValue('Bagong Pag-asa');
    await expect(modal).toBeVisible(); // Enter chose; it did not submit the form
    await modal.getByLabel('Street').fill('Mabini St');
    await shot(page, testInfo, 'edit-member-address', { fullPage: false });

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/editMember'));
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    expect((await sent).postDataJSON()).toEqual({
      id: member.id,
      address_street: 'Mabini St',
      address_region: '1300000000',
      address_city: '1381300000',
      address_barangay: expect.stringMatching(/^13813\d{5}$/),
    });
    await expectNotice(modal, 'success', MSG.memberUpdated);
    await expect(modal).toBeHidden({ timeout: 6_000 });

    // Opened again, the address shows by name.
    await rowAction(page, await findMember(page, member), 'Edit');
    await expect(region.locator('option:checked')).toHaveText('National Capital Region (NCR)');
    await expect(city).toHaveValue('Quezon City');
    await expect(barangay).toHaveValue('Bagong Pag-asa');
    await expect(modal.getByLabel('Street')).toHaveValue('Mabini St');
    // A new city clears the barangay.
    await city.fill('manila');
    await press(cities.getByRole('option', { name: 'City of Manila', exact: true }));
    await expect(barangay).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    // The member reads it on Personal Details.
    const context = await openContext(browser, { baseURL: baseURL! });
    const own = await context.newPage();
    await signIn(own, member);
    await own.goto('/settings/userdetails');
    const form = own.getByRole('form', { name: 'Personal details' });
    await expect(form.getByLabel('City', { exact: true })).toHaveValue('Quezon City');
    await expect(form.getByLabel('Barangay', { exact: true })).toHaveValue('Bagong Pag-asa');
    await context.close();
  },
);

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
  await expect(confirm).toContainText(`${member.name} (ID#: ${member.id})`);
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
      'Status',
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

test("an admin's own record: status, account type and position are another administrator's to change; the list carries no phone or address", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 }); // a common laptop
  await openMembersAsAdmin(page);
  // What the list answers carries no contact number and no address (decision 027).
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/adminmembersearch') && r.ok());
  await searchBox(page).fill('agency administrator');
  const { rows } = (await (await listed).json()) as { rows: Record<string, unknown>[] };
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) for (const field of MEMBER_CONTACT_FIELDS) expect(row).not.toHaveProperty(field);
  const own = membersTable(page)
    .locator('tbody tr')
    .filter({ has: page.locator('td:nth-child(3)', { hasText: /^Agency Administrator$/ }) });
  await expect(own).toHaveCount(1);

  // Their own status, account type and position are read-only here, and say who changes them (decision 011).
  await rowAction(page, own, 'Edit');
  const modal = page.getByRole('dialog', { name: 'Edit Member Details' });
  await expect(modal.getByText('Your own status, account type and position are changed by another administrator.')).toBeVisible();
  for (const label of ['Status', 'Account Type', 'Position']) {
    await expect(modal.getByLabel(label, { exact: true }), label).not.toBeEditable();
  }
  await expect(modal.getByLabel('Account Type', { exact: true })).toHaveValue('Administrator');
  // Their own e-mail needs their password: changed in Settings, not here.
  await expect(modal.getByLabel('Email', { exact: true })).not.toBeEditable();
  await expect(modal.getByText('Change your own email in Settings → Personal Details: it asks for your password.')).toBeVisible();
  await modal.getByLabel('Position', { exact: true }).scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'edit-own-member', { fullPage: false });
  let edits = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/editMember')) edits += 1;
  });
  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expectNotice(modal, 'warning', MSG.noChanges);
  expect(edits).toBe(0);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});
