import fs from 'node:fs';
import path from 'node:path';
import readExcelFile from 'read-excel-file/node';
import type { Locator, Page } from '@playwright/test';
import { addDays, todayInManila } from '@ahente/contract/dates';
import { MSG } from '@ahente/contract/messages';
import { defaultExpiryDate } from '@ahente/contract/portfolio';
import { routes } from '@ahente/contract/routes';
import { expectFitsViewport, expectToast, isNarrow, signIn, toast } from '../support/app.ts';
import { createAgent, expect, loginApi, loginUi, PHONE, shot, test, type Agent, openContext } from '../support/fixtures.ts';

/**
 * The book of business (decision 025): a policy due in 20 days shows in Portfolio and on the
 * dashboard; Renew creates its Renewal deal, which opens highlighted in the Deals Table, prefilled
 * for Add Sales; once sold the policy reads Renewed. The leader above sees the team's pipeline
 * without the client; Export To Excel downloads the book.
 */

const TODAY = todayInManila();
/** A month as the retention table names it: '2026-11' → 'Nov 2026'. */
const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-PH', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

interface Policy {
  customer: string;
  product: string;
  tcv: string;
  policy: string;
  insurer: string;
  effective: string;
  expiry: string;
  contact?: string;
  email?: string;
}

/** A deal made into a sale through the agent's API: a policy of their book. */
async function seedPolicies(baseURL: string, agent: Agent, policies: readonly Policy[]) {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    for (const p of policies) {
      const dealRes = await c.csrfPost(routes.addDeal.path, {
        id: agent.id,
        customerName: p.customer,
        transactionType: 'New',
        product: p.product,
        tcvValue: p.tcv,
        effectiveDate: p.effective,
        customer_contact: p.contact ?? '',
        customer_email: p.email ?? '',
      });
      if (!dealRes.ok()) throw new Error(`adddeals: ${dealRes.status()} ${await dealRes.text()}`);
      const { deal } = (await dealRes.json()) as { deal: { id: number } };
      const saleRes = await c.csrfPost(routes.addSale.path, {
        id: agent.id,
        formData: {
          dealid: deal.id,
          customerName: p.customer,
          product: p.product,
          tcv: p.tcv,
          sales_type: 'Direct',
          policy: p.policy,
          insurer: p.insurer,
          effectiveDate: p.effective,
          expiry_date: p.expiry,
          customer_contact: p.contact ?? '',
          customer_email: p.email ?? '',
        },
      });
      if (!saleRes.ok()) throw new Error(`addsales: ${saleRes.status()} ${await saleRes.text()}`);
    }
  } finally {
    await c.dispose();
  }
}

const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });
const policiesTable = (page: Page, name = 'Your policies') => page.getByRole('table', { name });
const policyRow = (page: Page, text: string) => policiesTable(page).getByRole('row').filter({ hasText: text });

test(
  'an agent renews a policy due in 20 days: Portfolio and the dashboard show it, Renew opens the prefilled renewal deal, its sale makes the policy Renewed; the leader sees no client; the export',
  PHONE,
  async ({ page, browser, baseURL, press }, testInfo) => {
    test.slow();
    const leader = await createAgent(baseURL!, { position: 'Manager' });
    const agent = await createAgent(baseURL!, { refCode: leader.referral_code });
    const due = {
      customer: 'Rosario Villanueva',
      product: 'Comprehensive',
      tcv: '18500',
      policy: 'MC-2025-004211',
      insurer: 'Malayan Insurance Co.',
      effective: addDays(TODAY, 20 - 365),
      expiry: addDays(TODAY, 20),
      contact: '09981112233',
      email: 'rosario.villanueva@example.ph',
    };
    await seedPolicies(baseURL!, agent, [
      due,
      {
        customer: 'Emilio Aguinaldo',
        product: 'Commercial Fire',
        tcv: '45000',
        policy: 'CF-2026-000777',
        insurer: 'Pioneer Insurance',
        effective: TODAY,
        expiry: defaultExpiryDate(TODAY),
      },
      // Expired five days ago, not renewed: lapsed, and counted as fallen due in the retention figure.
      {
        customer: 'Teodoro Lim',
        product: 'Commercial Fire',
        tcv: '30000',
        policy: 'CF-2025-000123',
        insurer: 'Pioneer Insurance',
        effective: addDays(TODAY, -370),
        expiry: addDays(TODAY, -5),
      },
    ]);
    await signIn(page, agent);

    // The dashboard: one renewal due, linking to the due policies.
    const renewals = page.getByRole('region', { name: 'Renewals' });
    await expect(renewals.getByText('Renewals due: 1', { exact: true })).toBeVisible();
    await expect(renewals.getByText('Lapsed: 1', { exact: true })).toBeVisible();
    await shot(page, testInfo, 'portfolio-dashboard-1440');
    await press(renewals.getByRole('link', { name: 'View renewals due' }));
    await expect(page).toHaveURL(/\/portfolio\?status=due$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Portfolio' })).toBeVisible();
    const status = page.getByRole('group', { name: 'Status' });
    await expect(status.getByRole('button', { name: /^Due/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(status.getByRole('button', { name: /^In force/ })).toHaveText(/1$/);

    // Only the due policy: its client, contact, dates and days to expiry.
    const row = policyRow(page, due.customer);
    await expect(policiesTable(page).locator('tbody tr')).toHaveCount(1);
    await expect(row.getByRole('link', { name: due.contact })).toHaveAttribute('href', `tel:${due.contact}`);
    await expect(row.getByRole('link', { name: due.email })).toBeVisible();
    await expect(row.getByText(due.policy, { exact: true })).toBeVisible();
    await expect(row.getByText('In 20 days', { exact: true })).toBeVisible();
    await expect(row.getByText('Due', { exact: true }).filter({ visible: true }).first()).toBeVisible();
    await expect(row.getByText('₱18,500.00').filter({ visible: true }).first()).toBeVisible();
    await expectFitsViewport(page);
    await shot(page, testInfo, 'portfolio-due-1440');

    // The search finds a policy by its number, and says so in words when nothing matches.
    await page.getByRole('button', { name: /^All/ }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(policiesTable(page).locator('tbody tr')).toHaveCount(3);
    await expect(policyRow(page, 'Teodoro Lim').getByText('5 days ago', { exact: true })).toBeVisible();
    await expect(policyRow(page, 'Teodoro Lim').getByRole('button', { name: /^Renew/ })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('CF-2026');
    await expect(page).toHaveURL(/q=CF-2026/);
    await expect(policiesTable(page).locator('tbody tr')).toHaveCount(1);
    await expect(policyRow(page, 'Emilio Aguinaldo')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody');
    await expect(page.getByText('No policy matches these filters.', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Show every policy' }).click();
    await expect(policiesTable(page).locator('tbody tr')).toHaveCount(3);

    // Export To Excel: the book as portfolio.xlsx.
    const downloadPromise = page.waitForEvent('download');
    await press(page.getByRole('button', { name: 'Export To Excel' }));
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('portfolio.xlsx');
    const file = path.join(testInfo.outputPath(), 'portfolio.xlsx');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await download.saveAs(file);
    const cells = (await readExcelFile(file))[0]!.data.flat().map(String);
    expect(cells).toEqual(expect.arrayContaining([due.customer, due.policy, 'Emilio Aguinaldo']));

    // Renew: the renewal deal, highlighted in the Deals Table.
    await press(policyRow(page, due.customer).getByRole('button', { name: /^Renew/ }));
    await expect(toast(page, 'Renewal deal created. Make it a sale once the client renews.')).toBeVisible();
    await expect(page).toHaveURL(/\/deals\/dealsview\?deal=\d+$/);
    const dealRow = page.getByRole('table', { name: 'Your deals' }).locator('tbody tr[aria-current="true"]');
    await expect(dealRow).toHaveCount(1);
    await expect(dealRow).toContainText(due.customer);
    await expect(dealRow).toContainText('Renewal');
    const sell = dealRow.getByRole('button', { name: 'Make as Sales', exact: true });
    await expect(sell).toBeInViewport();
    await shot(page, testInfo, 'portfolio-renewal-deal-1440', { fullPage: false });

    // Add Sales, prefilled from the renewal deal: the insurer, the client's contact, the new term.
    await press(sell);
    const sale = page.getByRole('dialog', { name: 'Add Sales' });
    const newEffective = addDays(due.expiry, 1);
    await expect(field(sale, 'Customer Name')).toHaveValue(due.customer);
    await expect(field(sale, 'Transaction Type')).toHaveValue('Renewal');
    await expect(field(sale, 'Product')).toHaveValue(due.product);
    await expect(field(sale, 'TCV')).toHaveValue('18500.00');
    await expect(field(sale, 'Insurer')).toHaveValue(due.insurer);
    await expect(field(sale, 'Client contact number')).toHaveValue(due.contact);
    await expect(field(sale, 'Client email')).toHaveValue(due.email);
    await expect(field(sale, 'Effective Date')).toHaveValue(newEffective);
    await expect(field(sale, 'Expiry date')).toHaveValue(defaultExpiryDate(newEffective));
    // The expiry follows the effective date until it is edited, and is never before it.
    await field(sale, 'Effective Date').fill(addDays(newEffective, 1));
    await expect(field(sale, 'Expiry date')).toHaveValue(defaultExpiryDate(addDays(newEffective, 1)));
    await field(sale, 'Expiry date').fill(newEffective);
    await sale.getByRole('button', { name: 'Save Sale' }).click();
    await expect(sale.getByText('Expiry date must not be before the effective date', { exact: true })).toBeVisible();
    await expect(field(sale, 'Expiry date')).toHaveAttribute('aria-invalid', 'true');
    await field(sale, 'Effective Date').fill(newEffective);
    await expect(field(sale, 'Expiry date')).toHaveValue(newEffective);
    await field(sale, 'Expiry date').fill(defaultExpiryDate(newEffective));
    await field(sale, 'Policy Number').fill('MC-2026-004211');
    await shot(page, testInfo, 'portfolio-add-sales-1440', { fullPage: false });
    await press(sale.getByRole('button', { name: 'Save Sale' }));
    await expectToast(page, 'success', MSG.saleAdded);
    await expect(sale).toBeHidden();

    // The old policy reads Renewed, with its renewal's sale; the new one is in force.
    await page.goto('/portfolio');
    const old = policyRow(page, 'MC-2025-004211');
    await expect(old.getByText('Renewed', { exact: true }).filter({ visible: true }).first()).toBeVisible();
    await expect(old.getByText(/^Renewal Sale #\d+$/)).toBeVisible();
    await expect(old.getByRole('button', { name: /^Renew/ })).toHaveCount(0);
    const renewed = policyRow(page, 'MC-2026-004211');
    await expect(renewed.getByText('In force', { exact: true }).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^Due/ })).toHaveText(/0$/);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'portfolio-renewed-1440');
    if (!isNarrow(page)) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await shot(page, testInfo, 'portfolio-renewed-1280');
      await page.setViewportSize({ width: 1366, height: 900 });
      await shot(page, testInfo, 'portfolio-renewed-1366');
    }

    // Reports: the month the lapsed policy fell due, none of it renewed (and the renewed one, if it expires that month too).
    await page.goto('/reports');
    const retention = page.getByRole('region', { name: 'Retention', exact: true });
    const lapsedMonth = addDays(TODAY, -5).slice(0, 7);
    const both = addDays(TODAY, 20).slice(0, 7) === lapsedMonth;
    await expect(
      retention
        .getByRole('row')
        .filter({ hasText: monthName(lapsedMonth) })
        .getByRole('cell'),
    ).toHaveText([monthName(lapsedMonth), both ? '2' : '1', both ? '1' : '0', both ? '50.0%' : '0.0%']);
    await retention.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'portfolio-retention-1440', { fullPage: false });

    // The leader's team view: the pipeline without the client.
    const leaderContext = await openContext(browser, { baseURL, viewport: page.viewportSize()!, isMobile: isNarrow(page) });
    try {
      const leaderPage = await leaderContext.newPage();
      await loginUi(leaderPage, leader.username, leader.password);
      await expect(leaderPage).toHaveURL(/\/$/);
      await leaderPage.goto('/portfolio');
      await leaderPage.getByRole('link', { name: 'My team' }).click();
      await expect(leaderPage).toHaveURL(/\/portfolio\?scope=team$/);
      const team = policiesTable(leaderPage, "Your team's policies");
      await expect(team.locator('tbody tr')).toHaveCount(4);
      await expect(team.getByRole('columnheader', { name: 'Agent' })).toBeVisible();
      await expect(team.getByRole('columnheader', { name: 'Customer' })).toHaveCount(0);
      await expect(team.getByText(agent.name).first()).toBeVisible();
      for (const hidden of [due.customer, due.policy, due.contact, 'Emilio Aguinaldo', 'Teodoro Lim']) {
        await expect(leaderPage.getByText(hidden)).toHaveCount(0);
      }
      await expect(leaderPage.getByRole('searchbox')).toHaveCount(0);
      await expect(team.getByRole('button', { name: /^Renew/ })).toHaveCount(0);
      await shot(leaderPage, testInfo, 'portfolio-team-1440');
    } finally {
      await leaderContext.close();
    }
  },
);
