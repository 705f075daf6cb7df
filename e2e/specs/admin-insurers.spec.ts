import { routes } from '@ahente/contract/routes';
import { expectToast, goViaMainNav, uniqueId } from '../support/app.ts';
import { ADMIN, expect, loginApi, loginUi, shot, test } from '../support/fixtures.ts';

/**
 * Admin Panel → Insurers (decision 037): an administrator adds an insurer with an alias, links a
 * name an agent typed on a sale to it, and sets the agency's rate on one of its products.
 */
test('an administrator adds an insurer, links an unknown name to it and adds a rate', async ({ page, agent, baseURL }, testInfo) => {
  const u = uniqueId();
  const name = `Aurora Insurance ${u}`;
  const alias = `Aurora Ins ${u}`;
  const typed = `Aurora Assurance Corp ${u}`;
  // The agent's sale names the insurer as no insurer spells it.
  const c = await loginApi(baseURL!, agent.username, agent.password);
  const deal = await c.csrfPost(routes.addDeal.path, {
    id: agent.id,
    customerName: 'Lorna Dizon',
    transactionType: 'New',
    product: 'CTPL',
    tcvValue: '1500',
    effectiveDate: '2026-11-02',
  });
  expect(deal.ok(), await deal.text()).toBe(true);
  const sale = await c.csrfPost(routes.addSale.path, {
    id: agent.id,
    formData: {
      dealid: ((await deal.json()) as { deal: { id: number } }).deal.id,
      customerName: 'Lorna Dizon',
      product: 'CTPL',
      tcv: '1500',
      sales_type: 'Direct',
      policy: 'CTPL-2026-0042',
      insurer: typed,
      effectiveDate: '2026-11-02',
    },
  });
  expect(sale.ok(), await sale.text()).toBe(true);
  await c.dispose();

  await loginUi(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await goViaMainNav(page, 'Admin Panel');
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Insurers', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Insurers', level: 1 })).toBeVisible();
  const unknown = page.getByRole('table', { name: 'Unknown insurer names' });
  await expect(unknown.getByRole('row', { name: new RegExp(typed) })).toBeVisible();

  // Add the insurer with an alias.
  await page.getByRole('button', { name: 'Add Insurer' }).click();
  const add = page.getByRole('dialog', { name: 'Add Insurer' });
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Code').fill(`AU${u.slice(-8)}`);
  await add.getByLabel('Aliases').fill(alias);
  await add.getByRole('button', { name: 'Save Insurer' }).click();
  await expectToast(page, 'success', `${name} saved.`);
  const insurers = page.getByRole('table', { name: 'Insurers' });
  const row = insurers.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(alias);
  await expect(row).toContainText('Active');

  // Link the name the agent typed: it becomes an alias, the sale is counted.
  await unknown
    .getByRole('row', { name: new RegExp(typed) })
    .getByRole('button', { name: /^Link to…/ })
    .click();
  const link = page.getByRole('dialog', { name: `Link “${typed}”` });
  await link.getByLabel('Insurer').selectOption({ label: name });
  await link.getByRole('button', { name: 'Link', exact: true }).click();
  await expectToast(page, 'success', `“${typed}” is now an alias of ${name}: 1 sale linked.`);
  await expect(unknown.getByRole('row', { name: new RegExp(typed) })).toHaveCount(0);
  await expect(row).toContainText(typed);
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');

  // The agency's rate on CTPL from a date.
  await row.getByRole('button', { name: `Rates of ${name}` }).click();
  const rates = page.getByRole('dialog', { name: `Commission Rates: ${name}` });
  await rates.getByLabel('Product').selectOption('CTPL');
  await rates.getByLabel('Rate (%)').fill('20');
  await rates.getByLabel('Effective from').fill('2026-01-01');
  await rates.getByRole('button', { name: 'Add Rate' }).click();
  await expectToast(page, 'success', `${name}, CTPL: 20% from`);
  await expect(rates.getByRole('listitem').filter({ hasText: 'from Jan 1, 2026' })).toContainText('CTPL 20%');
  await page.setViewportSize({ width: 1366, height: 768 });
  await shot(page, testInfo, 'admin-insurer-rates-1366', { fullPage: false });
  await rates.getByRole('button', { name: 'Close' }).first().click();

  await shot(page, testInfo, 'admin-insurers-1366');
  await page.setViewportSize({ width: 412, height: 915 });
  await shot(page, testInfo, 'admin-insurers-412');
});
