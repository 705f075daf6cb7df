import type { Page } from '@playwright/test';
import { todayInManila } from '@ahente/contract/dates';
import { routes } from '@ahente/contract/routes';
import { expectFitsViewport, seedSales, setProductRate } from '../support/app.ts';
import { scanner } from '../support/axe.ts';
import { createAgent, expect, loginApi, shot, test, type Agent } from '../support/fixtures.ts';

/**
 * Commission Tracking and Performance Reports in Filipino (decision 030; words and layout; the
 * English screens are commissions.spec's, payouts-tax.spec's and reports.spec's). A recruit with two
 * sales of a product no other spec sells, rated here: their ledger, statements and BIR Form 2307;
 * their Manager's team report, leaderboard, a chart's table and their own empty report. Axe-clean,
 * and the pages fit a 390 px phone and a 1366 px laptop.
 */

const TODAY = todayInManila();
const PRODUCT = 'Bond(Others)';
const MONTH_FIL = new Intl.DateTimeFormat('fil-PH', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
  new Date(`${TODAY.slice(0, 7)}-01T00:00:00Z`),
);

/**
 * Signs in in Filipino: the member's saved language (the device's choice, already Filipino for the
 * second member, does not count as a new pick), and the login page's Filipino button.
 */
async function signInFilipino(baseURL: string, page: Page, member: Agent) {
  const c = await loginApi(baseURL, member.username, member.password);
  try {
    const res = await c.csrfPost(routes.setLanguage.path, { language: 'fil' });
    if (!res.ok()) throw new Error(`setlanguage: ${res.status()} ${await res.text()}`);
  } finally {
    await c.dispose();
  }
  await page.context().clearCookies();
  await page.goto('/login');
  await page
    .getByRole('group', { name: /^(Language|Wika)$/ })
    .getByRole('button', { name: 'Filipino' })
    .click();
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Mag-log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
}

async function heading(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('Commission Tracking, Performance Reports and the agency figures in Filipino: headings, columns, empty states and charts, axe-clean, fit a phone and a laptop', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const axe = scanner(page, testInfo);
  const manager = await createAgent(baseURL!, { position: 'Manager' });
  const agent = await createAgent(baseURL!, { refCode: manager.referral_code });
  await setProductRate(baseURL!, PRODUCT, '10');
  await seedSales(baseURL!, agent, [25000, 12000], { effectiveDate: TODAY, product: PRODUCT });
  await page.setViewportSize({ width: 1366, height: 900 });

  // The recruit's Commission Tracking: two entries, held (the recruit has no licence yet).
  await signInFilipino(baseURL!, page, agent);
  await page.getByRole('navigation', { name: 'Pangunahin' }).getByRole('link', { name: 'Mga Commission', exact: true }).click();
  await expect(page).toHaveURL(/\/commissions$/);
  await heading(page, 'Pagsubaybay ng Commission');
  const main = page.getByRole('main');
  await expect(main.getByRole('term')).toHaveText([
    `Kinita sa ${MONTH_FIL}`,
    'Pending (net)',
    'Naibayad Na (net)',
    'Hinihintay ang verification',
    'Naka-hold',
  ]);
  await expect(main.getByRole('definition').nth(2)).toHaveText('Gross ₱0.00, Tax na na-withhold ₱0.00');
  await expect(main.getByRole('definition').nth(6)).toHaveText('₱3,700.00');
  await expect(main.getByText(/^Puwedeng bayaran: /)).toHaveText('Puwedeng bayaran: ₱0.00 · Naka-hold: ₱3,700.00');
  const ledger = page.getByRole('table', { name: 'Ang mga commission entry mo' });
  await expect(ledger.getByRole('columnheader')).toHaveText([
    'Petsa',
    'Uri',
    'Sale',
    'Customer',
    'Produkto',
    'Detalye',
    'TCV',
    'Rate',
    'Status',
    'Halaga',
  ]);
  await expect(ledger.locator('tbody').getByRole('row')).toHaveCount(2);
  const firstEntry = ledger.locator('tbody').getByRole('row').first();
  await expect(firstEntry.getByRole('cell').nth(1)).toHaveText('Sariling sale');
  await expect(firstEntry.getByRole('cell').nth(8)).toContainText('Naka-hold');
  await expect(ledger.locator('tfoot')).toHaveText(/Kabuuan ng 2 entry na nakalista\s*₱3,700\.00/);
  await expect(page.getByLabel('Uri', { exact: true }).locator('option').first()).toHaveText('Lahat ng uri');
  await page.getByLabel('Uri', { exact: true }).selectOption('override');
  await expect(ledger.getByText('Walang entry na tugma sa mga filter na ito.')).toBeVisible();
  await page.getByRole('button', { name: 'I-clear ang Filter' }).click();
  await expect(ledger.locator('tbody').getByRole('row')).toHaveCount(2);
  const statements = page.getByRole('region', { name: 'Mga Statement', exact: true });
  await expect(statements.getByText('Wala pang statement', { exact: true })).toBeVisible();
  await expect(statements.getByRole('columnheader')).toHaveText([
    'Buwan',
    'Brought forward',
    'Gross',
    'Withholding tax',
    'Net',
    'Status',
    'Bayad',
    'Download',
  ]);
  const forms = page.getByRole('region', { name: 'BIR Form 2307', exact: true });
  await expect(forms.getByText('Wala pang na-withhold na tax.', { exact: true })).toBeVisible();
  await axe.scan('fil /commissions');
  await shot(page, testInfo, 'fil-commissions-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await heading(page, 'Pagsubaybay ng Commission');
  await expectFitsViewport(page);
  await axe.scan('fil /commissions, phone');
  await shot(page, testInfo, 'fil-commissions-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // The Manager's team report: the summary, the chart's table and the leaderboard.
  await signInFilipino(baseURL!, page, manager);
  await page.getByRole('navigation', { name: 'Pangunahin' }).getByRole('link', { name: 'Mga Report', exact: true }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await heading(page, 'Mga Performance Report');
  const scopes = page.getByRole('navigation', { name: 'Kaninong sales' });
  await expect(scopes.getByRole('link')).toHaveText(['Sales ko', 'Team ko']);
  const summary = page.getByRole('region', { name: 'Huling 12 buwan' });
  await expect(summary.getByRole('term')).toHaveText(['Kabuuang TCV', 'Sales', 'TCV ngayong buwan', 'Sales ngayong buwan']);
  await expect(summary.getByRole('definition')).toHaveText(['₱37,000.00', '2', '₱37,000.00', '2']);
  await expect(summary.getByText('Hindi kasama sa bilang ang mga rejected at cancelled na sale.')).toBeVisible();
  const monthly = page.getByRole('region', { name: 'TCV bawat buwan' });
  await expect(monthly.getByText('Bilang ng sales (scale sa kanan)')).toBeVisible();
  await monthly.getByRole('button', { name: 'Ipakita ang table ng TCV at sales bawat buwan' }).click();
  const monthlyTable = page.getByRole('table', { name: 'TCV at sales bawat buwan' });
  await expect(monthlyTable.getByRole('columnheader')).toHaveText(['Buwan', 'Sales', 'TCV']);
  await expect(monthlyTable.locator('tbody tr').last().getByRole('cell')).toHaveText([MONTH_FIL, '2', '₱37,000.00']);
  await expect(monthly.getByRole('button', { name: /^Itago ang table/ })).toBeVisible();
  const mix = page.getByRole('region', { name: 'Product mix' });
  await expect(mix.getByRole('img').first()).toHaveAttribute(
    'aria-label',
    `Ring chart ng TCV bawat produkto sa huling 12 buwan: Bond (Others) 100.0%.`,
  );
  const leaderboard = page.getByRole('region', { name: 'Leaderboard' });
  await expect(leaderboard.getByRole('button', { name: 'Ngayong buwan' })).toBeDisabled();
  const ranked = leaderboard.getByRole('table', { name: 'Mga recruit ayon sa TCV' });
  await expect(ranked.getByRole('columnheader')).toHaveText(['#', 'Pangalan', 'Sales', 'TCV']);
  await expect(ranked.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Retention' }).getByText('Walang policy na nag-due sa huling 12 buwan')).toBeVisible();
  await axe.scan('fil /reports (team)');
  await shot(page, testInfo, 'fil-reports-team-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await heading(page, 'Mga Performance Report');
  await expectFitsViewport(page);
  await shot(page, testInfo, 'fil-reports-team-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // The Manager's own sales: none yet, said in Filipino.
  await scopes.getByRole('link', { name: 'Sales ko' }).click();
  await expect(page).toHaveURL(/\/reports\?scope=own$/);
  await expect(page.getByText('Walang sales sa huling 12 buwan', { exact: true })).toBeVisible();
  await expect(page.getByText('Lalabas dito ang sales mo ayon sa effective date habang itinatala mo ang mga ito.')).toBeVisible();
  await axe.scan('fil /reports?scope=own');
  await shot(page, testInfo, 'fil-reports-own-1366');

  // An administrator of their own (the shared one stays in English): the agency's figures.
  const admin = await createAgent(baseURL!, { accountType: 'admin' });
  await signInFilipino(baseURL!, page, admin);
  await heading(page, 'Dashboard');
  const members = page.getByRole('region', { name: 'Mga Miyembro', exact: true });
  await expect(members.getByRole('term')).toHaveText(['Mga Aprubadong Agent', 'Naghihintay ng Approval']);
  const monthSales = page.getByRole('region', { name: 'Sales Ngayong Buwan', exact: true });
  await expect(monthSales).toContainText(MONTH_FIL);
  await expect(monthSales.getByRole('term')).toHaveText(['Bilang ng Sales', 'Kabuuang Sales']);
  await expect(monthSales.getByRole('link', { name: 'Tingnan ang mga report' })).toHaveAttribute('href', '/reports?scope=agency');
  const monthCommissions = page.getByRole('region', { name: 'Mga Commission Ngayong Buwan', exact: true });
  await expect(monthCommissions.getByRole('term')).toHaveText(['Kinita Ngayong Buwan']);
  await expectFitsViewport(page);
  await axe.scan('fil / (admin)');
  await shot(page, testInfo, 'fil-dashboard-admin-1366');
  await axe.check();
});
