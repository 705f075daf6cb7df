import type { Page } from '@playwright/test';
import { todayInManila } from '@ahente/contract/dates';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { scanner } from '../support/axe.ts';
import { expectFitsViewport, expectToast, isNarrow } from '../support/app.ts';
import { ADMIN, apiClient, createAgent, expect, loginApi, loginUi, PHONE, shot, test, type Agent } from '../support/fixtures.ts';
import { licenseAgent } from '../support/verification.ts';

/**
 * A new member's first steps (decisions 018 and 001): the dashboard's checklist until done, the
 * Make as Sales warning when no verified licence covers the sale's day, "Welcome" at the first
 * sign-in, a Pending member told whose agency reviews the sign-up, and the sign-up page's language
 * switch and sponsor.
 */

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
const today = todayInManila();
const todayText = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`));

const checklist = (page: Page) => page.getByRole('region', { name: 'Your first steps' });
const step = (page: Page, title: string) =>
  checklist(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

async function addDeal(baseURL: string, agent: Agent, customerName: string, product: string) {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const res = await c.csrfPost(routes.addDeal.path, {
      id: agent.id,
      customerName,
      transactionType: 'New',
      product,
      tcvValue: '25000',
      effectiveDate: today,
      salesType: 'Direct',
    });
    if (!res.ok()) throw new Error(`adddeals: ${res.status()} ${await res.text()}`);
  } finally {
    await c.dispose();
  }
}

/** Everything but the licence's verification, through the API as the member. */
async function completeAllButLicence(baseURL: string, agent: Agent) {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    for (const [path, body] of [
      [routes.addUserBanks.path, { id: agent.id, bank_name: 'BDO Unibank', account_number: '001234567890', account_name: agent.name }],
      [routes.editMember.path, { id: agent.id, tin: '123-456-789' }],
      [routes.addCertifications.path, { id: agent.id, lfa_code: 'LFA-1', coding_date_1: '2026-01-15', individual_hmo: '2026-03-01' }],
    ] as const) {
      const res = await c.csrfPost(path, body);
      if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
    }
    const photo = await c.post(routes.editMember.path, {
      multipart: { id: String(agent.id), photo: { name: 'me.png', mimeType: 'image/png', buffer: png } },
      headers: { 'X-XSRF-TOKEN': await c.xsrfToken() },
    });
    if (!photo.ok()) throw new Error(`photo: ${photo.status()} ${await photo.text()}`);
  } finally {
    await c.dispose();
  }
}

test(
  "a new agent: 'Welcome' at the first sign-in, the first steps with their states and links, gone once all are done; 'Welcome back' after",
  PHONE,
  async ({ page, agent, baseURL, press }, testInfo) => {
    const axe = scanner(page, testInfo);
    await loginUi(page, agent.username, agent.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(`Welcome, ${agent.name}, ID#: ${agent.id}`, { exact: true })).toBeVisible();

    const list = checklist(page);
    await expect(list).toBeVisible();
    await expect(list).toContainText('Finish these so that your commission can be paid. This list goes away once everything is done.');
    await expect(list.getByText('0 of 5 done', { exact: true })).toBeVisible();
    await expect(list.getByRole('heading', { level: 3 })).toHaveText(['Licence', 'Bank details', 'TIN', 'Certification', 'Profile photo']);
    await expect(step(page, 'Licence')).toContainText('To do');
    await expect(step(page, 'Licence')).toContainText('Add your Insurance Commission licence: commission is paid only to licensed agents.');
    await expect(step(page, 'Certification')).toContainText(MSG.certificationReminderNone);
    await expect(step(page, 'TIN')).toContainText(
      'Your BIR TIN, for the tax withheld from your commission (Form 2307). Add it in Personal Details.',
    );
    const links = [
      ['Licence', 'Go to Licences', '/settings/licences'],
      ['Bank details', 'Go to Bank Details', '/settings/bankdetails'],
      ['TIN', 'Go to Personal Details', '/settings/userdetails'],
      ['Certification', 'Go to Certifications', '/settings/certifications'],
    ] as const;
    for (const [title, label, href] of links)
      await expect(step(page, title).getByRole('link', { name: label })).toHaveAttribute('href', href);
    await axe.scan('/ with the first steps');
    await expectFitsViewport(page);
    await shot(page, testInfo, 'first-steps-dashboard');

    // The photo step opens the profile popup's dialog.
    await press(step(page, 'Profile photo').getByRole('button', { name: 'Add a photo' }));
    const dialog = page.getByRole('dialog', { name: 'Change Profile Picture' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // The licence step leads to the Licences tab; the member's own licence then awaits verification.
    await press(step(page, 'Licence').getByRole('link', { name: 'Go to Licences' }));
    await expect(page).toHaveURL(/\/settings\/licences$/);
    const c = await loginApi(baseURL!, agent.username, agent.password);
    const added = await c.csrfPost(routes.addLicense.path, {
      id: agent.id,
      line: 'Non-Life',
      license_no: 'NL-2026-004312',
      issued_on: `${Number(today.slice(0, 4)) - 1}-01-01`,
      expires_on: `${Number(today.slice(0, 4)) + 2}-12-31`,
    });
    expect(added.ok()).toBe(true);
    await c.dispose();
    await completeAllButLicence(baseURL!, agent);

    await page.goto('/');
    await expect(checklist(page).getByText('4 of 5 done', { exact: true })).toBeVisible();
    await expect(step(page, 'Licence')).toContainText('Awaiting verification');
    await expect(step(page, 'Licence')).toContainText(
      'The agency is verifying your licence. Commission on your sales is held until it is verified.',
    );
    for (const title of ['Bank details', 'TIN', 'Certification', 'Profile photo']) {
      await expect(step(page, title)).toContainText('Done');
      await expect(step(page, title).getByRole('link')).toHaveCount(0);
    }
    await expect(step(page, 'Certification')).toContainText('Coding and TLC dates on file.');
    await shot(page, testInfo, 'first-steps-awaiting');

    // The agency verifies the licence: every step is done and the list is gone.
    const admin = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
    const licences = (await (await admin.csrfPost(routes.getLicenses.path, { id: agent.id })).json()) as { id: number }[];
    expect((await admin.csrfPost(routes.verifyLicense.path, { license_id: licences[0]!.id, decision: 'verified' })).ok()).toBe(true);
    await admin.dispose();
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Sales', exact: true })).toBeVisible();
    await expect(checklist(page)).toHaveCount(0);

    // The next sign-in is a return: the spec's "Welcome back".
    await page.getByRole('button', { name: /, Open profile$/ }).click();
    await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await loginUi(page, agent.username, agent.password);
    await expect(page.getByText(`Welcome back, ${agent.name}, ID#: ${agent.id}`, { exact: true })).toBeVisible();
  },
);

test('the licence step names the lines of what the agent sells', async ({ page, agent, baseURL }) => {
  await addDeal(baseURL!, agent, 'Ramon Magsaysay', 'Comprehensive');
  await addDeal(baseURL!, agent, 'Gabriela Silang', 'Individual');
  await loginUi(page, agent.username, agent.password);
  await expect(step(page, 'Licence')).toContainText('Add a licence for what you sell: HMO or Accident and Health; Non-Life.');
  // A verified Non-Life licence leaves the medical line.
  await licenseAgent(baseURL!, agent);
  await page.reload();
  await expect(step(page, 'Licence')).toContainText('Add a licence for what you sell: HMO or Accident and Health.');
  await expect(step(page, 'Licence')).toContainText('To do');
});

test(
  'Make as Sales says before saving that the commission will be held without a verified licence, and leads to Licences',
  PHONE,
  async ({ page, agent, baseURL, press }, testInfo) => {
    await addDeal(baseURL!, agent, 'Leonor Rivera', 'Comprehensive');
    await loginUi(page, agent.username, agent.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/deals/dealsview');
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Leonor Rivera' });
    await press(row.getByRole('button', { name: 'Make as Sales', exact: true }));
    const sale = page.getByRole('dialog', { name: 'Add Sales' });
    const warning = sale.getByRole('region', { name: 'Commission on this sale will be held' });
    await expect(warning).toHaveText(
      'Commission on this sale will be held' +
        `You have no verified Non-Life licence on ${todayText}, the day this sale is recorded. ` +
        'The sale is saved, but its commission is held until the agency verifies a Non-Life licence of yours issued on or before that day.' +
        'Add a licence in Settings, Licences',
    );
    await shot(page, testInfo, 'first-steps-sale-warning', { fullPage: false });

    // Another product: another line. A Memorial Plan needs a Pre-Need licence.
    await sale.getByLabel('Product Category').selectOption('Others');
    await sale.getByLabel('Product', { exact: true }).selectOption('Memorial Plan');
    await expect(warning).toContainText(`You have no verified Pre-Need licence on ${todayText}`);
    await sale.getByLabel('Product Category').selectOption('Motor');
    await sale.getByLabel('Product', { exact: true }).selectOption('Comprehensive');

    await press(warning.getByRole('link', { name: 'Add a licence in Settings, Licences' }));
    await expect(page).toHaveURL(/\/settings\/licences$/);

    // A licence of their own, not verified yet: still held, and the text says why.
    const c = await loginApi(baseURL!, agent.username, agent.password);
    expect(
      (
        await c.csrfPost(routes.addLicense.path, {
          id: agent.id,
          line: 'Non-Life',
          license_no: 'NL-2026-009911',
          issued_on: `${Number(today.slice(0, 4)) - 1}-01-01`,
          expires_on: `${Number(today.slice(0, 4)) + 2}-12-31`,
        })
      ).ok(),
    ).toBe(true);
    await c.dispose();
    await page.goto('/deals/dealsview');
    await press(row.getByRole('button', { name: 'Make as Sales', exact: true }));
    await expect(warning).toContainText('Your Non-Life licence is awaiting the agency’s verification.');

    // A verified licence: no warning.
    await sale.getByRole('button', { name: 'Cancel' }).click();
    await licenseAgent(baseURL!, agent);
    await page.reload();
    await press(row.getByRole('button', { name: 'Make as Sales', exact: true }));
    await expect(sale.getByLabel('Policy Number')).toBeVisible();
    await expect(warning).toHaveCount(0);
  },
);

test("a Pending member's login keeps the spec's warning and says their sponsor's agency is reviewing the sign-up", async ({
  page,
  baseURL,
}) => {
  const sponsor = await createAgent(baseURL!);
  const recruit = await createAgent(baseURL!, { approve: false, refCode: sponsor.referral_code });
  await loginUi(page, recruit.username, recruit.password);
  await expectToast(page, 'warning', MSG.loginNotApproved);
  const review = page.getByRole('status').filter({ hasText: 'Your sign-up is being reviewed' });
  await expect(review).toHaveText(
    'Your sign-up is being reviewed' +
      `The agency of your sponsor, ${sponsor.name}, is reviewing your sign-up. You can log in as soon as an administrator approves it; there is nothing else to do.`,
  );
  await expect(page).toHaveURL(/\/login$/);
});

test(
  'the sign-up page: the language switch, the sponsor of a prefilled code, an unknown code said at once, then "Welcome"',
  PHONE,
  async ({ page, baseURL }, testInfo) => {
    const sponsor = await createAgent(baseURL!);
    await page.goto(`/register?ref=${sponsor.referral_code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect(page.getByText(`Your sponsor: ${sponsor.name}`, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Referral Code')).toHaveAccessibleDescription(`Your sponsor: ${sponsor.name}`);
    await shot(page, testInfo, 'first-steps-register');

    const choice = page.getByRole('group', { name: 'Language' });
    await choice.getByRole('button', { name: 'Filipino' }).click();
    await expect(page.getByText(`Ang sponsor mo: ${sponsor.name}`, { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await page.getByRole('group', { name: 'Wika' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByText(`Your sponsor: ${sponsor.name}`, { exact: true })).toBeVisible();

    // A code typed by hand is looked up when the field is left.
    const code = page.getByLabel('Referral Code');
    await code.fill('ZZZZZZZZ');
    await expect(page.getByText(`Your sponsor: ${sponsor.name}`)).toHaveCount(0);
    await code.blur();
    await expect(
      page.getByText('No member has this referral code. Check it with your sponsor, or leave it blank.', { exact: true }),
    ).toBeVisible();
    await code.fill(sponsor.referral_code.toLowerCase());
    await code.blur();
    await expect(page.getByText(`Your sponsor: ${sponsor.name}`, { exact: true })).toBeVisible();

    // Signed up: the login page welcomes, rather than welcomes back.
    const u = `first_${Date.now().toString(36)}`;
    await page.getByLabel('Username').fill(u);
    await page.getByLabel('Password', { exact: true }).fill('first-steps-1');
    await page.getByLabel('Last Name').fill('Dagohoy');
    await page.getByLabel('First Name').fill('Francisco');
    await page.getByLabel('Email').fill(`${u}@example.ph`);
    await page.getByLabel('Contact Number').fill('09171234567');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectToast(page, 'success', MSG.registerSuccess);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome', exact: true })).toBeVisible();
    if (!isNarrow(page)) await shot(page, testInfo, 'first-steps-login-welcome');
  },
);

test('the sponsor lookup answers only the name, and 404 for an unknown code', async ({ baseURL }) => {
  const sponsor = await createAgent(baseURL!);
  const c = await apiClient(baseURL!);
  const found = await c.csrfPost(routes.referralSponsor.path, { code: sponsor.referral_code });
  expect(found.status()).toBe(200);
  expect(await found.json()).toEqual({ name: sponsor.name });
  const unknown = await c.csrfPost(routes.referralSponsor.path, { code: 'ZZZZZZZZ' });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: MSG.registerInvalidReferral });
  await c.dispose();
});
