import type { Locator, Page } from '@playwright/test';
import { todayInManila } from '@ahente/contract/dates';
import { expectFitsPhone, expectFitsViewport, seedSales, signIn } from '../support/app.ts';
import { createAgent, expect, PHONE, shot, test } from '../support/fixtures.ts';

/** Performance Reports (decision 017): the charts' figures are read from their tables, as a screen reader would. */

const today = todayInManila();
const [Y, M] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
/** The first day of last month, and the last day of last month (YYYY-MM-DD). */
const lastMonthFirst = new Date(Date.UTC(Y, M - 2, 1)).toISOString().slice(0, 10);
const lastMonthLast = new Date(Date.UTC(Y, M - 1, 0)).toISOString().slice(0, 10);
const monthName = (isoDay: string) =>
  new Intl.DateTimeFormat('en-PH', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));

async function openReports(page: Page) {
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Performance Reports' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The figures of the summary tiles, term → value. */
async function summary(page: Page): Promise<Record<string, string>> {
  const card = page.getByRole('region', { name: 'Last 12 months' });
  const terms = await card.getByRole('term').allInnerTexts();
  const values = await card.getByRole('definition').allInnerTexts();
  return Object.fromEntries(terms.map((t, i) => [t, values[i]!]));
}

/** A table's body rows as arrays of the texts of their visible cells (as shown: a phone hides some). */
async function rows(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll('td'))
        .filter((td) => td.checkVisibility())
        .map((td) => td.innerText.trim()),
    ),
  );
}

/** A leaderboard row as shown: below 640 px the number of sales moves under the name. */
function leader(page: Page, rank: number, name: string, count: number, tcv: string): string[] {
  const sales = `${count} ${count === 1 ? 'sale' : 'sales'}`;
  return page.viewportSize()!.width < 640
    ? [String(rank), `${name}\nAgent · ${sales}`, tcv]
    : [String(rank), `${name}\nAgent`, String(count), tcv];
}

/** Opens a chart's table ("Show table …") and returns it. */
async function chartTable(page: Page, card: string, caption: string): Promise<Locator> {
  await page
    .getByRole('region', { name: card })
    .getByRole('button', { name: /^Show table/ })
    .click();
  const table = page.getByRole('table', { name: caption });
  await expect(table).toBeVisible();
  return table;
}

test(
  "a manager's team: the downline's figures by month and product, and the leaderboard of their recruits who sold, not the idle one",
  PHONE,
  async ({ page, baseURL }, testInfo) => {
    const manager = await createAgent(baseURL!, { position: 'Manager' });
    const [top, second, idle] = [
      await createAgent(baseURL!, { refCode: manager.referral_code }),
      await createAgent(baseURL!, { refCode: manager.referral_code }),
      await createAgent(baseURL!, { refCode: manager.referral_code }),
    ];
    const below = await createAgent(baseURL!, { refCode: top.referral_code });
    await seedSales(baseURL!, top, [1500.5, 2000], { effectiveDate: today });
    await seedSales(baseURL!, second, [1234.56], { effectiveDate: today, product: 'CTPL' });
    await seedSales(baseURL!, below, [800], { effectiveDate: lastMonthFirst, product: 'Comprehensive' });
    // The manager's own sale: under My sales, never in the team's figures.
    await seedSales(baseURL!, manager, [99999], { effectiveDate: today });

    await signIn(page, manager);
    await openReports(page);
    const switcher = page.getByRole('navigation', { name: 'Whose sales' });
    await expect(switcher.getByRole('link')).toHaveText(['My sales', 'My team']);
    await expect(switcher.getByRole('link', { name: 'My team' })).toHaveAttribute('aria-current', 'page');
    expect(await summary(page)).toEqual({
      'Total TCV': '₱5,535.06',
      Sales: '4',
      'TCV this month': '₱4,735.06',
      'Sales this month': '3',
    });
    // The team counted as the dashboard counts it (decision 021): top, second, idle and below.
    await expect(page.getByText('Your team: 4 members, your recruits and theirs.', { exact: false })).toBeVisible();

    // The leaderboard: direct recruits who sold only (not the recruit's recruit, not the idle one), this month by default.
    const board = page.getByRole('table', { name: 'Recruits ranked by TCV' });
    await expect(page.getByLabel('From:')).toHaveValue(`${today.slice(0, 8)}01`);
    await expect(page.getByLabel('To:')).toHaveValue(today);
    expect(await rows(board)).toEqual([leader(page, 1, top.name, 2, '₱3,500.50'), leader(page, 2, second.name, 1, '₱1,234.56')]);
    await expect(board).not.toContainText(idle.name);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'reports-team-1440');

    // The charts' text equivalents hold the same figures.
    const months = await chartTable(page, 'TCV by month', 'TCV and sales by month');
    const byMonth = await rows(months);
    expect(byMonth).toHaveLength(12);
    expect(byMonth.at(-1)).toEqual([monthName(today), '3', '₱4,735.06']);
    expect(byMonth.at(-2)).toEqual([monthName(lastMonthFirst), '1', '₱800.00']);
    const products = await chartTable(page, 'Product mix', 'TCV by product');
    expect(await rows(products)).toEqual([
      ['Individual', 'Medical', '2', '₱3,500.50', '63.2%'],
      ['CTPL', 'Motor', '1', '₱1,234.56', '22.3%'],
      ['Comprehensive', 'Motor', '1', '₱800.00', '14.5%'],
    ]);
    await expectFitsPhone(page, testInfo, 'reports-team-tables-375');

    // Another period: last month, no direct recruit sold (the sale below is the recruit's recruit's): nobody is ranked.
    await page.getByLabel('To:').fill(lastMonthLast);
    await page.getByLabel('From:').fill(lastMonthFirst);
    await expect(board.getByText('No sales in this period')).toBeVisible();
    await expect(board).not.toContainText('₱0.00');

    // My sales: the manager's own, no leaderboard.
    await switcher.getByRole('link', { name: 'My sales' }).click();
    await expect(switcher.getByRole('link', { name: 'My sales' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect((await summary(page))['Total TCV']).toBe('₱99,999.00');
    await expect(page.getByRole('heading', { name: 'Leaderboard' })).toHaveCount(0);
  },
);

test(
  "an agent sees only their own sales: no team switch, no leaderboard, and 'No sales in the last 12 months' when there are none",
  PHONE,
  async ({ page, agent }, testInfo) => {
    await signIn(page, agent);
    await openReports(page);
    await expect(page.getByRole('navigation', { name: 'Whose sales' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'My team' })).toHaveCount(0);
    expect(await summary(page)).toEqual({ 'Total TCV': '₱0.00', Sales: '0', 'TCV this month': '₱0.00', 'Sales this month': '0' });
    await expect(page.getByText('No sales in the last 12 months')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Leaderboard' })).toHaveCount(0);
    await expectFitsPhone(page, testInfo, 'reports-agent-empty-375');
    // Asking for the team by address: the server's reason, and the way back to their own sales.
    await page.goto('/reports?scope=team');
    await expect(page.getByText('Team reports are for Managers, Agency Managers and Agency Owners')).toBeVisible();
    await page.getByRole('link', { name: 'Show My sales' }).click();
    await expect(page).toHaveURL(/\/reports\?scope=own$/);
    await expect(page.getByText('No sales in the last 12 months')).toBeVisible();
  },
);
