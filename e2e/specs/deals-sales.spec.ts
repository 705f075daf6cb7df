import readExcelFile from 'read-excel-file/node';
import type { Locator, Page } from '@playwright/test';
import type { DealRecord } from '@ahente/contract/deals';
import { MSG } from '@ahente/contract/messages';
import {
  expectFitsPhone,
  expectFitsViewport,
  expectNoHorizontalOverflow,
  expectToast as expectShownToast,
  goViaMainNav,
  isNarrow,
  seedSales,
  signIn,
  type ToastType,
} from '../support/app.ts';
import { expect, loginApi, PHONE, shot, test, type Agent } from '../support/fixtures.ts';
import { routes } from '@ahente/contract/routes';

/**
 * The Deals input, Deals Table and Sales screens and their sub-navigations; the deal form and the
 * product catalogue; deal to sale; the new deal, sale and edit forms' rules, the date filters; and
 * their messages.
 */

// Long user journeys: room for a busy machine (the suite runs beside other browsers).
test.describe.configure({ timeout: 120_000 });

const DEALS_COLUMNS = ['#', 'Customer Name', 'Transaction Type', 'Product', 'TCV', 'Effective Date', 'Created At', 'Status', 'Action'];
const SALES_COLUMNS = [
  '#',
  'Sales ID',
  'Customer Name',
  'Transaction Type',
  'Product',
  'TCV',
  'Policy',
  'Insurer',
  'Plan Name',
  'Effective Date',
  'Verification',
];
/**
 * The export's header row: the table's columns without the row number, the expiry date after the
 * effective date (decision 025: the table shows it in the same column), a rejection's reason after
 * the verification, then a cancellation's day, reason and refund (decision 019).
 */
const EXPORT_HEADER = [
  ...SALES_COLUMNS.slice(1, -1),
  'Expiry Date',
  'Verification',
  'Rejection Reason',
  'Cancelled On',
  'Cancellation Reason',
  'Refund',
];
const SOLD_NOTE = 'Already made into a sale';

type NewDeal = {
  customerName: string;
  tcv: string;
  effectiveDate: string;
  product?: string;
  transactionType?: string;
  dealStatus?: string;
  salesType?: 'Direct' | 'Agent';
  referror?: string;
  agent?: string;
};

/** Records deals for the agent through the API, in order. */
async function seedDeals(baseURL: string, agent: Agent, deals: readonly NewDeal[]): Promise<DealRecord[]> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const saved: DealRecord[] = [];
    for (const d of deals) {
      const res = await c.csrfPost(routes.addDeal.path, {
        id: agent.id,
        customerName: d.customerName,
        transactionType: d.transactionType ?? 'New',
        product: d.product ?? 'Individual',
        tcvValue: d.tcv,
        effectiveDate: d.effectiveDate,
        dealStatus: d.dealStatus ?? 'For Quotation',
        salesType: d.salesType ?? 'Direct',
        referror: d.referror ?? '',
        agent: d.agent ?? '',
        salesGroup: 'MedicalSalesGroup',
      });
      if (!res.ok()) throw new Error(`adddeals: ${res.status()} ${await res.text()}`);
      saved.push(((await res.json()) as { deal: DealRecord }).deal);
    }
    return saved;
  } finally {
    await c.dispose();
  }
}

/** Makes one of the agent's deals into a sale through the API. */
async function sellDeal(baseURL: string, agent: Agent, deal: DealRecord, extra: { policy: string; effectiveDate: string }) {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const res = await c.csrfPost(routes.addSale.path, {
      id: agent.id,
      formData: {
        dealid: deal.id,
        customerName: deal.customer_name,
        transactionType: deal.tx_type,
        product: deal.product,
        tcv: String(deal.tcv),
        sales_type: deal.sales_type,
        referror: deal.referror,
        agent: deal.agent,
        deal_status: deal.deal_status,
        sales_group: deal.sales_group,
        policy: extra.policy,
        insurer: 'Malayan Insurance',
        planName: 'Gold Plan',
        effectiveDate: extra.effectiveDate,
      },
    });
    if (!res.ok()) throw new Error(`addsales: ${res.status()} ${await res.text()}`);
  } finally {
    await c.dispose();
  }
}

/** A toast of `type` that reads exactly `text` ('Failed to Save' is not 'Failed to Save Missing Fields'). */
const expectToast = (page: Page, type: ToastType, text: string) => expectShownToast(page, type, text, { exact: true });

/** Counts the requests the page sends to an API path (to prove that nothing was sent). */
function countRequests(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) count++;
  });
  return () => count;
}

const subNav = (page: Page, name: string) => page.getByRole('navigation', { name, exact: true });
const dealsTable = (page: Page) => page.getByRole('table', { name: 'Your deals' });
const salesTable = (page: Page) => page.getByRole('table', { name: 'Your sales' });
const bodyRows = (table: Locator) => table.locator('tbody tr');
const dealRow = (page: Page, customer: string) => dealsTable(page).getByRole('row').filter({ hasText: customer });
/** The deals' customers, top to bottom, as shown: on a phone each name is followed by its TCV and status (decision 024). */
const expectCustomers = (table: Locator, names: readonly string[]) =>
  expect(bodyRows(table).locator('td:nth-child(2)')).toHaveText(
    names.map((name) => new RegExp(`^${name}(\\s|$)`)),
    { useInnerText: true },
  );
const stat = (page: Page, label: string) => page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

async function expectDealTotals(page: Page, total: string, count: number) {
  await expect(stat(page, 'Total TCV')).toHaveText(total);
  await expect(stat(page, 'Number of Deals Made')).toHaveText(count.toLocaleString('en-US'));
}

async function expectSalesTotals(page: Page, total: string, count: number) {
  await expect(page.getByText(`Total TCV: ${total}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Number of Sales Made: ${count.toLocaleString('en-US')}`, { exact: true })).toBeVisible();
}

/**
 * A modal is wholly on the screen, its submit button visible without scrolling, and the page no
 * wider than the window (a phone shows it, not only the desktop; decision 010).
 */
async function expectModalOnScreen(page: Page, dialog: Locator, submit: string) {
  const { width, height } = page.viewportSize()!;
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: submit })).toBeInViewport({ ratio: 1 });
  const box = (await dialog.boundingBox())!;
  expect(box.x, 'the dialog starts on the screen').toBeGreaterThanOrEqual(0);
  expect(box.y, 'the dialog starts on the screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'the dialog ends on the screen').toBeLessThanOrEqual(width);
  expect(box.y + box.height, 'the dialog ends on the screen').toBeLessThanOrEqual(height);
  await expectFitsViewport(page);
}

/** A table's message (empty or error) is centred in the visible part of its card, not in the table's scroll width. */
async function expectCentredInCard(page: Page, table: Locator, message: Locator) {
  const scroller = table.locator('xpath=..');
  const card = (await scroller.boundingBox())!;
  const box = (await message.boundingBox())!;
  expect(box.x, 'the message starts inside the card').toBeGreaterThanOrEqual(card.x);
  expect(box.x + box.width, 'the message ends inside the card').toBeLessThanOrEqual(card.x + card.width);
  expect(Math.abs(box.x + box.width / 2 - (card.x + card.width / 2)), 'the message is centred in the card').toBeLessThanOrEqual(2);
}

/** Fills the new-deal form (Direct unless told otherwise). */
async function fillDeal(page: Page, d: { customer: string; tx: string; category: string; product: string; tcv: string; date: string }) {
  await field(page, 'Customer Name').fill(d.customer);
  await field(page, 'Transaction Type').selectOption(d.tx);
  await field(page, 'Product Category').selectOption(d.category);
  await field(page, 'Product').selectOption(d.product);
  await field(page, 'TCV').fill(d.tcv);
  await field(page, 'Effective Date').fill(d.date);
}

test(
  'add new deals: the form, its defaults and catalogue, missing fields, Direct and Agent deals',
  PHONE,
  async ({ page, agent, press }, testInfo) => {
    const adddeals = countRequests(page, routes.addDeal.path);
    await signIn(page, agent);
    await goViaMainNav(page, 'Deals');
    await expect(page).toHaveURL(/\/deals\/dealsinput$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Deals', exact: true })).toBeVisible();

    // The 'Your Deals' sub-navigation, the current page highlighted.
    const nav = subNav(page, 'Your Deals');
    await expect(nav.getByRole('link')).toHaveText(['Add New Deals', 'View Your Deals']);
    await expect(nav.getByRole('link', { name: 'Add New Deals' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'View Your Deals' })).not.toHaveAttribute('aria-current', 'page');

    // The form's defaults and its option lists, as the contract's enumerations spell them.
    await expect(field(page, 'Transaction Type').locator('option:not([value=""])')).toHaveText(['New', 'Renewal', 'Expansion']);
    await expect(field(page, 'Deal Status')).toHaveValue('For Quotation');
    await expect(field(page, 'Deal Status').locator('option')).toHaveText([
      'For Quotation',
      'Under Negotiation',
      'For Application',
      'For Billing',
      'For Payment Collection',
      'Did not Continue',
    ]);
    await expect(field(page, 'Sales Type')).toHaveValue('Direct');
    // Each option sends the spec's value and reads as its label (decision 023).
    await expect(field(page, 'Sales Group')).toHaveValue('MedicalSalesGroup');
    await expect(field(page, 'Sales Group').locator('option')).toHaveText(['Medical Sales Group', 'Car Sales Group', 'Operations']);
    await expect(field(page, 'Referror')).toHaveCount(0);
    await expect(field(page, 'Agent Name')).toHaveCount(0);
    await expect(field(page, 'TCV')).toHaveAttribute('inputmode', 'decimal');
    await expect(field(page, 'Effective Date')).toHaveAttribute('type', 'date');

    // The category narrows the product list; the product waits for a category; a new category clears it.
    await expect(field(page, 'Product Category').locator('option:not([value=""])')).toHaveText([
      'Motor',
      'Fire',
      'Bonds',
      'Medical',
      'Group',
      'Liabilities',
      'Others',
    ]);
    await expect(field(page, 'Product')).toBeDisabled();
    await field(page, 'Product Category').selectOption('Bonds');
    await expect(field(page, 'Product')).toBeEnabled();
    await expect(field(page, 'Product').locator('option:not([value=""])')).toHaveText([
      'Surety Bond',
      'Performance Bond',
      'Warranty Bond',
      'Bond (Others)',
    ]);
    // What is sent stays the catalogue's spelling.
    expect(
      await field(page, 'Product')
        .locator('option:not([value=""])')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['Surety Bond', 'Perfomance Bond', 'Warranty Bond', 'Bond(Others)']);
    await field(page, 'Product').selectOption('Perfomance Bond');
    await field(page, 'Product Category').selectOption('Fire');
    await expect(field(page, 'Product')).toHaveValue('');
    await expect(field(page, 'Product').locator('option:not([value=""])')).toHaveText([
      'Residential (Inside Village)',
      'Residential (Outside Village)',
      'Commercial Fire',
    ]);

    // Nothing filled in: 'Failed to Save Missing Fields', the required fields marked, nothing sent.
    await page.getByRole('button', { name: 'Save Deal' }).click();
    await expectToast(page, 'error', MSG.dealMissingFields);
    for (const label of ['Customer Name', 'Transaction Type', 'Product', 'TCV', 'Effective Date']) {
      await expect(field(page, label), label).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(field(page, 'Customer Name')).toBeFocused();
    expect(adddeals()).toBe(0);

    // A Direct deal.
    await fillDeal(page, {
      customer: 'Juan Dela Cruz',
      tx: 'New',
      category: 'Medical',
      product: 'Individual',
      tcv: '1,234.50',
      date: '2025-01-15',
    });
    await expect(field(page, 'Customer Name')).not.toHaveAttribute('aria-invalid', 'true');
    await expectFitsViewport(page);
    await shot(page, testInfo, 'deals-input-1440');
    await press(page.getByRole('button', { name: 'Save Deal' }));
    await expectToast(page, 'success', MSG.dealSaved);
    expect(adddeals()).toBe(1);
    // The form is ready for the next deal, back to its defaults.
    await expect(field(page, 'Customer Name')).toHaveValue('');
    await expect(field(page, 'Transaction Type')).toHaveValue('');
    await expect(field(page, 'Product Category')).toHaveValue('');
    await expect(field(page, 'Product')).toBeDisabled();
    await expect(field(page, 'TCV')).toHaveValue('');
    await expect(field(page, 'Deal Status')).toHaveValue('For Quotation');
    await expect(field(page, 'Customer Name')).toBeFocused();

    // An Agent deal: Referror and Agent Name appear and are required.
    await fillDeal(page, { customer: 'Maria Clara', tx: 'Renewal', category: 'Motor', product: 'CTPL', tcv: '2000', date: '2025-02-20' });
    await field(page, 'Deal Status').selectOption('Under Negotiation');
    await field(page, 'Sales Group').selectOption('CarSalesGroup');
    await field(page, 'Sales Type').selectOption('Agent');
    await expect(field(page, 'Referror')).toBeVisible();
    await expect(field(page, 'Agent Name')).toBeVisible();
    await page.getByRole('button', { name: 'Save Deal' }).click();
    await expectToast(page, 'error', MSG.dealMissingFields);
    await expect(field(page, 'Referror')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Agent Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Customer Name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(adddeals()).toBe(1);
    await field(page, 'Referror').fill('Jose Rizal');
    await field(page, 'Agent Name').fill('Andres Bonifacio');
    await expectFitsPhone(page, testInfo, 'deals-input-375');
    await press(page.getByRole('button', { name: 'Save Deal' }));
    await expectToast(page, 'success', MSG.dealSaved);
    expect(adddeals()).toBe(2);
    await expect(field(page, 'Sales Type')).toHaveValue('Direct');
    await expect(field(page, 'Referror')).toHaveCount(0);

    // A TCV that is not a number is refused before sending.
    await fillDeal(page, {
      customer: 'Crisostomo Ibarra',
      tx: 'Expansion',
      category: 'Others',
      product: 'Pet Insurance',
      tcv: '12.345',
      date: '2025-03-01',
    });
    await page.getByRole('button', { name: 'Save Deal' }).click();
    await expectToast(page, 'error', MSG.dealSaveFailed);
    await expect(field(page, 'TCV')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('TCV must have at most 2 decimals')).toBeVisible();
    expect(adddeals()).toBe(2);

    // A failing server: 'Failed to Save', and the values stay for another try.
    await field(page, 'TCV').fill('12.34');
    await page.route('**/api/adddeals', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' }),
    );
    // The TCV step's 'Failed to Save' toast may still be open: wait for this click's answer, not for a toast.
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === routes.addDeal.path);
    await page.getByRole('button', { name: 'Save Deal' }).click();
    expect((await refused).status()).toBe(500);
    await expectToast(page, 'error', MSG.dealSaveFailed);
    await expect(field(page, 'Customer Name')).toHaveValue('Crisostomo Ibarra');
    expect(adddeals()).toBe(3);
    await page.unroute('**/api/adddeals');

    // Both saved deals are in the table, with their values.
    await press(subNav(page, 'Your Deals').getByRole('link', { name: 'View Your Deals' }));
    await expect(page).toHaveURL(/\/deals\/dealsview$/);
    await expect(bodyRows(dealsTable(page))).toHaveCount(2);
    await expect(dealRow(page, 'Juan Dela Cruz')).toContainText('Individual');
    await expect(dealRow(page, 'Juan Dela Cruz')).toContainText('₱1,234.50');
    await expect(dealRow(page, 'Juan Dela Cruz')).toContainText('For Quotation');
    await expect(dealRow(page, 'Maria Clara')).toContainText('Renewal');
    await expect(dealRow(page, 'Maria Clara')).toContainText('CTPL');
    await expect(dealRow(page, 'Maria Clara')).toContainText('Under Negotiation');
    await expectDealTotals(page, '₱3,234.50', 2);
  },
);

const TABLE_DEALS: readonly NewDeal[] = [
  { customerName: 'Andrea Reyes', tcv: '1000', effectiveDate: '2025-01-10', product: 'Comprehensive', transactionType: 'New' },
  { customerName: 'Benito Cruz', tcv: '300.25', effectiveDate: '2025-03-20', product: 'GYRT', transactionType: 'Expansion' },
  {
    customerName: 'Carmela Santos',
    tcv: '2000.5',
    effectiveDate: '2025-02-15',
    product: 'Surety Bond',
    transactionType: 'Renewal',
    salesType: 'Agent',
    referror: 'Jose Rizal',
    agent: 'Andres Bonifacio',
    dealStatus: 'For Application',
  },
  { customerName: 'Diego Lim', tcv: '0.1', effectiveDate: '2025-02-01', product: 'Travel Insurance' },
  { customerName: 'Elena Tan', tcv: '0.2', effectiveDate: '2025-04-30', product: 'CGL', dealStatus: 'Did not Continue' },
];

test(
  'deals table: columns, totals, inclusive date filters, EDIT with its checks and statuses',
  PHONE,
  async ({ page, agent, baseURL, press }, testInfo) => {
    const [, , feb, , dnc] = await seedDeals(baseURL!, agent, TABLE_DEALS);
    await signIn(page, agent);
    await page.goto('/deals/dealsview');
    await expect(page.getByRole('heading', { level: 1, name: 'Deals Table' })).toBeVisible();
    await expect(subNav(page, 'Your Deals').getByRole('link', { name: 'View Your Deals' })).toHaveAttribute('aria-current', 'page');

    const table = dealsTable(page);
    await expect(table.getByRole('columnheader')).toHaveText(DEALS_COLUMNS);
    await expect(bodyRows(table)).toHaveCount(5);
    // Newest effective date first, numbered from 1.
    await expectCustomers(table, ['Elena Tan', 'Benito Cruz', 'Carmela Santos', 'Diego Lim', 'Andrea Reyes']);
    await expect(bodyRows(table).locator('td:nth-child(1)')).toHaveText(['1', '2', '3', '4', '5']);
    await expect(dealRow(page, 'Carmela Santos').getByRole('cell').nth(4)).toHaveText('₱2,000.50');
    await expect(dealRow(page, 'Carmela Santos').getByRole('cell').nth(5)).toHaveText('Feb 15, 2025');
    await expect(dealRow(page, 'Carmela Santos').getByRole('cell').nth(7)).toHaveText('For Application');
    await expect(dealRow(page, 'Carmela Santos').locator('time').nth(1)).toHaveAttribute('datetime', feb!.createdat);
    await expectDealTotals(page, '₱3,301.05', 5);

    // From and To are inclusive; either may be empty.
    const from = field(page, 'From');
    const to = field(page, 'To');
    await from.fill('2025-02-01');
    await expect(bodyRows(table)).toHaveCount(4);
    await expectDealTotals(page, '₱2,301.05', 4);
    await to.fill('2025-02-15');
    await expectCustomers(table, ['Carmela Santos', 'Diego Lim']);
    await expectDealTotals(page, '₱2,000.60', 2);
    await from.fill('');
    await expect(bodyRows(table)).toHaveCount(3);
    await expectDealTotals(page, '₱3,000.60', 3);
    await from.fill('2025-02-15');
    await expectDealTotals(page, '₱2,000.50', 1);
    await from.fill('2026-01-01');
    await to.fill('');
    await expect(table.getByText(MSG.noDeals, { exact: true })).toBeVisible();
    await expectDealTotals(page, '₱0.00', 0);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(from).toHaveValue('');
    await expect(bodyRows(table)).toHaveCount(5);
    await expectDealTotals(page, '₱3,301.05', 5);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'deals-table-1440');

    // EDIT: the deal's values; statuses without 'Did not Continue'.
    const editdeals = countRequests(page, routes.editDeal.path);
    await press(dealRow(page, 'Andrea Reyes').getByRole('button', { name: 'EDIT', exact: true }));
    const edit = page.getByRole('dialog', { name: 'Edit Deal' });
    await expect(edit).toBeVisible();
    await expect(field(edit, 'Customer Name')).toHaveValue('Andrea Reyes');
    await expect(field(edit, 'Transaction Type')).toHaveValue('New');
    await expect(field(edit, 'Product Category')).toHaveValue('Motor');
    await expect(field(edit, 'Product')).toHaveValue('Comprehensive');
    await expect(field(edit, 'TCV')).toHaveValue('1000.00');
    await expect(field(edit, 'Effective Date')).toHaveValue('2025-01-10');
    await expect(field(edit, 'Deal Status')).toHaveValue('For Quotation');
    await expect(field(edit, 'Deal Status').locator('option')).toHaveText([
      'For Quotation',
      'Under Negotiation',
      'For Application',
      'For Billing',
      'For Payment Collection',
    ]);
    await expect(field(edit, 'Customer Name')).toBeFocused();
    await expectModalOnScreen(page, edit, 'Save Changes');
    await shot(page, testInfo, 'edit-deal-1440', { fullPage: false });
    // Escape closes without saving.
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    expect(editdeals()).toBe(0);

    await dealRow(page, 'Andrea Reyes').getByRole('button', { name: 'EDIT', exact: true }).click();
    // Required fields are checked before sending.
    await field(edit, 'Customer Name').fill('');
    await field(edit, 'Sales Type').selectOption('Agent');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'error', MSG.dealUpdateFailed);
    await expect(field(edit, 'Customer Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(edit, 'Referror')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(edit, 'Agent Name')).toHaveAttribute('aria-invalid', 'true');
    expect(editdeals()).toBe(0);
    await field(edit, 'Customer Name').fill('Andrea Reyes-Uy');
    await field(edit, 'Sales Type').selectOption('Direct');
    await field(edit, 'TCV').fill('1500.75');
    await field(edit, 'Deal Status').selectOption('For Billing');
    await press(edit.getByRole('button', { name: 'Save Changes' }));
    await expectToast(page, 'success', MSG.dealUpdated);
    await expect(edit).toBeHidden();
    expect(editdeals()).toBe(1);
    await expect(dealRow(page, 'Andrea Reyes-Uy')).toContainText('₱1,500.75');
    await expect(dealRow(page, 'Andrea Reyes-Uy')).toContainText('For Billing');
    await expectDealTotals(page, '₱3,801.80', 5);

    // A deal whose status is 'Did not Continue' keeps it shown as its current value.
    await dealRow(page, 'Elena Tan').getByRole('button', { name: 'EDIT', exact: true }).click();
    await expect(field(edit, 'Deal Status')).toHaveValue(dnc!.deal_status);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    // A failing server: 'Failed to Update Deal', the modal stays open.
    await page.route('**/api/editdeals', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' }),
    );
    await dealRow(page, 'Benito Cruz').getByRole('button', { name: 'EDIT', exact: true }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'error', MSG.dealUpdateFailed);
    await expect(edit).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
    await page.unroute('**/api/editdeals');
  },
);

test(
  'Make as Sales: prefilled, checked, saved; the deal shows it is sold; a second sale is refused; the sale reaches the sales screen and the dashboard',
  PHONE,
  async ({ page, agent, baseURL, press }, testInfo) => {
    await seedDeals(baseURL!, agent, TABLE_DEALS);
    await signIn(page, agent);
    await page.goto('/deals/dealsview');
    await expect(bodyRows(dealsTable(page))).toHaveCount(5);

    // Make as Sales: the deal's values plus Policy Number, Insurer, Plan Name and Effective Date.
    await press(dealRow(page, 'Carmela Santos').getByRole('button', { name: 'Make as Sales', exact: true }));
    const sale = page.getByRole('dialog', { name: 'Add Sales' });
    await expect(sale).toBeVisible();
    await expectModalOnScreen(page, sale, 'Save Sale');
    await expect(field(sale, 'Customer Name')).toHaveValue('Carmela Santos');
    await expect(field(sale, 'Transaction Type')).toHaveValue('Renewal');
    await expect(field(sale, 'Product Category')).toHaveValue('Bonds');
    await expect(field(sale, 'Product')).toHaveValue('Surety Bond');
    await expect(field(sale, 'TCV')).toHaveValue('2000.50');
    await expect(field(sale, 'Sales Type')).toHaveValue('Agent');
    await expect(field(sale, 'Referror')).toHaveValue('Jose Rizal');
    await expect(field(sale, 'Agent Name')).toHaveValue('Andres Bonifacio');
    await expect(field(sale, 'Deal Status')).toHaveValue('For Application');
    await expect(field(sale, 'Sales Group')).toHaveValue('MedicalSalesGroup');
    await expect(field(sale, 'Policy Number')).toHaveValue('');
    await expect(field(sale, 'Insurer')).toHaveValue('');
    await expect(field(sale, 'Plan Name')).toHaveValue('');
    await expect(field(sale, 'Effective Date')).toHaveValue('2025-02-15');
    await expect(field(sale, 'Policy Number')).toBeFocused();
    // The effective date is required for a sale: checked before sending.
    const addsales = countRequests(page, routes.addSale.path);
    await field(sale, 'Effective Date').fill('');
    await sale.getByRole('button', { name: 'Save Sale' }).click();
    await expectToast(page, 'error', MSG.saleSaveFailed);
    await expect(field(sale, 'Effective Date')).toHaveAttribute('aria-invalid', 'true');
    expect(addsales()).toBe(0);
    await field(sale, 'Policy Number').fill('POL-2025-0042');
    await field(sale, 'Insurer').fill('Malayan Insurance');
    await field(sale, 'Plan Name').fill('Surety Gold');
    await field(sale, 'Effective Date').fill('2025-02-28');
    await expect(field(sale, 'Effective Date')).not.toHaveAttribute('aria-invalid', 'true');
    await shot(page, testInfo, 'add-sales-1440', { fullPage: false });
    await press(sale.getByRole('button', { name: 'Save Sale' }));
    await expectToast(page, 'success', MSG.saleAdded);
    await expect(sale).toBeHidden();
    expect(addsales()).toBe(1);

    // The deal shows that it is sold and cannot be sold again.
    const sold = dealRow(page, 'Carmela Santos');
    // In its column, and on a phone also under the customer's name (decision 023): the copy the width shows.
    await expect(sold.getByText('Sold', { exact: true }).filter({ visible: true }).first()).toBeVisible();
    await expect(sold.getByRole('button', { name: 'Make as Sales' })).toBeDisabled();
    await expect(sold.getByRole('button', { name: 'Make as Sales' })).toHaveAccessibleDescription(SOLD_NOTE);
    await expect(sold.getByRole('button', { name: 'EDIT', exact: true })).toBeEnabled();
    await expect(dealRow(page, 'Benito Cruz').getByRole('button', { name: 'Make as Sales' })).toBeEnabled();

    // Sold elsewhere while the form is open: 409 → 'Failed to Save Sale.' and the modal says so.
    const benito = (await seedDealsList(baseURL!, agent)).find((d) => d.customer_name === 'Benito Cruz')!;
    await dealRow(page, 'Benito Cruz').getByRole('button', { name: 'Make as Sales', exact: true }).click();
    await sellDeal(baseURL!, agent, benito, { policy: 'POL-OTHER', effectiveDate: '2025-03-21' });
    await sale.getByRole('button', { name: 'Save Sale' }).click();
    await expectToast(page, 'error', MSG.saleSaveFailed);
    await expect(sale.getByText(MSG.dealAlreadySold)).toBeVisible();
    await expect(sale.getByRole('button', { name: 'Save Sale' })).toBeDisabled();
    await sale.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(sale).toBeHidden();
    // The list reloaded when the modal closed.
    await expect(dealRow(page, 'Benito Cruz').getByRole('button', { name: 'Make as Sales' })).toBeDisabled();

    // The new sale is on the sales screen and in the dashboard's Sales card.
    await goViaMainNav(page, 'Sales');
    await expect(page).toHaveURL(/\/sales\/salesview$/);
    const row = salesTable(page).getByRole('row').filter({ hasText: 'Carmela Santos' });
    // As shown (innerText): on a phone the TCV and the verification follow the name.
    await expect(row.getByRole('cell')).toHaveText(
      [
        /^\d$/,
        /^\d+$/,
        /^Carmela Santos(\s+₱2,000\.50\s+Awaiting verification)?$/,
        'Renewal',
        'Surety Bond',
        '₱2,000.50',
        'POL-2025-0042',
        'Malayan Insurance',
        'Surety Gold',
        // The default term under the effective date: a year less a day (decision 025).
        /^Feb 28, 2025\s+to\s+expires\s+Feb 27, 2026$/,
        'Awaiting verification',
      ],
      { useInnerText: true },
    );
    await expectSalesTotals(page, '₱2,300.75', 2);
    await goViaMainNav(page, 'Dashboard');
    const salesCard = page.getByRole('region', { name: 'Sales', exact: true });
    await expect(salesCard.getByRole('definition')).toHaveText(['2', '₱2,300.75']);
  },
);

/** The agent's deals as the API lists them. */
async function seedDealsList(baseURL: string, agent: Agent): Promise<DealRecord[]> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    return (await (await c.csrfPost(routes.getDeals.path, { id: agent.id })).json()) as DealRecord[];
  } finally {
    await c.dispose();
  }
}

test(
  'the modals at 375 px: they fit, trap focus and close on Escape; the deals table scrolls inside its card',
  PHONE,
  async ({ page, agent, baseURL, press }, testInfo) => {
    const [, corazon] = await seedDeals(baseURL!, agent, [
      {
        customerName: 'Ramon Magsaysay',
        tcv: '45000',
        effectiveDate: '2025-05-05',
        product: 'Group Accident',
        salesType: 'Agent',
        referror: 'Jose Rizal',
        agent: 'Andres Bonifacio',
      },
      { customerName: 'Corazon Aquino', tcv: '1250000.99', effectiveDate: '2025-06-06', product: 'Memorial Plan' },
    ]);
    // A sold deal carries a visually hidden note ('Already made into a sale'): it must not widen the page.
    await sellDeal(baseURL!, agent, corazon!, { policy: 'POL-375', effectiveDate: '2025-06-07' });
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, agent);
    await page.goto('/deals/dealsview');
    await expect(bodyRows(dealsTable(page))).toHaveCount(2);
    await expectNoHorizontalOverflow(page, 375);
    // The table is wider than the phone: it scrolls inside its own box.
    const scroller = dealsTable(page).locator('xpath=..');
    const { scrollWidth, clientWidth, overflowX } = await scroller.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      overflowX: getComputedStyle(el).overflowX,
    }));
    expect(overflowX).toBe('auto');
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    // The row actions are on the screen without scrolling the table: the action column stays at its right edge.
    // (The window scrolls down to the row: on a phone each row also shows its TCV and status under the name.)
    await dealRow(page, 'Ramon Magsaysay').evaluate((row) => window.scrollTo(0, row.getBoundingClientRect().top + window.scrollY - 200));
    for (const name of ['Make as Sales', 'EDIT']) {
      await expect(dealRow(page, 'Ramon Magsaysay').getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    // The scroll box can be reached by keyboard and is named.
    await expect(page.getByRole('region', { name: 'Your deals' })).toHaveAttribute('tabindex', '0');
    await shot(page, testInfo, 'deals-table-375');

    await press(dealRow(page, 'Ramon Magsaysay').getByRole('button', { name: 'Make as Sales', exact: true }));
    const sale = page.getByRole('dialog', { name: 'Add Sales' });
    await expect(sale).toBeVisible();
    await expectNoHorizontalOverflow(page, 375);
    await expectModalOnScreen(page, sale, 'Save Sale');
    await shot(page, testInfo, 'add-sales-375', { fullPage: false });
    // Focus stays inside the dialog.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await sale.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(sale).toBeHidden();
    await expect(dealRow(page, 'Ramon Magsaysay').getByRole('button', { name: 'Make as Sales' })).toBeFocused();

    await press(dealRow(page, 'Corazon Aquino').getByRole('button', { name: 'EDIT', exact: true }));
    const edit = page.getByRole('dialog', { name: 'Edit Deal' });
    await expect(field(edit, 'TCV')).toHaveValue('1250000.99');
    await expectNoHorizontalOverflow(page, 375);
    await expectModalOnScreen(page, edit, 'Save Changes');
    await shot(page, testInfo, 'edit-deal-375', { fullPage: false });
    // The last field can be scrolled to inside the dialog, and Save stays on the screen meanwhile.
    await field(edit, 'Sales Group').scrollIntoViewIfNeeded();
    await expect(field(edit, 'Sales Group')).toBeInViewport();
    await expect(edit.getByRole('button', { name: 'Save Changes' })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
  },
);

test(
  'sales: columns, totals, inclusive date filters, and Export To Excel of only the filtered rows',
  PHONE,
  async ({ page, agent, baseURL, press }, testInfo) => {
    const deals = await seedDeals(baseURL!, agent, [
      { customerName: 'Lapu Lapu', tcv: '1500', effectiveDate: '2025-01-05', product: 'Comprehensive', transactionType: 'New' },
      { customerName: 'Gabriela Silang', tcv: '2750.25', effectiveDate: '2025-02-10', product: 'Prepaid', transactionType: 'Renewal' },
      {
        customerName: 'Apolinario Mabini',
        tcv: '1234567.89',
        effectiveDate: '2025-03-15',
        product: 'Professional Indemnity',
        transactionType: 'Expansion',
      },
    ]);
    // The export builds the workbook in a Web Worker: no script error, no CSP violation on the way.
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource.*401/.test(message.text())) problems.push(message.text());
    });
    const saleDates = ['2025-01-31', '2025-02-28', '2025-03-31'];
    for (const [i, deal] of deals.entries()) {
      await sellDeal(baseURL!, agent, deal, { policy: `POL-${i + 1}`, effectiveDate: saleDates[i]! });
    }
    await signIn(page, agent);
    await page.goto('/sales/salesview');
    await expect(page.getByRole('heading', { level: 1, name: 'Sales', exact: true })).toBeVisible();
    const nav = subNav(page, 'Your Sales');
    await expect(nav.getByRole('link')).toHaveText(['View Your Sales']);
    await expect(nav.getByRole('link', { name: 'View Your Sales' })).toHaveAttribute('aria-current', 'page');

    const table = salesTable(page);
    await expect(table.getByRole('columnheader')).toHaveText(SALES_COLUMNS);
    // Each customer's cell starts with the name (on a phone the TCV and the verification follow it).
    await expect(bodyRows(table).locator('td:nth-child(3)')).toHaveText([/^Apolinario Mabini/, /^Gabriela Silang/, /^Lapu Lapu/]);
    await expectSalesTotals(page, '₱1,238,818.14', 3);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'sales-1440');

    const fromInput = field(page, 'From:');
    const toInput = field(page, 'To:');
    await expect(fromInput).toHaveAttribute('type', 'date');
    await fromInput.fill('2025-02-28');
    await expectSalesTotals(page, '₱1,237,318.14', 2);
    await toInput.fill('2025-02-28');
    await expect(bodyRows(table).locator('td:nth-child(3)')).toHaveText([/^Gabriela Silang/]);
    await expectSalesTotals(page, '₱2,750.25', 1);
    await fromInput.fill('');
    await expect(bodyRows(table).locator('td:nth-child(3)')).toHaveText([/^Gabriela Silang/, /^Lapu Lapu/]);
    await expectSalesTotals(page, '₱4,250.25', 2);

    // Export To Excel: sales_data.xlsx, one sheet 'Sales', a header row, only the filtered rows.
    const downloadPromise = page.waitForEvent('download');
    await press(page.getByRole('button', { name: 'Export To Excel' }));
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('sales_data.xlsx');
    const file = testInfo.outputPath('sales_data.xlsx');
    await download.saveAs(file);
    const sheets = await readExcelFile(file);
    expect(sheets.map((s) => s.sheet)).toEqual(['Sales']);
    const [header, ...rows] = sheets[0]!.data as unknown[][];
    expect(header).toEqual(EXPORT_HEADER);
    expect(rows).toHaveLength(2);
    const byName = new Map(rows.map((r) => [r[1], r]));
    const gabriela = byName.get('Gabriela Silang')!;
    expect(gabriela.slice(1, 8)).toEqual(['Gabriela Silang', 'Renewal', 'Prepaid', 2750.25, 'POL-2', 'Malayan Insurance', 'Gold Plan']);
    expect(typeof gabriela[0]).toBe('number');
    expect(typeof gabriela[4]).toBe('number');
    // The effective date is a date cell holding that calendar day.
    expect(gabriela[8]).toBeInstanceOf(Date);
    expect((gabriela[8] as Date).toISOString().slice(0, 10)).toBe('2025-02-28');
    // So is the expiry date: a year after, less a day (decision 025).
    expect((gabriela[9] as Date).toISOString().slice(0, 10)).toBe('2026-02-27');
    expect(gabriela.slice(10)).toEqual(['Awaiting verification', null, null, null, null]);
    expect(byName.get('Lapu Lapu')![4]).toBe(1500);
    expect(byName.has('Apolinario Mabini')).toBe(false);
    // In the order shown on the screen.
    expect(rows.map((r) => r[1])).toEqual(['Gabriela Silang', 'Lapu Lapu']);

    expect(problems).toEqual([]);

    // Where the worker cannot start, the page builds the same file itself.
    let blocked = 0;
    await page.route('**/sales-workbook.worker-*.js', (route) => {
      blocked++;
      return route.abort();
    });
    const fallbackPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export To Excel' }).click();
    const fallback = await fallbackPromise;
    expect(fallback.suggestedFilename()).toBe('sales_data.xlsx');
    const fallbackFile = testInfo.outputPath('sales_data-fallback.xlsx');
    await fallback.saveAs(fallbackFile);
    expect((await readExcelFile(fallbackFile))[0]!.data).toEqual(sheets[0]!.data);
    expect(blocked).toBe(1);
    await page.unroute('**/sales-workbook.worker-*.js');

    await press(page.getByRole('button', { name: 'Clear Filters' }));
    await expectSalesTotals(page, '₱1,238,818.14', 3);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(page, 375);
    await shot(page, testInfo, 'sales-375');
  },
);

test('a sale without a policy number: the sales page still fits a phone', PHONE, async ({ page, agent }, testInfo) => {
  const sale = {
    id: 7,
    deal_id: 7,
    customer_name: 'Melchora Aquino',
    tx_type: 'New',
    product: 'Individual',
    tcv: 1441234.56,
    policy_number: null,
    insurer: null,
    plan_name: null,
    effective_date: '2025-05-01',
    sales_type: 'Direct',
    referror: null,
    agent: null,
    sales_group: 'MedicalSalesGroup',
    createdat: '2025-05-01T00:00:00.000Z',
    verification: 'unverified',
    verified_at: null,
    verified_by_name: null,
    rejection_reason: null,
    cancelled_on: null,
    cancel_reason: null,
    refund: null,
    cancelled_by_name: null,
    cancelled_at: null,
    expiry_date: '2026-04-30',
    customer_contact: null,
    customer_email: null,
    renews_sale_id: null,
    verified_from: null,
  };
  await page.route(`**${routes.salesPage.path}`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ rows: [sale], next_cursor: null, count: 1, counted: 1, tcv: sale.tcv }),
    }),
  );
  await signIn(page, agent);
  await page.goto('/sales/salesview');
  await expect(salesTable(page).getByRole('row').filter({ hasText: 'Melchora Aquino' }).getByRole('cell').nth(6)).toHaveText('—none');
  await expectSalesTotals(page, '₱1,441,234.56', 1);
  await expectFitsPhone(page, testInfo, 'sales-no-policy-375');
});

test(
  'catalogue values read as labels: Performance Bond, Medical Sales Group in the table, the selects, the sales screen and the export; a reversed date filter says so',
  PHONE,
  async ({ page, agent, baseURL, press }, testInfo) => {
    // Never the spec's raw spelling on screen (decision 023); it is still what the API stores and is sent.
    const RAW = /Perfomance|MedicalSalesGroup|CarSalesGroup|residential\(|Bond\(Others\)/;
    const [bond, fire] = await seedDeals(baseURL!, agent, [
      { customerName: 'Teodora Alonso', tcv: '25000', effectiveDate: '2025-02-10', product: 'Perfomance Bond' },
      { customerName: 'Josefa Llanes', tcv: '1800', effectiveDate: '2025-03-05', product: 'residential(Outside Village)' },
    ]);
    expect([bond!.product, bond!.sales_group, fire!.product]).toEqual([
      'Perfomance Bond',
      'MedicalSalesGroup',
      'residential(Outside Village)',
    ]);
    await sellDeal(baseURL!, agent, bond!, { policy: 'PB-0001', effectiveDate: '2025-02-10' });
    const wide = !isNarrow(page);
    if (wide) await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, agent);
    await page.goto('/deals/dealsview');

    // The deals table: the product's label.
    await expect(dealRow(page, 'Teodora Alonso').getByRole('cell').nth(3)).toHaveText('Performance Bond');
    await expect(dealRow(page, 'Josefa Llanes').getByRole('cell').nth(3)).toHaveText('Residential (Outside Village)');
    await expect(page.locator('body')).not.toContainText(RAW);
    await shot(page, testInfo, 'labels-deals-1366');

    // A To before the From: the filter says so in the words every From/To filter uses, and shows nothing.
    const from = field(page, 'From');
    const to = field(page, 'To');
    await from.fill('2025-03-01');
    await to.fill('2025-02-01');
    const reversed = page.getByText('To must not be before From', { exact: true });
    await expect(reversed).toBeVisible();
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(to).toHaveAccessibleDescription('To must not be before From');
    await expect(dealRow(page, 'Teodora Alonso')).toHaveCount(0);
    await expectDealTotals(page, '₱0.00', 0);
    await expectFitsViewport(page);
    await shot(page, testInfo, 'labels-deals-reversed-1366');
    await to.fill('2025-03-31');
    await expect(reversed).toBeHidden();
    await expect(to).not.toHaveAttribute('aria-invalid', 'true');
    await expect(dealRow(page, 'Josefa Llanes')).toBeVisible();
    await press(page.getByRole('button', { name: 'Clear Filters' }));

    // EDIT: the selects show the labels of the deal's values, and send the values themselves.
    await press(dealRow(page, 'Josefa Llanes').getByRole('button', { name: 'EDIT', exact: true }));
    const edit = page.getByRole('dialog', { name: 'Edit Deal' });
    await expect(field(edit, 'Product')).toHaveValue('residential(Outside Village)');
    await expect(field(edit, 'Product').locator('option:checked')).toHaveText('Residential (Outside Village)');
    await expect(field(edit, 'Sales Group')).toHaveValue('MedicalSalesGroup');
    await expect(field(edit, 'Sales Group').locator('option:checked')).toHaveText('Medical Sales Group');
    await field(edit, 'Product Category').selectOption('Bonds');
    await field(edit, 'Product').selectOption({ label: 'Performance Bond' });
    await field(edit, 'Sales Group').selectOption({ label: 'Car Sales Group' });
    await expect(page.locator('body')).not.toContainText(RAW);
    await expectModalOnScreen(page, edit, 'Save Changes');
    await shot(page, testInfo, 'labels-edit-deal-1366', { fullPage: false });
    const saved = page.waitForRequest((r) => new URL(r.url()).pathname === routes.editDeal.path);
    await press(edit.getByRole('button', { name: 'Save Changes' }));
    const sent = (await saved).postDataJSON() as { formData: { product: string; sales_group: string } };
    expect([sent.formData.product, sent.formData.sales_group]).toEqual(['Perfomance Bond', 'CarSalesGroup']);
    await expectToast(page, 'success', MSG.dealUpdated);
    await expect(dealRow(page, 'Josefa Llanes').getByRole('cell').nth(3)).toHaveText('Performance Bond');

    // The sales screen and its export: the label too.
    await page.goto('/sales/salesview');
    const sale = salesTable(page).getByRole('row').filter({ hasText: 'Teodora Alonso' });
    await expect(sale.getByRole('cell').nth(4)).toHaveText('Performance Bond');
    await expect(page.locator('body')).not.toContainText(RAW);
    await shot(page, testInfo, 'labels-sales-1366');
    await field(page, 'From:').fill('2025-02-11');
    await field(page, 'To:').fill('2025-02-10');
    await expect(page.getByText('To must not be before From', { exact: true })).toBeVisible();
    await expectFitsViewport(page);
    await shot(page, testInfo, 'labels-sales-reversed-1366');
    await press(page.getByRole('button', { name: 'Clear Filters' }));
    await expect(page.getByText('To must not be before From', { exact: true })).toBeHidden();
    const downloadPromise = page.waitForEvent('download');
    await press(page.getByRole('button', { name: 'Export To Excel' }));
    const file = testInfo.outputPath('sales_data.xlsx');
    await (await downloadPromise).saveAs(file);
    const [header, ...rows] = (await readExcelFile(file))[0]!.data as unknown[][];
    expect(header).toEqual(EXPORT_HEADER);
    expect(rows.map((r) => [r[1], r[3]])).toEqual([['Teodora Alonso', 'Performance Bond']]);
  },
);

test('2,000 sales: the table shows 100 at a time, 100 more on request, the totals of all of them; the export holds all of them (a large workbook under the CSP)', async ({
  page,
  agent,
}, testInfo) => {
  // The sales come from stand-in answers: 2,000 rows make a sheet far above the 160 kB at which
  // the zip library would switch to blob: workers, which the CSP forbids. The table asks for pages
  // (salespage, 100 after the cursor, decision 036); the export for the whole list (getsales).
  const sales = Array.from({ length: 2000 }, (_, i) => ({
    id: 5000 - i,
    deal_id: 5000 - i,
    customer_name: `Customer ${i + 1}`,
    tx_type: 'New',
    product: 'Individual',
    tcv: 1000 + i / 100,
    policy_number: `POL-${i + 1}`,
    insurer: 'Malayan Insurance',
    plan_name: 'Gold Plan',
    effective_date: `2025-${String((i % 12) + 1).padStart(2, '0')}-15`,
    sales_type: 'Direct',
    referror: null,
    agent: null,
    sales_group: 'MedicalSalesGroup',
    createdat: '2025-01-01T00:00:00.000Z',
    verification: 'unverified',
    verified_at: null,
    verified_by_name: null,
    rejection_reason: null,
    cancelled_on: null,
    cancel_reason: null,
    refund: null,
    cancelled_by_name: null,
    cancelled_at: null,
    expiry_date: null,
    customer_contact: null,
    customer_email: null,
    renews_sale_id: null,
    verified_from: null,
  }));
  const tcvCentavos = sales.reduce((sum, s) => sum + Math.round(s.tcv * 100), 0);
  await page.route(`**${routes.salesPage.path}`, (route) => {
    const { limit, cursor } = route.request().postDataJSON() as { limit: number; cursor: string | null };
    const start = cursor ? Number(cursor.slice(1)) : 0;
    const end = Math.min(start + limit, sales.length);
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        rows: sales.slice(start, end),
        next_cursor: end < sales.length ? `c${end}` : null,
        count: sales.length,
        counted: sales.length,
        tcv: tcvCentavos / 100,
      }),
    });
  });
  await page.route(`**${routes.getSales.path}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(sales) }),
  );
  await signIn(page, agent);
  await page.goto('/sales/salesview');
  await expect(bodyRows(salesTable(page))).toHaveCount(100);
  await expect(page.getByText('Showing 100 of 2,000 sales')).toBeVisible();
  // Totals and the export cover every sale, not only the rows on screen.
  await expectSalesTotals(page, formatPesoText(tcvCentavos), 2000);
  await page.getByRole('button', { name: 'Show 100 more' }).click();
  await expect(bodyRows(salesTable(page))).toHaveCount(200);
  await expect(page.getByText('Showing 200 of 2,000 sales')).toBeVisible();
  await expect(bodyRows(salesTable(page)).last()).toContainText('Customer 200');
  // No 'Show all' on a list paged by the server (decision 036).
  await expect(page.getByRole('button', { name: /^Show all/ })).toHaveCount(0);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export To Excel' }).click();
  const download = await downloadPromise;
  const file = testInfo.outputPath('sales_data.xlsx');
  await download.saveAs(file);
  const [sheet] = await readExcelFile(file);
  expect(sheet!.data).toHaveLength(2001);
  expect(sheet!.data[2000]!.slice(0, 5)).toEqual([3001, 'Customer 2000', 'New', 'Individual', 1019.99]);
  await expect(page.getByRole('button', { name: 'Export To Excel' })).toBeEnabled();
});

test('130 deals: the table shows the first 100, Show more loads the other 30 from the server, the totals count all 130', async ({
  page,
  agent,
  baseURL,
}) => {
  const deals = Array.from({ length: 130 }, (_, i) => ({
    customerName: `Client ${String(i + 1).padStart(3, '0')}`,
    tcv: `${100 + i}.25`,
    // Client 001 has the newest effective date: the table lists it first.
    effectiveDate: `2025-${String(12 - Math.floor(i / 28)).padStart(2, '0')}-${String(28 - (i % 28)).padStart(2, '0')}`,
  }));
  await seedDeals(baseURL!, agent, deals);
  const pages: unknown[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === routes.dealsPage.path) pages.push(r.postDataJSON());
  });
  await signIn(page, agent);
  await page.goto('/deals/dealsview');
  const table = dealsTable(page);
  await expect(bodyRows(table)).toHaveCount(100);
  await expect(page.getByText('Showing 100 of 130 deals')).toBeVisible();
  const totalCentavos = deals.reduce((sum, d) => sum + Math.round(Number(d.tcv) * 100), 0);
  await expectDealTotals(page, formatPesoText(totalCentavos), 130);
  await expect(bodyRows(table).first()).toContainText('Client 001');
  await expect(bodyRows(table).last()).toContainText('Client 100');
  expect(pages).toHaveLength(1);

  await page.getByRole('button', { name: 'Show 30 more' }).click();
  await expect(bodyRows(table)).toHaveCount(130);
  await expect(page.getByText('Showing all 130 deals')).toBeVisible();
  await expect(bodyRows(table).last()).toContainText('Client 130');
  await expectDealTotals(page, formatPesoText(totalCentavos), 130);
  // The second page was asked of the server after the first: 100 rows, the cursor it gave.
  expect(pages).toHaveLength(2);
  expect(pages[1]).toMatchObject({ id: agent.id, limit: 100, cursor: expect.any(String) });
});

/** A sum of centavos as the page shows it: ₱1,234.50. */
function formatPesoText(centavos: number): string {
  return `₱${(centavos / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

test(
  "empty states: 'No deals available.' and 'No sales records found.'; Export To Excel waits for rows",
  PHONE,
  async ({ page, agent, press }, testInfo) => {
    await signIn(page, agent);
    await page.goto('/deals/dealsview');
    await expect(dealsTable(page).getByText(MSG.noDeals, { exact: true })).toBeVisible();
    await expectDealTotals(page, '₱0.00', 0);
    await expectCentredInCard(page, dealsTable(page), dealsTable(page).getByText(MSG.noDeals, { exact: true }));
    await expectFitsViewport(page);
    await shot(page, testInfo, 'deals-table-empty-1440');

    await page.goto('/sales/salesview');
    await expect(salesTable(page).getByText(MSG.noSales, { exact: true })).toBeVisible();
    await expectSalesTotals(page, '₱0.00', 0);
    await expectCentredInCard(page, salesTable(page), salesTable(page).getByText(MSG.noSales, { exact: true }));
    await expectFitsViewport(page);
    await shot(page, testInfo, 'sales-empty-1440');
    await expect(page.getByRole('button', { name: 'Export To Excel' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();

    // A list that cannot be loaded says so and offers another try (no toast: a failed load is silent).
    await page.route(`**${routes.salesPage.path}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' }),
    );
    await page.reload();
    await expect(salesTable(page).getByText('Your sales could not be loaded.')).toBeVisible();
    await expectCentredInCard(page, salesTable(page), salesTable(page).getByText('Your sales could not be loaded.'));
    await page.unroute(`**${routes.salesPage.path}`);
    await press(salesTable(page).getByRole('button', { name: 'Try again' }));
    await expect(salesTable(page).getByText(MSG.noSales, { exact: true })).toBeVisible();

    // /sales/salesinput exists: the sales sub-navigation and a way on.
    await page.goto('/sales/salesinput');
    await expect(page.getByRole('heading', { level: 1, name: 'Sales', exact: true })).toBeVisible();
    await subNav(page, 'Your Sales').getByRole('link', { name: 'View Your Sales' }).click();
    await expect(page).toHaveURL(/\/sales\/salesview$/);
  },
);

test('deals that cannot be loaded: the table and the totals both end in an error with Try again', async ({ page, agent, baseURL }) => {
  await seedDeals(baseURL!, agent, [{ customerName: 'Teresa Magbanua', tcv: '500', effectiveDate: '2025-01-01' }]);
  await page.route(`**${routes.dealsPage.path}`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' }),
  );
  await signIn(page, agent);
  await page.goto('/deals/dealsview');
  await expect(dealsTable(page).getByText('Your deals could not be loaded.')).toBeVisible();
  await expect(page.getByText('Your totals could not be loaded.')).toBeVisible();
  // No placeholder is left loading.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await page.unroute(`**${routes.dealsPage.path}`);
  await page.getByRole('button', { name: 'Try again' }).first().click();
  await expect(bodyRows(dealsTable(page))).toHaveCount(1);
  await expectDealTotals(page, '₱500.00', 1);
  await expect(page.getByText('Your totals could not be loaded.')).toHaveCount(0);
});

test('money is exact: sales of ₱0.10 and ₱0.20 total ₱0.30, in the deals table and on the sales screen', async ({
  page,
  agent,
  baseURL,
}) => {
  await seedSales(baseURL!, agent, [0.1, 0.2]);
  await signIn(page, agent);
  await page.goto('/sales/salesview');
  await expectSalesTotals(page, '₱0.30', 2);
  await page.goto('/deals/dealsview');
  await expectDealTotals(page, '₱0.30', 2);
  // The Sold column's badges (the copies under the names are a phone's, hidden here).
  await expect(dealsTable(page).getByText('Sold', { exact: true }).filter({ visible: true })).toHaveCount(2);
});
