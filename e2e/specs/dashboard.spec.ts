import type { Page } from '@playwright/test';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { expectFitsViewport, expectToast, seedSales, signIn } from '../support/app.ts';
import { expect, PHONE, shot, test } from '../support/fixtures.ts';

const salesCard = (page: Page) => page.getByRole('region', { name: 'Sales', exact: true });

async function expectSalesFigures(page: Page, count: string, total: string) {
  const card = salesCard(page);
  await expect(card).not.toHaveAttribute('aria-busy', 'true');
  await expect(card.getByRole('term')).toHaveText(['Sales Count', 'Total Sales']);
  await expect(card.getByRole('definition')).toHaveText([count, total]);
}

test(
  'an agent with no sales and no recruits: Sales Count 0, Total Sales ₱0.00, a team of 0, no commissions and no active proposals',
  PHONE,
  async ({ page, agent }) => {
    await signIn(page, agent);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectSalesFigures(page, '0', '₱0.00');
    await expect(salesCard(page).getByText(MSG.noDataYet)).toHaveCount(0);

    const team = page.getByRole('region', { name: 'Team Size', exact: true });
    await expect(team.getByRole('term')).toHaveText(['Direct Recruits', 'Whole Team']);
    await expect(team.getByRole('definition')).toHaveText(['0', '0']);
    const commissions = page.getByRole('region', { name: 'Commissions', exact: true });
    await expect(commissions.getByRole('term')).toHaveText(['Earned This Month', 'Pending', 'Awaiting verification', 'Held']);
    await expect(commissions.getByRole('definition')).toHaveText(['₱0.00', '₱0.00', '₱0.00', '₱0.00']);
    await expect(commissions.getByRole('link', { name: 'View commissions' })).toHaveAttribute('href', '/commissions');
    const proposals = page.getByRole('region', { name: 'Active Proposals', exact: true });
    await expect(proposals.getByRole('term')).toHaveText(['Open Deals', 'Total TCV']);
    await expect(proposals.getByRole('definition')).toHaveText(['0', '₱0.00']);
    await expect(proposals.getByRole('link', { name: 'View deals' })).toHaveAttribute('href', '/deals/dealsview');
    await expect(page.getByRole('main').getByText(MSG.comingSoon, { exact: true })).toHaveCount(0);
    await expectFitsViewport(page);
  },
);

test("the sales request fails: the Sales card says 'No Data Yet'", async ({ page, agent }) => {
  await page.route('**/api/getsales', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }));
  await signIn(page, agent);
  await expect(salesCard(page).getByText(MSG.noDataYet, { exact: true })).toBeVisible();
  await expect(salesCard(page).getByRole('term')).toHaveCount(0);
  // The failure is silent (spec §8 Other): no toast.
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')).toHaveCount(0);
});

test('a sales answer of the wrong shape is an error, never read as figures', async ({ page, agent }) => {
  // 200, but not the route table's shape for getsales: the client refuses it instead of casting it.
  await page.route(`**${routes.getSales.path}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[{"id":1,"tcv":"a lot"}]' }),
  );
  await signIn(page, agent);
  await expect(salesCard(page).getByText(MSG.noDataYet, { exact: true })).toBeVisible();
  await expect(salesCard(page).getByRole('term')).toHaveCount(0);
});

test('Total Sales is the exact sum of the TCVs in pesos', async ({ page, agent, baseURL }) => {
  await seedSales(baseURL!, agent, [0.1, 0.2]);
  await signIn(page, agent);
  await expectSalesFigures(page, '2', '₱0.30');
});

test('a large Total Sales is shown whole, never cut off, on a phone too', PHONE, async ({ page, agent, baseURL }, testInfo) => {
  await seedSales(baseURL!, agent, [1_234_567.89, 206_666.67]);
  await signIn(page, agent);
  await expectSalesFigures(page, '2', '₱1,441,234.56');
  // Every figure on the dashboard (sales and team size) fits its tile: nothing hidden behind an
  // ellipsis or the tile's edge.
  await expect(page.getByRole('region', { name: 'Team Size', exact: true }).getByRole('definition')).toHaveText(['0', '0']);
  for (const dd of await page.getByRole('main').getByRole('definition').all()) {
    const { scrollWidth, clientWidth, textOverflow } = await dd.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      textOverflow: getComputedStyle(el).textOverflow,
    }));
    expect(textOverflow).not.toBe('ellipsis');
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  }
  await expectFitsViewport(page);
  await shot(page, testInfo, 'dashboard-sales-1440');
});

test('the referral link card holds the link and copies it', PHONE, async ({ page, agent, baseURL, context, press }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await signIn(page, agent);
  const card = page.getByRole('region', { name: 'Your referral link' });
  const link = `${baseURL}/register?ref=${agent.referral_code}`;
  await expect(card.getByRole('textbox', { name: 'Referral link' })).toHaveValue(link);
  await press(card.getByRole('button', { name: 'Copy link' }));
  await expectToast(page, 'success', MSG.referralCopied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
});
