import { devices } from '@playwright/test';
import { routes } from '@ahente/contract/routes';
import { expectToast, goViaMainNav, signIn, signInAdmin, uniqueId } from '../support/app.ts';
import { scanner } from '../support/axe.ts';
import { ADMIN, expect, loginApi, shot, test, type Agent, openContext } from '../support/fixtures.ts';

/**
 * The E-Store (issue 48, decision 040), a person's path: a licensed agent opens /estore at 1366 px,
 * chooses to show their number; a client on a phone opens the store (no script at all), asks for a
 * quote for Comprehensive; the agent finds the request on /estore, marks it contacted, and finds
 * its deal (For Quotation) in the Deals Table. Axe scans /estore; screenshots of /estore at 1366 px
 * and of the store and the thank-you page on a phone.
 */

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2a1a3e30000000049454e44ae426082',
  'hex',
);

/** The agent's verified Non-Life licence (an admin's, verified at once) and the catalogue's Comprehensive. */
async function openStoreFor(baseURL: string, agent: Agent) {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  const licence = await admin.csrfPost(routes.addLicense.path, {
    id: agent.id,
    line: 'Non-Life',
    license_no: `IC-NL-${uniqueId()}`.slice(0, 30),
    issued_on: '2026-01-05',
    expires_on: '2028-12-31',
  });
  expect(licence.ok(), await licence.text()).toBe(true);
  const list = (await (await admin.csrfPost(routes.storeProducts.path)).json()) as { products: { product: string }[] };
  if (!list.products.some((p) => p.product === 'Comprehensive')) {
    const saved = await admin.post(routes.saveStoreProduct.path, {
      headers: { 'X-XSRF-TOKEN': await admin.xsrfToken() },
      multipart: {
        product: 'Comprehensive',
        description: 'Own damage, theft and third-party cover for your car',
        price_from: '12500',
        image: { name: 'car.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    // Another test may have added it meanwhile (409): either way the catalogue has it.
    expect([200, 409], await saved.text()).toContain(saved.status());
  }
  await admin.dispose();
}

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("a client's request on a phone becomes the agent's deal", async ({ page, agent, browser, baseURL }, testInfo) => {
    await openStoreFor(baseURL!, agent);
    const axe = scanner(page, testInfo);
    await signIn(page, agent);
    await goViaMainNav(page, 'E-Store');
    await expect(page.getByRole('heading', { level: 1, name: 'E-Store' })).toBeVisible();
    const link = page.getByRole('textbox', { name: 'Your store link' });
    await expect(link).toHaveValue(new RegExp(`/s/${agent.referral_code}$`));
    await expect(page.getByRole('img', { name: 'QR code of your store link' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the QR code' })).toHaveAttribute('download', `estore-${agent.referral_code}.png`);
    await page.getByLabel('My contact number').check();
    await expectToast(page, 'success', 'Saved');
    await expect(page.getByText('No requests yet')).toBeVisible();

    // The client, on a phone, signed in nowhere.
    const phone = await openContext(browser, { ...devices['Pixel 7'], baseURL });
    const store = await phone.newPage();
    const client = `Maria Santos ${uniqueId()}`;
    const response = await store.goto(`/s/${agent.referral_code}`);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'none'");
    await expect(store.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();
    await expect(store.locator('script')).toHaveCount(0);
    await expect(store.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(agent.name));
    await expect(store.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');
    await expect(store.getByText('Licensed agent: Non-Life')).toBeVisible();
    await expect(store.getByRole('link', { name: '09171234567' })).toBeVisible();
    await shot(store, testInfo, 'estore-store');
    // The share preview's tags, as a link preview's crawler reads them: shown on a page of their own for the screenshot.
    const tags = await store
      .locator('meta[property^="og:"], meta[name^="twitter:"]')
      .evaluateAll((metas) => metas.map((m) => `${m.getAttribute('property') ?? m.getAttribute('name')}: ${m.getAttribute('content')}`));
    expect(tags).toEqual(expect.arrayContaining([expect.stringMatching(/^og:url: http.*\/s\//)]));
    const preview = await phone.newPage();
    await preview.setContent(
      `<pre style="white-space:pre-wrap;font:14px monospace;padding:12px">${tags.map((t) => t.replace(/</g, '&lt;')).join('\n')}</pre>`,
    );
    await shot(preview, testInfo, 'estore-share-tags', { fullPage: false });
    await preview.close();
    const card = store.getByRole('listitem').filter({ has: store.getByRole('heading', { name: 'Comprehensive' }) });
    await card.getByText('Request a quote').tap();
    await card.getByLabel('Your name').fill(client);
    await card.getByLabel('Mobile number').fill('0918 765 4321');
    await card.getByLabel('Make and model').fill('Toyota Vios');
    await card.getByLabel('Year').fill('2022');
    await card.getByLabel('Message').fill('Please call after 5 pm');
    await card.getByRole('checkbox').check();
    await card.getByRole('button', { name: 'Send my request' }).tap();
    await expect(store.getByRole('heading', { name: `Thank you, ${client}.` })).toBeVisible();
    await expect(store.getByText(`${agent.name} of`)).toContainText('will contact you at 09187654321 about Comprehensive');
    await shot(store, testInfo, 'estore-thanks');
    await phone.close();

    // The agent sees the request, moves it, and finds its deal.
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: client });
    await expect(row).toContainText('Make and model: Toyota Vios');
    await row.getByRole('combobox', { name: `State of the request of ${client}` }).selectOption('contacted');
    await expect(row.getByRole('combobox')).toHaveValue('contacted');
    await expect(page.getByRole('table', { name: 'Store figures by month' }).first()).toBeVisible();
    await axe.scan('/estore');
    await shot(page, testInfo, 'estore');
    await goViaMainNav(page, 'Deals');
    await page.getByRole('link', { name: 'View Your Deals' }).click();
    const deal = page.getByRole('row').filter({ hasText: client });
    await expect(deal).toContainText('For Quotation');
    await axe.check();
  });
});

test.describe('Admin Panel → E-Store at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('an administrator adds a product to the store catalogue', async ({ page }, testInfo) => {
    await signInAdmin(page);
    await goViaMainNav(page, 'Admin Panel');
    await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'E-Store', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Store catalogue' })).toBeVisible();
    await page.getByRole('button', { name: 'Add product' }).click();
    await page.getByLabel('Product', { exact: true }).selectOption('Travel Insurance');
    await page.getByLabel('Description').fill('Medical and trip cover abroad');
    await page.getByLabel('Price from (₱, optional)').fill('950');
    await expect(page.getByRole('checkbox', { name: 'Non-Life' })).toBeChecked();
    await page.getByRole('button', { name: 'Save product' }).click();
    // Another test may have added it first: either it is saved now, or the catalogue says it has it.
    const row = page.getByRole('row').filter({ hasText: 'Travel Insurance' });
    await expect(row.or(page.getByText('The store already has this product'))).toBeVisible();
    const axe = scanner(page, testInfo);
    await axe.scan('/admin/estore');
    await shot(page, testInfo, 'estore-admin');
    await axe.check();
  });
});
