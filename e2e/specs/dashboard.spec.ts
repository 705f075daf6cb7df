import type { Page } from '@playwright/test';
import { todayInManila } from '@ahente/contract/dates';
import { TEAM_COUNT_NOTE } from '@ahente/contract/members';
import { MSG } from '@ahente/contract/messages';
import { formatPeso } from '@ahente/contract/money';
import type { AgencySummary } from '@ahente/contract/reports';
import { routes } from '@ahente/contract/routes';
import { expectFitsViewport, expectToast, loginInContext, seedSales, signIn, signInAdmin } from '../support/app.ts';
import { ADMIN, createAgent, expect, loginApi, PHONE, shot, test } from '../support/fixtures.ts';
import { salesOf, verifySales } from '../support/verification.ts';

const today = todayInManila();

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
    await expect(commissions.getByRole('term')).toHaveText(['Earned This Month', 'Pending (net)', 'Awaiting verification', 'Held']);
    await expect(commissions.getByRole('definition')).toHaveText(['₱0.00', '₱0.00', 'Gross ₱0.00, Tax withheld ₱0.00', '₱0.00', '₱0.00']);
    await expect(commissions.getByRole('link', { name: 'View commissions' })).toHaveAttribute('href', '/commissions');
    const proposals = page.getByRole('region', { name: 'Active Proposals', exact: true });
    await expect(proposals.getByRole('term')).toHaveText(['Sent Proposals', 'Total Amount Due']);
    await expect(proposals.getByRole('definition')).toHaveText(['0', '₱0.00']);
    await expect(proposals.getByRole('link', { name: 'View proposals' })).toHaveAttribute('href', '/proposals');
    await expect(page.getByRole('main').getByText(MSG.comingSoon, { exact: true })).toHaveCount(0);
    await expectFitsViewport(page);
  },
);

test("the sales request fails: the Sales card says 'No Data Yet'", async ({ page, agent }) => {
  // The card reads the sales table's first page (salespage, decision 036).
  await page.route(`**${routes.salesPage.path}`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }),
  );
  await signIn(page, agent);
  await expect(salesCard(page).getByText(MSG.noDataYet, { exact: true })).toBeVisible();
  await expect(salesCard(page).getByRole('term')).toHaveCount(0);
  // A failed load is silent: no toast.
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')).toHaveCount(0);
});

test('a sales answer of the wrong shape is an error, never read as figures', async ({ page, agent }) => {
  // 200, but not the route table's shape for salespage: the client refuses it instead of casting it.
  await page.route(`**${routes.salesPage.path}`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: '{"rows":[],"next_cursor":null,"count":1,"counted":1,"tcv":"a lot"}',
    }),
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

test('a new agent’s first steps arriving late move none of the cards (layout shift under 0.1)', PHONE, async ({ page, agent }) => {
  // The checklist's answer held back 1.2 s, past the first render's wait for it (app/first-calls.ts):
  // the cards wait unpainted for it (decision 014), so the checklist is drawn above them, not pushed in.
  await page.route(`**${routes.setupChecklist.path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!e.hadRecentInput) w.__shift += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await loginInContext(page, agent.username, agent.password);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Your first steps' })).toBeVisible();
  await expectSalesFigures(page, '0', '₱0.00');
  await expect(page.getByRole('region', { name: 'Team Size', exact: true }).getByRole('definition')).toHaveText(['0', '0']);
  // Two frames for the last shift's entry.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.1);
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

test(
  "a manager's team counted once: the dashboard, Recruitment (with each recruit's status) and Reports agree",
  PHONE,
  async ({ page, baseURL }, testInfo) => {
    const manager = await createAgent(baseURL!, { position: 'Manager' });
    const seller = await createAgent(baseURL!, { refCode: manager.referral_code });
    const rejected = await createAgent(baseURL!, { refCode: manager.referral_code });
    const pending = await createAgent(baseURL!, { refCode: manager.referral_code, approve: false });
    const gone = await createAgent(baseURL!, { refCode: manager.referral_code });
    await createAgent(baseURL!, { refCode: seller.referral_code });
    await seedSales(baseURL!, seller, [1500.5], { effectiveDate: today });
    await seedSales(baseURL!, rejected, [900], { effectiveDate: today });
    await verifySales(
      baseURL!,
      (await salesOf(baseURL!, rejected)).map((s) => s.id),
      { decision: 'rejected', reason: 'No policy issued' },
    );
    const admin = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
    expect((await admin.csrfPost(routes.deactivateMember.path, { id: gone.id })).ok()).toBe(true);
    await admin.dispose();

    // Direct recruits: seller and rejected (not pending, not gone); the whole team adds the seller's recruit.
    await signIn(page, manager);
    const team = page.getByRole('region', { name: 'Team Size', exact: true });
    await expect(team.getByRole('term')).toHaveText(['Direct Recruits', 'Whole Team']);
    await expect(team.getByRole('definition')).toHaveText(['2', '3']);
    await expect(team).toContainText(`${TEAM_COUNT_NOTE} 1 recruit awaiting approval.`);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'dashboard-team-counts-1440');

    // Recruitment lists the Pending recruit too, with a Status column; the approved ones are the dashboard's 2.
    await team.getByRole('link', { name: 'View recruits' }).click();
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
    await expect(page.getByRole('status').filter({ hasText: 'recruits' })).toHaveText('3 recruits: 2 approved, 1 awaiting approval');
    const statusOf = (agent: { name: string }) => table.getByRole('row').filter({ hasText: agent.name }).getByRole('cell').last();
    await expect(statusOf(seller)).toHaveText('Approved');
    await expect(statusOf(rejected)).toHaveText('Approved');
    await expect(statusOf(pending)).toHaveText('Pending');
    await expect(table).not.toContainText(gone.name);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'recruitment-status-1440');

    // Reports: the same team of 3; the leaderboard ranks only the recruit with a counted sale.
    await page.goto('/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Performance Reports' })).toBeVisible();
    await expect(page.getByText('Your team: 3 members, your recruits and theirs.', { exact: false })).toBeVisible();
    const board = page.getByRole('table', { name: 'Recruits ranked by TCV' });
    await expect(board.locator('tbody tr')).toHaveCount(1);
    await expect(board.locator('tbody tr').first()).toContainText(seller.name);
    await expect(board.locator('tbody tr').first()).toContainText('₱1,500.50');
    await expect(board).not.toContainText('₱0.00');
  },
);

test(
  "the admin's dashboard greets them by name and shows the agency's figures, not an agent's",
  PHONE,
  async ({ page, baseURL }, testInfo) => {
    // A sign-up awaiting approval, so the dashboard has one to point at.
    await createAgent(baseURL!, { approve: false });
    if (!page.viewportSize() || page.viewportSize()!.width > 1000) await page.setViewportSize({ width: 1366, height: 900 });
    const summary = page.waitForResponse((r) => r.url().endsWith(routes.agencySummary.path) && r.ok());
    await signInAdmin(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Good to see you, Agency Administrator. Here is how the agency stands this month.')).toBeVisible();
    // The figures are the server's (GET agencysummary), as it answered this page.
    const s = (await (await summary).json()) as AgencySummary;
    expect(s.pending).toBeGreaterThan(0);
    const count = (n: number) => n.toLocaleString('en-PH');

    const members = page.getByRole('region', { name: 'Members', exact: true });
    await expect(members.getByRole('term')).toHaveText(['Approved Agents', 'Pending Approval']);
    await expect(members.getByRole('definition')).toHaveText([count(s.members), count(s.pending)]);
    const review = members.getByRole('link', { name: `Review ${count(s.pending)} pending ${s.pending === 1 ? 'member' : 'members'}` });
    await expect(review).toHaveAttribute('href', '/admin/adminmembers?status=Pending');

    const month = new Intl.DateTimeFormat('en-PH', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${todayInManila().slice(0, 7)}-01T00:00:00Z`),
    );
    const sales = page.getByRole('region', { name: 'Sales This Month', exact: true });
    await expect(sales).toContainText(month);
    await expect(sales.getByRole('term')).toHaveText(['Sales Count', 'Total Sales']);
    await expect(sales.getByRole('definition')).toHaveText([count(s.sales.count), formatPeso(s.sales.tcv)]);
    await expect(sales.getByRole('link', { name: 'View reports' })).toHaveAttribute('href', '/reports?scope=agency');
    const commissions = page.getByRole('region', { name: 'Commissions This Month', exact: true });
    await expect(commissions.getByRole('term')).toHaveText(['Earned This Month']);
    await expect(commissions.getByRole('definition')).toHaveText([formatPeso(s.commissions)]);

    // None of an agent's cards (their zeros), nor the agent's reminders.
    for (const agentCard of ['Team Size', 'Active Proposals', 'Your referral link']) {
      await expect(page.getByRole('region', { name: agentCard, exact: true })).toHaveCount(0);
    }
    await expectFitsViewport(page);
    await shot(page, testInfo, 'dashboard-admin-1366');

    await review.click();
    await expect(page).toHaveURL(/\/admin\/adminmembers\?status=Pending$/);
  },
);
