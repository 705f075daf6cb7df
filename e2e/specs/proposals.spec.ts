import { devices, type Page } from '@playwright/test';
import { routes } from '@ahente/contract/routes';
import { expectFitsViewport, expectToast, goViaMainNav, signIn, uniqueId } from '../support/app.ts';
import { scanner } from '../support/axe.ts';
import { ADMIN, expect, loginApi, loginUi, shot, test, type Agent, openContext } from '../support/fixtures.ts';

/**
 * Insurance proposals (issue 46), a person's path: the agent writes a draft with two insurers and
 * sees each breakdown as they type, sends it, the client opens the link on a phone and accepts an
 * option, and the agent finds the deal in the Deals Table. The agent's own acceptance, and the
 * client's 404 and 410 pages. Axe scans the list, the proposal and the client's page. Screenshots at
 * 1366 px (a laptop, decision 024) and on a phone (decision 010).
 */

async function fillOption(page: Page, n: number, insurer: string, premium: string) {
  const option = page.getByRole('group', { name: `Option ${n}`, exact: true });
  await option.getByLabel('Insurer', { exact: true }).fill(insurer);
  await option.getByLabel('Basic premium', { exact: true }).fill(premium);
  return option;
}

/** A sent proposal made through the API: its id and the client's link. */
async function sentProposal(baseURL: string, agent: Agent, client: string) {
  const api = await loginApi(baseURL, agent.username, agent.password);
  const saved = await api.csrfPost(routes.saveProposal.path, {
    id: agent.id,
    client: { name: client },
    product: 'Comprehensive',
    options: [{ insurer: 'Malayan Insurance', basic_premium: 10000 }],
  });
  expect(saved.status()).toBe(200);
  const { proposal } = (await saved.json()) as { proposal: { id: number } };
  const sent = await api.csrfPost(routes.sendProposal.path, { proposal_id: proposal.id });
  expect(sent.status()).toBe(200);
  const { share_url } = (await sent.json()) as { share_url: string };
  return { api, id: proposal.id, path: new URL(share_url).pathname };
}

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('draft → breakdown → send → the client accepts on a phone → the deal in the Deals Table', async ({
    page,
    agent,
    browser,
    baseURL,
  }, testInfo) => {
    const client = `Maria Santos ${uniqueId()}`;
    const axe = scanner(page, testInfo);
    await signIn(page, agent);
    await goViaMainNav(page, 'Proposals');
    await expect(page.getByRole('heading', { level: 1, name: 'Insurance Proposals' })).toBeVisible();
    await expect(page.getByText('No proposals yet')).toBeVisible();

    await page.getByRole('link', { name: 'New Proposal' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Proposal' })).toBeVisible();
    await page.getByLabel('Client name').fill(client);
    await page.getByLabel('Product').selectOption('Comprehensive');
    const first = await fillOption(page, 1, 'Malayan Insurance', '18,500');
    // DST 12.5 %, VAT 12 %, LGT 0.2 % of ₱18,500.00 (the reference rates): ₱23,069.50 due.
    await expect(first.getByRole('definition')).toHaveText(['₱18,500.00', '₱2,312.50', '₱2,220.00', '₱37.00', '₱23,069.50']);
    await first.getByRole('button', { name: 'Add a coverage line' }).click();
    await first.getByLabel('Coverage', { exact: true }).fill('Own Damage/Theft');
    await first.getByLabel('Limit', { exact: true }).fill('₱850,000');
    await page.getByRole('button', { name: 'Add an option' }).click();
    const second = await fillOption(page, 2, 'Pioneer', '17000');
    await expect(second.getByRole('definition').last()).toHaveText('₱21,199.00');
    await page.getByLabel('Show my contact number on the client’s page').check();
    await shot(page, testInfo, 'proposal-form-1366');
    await expectFitsViewport(page);

    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expectToast(page, 'success', 'Proposal saved');
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(client) })).toBeVisible();
    await expect(page.getByRole('main').getByText('Draft', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const link = page.getByLabel('The client’s link');
    await expect(link).toHaveValue(/\/p\/[A-Za-z0-9_-]{43}$/);
    const clientPath = new URL(await link.inputValue()).pathname;
    await expect(page.getByRole('main').getByText('Sent', { exact: true }).first()).toBeVisible();
    // The agent's PDF: a plain link to the file (its text is the API tests').
    const pdf = page.getByRole('link', { name: 'Download PDF' });
    const agentPdf = await page.request.get((await pdf.getAttribute('href'))!);
    expect(agentPdf.headers()['content-type']).toBe('application/pdf');
    expect((await agentPdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await shot(page, testInfo, 'proposal-page-1366');
    await expectFitsViewport(page);
    await axe.scan('/proposals/:id');

    // The client, on a phone, signed in nowhere.
    const phone = await openContext(browser, { ...devices['Pixel 7'], baseURL });
    const clientPage = await phone.newPage();
    const clientAxe = scanner(clientPage, testInfo);
    await clientPage.goto(clientPath);
    await expect(clientPage.getByRole('heading', { level: 1, name: /^Insurance proposal Q-/ })).toBeVisible();
    await expect(clientPage.getByText(`Prepared for ${client}`)).toBeVisible();
    await expect(clientPage.getByText(agent.name, { exact: true })).toBeVisible();
    await expect(clientPage.getByRole('link', { name: 'Contact: 09171234567' })).toBeVisible();
    const pioneer = clientPage.getByRole('group', { name: 'Pioneer' });
    await expect(pioneer.getByRole('definition').last()).toHaveText('₱21,199.00');
    await expectFitsViewport(clientPage);
    const clientPdf = await clientPage.request.get((await clientPage.getByRole('link', { name: 'Download PDF' }).getAttribute('href'))!);
    expect(clientPdf.headers()['content-disposition']).toMatch(/proposal-Q-\d+-v1\.pdf/);
    await shot(clientPage, testInfo, 'client-page');
    await clientAxe.scan('/p/<token>');
    await pioneer.getByRole('button', { name: 'Accept option 2' }).tap();
    await expect(clientPage.getByText('You accepted option 2.')).toBeVisible();
    await expect(clientPage.getByRole('button', { name: /Accept option/ })).toHaveCount(0);
    await clientAxe.check();
    await phone.close();

    await page.reload();
    await expect(page.getByRole('main').getByText('Accepted', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Chosen by the client')).toBeVisible();
    await page.getByRole('link', { name: 'View the deal' }).click();
    await expect(page).toHaveURL(/\/deals\/dealsview\?deal=\d+$/);
    const row = page.getByRole('row', { name: new RegExp(client) });
    await expect(row).toContainText('₱21,199.00');
    await expect(row).toContainText('For Application');

    await goViaMainNav(page, 'Proposals');
    const listed = page.getByRole('row', { name: new RegExp(client) });
    await expect(listed).toContainText('Accepted');
    await expect(listed).toContainText('₱21,199.00');
    await shot(page, testInfo, 'proposals-list-1366');
    await expectFitsViewport(page);
    await axe.scan('/proposals');
    await axe.check();
  });
});

test('the agent accepts for the client; a withdrawn link says so (410), an unknown one 404', async ({ page, agent, baseURL }) => {
  const accepted = await sentProposal(baseURL!, agent, `Jose Cruz ${uniqueId()}`);
  const withdrawn = await sentProposal(baseURL!, agent, `Pedro Reyes ${uniqueId()}`);
  expect((await withdrawn.api.csrfPost(routes.withdrawProposal.path, { proposal_id: withdrawn.id })).status()).toBe(200);
  await accepted.api.dispose();
  await withdrawn.api.dispose();

  await page.goto(withdrawn.path);
  await expect(page.getByRole('heading', { level: 1, name: 'This proposal is no longer available' })).toBeVisible();
  await page.goto(`/p/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();

  await signIn(page, agent);
  await page.goto(`/proposals/${accepted.id}`);
  await page.getByRole('button', { name: 'Accept for the client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept for the client' });
  await dialog.getByRole('button', { name: 'Accept and create the deal' }).click();
  await expect(page).toHaveURL(/\/deals\/dealsview\?deal=\d+$/);
  // ₱10,000.00 with DST, VAT and LGT: ₱12,470.00.
  await expect(page.getByRole('row', { name: /Jose Cruz/ })).toContainText('₱12,470.00');
});

test('saved with no signal: kept on the device, shown as waiting, sent with its Idempotency-Key when back online', async ({
  page,
  context,
  agent,
}, testInfo) => {
  const client = `Liza Offline ${uniqueId()}`;
  await signIn(page, agent);
  await goViaMainNav(page, 'Proposals');
  await expect(page.getByText('No proposals yet')).toBeVisible();
  await page.getByRole('link', { name: 'New Proposal' }).click();
  await page.getByLabel('Client name').fill(client);
  await page.getByLabel('Product').selectOption('Comprehensive');
  await fillOption(page, 1, 'Malayan Insurance', '10000');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expectToast(page, 'info', 'Saved on this device. It will be sent when you are back online.');
  await expect(page).toHaveURL(/\/proposals$/);
  const queued = page.getByRole('region', { name: 'Not sent yet' });
  await expect(queued.getByRole('listitem').filter({ hasText: client })).toContainText('Waiting to sync');
  await shot(page, testInfo, 'proposals-queued');

  const sent = page.waitForRequest((r) => r.url().endsWith(routes.saveProposal.path) && r.method() === 'POST');
  await context.setOffline(false);
  expect((await sent).headers()['idempotency-key']).toMatch(/^[\x21-\x7e]{1,255}$/);
  await expect(queued).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(client) });
  await expect(row).toContainText('₱12,470.00');
  await expect(row).toContainText('Draft');
});

// A phone's layout only (one option at a time): emulated here, in the desktop project, once.
test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, userAgent: devices['Pixel 7'].userAgent });

  test('one option at a time with a switcher; nothing overflows', async ({ page, agent, press }, testInfo) => {
    await signIn(page, agent);
    await page.goto('/proposals/new');
    await page.getByLabel('Client name').fill('Jose Rizal');
    await page.getByLabel('Product').selectOption('CTPL');
    const first = page.getByRole('group', { name: 'Option 1', exact: true });
    await first.getByLabel('Insurer', { exact: true }).fill('Standard Insurance');
    await first.getByLabel('Vehicle type').selectOption('private_car');
    // The table's premium is proposed: ₱447.00 a year, and ₱607.81 due with the LTO fee.
    await expect(first.getByLabel('Basic premium', { exact: true })).toHaveValue('447.00');
    await expect(first.getByRole('definition').last()).toHaveText('₱607.81');
    await press(page.getByRole('button', { name: 'Add an option' }));
    await expect(page.getByRole('button', { name: 'Option 2', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(first).toBeHidden();
    await press(page.getByRole('button', { name: 'Option 1', exact: true }));
    await expect(first).toBeVisible();
    await expectFitsViewport(page);
    await shot(page, testInfo, 'proposal-form-phone');
    await press(page.getByRole('button', { name: 'Option 2', exact: true }));
    await page.getByRole('group', { name: 'Option 2', exact: true }).getByLabel('Insurer', { exact: true }).fill('Pioneer');
    await page.getByRole('group', { name: 'Option 2', exact: true }).getByLabel('Basic premium', { exact: true }).fill('460');
    await press(page.getByRole('button', { name: 'Save Draft' }));
    await expect(page.getByRole('heading', { level: 1, name: /Jose Rizal/ })).toBeVisible();
    await expectFitsViewport(page);
    await shot(page, testInfo, 'proposal-page-phone');
  });
});

test.describe('Admin Panel → Proposals at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the rates in force with their history, and the CTPL table', async ({ page }, testInfo) => {
    const axe = scanner(page, testInfo);
    await loginUi(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin/adminmembers');
    await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Proposals', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/proposals$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Proposals' })).toBeVisible();
    const table = page.getByRole('table', { name: 'CTPL basic premiums in force' });
    await expect(table.getByRole('row', { name: /Private car or UV/ })).toContainText('₱1,285.00');
    await expect(page.getByText('VAT (%)').first()).toBeVisible();
    await shot(page, testInfo, 'admin-proposals-1366');
    await expectFitsViewport(page);
    await axe.scan('/admin/proposals');
    await axe.check();
  });
});
