import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { ENTRY_STATUS_LABELS } from '@ahente/contract/commissions';
import { addDays, daysUntil, todayInManila } from '@ahente/contract/dates';
import { defaultLicenseExpiry, holdReason } from '@ahente/contract/licences';
import { routes } from '@ahente/contract/routes';
import { expectFitsPhone, expectToast, goViaMainNav, signIn, signInAdmin, uniqueId } from '../support/app.ts';
import { ADMIN, createAgent, expect, loginApi, loginUi, shot, test, type Agent, PHONE_ONLY } from '../support/fixtures.ts';

/**
 * Licences and held commissions (decision 018): Settings, Licences (a member's own licence, pending
 * until verified), the admin's Compliance page (verify, release a held commission) and the
 * dashboard's reminder of a licence about to expire.
 */

const TODAY = todayInManila();

/** "2028-12-31" → "Dec 31, 2028", as the app shows a calendar date. */
const shown = (date: string) =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** A real PNG (a card-like picture of a licence: a pale card with teal bands), so the browser draws it. */
function licencePng(width = 320, height = 200): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = y < 36 || (y > 150 && y < 162 && x > 20 && x < 200) || (y > 110 && y < 120 && x > 20 && x < 260);
      row.set(band ? [15, 118, 110] : [240, 249, 248], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openLicencesTab(page: Page) {
  await goViaMainNav(page, 'Settings');
  await page.getByRole('navigation', { name: 'Settings tabs' }).getByRole('link', { name: 'Licences', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/licences$/);
}

async function openCompliance(page: Page) {
  await goViaMainNav(page, 'Admin Panel');
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Compliance', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/compliance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance', exact: true })).toBeVisible();
}

async function switchTo(page: Page, member: Agent | 'admin') {
  await page.context().clearCookies();
  if (member === 'admin') {
    await signInAdmin(page);
  } else {
    await signIn(page, member);
  }
}

test('an agent adds a licence with a scan and sees it pending; an admin verifies it on the Compliance page and enters another; the agent sees both verified', async ({
  page,
  agent,
}, testInfo) => {
  test.slow();
  const scan = licencePng();
  const number = `NL-${uniqueId()}`;
  await signIn(page, agent);
  await openLicencesTab(page);
  await expect(page.getByText('No licences yet')).toBeVisible();

  // Issued on proposes the statutory term: 31 December of the third year after issue.
  const form = page.getByRole('form', { name: 'New licence' });
  await form.getByLabel('Line').selectOption('Non-Life');
  await form.getByLabel('Licence number').fill(number);
  await form.getByLabel('Insurer (optional)').fill('Malayan Insurance Co.');
  await form.getByLabel('Issued on').fill('2025-03-10');
  const expiry = defaultLicenseExpiry('2025-03-10');
  expect(expiry).toBe('2028-12-31');
  await expect(form.getByLabel('Expires on')).toHaveValue(expiry);
  await expect(
    form.getByText(`Proposed from Issued on: ${shown(expiry)} (31 December of the third year after issue, the statutory term).`),
  ).toBeVisible();
  await form.getByLabel('Scan (optional)').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(form.getByText('Choose a JPG, PNG, WebP or PDF file.')).toBeVisible();
  await form.getByLabel('Scan (optional)').setInputFiles({ name: 'my licence.png', mimeType: 'image/png', buffer: scan });
  await expect(form.getByText('Will be sent: my licence.png')).toBeVisible();
  await form.getByRole('button', { name: 'Add Licence' }).click();
  await expectToast(page, 'success', 'Your Non-Life licence is saved. It stays pending until the agency verifies it.');

  // Listed, pending, with its countdown and its scan.
  const item = page.getByRole('list', { name: 'Your licences' }).getByRole('listitem').filter({ hasText: number });
  await expect(item.getByRole('heading')).toHaveText(`Non-Life licence No. ${number}`);
  await expect(item).toContainText('Pending');
  await expect(item).toContainText('Malayan Insurance Co.');
  await expect(item).toContainText(`Expires in ${daysUntil(expiry, TODAY).toLocaleString('en-PH')} days`);
  await expect(item).toContainText('Waiting for the agency to verify it.');
  await expect(form.getByLabel('Licence number')).toHaveValue('');
  const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: /^Download scan/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^licence_\d+\.png$/);
  expect(fs.readFileSync(await download.path())).toEqual(scan);
  await shot(page, testInfo, 'settings-licences-pending-1440');
  for (const width of [1366, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, testInfo, `settings-licences-pending-${width}`);
  }

  // The admin sees it to verify, with the scan drawn inline, and verifies it.
  await switchTo(page, 'admin');
  await openCompliance(page);
  const pending = page.getByRole('list', { name: 'Licences to verify' }).getByRole('listitem').filter({ hasText: number });
  await expect(pending.getByRole('heading')).toContainText(agent.name);
  await expect(pending).toContainText('Malayan Insurance Co.');
  const image = pending.getByRole('img', { name: `Scan of ${agent.name}'s Non-Life licence` });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, testInfo, 'compliance-to-verify-1366');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, testInfo, 'compliance-to-verify-1280');
  await pending.getByRole('button', { name: `Verify ${agent.name}'s Non-Life licence` }).click();
  await expectToast(page, 'success', `${agent.name}'s Non-Life licence is verified.`);
  await expect(pending).toHaveCount(0);

  // Its term now counts: nothing earned yet, below the ₱10,800 asked at renewal.
  const term = page
    .getByRole('table', { name: 'Commission earned per licence term' })
    .getByRole('row')
    .filter({ hasText: agent.name })
    .filter({ hasText: 'Non-Life' });
  await expect(term.getByRole('cell').nth(3)).toHaveText('₱0.00');
  await expect(term.getByRole('cell').nth(4)).toContainText('Below');
  await expect(term.getByRole('cell').nth(4)).toContainText('₱10,800.00 short');

  // The admin enters another licence of the agent's, found by name: verified at once.
  const hmoNumber = `HMO-${uniqueId()}`;
  const entry = page.getByRole('form', { name: 'New licence for a member' });
  await entry.getByLabel('Find member').fill(agent.lname);
  await expect(
    entry.getByLabel('Member', { exact: true }).getByRole('option', { name: `${agent.name} (ID#: ${agent.id})` }),
  ).toBeAttached();
  await entry.getByLabel('Member', { exact: true }).selectOption({ label: `${agent.name} (ID#: ${agent.id})` });
  await entry.getByLabel('Line').selectOption('HMO');
  await entry.getByLabel('Licence number').fill(hmoNumber);
  await entry.getByLabel('Issued on').fill('2026-02-01');
  await expect(entry.getByLabel('Expires on')).toHaveValue('2029-12-31');
  await entry.getByRole('button', { name: 'Add Licence' }).click();
  await expectToast(page, 'success', `HMO licence added for ${agent.name}, verified.`);

  // The agent sees both verified, newest first.
  await switchTo(page, agent);
  await openLicencesTab(page);
  const items = page.getByRole('list', { name: 'Your licences' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first().getByRole('heading')).toHaveText(`HMO licence No. ${hmoNumber}`);
  await expect(items.first()).toContainText('Verified');
  await expect(items.first()).toContainText('No scan on file.');
  await expect(item).toContainText('Verified');
  await expect(item).not.toContainText('Pending');
  await expect(item).toContainText(/Verified by .+ on /);
});

test('an admin releases a held commission on the Compliance page once a verified licence covers its day; the agent is paid it and reminded to renew', async ({
  page,
  baseURL,
  agent,
}, testInfo) => {
  test.slow();
  // 'Motor Insurance' (Non-Life) is rated by no other spec: 6 % of ₱20,000 = ₱1,200.00.
  const product = 'Motor Insurance';
  const admin = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
  const own = await loginApi(baseURL!, agent.username, agent.password);
  let saleId: number;
  try {
    const rate = await admin.csrfPost(routes.setCommissionRate.path, { kind: 'product', key: product, rate: '6', effective_from: TODAY });
    expect(rate.ok(), await rate.text()).toBe(true);
    const dealRes = await own.csrfPost(routes.addDeal.path, {
      id: agent.id,
      customerName: 'Rodel Manalo',
      transactionType: 'New',
      product,
      tcvValue: '20000',
      effectiveDate: TODAY,
    });
    expect(dealRes.ok(), await dealRes.text()).toBe(true);
    const { deal } = (await dealRes.json()) as { deal: { id: number } };
    const saleRes = await own.csrfPost(routes.addSale.path, {
      id: agent.id,
      formData: { dealid: deal.id, customerName: 'Rodel Manalo', product, tcv: '20000', sales_type: 'Direct', effectiveDate: TODAY },
    });
    expect(saleRes.ok(), await saleRes.text()).toBe(true);
    saleId = ((await saleRes.json()) as { sale: { id: number } }).sale.id;
    // The sale is verified: once released, its entry is payable at the next close.
    const verified = await admin.csrfPost(routes.verifySales.path, { sale_ids: [saleId], decision: 'verified' });
    expect(verified.ok(), await verified.text()).toBe(true);
  } finally {
    await own.dispose();
  }

  // Without a licence the agent's commission is held, and Release says what it needs.
  await signInAdmin(page);
  await openCompliance(page);
  const held = page.getByRole('table', { name: 'Held commissions' }).getByRole('row').filter({ hasText: agent.name });
  await expect(held).toHaveCount(1);
  const cells = held.getByRole('cell');
  await expect(cells.nth(1)).toContainText(product);
  await expect(cells.nth(1)).toContainText('Own sale');
  await expect(cells.nth(2)).toHaveText(shown(TODAY));
  await expect(cells.nth(3)).toHaveText('₱1,200.00');
  await expect(cells.nth(4)).toHaveText(holdReason(product, TODAY));
  const release = held.getByRole('button', { name: `Release ₱1,200.00 for ${agent.name}` });
  await expect(release).toBeDisabled();
  await expect(held).toContainText(`Release needs a verified licence covering ${shown(TODAY)}.`);
  const seller = page
    .getByRole('table', { name: 'Members selling without a licence' })
    .getByRole('row')
    .filter({ hasText: agent.name })
    .filter({ hasText: product });
  await expect(seller.getByRole('cell').nth(2)).toHaveText('Non-Life');
  await expectFitsPhone(page, testInfo, 'compliance-held-phone');

  // The admin enters the agent's licence, issued before the sale, through the API: verified at once.
  const expires = addDays(TODAY, 36);
  try {
    const added = await admin.csrfPost(routes.addLicense.path, {
      id: agent.id,
      line: 'Non-Life',
      license_no: `NL-${uniqueId()}`,
      issued_on: '2024-01-15',
      expires_on: expires,
    });
    expect(added.ok(), await added.text()).toBe(true);
    expect(((await added.json()) as { license: { status: string } }).license.status).toBe('verified');
  } finally {
    await admin.dispose();
  }

  await page.reload();
  await expect(release).toBeEnabled();
  await expect(held).not.toContainText('Release needs a verified licence');
  await shot(page, testInfo, 'compliance-held-1440');
  await release.click();
  await expectToast(page, 'success', `Released ₱1,200.00 for ${agent.name}: it is paid from the next close.`);
  await expect(held).toHaveCount(0);

  // The agent: reminded on the dashboard that the licence expires in 36 days …
  await switchTo(page, agent);
  const banner = page.getByRole('region', { name: 'Your licence is about to expire' });
  await expect(banner).toContainText(
    `Your Non-Life licence expires on ${shown(expires)} (in 36 days). Renew it to keep earning commission.`,
  );
  await shot(page, testInfo, 'dashboard-licence-banner-1440');
  await expectFitsPhone(page, testInfo, 'dashboard-licence-banner-phone');
  // … and the released entry in the ledger, payable, no longer held.
  await goViaMainNav(page, 'Commissions');
  const entry = page.getByRole('table', { name: 'Your commission entries' }).locator('tbody').getByRole('row').filter({ hasText: product });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('₱1,200.00');
  await expect(entry).toContainText(ENTRY_STATUS_LABELS.open);
  await expect(entry).not.toContainText(ENTRY_STATUS_LABELS.held);

  await goViaMainNav(page, 'Dashboard');
  await banner.getByRole('link', { name: 'Go to Licences' }).click();
  await expect(page).toHaveURL(/\/settings\/licences$/);
  await expect(page.getByRole('list', { name: 'Your licences' }).getByRole('listitem')).toContainText('Expires in 36 days');
});

test("an administrator's own held commission cannot be released by them; another administrator releases it", async ({
  page,
  baseURL,
}, testInfo) => {
  // An administrator who also sells: their own sale's commission is held until their licence is on file.
  const product = 'Motor Insurance'; // 6 %, as the test above sets it: ₱10,000 pays ₱600.00
  const clerk = await createAgent(baseURL!, { accountType: 'admin' });
  const admin = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
  const own = await loginApi(baseURL!, clerk.username, clerk.password);
  try {
    const rate = await admin.csrfPost(routes.setCommissionRate.path, { kind: 'product', key: product, rate: '6', effective_from: TODAY });
    expect(rate.ok(), await rate.text()).toBe(true);
    const dealRes = await own.csrfPost(routes.addDeal.path, {
      id: clerk.id,
      customerName: 'Nenita Bautista',
      transactionType: 'New',
      product,
      tcvValue: '10000',
      effectiveDate: TODAY,
    });
    expect(dealRes.ok(), await dealRes.text()).toBe(true);
    const { deal } = (await dealRes.json()) as { deal: { id: number } };
    const saleRes = await own.csrfPost(routes.addSale.path, {
      id: clerk.id,
      formData: { dealid: deal.id, customerName: 'Nenita Bautista', product, tcv: '10000', sales_type: 'Direct', effectiveDate: TODAY },
    });
    expect(saleRes.ok(), await saleRes.text()).toBe(true);
    // Their licence, issued before the sale, verified at once: the licence no longer stands in the way.
    const added = await admin.csrfPost(routes.addLicense.path, {
      id: clerk.id,
      line: 'Non-Life',
      license_no: `NL-${uniqueId()}`,
      issued_on: '2024-01-15',
      expires_on: addDays(TODAY, 400),
    });
    expect(added.ok(), await added.text()).toBe(true);
  } finally {
    await own.dispose();
    await admin.dispose();
  }

  await loginUi(page, clerk.username, clerk.password);
  await expect(page).toHaveURL(/\/$/);
  await openCompliance(page);
  const held = page.getByRole('table', { name: 'Held commissions' }).getByRole('row').filter({ hasText: clerk.name });
  await expect(held).toHaveCount(1);
  await expect(held.getByRole('button', { name: `Release ₱600.00 for ${clerk.name}` })).toBeDisabled();
  await expect(held).toContainText('Your own commission: another administrator releases it.');
  await expect(held).not.toContainText('Release needs a verified licence');
  await shot(page, testInfo, 'compliance-own-held-1440');

  await switchTo(page, 'admin');
  await openCompliance(page);
  const release = held.getByRole('button', { name: `Release ₱600.00 for ${clerk.name}` });
  await expect(release).toBeEnabled();
  await expect(held).not.toContainText('Your own commission');
  await release.click();
  await expectToast(page, 'success', `Released ₱600.00 for ${clerk.name}: it is paid from the next close.`);
  await expect(held).toHaveCount(0);
});

test('an agent on a phone adds a licence on the Licences tab and sees it pending', PHONE_ONLY, async ({ page, agent, press }, testInfo) => {
  const number = `L-${uniqueId()}`;
  await signIn(page, agent);
  await openLicencesTab(page);
  await expect(page.getByText('No licences yet')).toBeVisible();
  await expectFitsPhone(page, testInfo, 'settings-licences-empty-phone');

  const form = page.getByRole('form', { name: 'New licence' });
  await press(form.getByRole('button', { name: 'Add Licence' }));
  await expect(form.getByText('Line is required')).toBeVisible();
  await expect(form.getByText('Licence number is required')).toBeVisible();
  await form.getByLabel('Line').selectOption('Life');
  await form.getByLabel('Licence number').fill(number);
  await form.getByLabel('Issued on').fill('2026-01-05');
  await expect(form.getByLabel('Expires on')).toHaveValue('2029-12-31');
  await press(form.getByRole('button', { name: 'Add Licence' }));
  await expectToast(page, 'success', 'Your Life licence is saved.');

  const item = page.getByRole('list', { name: 'Your licences' }).getByRole('listitem').filter({ hasText: number });
  await expect(item).toContainText('Pending');
  await expect(item).toContainText('No scan on file.');
  await expect(item).toContainText(`Expires in ${daysUntil('2029-12-31', TODAY).toLocaleString('en-PH')} days`);
  await expectFitsPhone(page, testInfo, 'settings-licences-phone');
});
