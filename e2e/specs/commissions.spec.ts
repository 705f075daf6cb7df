import fs from 'node:fs';
import { PDFParse } from 'pdf-parse';
import readExcelFile from 'read-excel-file/node';
import type { Locator, Page } from '@playwright/test';
import { todayInManila } from '@ahente/contract/dates';
import { routes } from '@ahente/contract/routes';
import { expectFitsPhone, expectToast, goViaMainNav, signIn, signInAdmin } from '../support/app.ts';
import { ADMIN, createAgent, expect, loginApi, shot, test, type Agent, PHONE_ONLY } from '../support/fixtures.ts';
import { licenseAgent, verifySales } from '../support/verification.ts';

/**
 * Commissions (decision 016): the admin's Commissions tab, a member's Commission Tracking page and
 * the dashboard's Commissions and Active Proposals cards. The schedule is shared by every test of
 * the run, so each test rates a product no other spec sells. Only one test closes a month: the
 * current month closes once per database (a second close is 409). Commission is payable only on a
 * verified sale to an earner with a verified licence for its line (decision 018): the earners here
 * get a Non-Life licence and their sales are verified through the API (verification.spec.ts shows
 * what is awaiting verification and held).
 */

const TODAY = todayInManila();
const PERIOD = TODAY.slice(0, 7);
const MONTH = new Date(`${PERIOD}-01T00:00:00Z`).toLocaleString('en-PH', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthAfter = (period: string) => new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 1));
/** The current month's last day and the month after it, as the early close's confirmation says them (decision 016). */
const LAST_DAY = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' }).format(
  new Date(monthAfter(PERIOD).getTime() - 86_400_000),
);
const NEXT_MONTH = monthAfter(PERIOD).toLocaleString('en-PH', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Sets a rate from today through the admin API (the set-up; the UI is tested on its own). */
async function setRate(baseURL: string, kind: 'product' | 'override', key: string, rate: string) {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  try {
    const res = await admin.csrfPost(routes.setCommissionRate.path, { kind, key, rate, effective_from: TODAY });
    if (!res.ok()) throw new Error(`setcommissionrate: ${res.status()} ${await res.text()}`);
  } finally {
    await admin.dispose();
  }
}

/** Records deals for the agent through the API, each made into a sale unless its status says otherwise; returns the sales' ids. */
async function seedDeals(
  baseURL: string,
  agent: Agent,
  deals: readonly { customerName: string; product: string; tcv: string; sell?: boolean; dealStatus?: string }[],
): Promise<number[]> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  const saleIds: number[] = [];
  try {
    for (const d of deals) {
      const res = await c.csrfPost(routes.addDeal.path, {
        id: agent.id,
        customerName: d.customerName,
        transactionType: 'New',
        product: d.product,
        tcvValue: d.tcv,
        effectiveDate: '2026-03-01',
        dealStatus: d.dealStatus ?? 'For Quotation',
      });
      if (!res.ok()) throw new Error(`adddeals: ${res.status()} ${await res.text()}`);
      if (d.sell === false) continue;
      const { deal } = (await res.json()) as { deal: { id: number } };
      const sale = await c.csrfPost(routes.addSale.path, {
        id: agent.id,
        formData: {
          dealid: deal.id,
          customerName: d.customerName,
          product: d.product,
          tcv: d.tcv,
          sales_type: 'Direct',
          effectiveDate: '2026-03-01',
        },
      });
      if (!sale.ok()) throw new Error(`addsales: ${sale.status()} ${await sale.text()}`);
      saleIds.push(((await sale.json()) as { sale: { id: number } }).sale.id);
    }
  } finally {
    await c.dispose();
  }
  return saleIds;
}

/** The cells of a ledger row but Status (a close in another test may have posted the entry): Date to Rate, then Amount. */
async function ledgerCells(row: Locator): Promise<string[]> {
  const cells = (await row.getByRole('cell').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  return [...cells.slice(0, 8), ...cells.slice(9)];
}

const ledger = (page: Page) => page.getByRole('table', { name: 'Your commission entries' });
const bodyRows = (table: Locator) => table.locator('tbody').getByRole('row');

async function signOutAndIn(page: Page, member: Agent) {
  await page.context().clearCookies();
  await signIn(page, member);
}

test('the admin sets a product rate and the Manager override; a sale pays the agent and their manager; the dashboard shows the month and the open deals', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const product = 'Warranty Bond';
  const manager = await createAgent(baseURL!, { position: 'Manager' });
  const agent = await createAgent(baseURL!, { refCode: manager.referral_code });
  await licenseAgent(baseURL!, manager);
  await licenseAgent(baseURL!, agent);

  // The admin's Commissions tab, beside the other admin screens.
  await signInAdmin(page);
  await goViaMainNav(page, 'Admin Panel');
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Commissions', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/admincommissions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Commissions', exact: true })).toBeVisible();

  // A product with no rate is flagged; Set Rate gives it 12.5 % from today.
  const productRow = page
    .getByRole('table', { name: 'Product rates' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: product, exact: true }) });
  await expect(productRow.getByRole('cell').nth(1)).toHaveText('No rate');
  await productRow.getByRole('button', { name: `Set Rate for ${product}` }).click();
  const rateDialog = page.getByRole('dialog', { name: `Set Rate: ${product}` });
  await expect(rateDialog.getByText('No rate has been set yet')).toBeVisible();
  await expect(rateDialog.getByLabel('Effective from')).toHaveValue(TODAY);
  await rateDialog.getByLabel('Rate (% of TCV)').fill('12.555');
  await rateDialog.getByRole('button', { name: 'Save Rate' }).click();
  await expect(rateDialog.getByText('Rate must have at most 2 decimals')).toBeVisible();
  await rateDialog.getByLabel('Rate (% of TCV)').fill('12.5');
  await rateDialog.getByRole('button', { name: 'Save Rate' }).click();
  await expectToast(page, 'success', `${product}: 12.5% from`);
  await expect(rateDialog).toBeHidden();
  await expect(productRow.getByRole('cell').nth(1)).toContainText('12.5%');

  // The Manager's override: 2.25 %.
  const managerRow = page
    .getByRole('table', { name: 'Override rates' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Manager', exact: true }) });
  await managerRow.getByRole('button', { name: 'Set Rate for Manager' }).click();
  const overrideDialog = page.getByRole('dialog', { name: 'Set Rate: Manager' });
  await overrideDialog.getByLabel('Rate (% of TCV)').fill('2.25');
  await overrideDialog.getByRole('button', { name: 'Save Rate' }).click();
  await expectToast(page, 'success', 'Manager: 2.25% from');
  await expect(managerRow.getByRole('cell').nth(1)).toContainText('2.25%');
  await managerRow.getByRole('button', { name: 'Set Rate for Manager' }).click();
  await expect(overrideDialog.getByRole('listitem').first()).toContainText('2.25%');
  await expect(overrideDialog.getByRole('listitem').first()).toContainText('In force');
  await page.keyboard.press('Escape');
  await expect(overrideDialog).toBeHidden();
  await shot(page, testInfo, 'admin-commissions-rates-1440');

  // The agent's sale (₱25,000.50), an open deal (₱1,000.25) and one that did not continue.
  const [saleId] = await seedDeals(baseURL!, agent, [
    { customerName: 'Lorna Dizon', product, tcv: '25000.50' },
    { customerName: 'Open Prospect', product, tcv: '1000.25', sell: false },
    { customerName: 'Lost Prospect', product, tcv: '500', sell: false, dealStatus: 'Did not Continue' },
  ]);
  await verifySales(baseURL!, [saleId!]);

  // The agent: 12.5 % of ₱25,000.50 = ₱3,125.0625 → ₱3,125.06 (half-up).
  await signOutAndIn(page, agent);
  const commissionsCard = page.getByRole('region', { name: 'Commissions', exact: true });
  await expect(commissionsCard.getByRole('term')).toHaveText(['Earned This Month', 'Pending (net)', 'Awaiting verification', 'Held']);
  // Pending is net, with its gross and the tax the close withholds (5 % of ₱3,125.06, half up) under it (decision 016).
  await expect(commissionsCard.getByRole('definition')).toHaveText([
    '₱3,125.06',
    '₱2,968.81',
    'Gross ₱3,125.06, Tax withheld ₱156.25',
    '₱0.00',
    '₱0.00',
  ]);
  const proposalsCard = page.getByRole('region', { name: 'Active Proposals', exact: true });
  // Sent, unexpired proposals since issue 46 (this agent has an open deal, no proposal).
  await expect(proposalsCard.getByRole('term')).toHaveText(['Sent Proposals', 'Total Amount Due']);
  await expect(proposalsCard.getByRole('definition')).toHaveText(['0', '₱0.00']);
  await shot(page, testInfo, 'dashboard-commissions-1440');
  await proposalsCard.getByRole('link', { name: 'View proposals' }).click();
  await expect(page).toHaveURL(/\/proposals$/);
  await page.goBack();
  await commissionsCard.getByRole('link', { name: 'View commissions' }).click();
  await expect(page).toHaveURL(/\/commissions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Commission Tracking' })).toBeVisible();

  const main = page.getByRole('main');
  await expect(main.getByRole('term')).toHaveText([
    `Earned in ${MONTH}`,
    'Pending (net)',
    'Paid to Date (net)',
    'Awaiting verification',
    'Held',
  ]);
  await expect(main.getByRole('definition')).toHaveText([
    '₱3,125.06',
    '₱2,968.81',
    'Gross ₱3,125.06, Tax withheld ₱156.25',
    '₱0.00',
    'Gross ₱0.00, Tax withheld ₱0.00',
    '₱0.00',
    '₱0.00',
  ]);
  await expect(main.getByText(/^Net is what the agency pays into your account: brought forward \+ gross − tax withheld/)).toBeVisible();
  await expect(main.getByText(/^Payable: /)).toHaveText('Payable: ₱3,125.06');
  await expect(bodyRows(ledger(page))).toHaveCount(1);
  expect(await ledgerCells(bodyRows(ledger(page)).first())).toEqual([
    expect.any(String),
    'Own sale',
    `#${saleId}`,
    'Lorna Dizon',
    product,
    `Product rate: ${product}`,
    '₱25,000.50',
    '12.5%',
    '₱3,125.06',
  ]);
  await expect(ledger(page).locator('tfoot')).toHaveText(/Total of the 1 entry listed\s*₱3,125\.06/);

  // The kind filter: no override for the agent; Clear Filters brings the sale back.
  await page.getByLabel('Kind').selectOption('Override');
  await expect(ledger(page).getByText('No entry matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(bodyRows(ledger(page))).toHaveCount(1);
  // Statements are below the ledger. Whether one is there already depends on the closing test,
  // which runs in parallel and posts every open entry of the month (this agent's too).
  await expect(page.getByRole('table', { name: 'Your statements' })).toBeVisible();
  await shot(page, testInfo, 'commissions-agent-1440');

  // The manager: 2.25 % of ₱25,000.50 = ₱562.51125 → ₱562.51, on the agent's sale.
  await signOutAndIn(page, manager);
  await goViaMainNav(page, 'Commissions');
  await expect(page.getByRole('heading', { level: 1, name: 'Commission Tracking' })).toBeVisible();
  await expect(bodyRows(ledger(page))).toHaveCount(1);
  expect(await ledgerCells(bodyRows(ledger(page)).first())).toEqual([
    expect.any(String),
    'Override',
    `#${saleId}`,
    // A leader sees the seller, never their downline's customer (decisions 017, 018).
    '— none',
    product,
    `Manager override Sale by ${agent.name}`,
    '₱25,000.50',
    '2.25%',
    '₱562.51',
  ]);
});

test('the admin adds an adjustment, closes the month, sees the statements with the no-bank flag, exports the payouts and marks one paid; the agent downloads the statement as PDF and .xlsx', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const product = 'Micro Insurance';
  await setRate(baseURL!, 'product', product, '10');
  const banked = await createAgent(baseURL!);
  const unbanked = await createAgent(baseURL!);
  await licenseAgent(baseURL!, banked);
  await licenseAgent(baseURL!, unbanked);
  const own = await loginApi(baseURL!, banked.username, banked.password);
  const bank = await own.csrfPost(routes.addUserBanks.path, {
    id: banked.id,
    bank_name: 'BDO Unibank',
    account_number: '001234567890',
    account_name: banked.name,
  });
  expect(bank.ok(), await bank.text()).toBe(true);
  await own.dispose();
  // 10 % of ₱12,345.67 = ₱1,234.567 → ₱1,234.57; 10 % of ₱20,000 = ₱2,000.00. Both nets stay above
  // any minimum payout another spec may set (payouts-tax.spec.ts sets ₱750.00), so both are paid.
  const [saleId] = await seedDeals(baseURL!, banked, [{ customerName: 'Ramon Bautista', product, tcv: '12345.67' }]);
  const [otherSaleId] = await seedDeals(baseURL!, unbanked, [{ customerName: 'Celia Ramos', product, tcv: '20000' }]);
  // A close posts only the entries of verified sales.
  await verifySales(baseURL!, [saleId!, otherSaleId!]);

  await signInAdmin(page);
  await page.goto('/admin/admincommissions');
  await expect(page.getByRole('heading', { level: 1, name: 'Commissions', exact: true })).toBeVisible();

  // A deduction of ₱34.57 for the banked agent, found by name: their month comes to ₱1,200.00.
  const form = page.getByRole('form', { name: 'New adjustment' });
  await form.getByRole('button', { name: 'Add Adjustment' }).click();
  await expect(form.getByText('Member is required')).toBeVisible();
  await form.getByLabel('Find member').fill(banked.lname);
  await form.getByLabel('Member', { exact: true }).selectOption({ label: `${banked.name} (ID#: ${banked.id})` });
  await form.getByLabel('Amount (₱)').fill('-34.57');
  await form.getByLabel('Reason').fill('Duplicate fuel allowance');
  await form.getByRole('button', { name: 'Add Adjustment' }).click();
  await expectToast(page, 'success', `Adjustment of -₱34.57 added for ${banked.name}.`);
  await expect(form.getByLabel('Amount (₱)')).toHaveValue('');
  const adjustment = page.getByRole('table', { name: 'Past adjustments' }).getByRole('row').filter({ hasText: banked.name });
  await expect(adjustment).toContainText('-₱34.57');
  await expect(adjustment).toContainText('Duplicate fuel allowance');

  // The current month is running (decision 016): it ends on its last day, Manila time.
  const monthRow = page.getByRole('table', { name: 'Months' }).getByRole('row').filter({ hasText: MONTH });
  await expect(monthRow.getByRole('cell').nth(1)).toHaveText(new RegExp(`^Running\\s*Ends ${LAST_DAY}$`));
  // Closing it early is asked for in so many words; Cancel sends nothing.
  const confirm = page.getByRole('alertdialog', { name: `Close ${MONTH} early?` });
  const earlyText =
    `${MONTH} has not ended: it runs to ${LAST_DAY}, Manila time. Closing it early posts its open entries now, ` +
    `and the commissions of sales recorded later in ${MONTH} land in the next open month, ${NEXT_MONTH}.`;
  const closeRequests: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(routes.closePeriod.path)) closeRequests.push(request.postDataJSON());
  });
  await monthRow.getByRole('button', { name: `Close Month ${MONTH}` }).click();
  await expect(confirm).toContainText(earlyText);
  await expect(confirm.getByRole('button', { name: 'Close Early' })).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, testInfo, 'admin-close-early-confirm-1366', { fullPage: false });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(closeRequests).toEqual([]);
  await expect(monthRow.getByRole('cell').nth(1)).toHaveText(new RegExp(`^Running\\s*Ends ${LAST_DAY}$`));

  // A refused close (another admin closed it first: 409) says the server's reason.
  await page.route(`**${routes.closePeriod.path}`, (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: `${PERIOD} is already closed` }) }),
  );
  await monthRow.getByRole('button', { name: `Close Month ${MONTH}` }).click();
  await confirm.getByRole('button', { name: 'Close Early' }).click();
  await expectToast(page, 'error', `Failed to close ${MONTH}: ${PERIOD} is already closed`);
  await expect(confirm).toBeHidden();
  await page.unroute(`**${routes.closePeriod.path}`);

  // Close the month, after its confirmation: only then does the request say close_early.
  await monthRow.getByRole('button', { name: `Close Month ${MONTH}` }).click();
  await expect(confirm).toContainText('one statement per member');
  await confirm.getByRole('button', { name: 'Close Early' }).click();
  await expect(confirm).toBeHidden();
  expect(closeRequests).toEqual([
    { period: PERIOD, close_early: true },
    { period: PERIOD, close_early: true },
  ]);
  // What the close did stays above the months (its toast says the same for 3 s).
  await expect(page.getByRole('region', { name: 'Monthly Close' }).getByRole('status')).toContainText(`${MONTH} closed:`);
  await expect(monthRow).toContainText('Closed');
  await expect(monthRow.getByRole('cell').nth(1)).toContainText('Closed early');
  await page.getByRole('region', { name: 'Monthly Close' }).scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'admin-months-closed-early-1366', { fullPage: false });
  await expect(monthRow.getByRole('button', { name: `Close Month ${MONTH}` })).toHaveCount(0);

  // Its statements: brought forward, gross, 5 % withheld (the default rate) and net. The banked
  // agent's ₱1,200.00 less ₱60.00; the other's ₱2,000.00 less ₱100.00, flagged, still listed.
  const statements = page.getByRole('table', { name: `Statements of ${MONTH}` });
  const bankedRow = statements.getByRole('row').filter({ hasText: banked.name });
  const unbankedRow = statements.getByRole('row').filter({ hasText: unbanked.name });
  const money = async (row: Locator) => (await row.getByRole('cell').allInnerTexts()).slice(1, 5).map((t) => t.replace(/\s+/g, ' ').trim());
  await expect.poll(() => money(bankedRow)).toEqual(['₱0.00', '₱1,200.00', '₱60.00 5% · WI070', '₱1,140.00']);
  await expect(bankedRow).toContainText('On file');
  await expect(bankedRow).toContainText('Unpaid');
  await expect.poll(() => money(unbankedRow)).toEqual(['₱0.00', '₱2,000.00', '₱100.00 5% · WI070', '₱1,900.00']);
  await expect(unbankedRow).toContainText('Not on file');

  // The bank's payout file: member, bank name, account number, account name, the net to pay.
  const payoutDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Payouts (.xlsx)' }).click();
  const payout = await payoutDownload;
  expect(payout.suggestedFilename()).toBe(`payouts_${PERIOD}.xlsx`);
  const payoutFile = testInfo.outputPath('payouts.xlsx');
  await payout.saveAs(payoutFile);
  const [payoutSheet] = await readExcelFile(payoutFile);
  expect(payoutSheet!.sheet).toBe('Payouts');
  expect(payoutSheet!.data[0]).toEqual(['Member ID', 'Member', 'Bank Name', 'Account Number', 'Account Name', 'Amount', 'Note']);
  const payoutRow = (id: number) => payoutSheet!.data.find((row) => row[0] === id);
  expect(payoutRow(banked.id)).toEqual([banked.id, banked.name, 'BDO Unibank', '001234567890', banked.name, 1140, null]);
  expect(payoutRow(unbanked.id)).toEqual([unbanked.id, unbanked.name, null, null, null, 1900, 'No bank details on file']);

  // Mark Paid, with the date and the bank's reference.
  await bankedRow.getByRole('button', { name: `Mark Paid for ${banked.name}` }).click();
  const paidDialog = page.getByRole('dialog', { name: 'Mark Paid' });
  await expect(paidDialog.getByLabel('Paid on')).toHaveValue(TODAY);
  await paidDialog.getByLabel('Reference').fill('BDO-TRX-0001');
  await paidDialog.getByRole('button', { name: 'Mark Paid' }).click();
  await expectToast(page, 'success', `${banked.name}'s ${MONTH} statement is marked paid.`);
  await expect(bankedRow).toContainText('Ref. BDO-TRX-0001');
  await expect(bankedRow.getByRole('button', { name: `Mark Paid for ${banked.name}` })).toHaveCount(0);
  await shot(page, testInfo, 'admin-commissions-1440');
  await expectFitsPhone(page, testInfo, 'admin-commissions-375');

  // The agent: paid to date ₱1,200.00, and the statement as a PDF and a workbook.
  await page.context().clearCookies();
  await signIn(page, banked);
  await page.goto('/commissions');
  // Paid to Date is the net the bank received (₱1,140.00, the payout file's), its gross and tax beside it (decision 016).
  await expect(page.getByRole('main').getByRole('definition')).toHaveText([
    '₱1,200.00',
    '₱0.00',
    'Gross ₱0.00, Tax withheld ₱0.00',
    '₱1,140.00',
    'Gross ₱1,200.00, Tax withheld ₱60.00',
    '₱0.00',
    '₱0.00',
  ]);
  // The statements say the same under the paid ones.
  await expect(page.getByRole('table', { name: 'Your statements' }).locator('tfoot')).toHaveText(
    /^\s*Paid to date \(your paid statements\)\s*₱0\.00\s*₱1,200\.00\s*₱60\.00\s*₱1,140\.00\s*$/,
  );
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, testInfo, 'commissions-paid-net-1366');
  const statementRow = page.getByRole('table', { name: 'Your statements' }).getByRole('row').filter({ hasText: MONTH });
  await expect(statementRow).toContainText('₱1,200.00');
  await expect(statementRow).toContainText('Paid');
  await expect(statementRow).toContainText('Ref. BDO-TRX-0001');

  const pdfDownload = page.waitForEvent('download');
  await statementRow.getByRole('button', { name: `Download the ${MONTH} statement as PDF` }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`statement_${PERIOD}_${banked.id}.pdf`);
  await expectToast(page, 'success', 'File Downloaded');
  const pdfFile = testInfo.outputPath('statement.pdf');
  await pdf.saveAs(pdfFile);
  const parser = new PDFParse({ data: fs.readFileSync(pdfFile) });
  const text = (await parser.getText()).text.replace(/\s+/g, ' ');
  await parser.destroy();
  for (const expected of [
    'Ahente Insurance Agency',
    'Commission Statement',
    `Member: ${banked.name} (ID#: ${banked.id})`,
    `Period: ${MONTH} (${PERIOD})`,
    'Ramon Bautista',
    'Duplicate fuel allowance',
    '₱1,234.57',
    '-₱34.57',
    'Gross commission ₱1,200.00',
    'Withholding tax (5%, WI070) -₱60.00',
    'Net ₱1,140.00',
    'BDO-TRX-0001',
  ]) {
    expect(text, expected).toContain(expected);
  }

  const xlsxDownload = page.waitForEvent('download');
  await statementRow.getByRole('button', { name: `Download the ${MONTH} statement as Excel` }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe(`statement_${PERIOD}_${banked.id}.xlsx`);
  const xlsxFile = testInfo.outputPath('statement.xlsx');
  await xlsx.saveAs(xlsxFile);
  const [sheet] = await readExcelFile(xlsxFile);
  const rows = sheet!.data;
  expect(rows[0]![0]).toBe('Ahente Insurance Agency');
  expect(rows).toContainEqual(expect.arrayContaining(['Member', `${banked.name} (ID#: ${banked.id})`]));
  expect(rows).toContainEqual(expect.arrayContaining(['Period', PERIOD]));
  expect(rows).toContainEqual([TODAY, 'Own sale', saleId, 'Ramon Bautista', product, `Product rate: ${product}`, 10, 12345.67, 1234.57]);
  expect(rows).toContainEqual([TODAY, 'Adjustment', null, null, null, 'Duplicate fuel allowance', null, null, -34.57]);
  // The summary: gross, 5 % withheld, net.
  expect(rows.slice(-3)).toEqual([
    ['Gross commission', null, null, null, null, null, null, null, 1200],
    ['Withholding tax (5%, WI070)', null, null, null, null, null, null, null, -60],
    ['Net', null, null, null, null, null, null, null, 1140],
  ]);
});

test(
  'an agent on a phone: the totals, a deduction shown with its minus sign, the ledger filtered by kind',
  PHONE_ONLY,
  async ({ page, baseURL, agent, press }, testInfo) => {
    const product = 'Commercial Fire';
    await setRate(baseURL!, 'product', product, '8');
    await licenseAgent(baseURL!, agent);
    await verifySales(baseURL!, await seedDeals(baseURL!, agent, [{ customerName: 'Josefina Cruz', product, tcv: '10000' }]));
    const admin = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
    const res = await admin.csrfPost(routes.addAdjustment.path, {
      member_id: agent.id,
      amount: '-50.25',
      reason: 'Chargeback: cancelled policy',
    });
    expect(res.ok(), await res.text()).toBe(true);
    await admin.dispose();

    // 8 % of ₱10,000 = ₱800.00, less ₱50.25: ₱749.75.
    await signIn(page, agent);
    const card = page.getByRole('region', { name: 'Commissions', exact: true });
    // Net: 5 % of ₱749.75 is ₱37.49 withheld (decision 016).
    await expect(card.getByRole('definition')).toHaveText(['₱749.75', '₱712.26', 'Gross ₱749.75, Tax withheld ₱37.49', '₱0.00', '₱0.00']);
    await expectFitsPhone(page, testInfo, 'dashboard-commissions-phone');
    await goViaMainNav(page, 'Commissions');
    await expect(page.getByRole('heading', { level: 1, name: 'Commission Tracking' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('definition')).toHaveText([
      '₱749.75',
      '₱712.26',
      'Gross ₱749.75, Tax withheld ₱37.49',
      '₱0.00',
      'Gross ₱0.00, Tax withheld ₱0.00',
      '₱0.00',
      '₱0.00',
    ]);
    await expect(bodyRows(ledger(page))).toHaveCount(2);
    await expect(ledger(page).locator('tfoot')).toHaveText(/Total of the 2 entries listed\s*₱749\.75/);
    await expectFitsPhone(page, testInfo, 'commissions-phone');

    await page.getByLabel('Kind').selectOption('Adjustment');
    await expect(bodyRows(ledger(page))).toHaveCount(1);
    const row = bodyRows(ledger(page)).first();
    await expect(row).toContainText('Chargeback: cancelled policy');
    await expect(row.getByRole('cell').nth(9)).toHaveText('-₱50.25');
    await expect(ledger(page).locator('tfoot')).toHaveText(/Total of the 1 entry listed\s*-₱50\.25/);
    await press(page.getByRole('button', { name: 'Clear Filters' }));
    await expect(bodyRows(ledger(page))).toHaveCount(2);
  },
);
