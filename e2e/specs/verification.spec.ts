import type { Locator, Page } from '@playwright/test';
import { todayInManila } from '@ahente/contract/dates';
import { holdReason } from '@ahente/contract/licences';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { COUNTED_SALES_NOTE } from '@ahente/contract/sales';
import { expectFitsPhone, expectToast, goViaMainNav, signIn, signInAdmin } from '../support/app.ts';
import { ADMIN, expect, loginApi, PHONE, shot, test, type Agent } from '../support/fixtures.ts';
import { licenseAgent, salesOf, verifySales } from '../support/verification.ts';

/**
 * Verified sales (decision 018): the admin's Sales to verify page, and what the agent sees of the
 * decisions in their sales, ledger and dashboard. The products are rated by no other spec:
 * 'Bond(Others)' (Non-Life, which the agent is licensed for) and 'Group MRI(CGLI)' (Life, which
 * they are not: its commission is held).
 */

const TODAY = todayInManila();
const NON_LIFE = 'Bond(Others)';
const LIFE = 'Group MRI(CGLI)';
const REASON = 'No policy issued by the insurer';

interface NewSale {
  customer: string;
  tcv: string;
  product?: string;
  effectiveDate?: string;
}

/** Records each as a deal made into a sale, through the agent's API; the sales' ids, in order. */
async function sell(baseURL: string, agent: Agent, sales: readonly NewSale[]): Promise<number[]> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const ids: number[] = [];
    for (const s of sales) {
      const product = s.product ?? NON_LIFE;
      const effectiveDate = s.effectiveDate ?? '2026-03-01';
      const dealRes = await c.csrfPost(routes.addDeal.path, {
        id: agent.id,
        customerName: s.customer,
        transactionType: 'New',
        product,
        tcvValue: s.tcv,
        effectiveDate,
      });
      if (!dealRes.ok()) throw new Error(`adddeals: ${dealRes.status()} ${await dealRes.text()}`);
      const { deal } = (await dealRes.json()) as { deal: { id: number } };
      const saleRes = await c.csrfPost(routes.addSale.path, {
        id: agent.id,
        formData: {
          dealid: deal.id,
          customerName: s.customer,
          product,
          tcv: s.tcv,
          sales_type: 'Direct',
          policy: `POL-${s.customer.split(' ')[0]}`,
          insurer: 'Malayan Insurance',
          effectiveDate,
        },
      });
      if (!saleRes.ok()) throw new Error(`addsales: ${saleRes.status()} ${await saleRes.text()}`);
      ids.push(((await saleRes.json()) as { sale: { id: number } }).sale.id);
    }
    return ids;
  } finally {
    await c.dispose();
  }
}

/** A product rate from today, through the admin API. */
async function setRate(baseURL: string, product: string, rate: string) {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  try {
    const res = await admin.csrfPost(routes.setCommissionRate.path, { kind: 'product', key: product, rate, effective_from: TODAY });
    if (!res.ok()) throw new Error(`setcommissionrate: ${res.status()} ${await res.text()}`);
  } finally {
    await admin.dispose();
  }
}

const bodyRows = (table: Locator) => table.locator('tbody').getByRole('row');
const rowOf = (table: Locator, text: string) => bodyRows(table).filter({ hasText: text });

/** The customers listed on Sales to verify, top to bottom. */
const customersListed = (page: Page) => bodyRows(page.getByRole('table', { name: 'Sales to verify' })).locator('td:nth-child(4)');

test('an admin verifies a batch of sales (select-all, the total selected), rejects one with a reason, and is told when one was decided first', async ({
  page,
  baseURL,
  agent,
}, testInfo) => {
  test.slow();
  const [lorenzo, teresa, diego, ramon, emilio] = await sell(baseURL!, agent, [
    { customer: 'Lorenzo Ruiz', tcv: '100000' },
    { customer: 'Teresa Magbanua', tcv: '50000' },
    { customer: 'Diego Silang', tcv: '20000' },
    { customer: 'Ramon Aquino', tcv: '10000', product: LIFE },
    { customer: 'Emilio Jacinto', tcv: '5000', effectiveDate: '2026-06-30' },
  ]);

  await signInAdmin(page);
  await goViaMainNav(page, 'Admin Panel');
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Sales to verify', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/verifysales$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sales to verify' })).toBeVisible();

  // This agent's sales (others' sales are there too), largest TCV first.
  await page.getByLabel('Agent', { exact: true }).fill(agent.lname);
  await expect(customersListed(page)).toHaveText(['Lorenzo Ruiz', 'Teresa Magbanua', 'Diego Silang', 'Ramon Aquino', 'Emilio Jacinto']);
  const table = page.getByRole('table', { name: 'Sales to verify' });
  await expect(table.getByRole('columnheader')).toHaveText([
    '',
    'Sale',
    'Agent',
    'Customer',
    'Product',
    'Insurer / Policy Number',
    'TCV',
    'Effective Date',
    'Recorded',
  ]);
  const lorenzoCells = rowOf(table, 'Lorenzo Ruiz').getByRole('cell');
  await expect(lorenzoCells.nth(1)).toHaveText(`#${lorenzo}`);
  await expect(lorenzoCells.nth(2)).toContainText(agent.name);
  await expect(lorenzoCells.nth(2)).toContainText(`ID#: ${agent.id}`);
  await expect(lorenzoCells.nth(4)).toHaveText('Bond (Others)');
  await expect(lorenzoCells.nth(5)).toHaveText('Malayan InsurancePOL-Lorenzo');
  await expect(lorenzoCells.nth(6)).toHaveText('₱100,000.00Not on a statement');
  await expect(lorenzoCells.nth(7)).toHaveText('Mar 1, 2026');
  const totals = page.getByRole('main').getByRole('definition');
  await expect(totals).toHaveText(['5', '₱185,000.00']);
  const selection = page.getByRole('group', { name: 'Selected sales' });
  await expect(selection.getByRole('status')).toHaveText('No sale selected');
  await expect(selection.getByRole('button', { name: 'Verify' })).toBeDisabled();

  // Reject one, with its reason (required).
  await page.getByRole('checkbox', { name: `Select sale #${diego}, Diego Silang, ₱20,000.00` }).check();
  await expect(selection.getByRole('status')).toHaveText('1 selected · ₱20,000.00 TCV selected');
  await selection.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject 1 sale' });
  await expect(dialog).toContainText('1 sale · ₱20,000.00 TCV');
  await dialog.getByRole('button', { name: 'Reject sale' }).click();
  await expect(dialog.getByText('Reason is required to reject')).toBeVisible();
  await dialog.getByLabel('Reason').fill(REASON);
  await dialog.getByRole('button', { name: 'Reject sale' }).click();
  await expectToast(page, 'success', 'Rejected 1 sale (₱20,000.00 TCV).');
  await expect(dialog).toBeHidden();
  await expect(customersListed(page)).toHaveText(['Lorenzo Ruiz', 'Teresa Magbanua', 'Ramon Aquino', 'Emilio Jacinto']);
  await expect(selection.getByRole('status')).toHaveText('No sale selected');

  // Effective up to March: select all three listed.
  await page.getByLabel('Effective to').fill('2026-03-31');
  await expect(customersListed(page)).toHaveText(['Lorenzo Ruiz', 'Teresa Magbanua', 'Ramon Aquino']);
  await page.getByRole('checkbox', { name: 'Select all 3 sales listed' }).check();
  await expect(selection.getByRole('status')).toHaveText('3 selected · ₱160,000.00 TCV selected');
  await shot(page, testInfo, 'verify-sales-1440');

  // Another admin verifies one of them first: nothing is changed, the server says which, and the list is read again.
  await verifySales(baseURL!, [ramon!]);
  await selection.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'error', `Already decided, nothing was changed: sale #${ramon}`);
  await expect(customersListed(page)).toHaveText(['Lorenzo Ruiz', 'Teresa Magbanua']);
  await expect(selection.getByRole('status')).toHaveText('2 selected · ₱150,000.00 TCV selected');
  await selection.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'success', 'Verified 2 sales (₱150,000.00 TCV).');
  await expect(table.getByText('No sales awaiting verification')).toBeVisible();
  await expect(table.getByText('No unverified sale matches these filters.')).toBeVisible();
  await expect(selection.getByRole('status')).toHaveText('No sale selected');

  // Without the date filter, what is left of the agent's: the sale effective in June.
  await page.getByLabel('Effective to').fill('');
  await expect(customersListed(page)).toHaveText(['Emilio Jacinto']);
  await expect(totals).toHaveText(['1', '₱5,000.00']);
  await expectFitsPhone(page, testInfo, 'verify-sales-375');

  // What the agency decided, as the agent's client reads it.
  const decided = new Map((await salesOf(baseURL!, agent)).map((s) => [s.id, s]));
  expect([lorenzo, teresa, diego, ramon, emilio].map((id) => decided.get(id!)?.verification)).toEqual([
    'verified',
    'verified',
    'rejected',
    'verified',
    'unverified',
  ]);
  expect(decided.get(diego!)?.rejection_reason).toBe(REASON);
});

test('Sales to verify: more unverified sales than listed, none at all, and a list that cannot be loaded', async ({ page }) => {
  const sale = {
    id: 901,
    deal_id: 901,
    customer_name: 'Josefa Llanes',
    tx_type: 'New',
    product: NON_LIFE,
    tcv: 2500,
    policy_number: null,
    insurer: null,
    plan_name: null,
    effective_date: '2026-03-01',
    sales_type: 'Direct',
    referror: null,
    agent: null,
    sales_group: 'MedicalSalesGroup',
    createdat: '2026-03-01T02:00:00.000Z',
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
    member_id: 42,
    agent_name: 'Juan Dela Cruz',
    statement_paid: false,
  };
  let answer: { status: number; body: unknown } = { status: 200, body: { sales: [sale], count: 812, tcv: 9_876_543.21, insurers: [] } };
  await page.route(`**${routes.salesToVerify.path}`, (route) =>
    route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }),
  );
  await signInAdmin(page);
  await page.goto('/admin/verifysales');
  await expect(page.getByText('Showing the 1 largest of 812.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('definition')).toHaveText(['812', '₱9,876,543.21']);
  await expect(customersListed(page)).toHaveText(['Josefa Llanes']);

  answer = { status: 200, body: { sales: [], count: 0, tcv: 0, insurers: [] } };
  await page.reload();
  const table = page.getByRole('table', { name: 'Sales to verify' });
  await expect(table.getByText('No sales awaiting verification')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select all 0 sales listed' })).toBeDisabled();

  answer = { status: 500, body: { error: 'Internal Server Error' } };
  await page.reload();
  await expect(table.getByText('The sales to verify could not be loaded.')).toBeVisible();
  answer = { status: 200, body: { sales: [sale], count: 1, tcv: 2500, insurers: [] } };
  await table.getByRole('button', { name: 'Try again' }).click();
  await expect(customersListed(page)).toHaveText(['Josefa Llanes']);
  await expect(page.getByText(/^Showing the/)).toHaveCount(0);
});

test(
  'an agent sees Verified, Rejected with its reason and Awaiting verification, sells the rejected deal again, and their ledger and dashboard show what is payable, awaiting verification and held',
  PHONE,
  async ({ page, baseURL, agent, press }, testInfo) => {
    test.slow();
    await setRate(baseURL!, NON_LIFE, '10');
    await setRate(baseURL!, LIFE, '10');
    // A Non-Life licence only: the Life product's commission is held.
    await licenseAgent(baseURL!, agent, { line: 'Non-Life' });
    const [lorenzo, teresa, diego, ramon] = await sell(baseURL!, agent, [
      { customer: 'Lorenzo Ruiz', tcv: '100000', effectiveDate: '2026-03-05' },
      { customer: 'Teresa Magbanua', tcv: '50000', effectiveDate: '2026-03-04' },
      { customer: 'Diego Silang', tcv: '20000', effectiveDate: '2026-03-03' },
      { customer: 'Ramon Aquino', tcv: '10000', product: LIFE, effectiveDate: '2026-03-02' },
      { customer: 'Emilio Jacinto', tcv: '5000', effectiveDate: '2026-03-01' },
    ]);
    await verifySales(baseURL!, [lorenzo!, teresa!, ramon!]);
    await verifySales(baseURL!, [diego!], { decision: 'rejected', reason: REASON });

    // The dashboard: the rejected sale is not counted; 10 % of ₱150,000 is payable, 10 % of
    // ₱5,000 awaits verification, 10 % of ₱10,000 is held. Pending is what the agent will receive:
    // the ₱15,000.00 payable less the 5 % the close will withhold (decision 016).
    await signIn(page, agent);
    const salesCard = page.getByRole('region', { name: 'Sales', exact: true });
    await expect(salesCard.getByRole('definition')).toHaveText(['4', '₱165,000.00']);
    const commissionsCard = page.getByRole('region', { name: 'Commissions', exact: true });
    await expect(commissionsCard.getByRole('term')).toHaveText(['Earned This Month', 'Pending (net)', 'Awaiting verification', 'Held']);
    await expect(commissionsCard.getByRole('definition')).toHaveText([
      '₱15,000.00',
      '₱14,250.00',
      'Gross ₱15,000.00, Tax withheld ₱750.00',
      '₱500.00',
      '₱1,000.00',
    ]);
    await expectFitsPhone(page, testInfo, 'dashboard-verification');

    // The sales: each with its verification, the rejected one with its reason, and not counted.
    await goViaMainNav(page, 'Sales');
    const sales = page.getByRole('table', { name: 'Your sales' });
    const verificationOf = (customer: string) => rowOf(sales, customer).getByRole('cell').last();
    await expect(verificationOf('Lorenzo Ruiz')).toContainText('Verified');
    await expect(verificationOf('Ramon Aquino')).toContainText('Verified');
    await expect(verificationOf('Emilio Jacinto')).toHaveText('Awaiting verification');
    await expect(verificationOf('Diego Silang')).toContainText('Rejected');
    await expect(verificationOf('Diego Silang')).toContainText(`Reason: ${REASON}`);
    const totals = page.getByRole('main').getByRole('definition');
    await expect(totals).toHaveText(['₱165,000.00', '4']);
    await expect(page.getByText(COUNTED_SALES_NOTE)).toBeVisible();
    await expectFitsPhone(page, testInfo, 'sales-verification');

    // The rejected sale's deal may be made into a sale again.
    await page.goto('/deals/dealsview');
    const deal = rowOf(page.getByRole('table', { name: 'Your deals' }), 'Diego Silang');
    await expect(deal.getByRole('button', { name: 'Make as Sales', exact: true })).toBeEnabled();
    await press(deal.getByRole('button', { name: 'Make as Sales', exact: true }));
    const addSale = page.getByRole('dialog', { name: 'Add Sales' });
    await addSale.getByLabel('Policy Number').fill('POL-Diego-2');
    await press(addSale.getByRole('button', { name: 'Save Sale' }));
    await expectToast(page, 'success', MSG.saleAdded);
    await expect(addSale).toBeHidden();
    await page.goto('/sales/salesview');
    await expect(rowOf(sales, 'Diego Silang')).toHaveCount(2);
    await expect(rowOf(sales, 'Diego Silang').filter({ hasText: 'Awaiting verification' })).toHaveCount(1);
    await expect(rowOf(sales, 'Diego Silang').filter({ hasText: `Reason: ${REASON}` })).toHaveCount(1);
    await expect(totals).toHaveText(['₱185,000.00', '5']);

    // The ledger: each entry's status, the held one's reason, the rejected sale's reason, the totals apart.
    await goViaMainNav(page, 'Commissions');
    await expect(page.getByRole('main').getByRole('definition')).toHaveText([
      '₱15,000.00',
      '₱14,250.00',
      'Gross ₱15,000.00, Tax withheld ₱750.00',
      '₱0.00',
      'Gross ₱0.00, Tax withheld ₱0.00',
      '₱2,500.00',
      '₱1,000.00',
    ]);
    await expect(page.getByText(/^Payable: /)).toHaveText(
      'Payable: ₱15,000.00 · Awaiting verification: ₱2,500.00 · Held: ₱1,000.00 · Forfeited: ₱2,000.00',
    );
    const ledger = page.getByRole('table', { name: 'Your commission entries' });
    await expect(bodyRows(ledger)).toHaveCount(6);
    const held = rowOf(ledger, 'Ramon Aquino');
    await expect(held).toContainText('Held');
    await expect(held).toContainText(holdReason(LIFE, TODAY));
    const rejected = bodyRows(ledger).filter({ hasText: 'Sale rejected' });
    await expect(rejected).toContainText('Diego Silang');
    await expect(rejected).toContainText(`Reason: ${REASON}`);
    await expect(rowOf(ledger, 'Emilio Jacinto')).toContainText('Awaiting verification');
    // Only the held entry says where its licence is added (decision 018).
    await expect(ledger.getByRole('link', { name: 'Go to Licences' })).toHaveCount(1);
    await expect(held.getByRole('link', { name: 'Go to Licences' })).toHaveAttribute('href', '/settings/licences');
    await expectFitsPhone(page, testInfo, 'commissions-verification');
    await held.getByRole('link', { name: 'Go to Licences' }).click();
    await expect(page).toHaveURL(/\/settings\/licences$/);
  },
);
