import type { Page } from '@playwright/test';
import { todayInManila } from '@ahente/contract/dates';
import { routes } from '@ahente/contract/routes';
import type { SaleRecord } from '@ahente/contract/sales';
import { goViaMainNav, setProductRate } from '../support/app.ts';
import { ADMIN, createAgent, expect, loginApi, loginUi, PHONE, shot, test, type Agent } from '../support/fixtures.ts';
import { licenseAgent, verifySales } from '../support/verification.ts';

/**
 * A ledger line names what it is in words a member reads (decisions 016 and 023). A reversal says
 * which sale's commission it takes back, by the day of the sale ("Reversal of the Oct 5 sale
 * commission"), never an entry number; "Product rate: …" and the Sales table's "to …" (read
 * "expires …") are in Filipino too. A product no other spec sells, rated here; the sale is
 * cancelled the day it is made.
 */

const TODAY = todayInManila();
const PRODUCT = 'Residential(Inside Village)';
const PRODUCT_LABEL = 'Residential (Inside Village)';

/** A calendar day as a sentence reads it in `locale`, without its year (this year's): "Oct 5" / "Okt 5". */
const dayOf = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const dateOf = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** A sale of PRODUCT by the agent, verified, then cancelled today by the admin with a refund of half; the sale as the agent's list has it. */
async function soldAndCancelled(baseURL: string, agent: Agent): Promise<SaleRecord> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  let saleId: number;
  try {
    const deal = await c.csrfPost(routes.addDeal.path, {
      id: agent.id,
      customerName: 'Teodora Alonso',
      transactionType: 'New',
      product: PRODUCT,
      tcvValue: '40000',
      effectiveDate: TODAY,
    });
    expect(deal.ok(), await deal.text()).toBe(true);
    const sale = await c.csrfPost(routes.addSale.path, {
      id: agent.id,
      formData: {
        dealid: ((await deal.json()) as { deal: { id: number } }).deal.id,
        customerName: 'Teodora Alonso',
        product: PRODUCT,
        tcv: '40000',
        sales_type: 'Direct',
        effectiveDate: TODAY,
      },
    });
    expect(sale.ok(), await sale.text()).toBe(true);
    saleId = ((await sale.json()) as { sale: { id: number } }).sale.id;
  } finally {
    await c.dispose();
  }
  await verifySales(baseURL, [saleId]);
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  try {
    const res = await admin.csrfPost(routes.cancelSale.path, {
      sale_id: saleId,
      cancelled_on: TODAY,
      reason: 'Free-look cancellation',
      refund: '20000',
    });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { sale: SaleRecord }).sale;
  } finally {
    await admin.dispose();
  }
}

/** The member's saved language is Filipino, and the login page's Filipino button is pressed. */
async function signInFilipino(baseURL: string, page: Page, member: Agent) {
  const c = await loginApi(baseURL, member.username, member.password);
  try {
    const res = await c.csrfPost(routes.setLanguage.path, { language: 'fil' });
    expect(res.ok(), await res.text()).toBe(true);
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

/** The Details cell's first line of the ledger row of `kind` (the table's caption is `caption`). */
const detailsOf = (page: Page, caption: string, kind: string) =>
  page
    .getByRole('table', { name: caption })
    .locator('tbody')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: kind, exact: true }) })
    .getByRole('cell')
    .nth(5)
    .locator('p')
    .first();

test(
  'a reversal names the day of its sale, and "Product rate" and a policy\'s term end read in English and in Filipino',
  PHONE,
  async ({ page, baseURL }, testInfo) => {
    test.slow();
    await setProductRate(baseURL!, PRODUCT, '10');
    const agent = await createAgent(baseURL!);
    await licenseAgent(baseURL!, agent);
    const sale = await soldAndCancelled(baseURL!, agent);
    const phone = (page.viewportSize()?.width ?? 1366) < 768;
    if (!phone) await page.setViewportSize({ width: 1366, height: 900 });

    // English: the sale's line says its rule, the reversal which sale's commission it takes back.
    await loginUi(page, agent.username, agent.password);
    await expect(page).toHaveURL(/\/$/);
    await goViaMainNav(page, 'Commissions');
    const caption = 'Your commission entries';
    await expect(detailsOf(page, caption, 'Own sale')).toHaveText(`Product rate: ${PRODUCT_LABEL}`);
    await expect(detailsOf(page, caption, 'Reversal')).toHaveText(`Reversal of the ${dayOf(TODAY, 'en-PH')} sale commission`);
    await expect(page.getByRole('table', { name: caption })).not.toContainText('entry #');
    await shot(page, testInfo, phone ? 'ledger-reversal-wording-phone' : 'ledger-reversal-wording-1366');

    // Filipino: the same lines, and the Sales table's term end.
    await signInFilipino(baseURL!, page, agent);
    await page.goto('/commissions');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagsubaybay ng Commission', exact: true })).toBeVisible();
    const filCaption = 'Ang mga commission entry mo';
    await expect(detailsOf(page, filCaption, 'Sariling sale')).toHaveText(`Rate ng produkto: ${PRODUCT_LABEL}`);
    await expect(detailsOf(page, filCaption, 'Reversal')).toHaveText(`Reversal ng commission sa sale noong ${dayOf(TODAY, 'fil-PH')}`);
    await shot(page, testInfo, phone ? 'fil-ledger-reversal-wording-phone' : 'fil-ledger-reversal-wording-1366');

    await page.goto('/sales/salesview');
    await expect(page.getByRole('heading', { level: 1, name: 'Sales', exact: true })).toBeVisible();
    expect(sale.expiry_date).not.toBeNull();
    // The Effective Date cell's second line: "hanggang <day>", read "mag-e-expire sa <day>".
    const termEnd = page.getByRole('table', { name: 'Ang sales mo' }).locator(`span:has(> time[datetime="${sale.expiry_date}"])`);
    await expect(termEnd.locator('[aria-hidden="true"]')).toHaveText('hanggang');
    await expect(termEnd.locator('.sr-only')).toHaveText('mag-e-expire sa');
    await expect(termEnd.locator('time')).toHaveText(dateOf(sale.expiry_date!, 'fil-PH'));
    await expect(termEnd).not.toContainText('to ');
    await expect(termEnd).not.toContainText('expires');
    // The cancellation's sentence under its Cancelled badge, in Filipino too.
    const salesTable = page.getByRole('table', { name: 'Ang sales mo' });
    const cancelledDay = dateOf(TODAY, 'fil-PH').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(salesTable).toContainText(new RegExp(`Kinansela noong ${cancelledDay} ni .+: Free-look cancellation · refund na ₱`));
    await expect(salesTable).not.toContainText('Cancelled on');
    await shot(page, testInfo, phone ? 'fil-sales-term-end-phone' : 'fil-sales-term-end-1366');
  },
);
