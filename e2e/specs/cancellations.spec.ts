import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import { PDFParse } from 'pdf-parse';
import type { Locator, Page } from '@playwright/test';
import type { LedgerResponse } from '@ahente/contract/commissions';
import { addDays, formatDay, formatMonth, todayInManila } from '@ahente/contract/dates';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { COUNTED_SALES_NOTE } from '@ahente/contract/sales';
import { form2307Deadline, form2307FileName, quarterOf } from '@ahente/contract/tax';
import { expectFitsPhone, expectToast, goViaMainNav, isNarrow, signIn, signInAdmin } from '../support/app.ts';
import { ADMIN, createAgent, expect, loginApi, PHONE, shot, test, type Agent } from '../support/fixtures.ts';
import { AGENCY } from '../support/env.ts';
import { startIsolatedServer } from '../support/isolated-server.ts';
import { licenseAgent, verifySales } from '../support/verification.ts';

/**
 * Cancellations, withholding tax and BIR Form 2307 (decision 019): an admin cancels a sale from the
 * member's Sales on the Members List, and the agent sees the sale Cancelled and the reversal of
 * their commission; a member enters their TIN in Personal Details, reads their statement's gross,
 * tax withheld and net, and downloads the quarter's 2307. A month closes once per database, so the
 * tests that close one run on a server of their own (support/isolated-server.ts).
 */

const TODAY = todayInManila();
const PERIOD = TODAY.slice(0, 7);
/** Non-Life: the agents get a Non-Life licence, so their commission is payable. */
const PRODUCT = 'Bond(Others)';

const calendarFormat = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' });
/** A calendar date as the screens write it: "2026-11-20" → "Nov 20, 2026". */
const shown = (day: string) => calendarFormat.format(new Date(`${day}T00:00:00Z`));
/** A day of this year inside a sentence: "2026-11-20" → "Nov 20". */
const dayInSentence = (day: string) =>
  new Intl.DateTimeFormat('en-PH', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** Tests that close a month: each on a server and database of its own, with the agency's TIN configured. */
const ownServer = test.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    const server = await startIsolatedServer(testInfo);
    try {
      await use(server.baseURL);
    } finally {
      await server.stop();
    }
  },
});

/** Runs `work` as the admin, through the API. */
async function asAdmin<T>(baseURL: string, work: (admin: Awaited<ReturnType<typeof loginApi>>) => Promise<T>): Promise<T> {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  try {
    return await work(admin);
  } finally {
    await admin.dispose();
  }
}

async function post(client: Awaited<ReturnType<typeof loginApi>>, path: string, body: unknown): Promise<unknown> {
  const res = await client.csrfPost(path, body);
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** The rate of PRODUCT and, when given, the Manager override, from today; and the admin's name, Ana Admin. */
async function setUpAgency(baseURL: string, { managerRate }: { managerRate?: string } = {}) {
  await asAdmin(baseURL, async (admin) => {
    const me = (await (await admin.get(routes.me.path)).json()) as { user: number };
    await post(admin, routes.editMember.path, { id: me.user, f_name: 'Ana', l_name: 'Admin' });
    await post(admin, routes.setCommissionRate.path, { kind: 'product', key: PRODUCT, rate: '10', effective_from: TODAY });
    if (managerRate)
      await post(admin, routes.setCommissionRate.path, { kind: 'override', key: 'Manager', rate: managerRate, effective_from: TODAY });
  });
}

/** Records each as a deal made into a sale of PRODUCT, through the agent's API; the sales' ids, in order. */
async function sell(baseURL: string, agent: Agent, sales: readonly { customer: string; tcv: string }[]): Promise<number[]> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const ids: number[] = [];
    for (const s of sales) {
      const { deal } = (await post(c, routes.addDeal.path, {
        id: agent.id,
        customerName: s.customer,
        transactionType: 'New',
        product: PRODUCT,
        tcvValue: s.tcv,
        effectiveDate: TODAY,
      })) as { deal: { id: number } };
      const { sale } = (await post(c, routes.addSale.path, {
        id: agent.id,
        formData: {
          dealid: deal.id,
          customerName: s.customer,
          product: PRODUCT,
          tcv: s.tcv,
          sales_type: 'Direct',
          policy: `POL-${s.customer.split(' ')[0]}`,
          insurer: 'Malayan Insurance',
          effectiveDate: TODAY,
        },
      })) as { sale: { id: number } };
      ids.push(sale.id);
    }
    return ids;
  } finally {
    await c.dispose();
  }
}

/** The member's ledger as their client reads it. */
async function ledgerOf(baseURL: string, member: Agent): Promise<LedgerResponse> {
  const c = await loginApi(baseURL, member.username, member.password);
  try {
    return (await post(c, routes.commissionLedger.path, { id: member.id, from: null, to: null, kind: '' })) as LedgerResponse;
  } finally {
    await c.dispose();
  }
}

/** An open toast by its type and text, whether or not a dialog hides it from the accessibility tree. */
const openToast = (page: Page, type: string, text: string) =>
  page.locator(`[data-type="${type}"][data-state="open"]`).filter({ hasText: text });

const bodyRows = (table: Locator) => table.locator('tbody').getByRole('row');
const rowOf = (table: Locator, text: string) => bodyRows(table).filter({ hasText: text });
/** A row's cells as they read, spaces collapsed. */
const cellTexts = async (row: Locator) => (await row.getByRole('cell').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

/** No axe violation (WCAG 2.2 AA, and a control's name holds its visible label) once the page has settled. */
async function expectAccessible(page: Page, where: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode()
    // A toast still showing under a dialog's overlay reads as low contrast there; the toasts' own
    // contrast is toast.spec's (and the scan's result no longer hangs on whether it has gone yet).
    .exclude('[role="region"][aria-label^="Notifications ("]')
    .analyze();
  expect(
    violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    where,
  ).toEqual([]);
}

/** Desktop screenshots at a 1366 px laptop; the phone project as it is. */
async function laptopShot(page: Page, testInfo: Parameters<typeof shot>[1], name: string) {
  if (isNarrow(page)) {
    await shot(page, testInfo, name);
    return;
  }
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, testInfo, name);
  await page.setViewportSize(size);
}

ownServer(
  'an admin cancels a verified, posted sale with a partial refund from the member’s Sales; the agent sees it Cancelled and the reversal of their commission',
  PHONE,
  async ({ page, baseURL }, testInfo) => {
    test.slow();
    await setUpAgency(baseURL!, { managerRate: '2' });
    const manager = await createAgent(baseURL!, { position: 'Manager' });
    const agent = await createAgent(baseURL!, { refCode: manager.referral_code });
    await licenseAgent(baseURL!, manager);
    await licenseAgent(baseURL!, agent);
    const [lorenzo, teresa, diego] = await sell(baseURL!, agent, [
      { customer: 'Lorenzo Ruiz', tcv: '100000' },
      { customer: 'Teresa Magbanua', tcv: '40000' },
      { customer: 'Diego Silang', tcv: '10000' },
    ]);
    // Two verified, one not; the month's close posts the verified ones' entries to statements.
    await verifySales(baseURL!, [lorenzo!, teresa!]);
    await asAdmin(baseURL!, (admin) => post(admin, routes.closePeriod.path, { period: PERIOD, close_early: true }));
    const original = (await ledgerOf(baseURL!, agent)).entries.find((e) => e.sale_id === lorenzo && e.kind === 'sale')!;
    expect([original.status, original.amount]).toEqual(['posted', 10000]);

    // The admin finds the agent on the Members List and opens their sales.
    await signInAdmin(page);
    await goViaMainNav(page, 'Admin Panel');
    await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Members List', exact: true }).click();
    await page.getByRole('searchbox').fill(agent.lname);
    await page.getByRole('button', { name: `Actions for ${agent.name}` }).click();
    await page.getByRole('menuitem', { name: 'Sales', exact: true }).click();
    const salesDialog = page.getByRole('dialog', { name: `Sales of ${agent.name}` });
    const table = salesDialog.getByRole('table', { name: `Sales of ${agent.name}` });
    await expect(bodyRows(table)).toHaveCount(3);
    await expect(salesDialog.getByText('3 sales · ₱150,000.00 TCV')).toBeVisible();
    await expect(salesDialog.getByText(COUNTED_SALES_NOTE)).toBeVisible();
    await expect(rowOf(table, 'Lorenzo Ruiz').getByRole('cell').nth(5)).toContainText('Verified');
    await expect(rowOf(table, 'Diego Silang').getByRole('cell').nth(5)).toHaveText('Awaiting verification');

    // Cancel sale: today by default, never later; a reason; a refund of at most the TCV.
    await rowOf(table, 'Lorenzo Ruiz')
      .getByRole('button', { name: `Cancel sale #${lorenzo}, Lorenzo Ruiz` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Cancel sale #${lorenzo}` });
    await expect(dialog).toContainText('Lorenzo Ruiz · Bond (Others) · ₱100,000.00 TCV');
    await expect(dialog.getByLabel('Cancelled on')).toHaveValue(TODAY);
    await expect(dialog.getByLabel('Refund')).toHaveAttribute('placeholder', 'Whole TCV (₱100,000.00)');
    await expect(dialog.getByText('Commission paid on this sale is reversed in proportion to the refund.')).toBeVisible();
    await dialog.getByLabel('Cancelled on').fill(addDays(TODAY, 1));
    await dialog.getByLabel('Refund').fill('150000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Cancelled on must not be in the future')).toBeVisible();
    await expect(dialog.getByText('Reason is required')).toBeVisible();
    await expect(dialog.getByText('Refund must be at most the TCV (₱100,000.00)')).toBeVisible();
    await dialog.getByLabel('Cancelled on').fill(TODAY);
    await dialog.getByLabel('Reason').fill('Free-look cancellation');
    await dialog.getByLabel('Refund').fill('₱25,000');
    await laptopShot(page, testInfo, 'cancel-sale-modal');
    await expectAccessible(page, 'Cancel sale');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The toast is announced; under the member's Sales (a dialog) it is hidden from the accessibility tree.
    await expect(openToast(page, 'success', 'Sale cancelled: 2 commission entries reversed')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The sale stays listed, Cancelled, with who, when, why and the refund; it is no longer counted.
    const cancelledText = `Cancelled on ${shown(TODAY)} by Ana Admin: Free-look cancellation · refund ₱25,000.00`;
    const lorenzoStatus = rowOf(table, 'Lorenzo Ruiz').getByRole('cell').nth(5);
    await expect(lorenzoStatus).toHaveText(`Cancelled${cancelledText}`);
    await expect(rowOf(table, 'Lorenzo Ruiz').getByRole('button', { name: /^Cancel sale/ })).toHaveCount(0);
    await expect(salesDialog.getByText('2 sales · ₱50,000.00 TCV')).toBeVisible();
    await laptopShot(page, testInfo, 'member-sales-cancelled');
    await expectAccessible(page, 'Sales of the member');

    // Another admin cancels Diego Silang's sale first: the server's refusal is said in the dialog.
    await rowOf(table, 'Diego Silang')
      .getByRole('button', { name: `Cancel sale #${diego}, Diego Silang` })
      .click();
    const second = page.getByRole('dialog', { name: `Cancel sale #${diego}` });
    await asAdmin(baseURL!, (admin) =>
      post(admin, routes.cancelSale.path, { sale_id: diego, cancelled_on: TODAY, reason: 'Premium not paid' }),
    );
    await second.getByLabel('Reason').fill('Premium not paid');
    await second.getByRole('button', { name: 'Confirm' }).click();
    await expect(second.getByRole('alert')).toHaveText(`This sale was already cancelled on ${formatDay(TODAY)}`);
    await second.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(second).toBeHidden();
    await expect(rowOf(table, 'Diego Silang').getByRole('cell').nth(5)).toContainText(
      `Cancelled on ${shown(TODAY)} by Ana Admin: Premium not paid`,
    );
    await expect(salesDialog.getByText('1 sale · ₱40,000.00 TCV')).toBeVisible();
    await expectFitsPhone(page, testInfo, 'member-sales-cancelled-phone');

    // The agent: the sale is listed Cancelled and left out of the totals.
    await page.context().clearCookies();
    await signIn(page, agent);
    await goViaMainNav(page, 'Sales');
    const sales = page.getByRole('table', { name: 'Your sales' });
    await expect(rowOf(sales, 'Lorenzo Ruiz').getByRole('cell').last()).toHaveText(`Cancelled${cancelledText}`);
    await expect(page.getByRole('main').getByRole('definition')).toHaveText(['₱40,000.00', '1']);
    await expect(page.getByText(COUNTED_SALES_NOTE)).toBeVisible();
    await laptopShot(page, testInfo, 'sales-cancelled');

    // Their ledger: the reversal of the posted entry, a quarter of it (₱25,000 of ₱100,000 refunded).
    await goViaMainNav(page, 'Commissions');
    await page.getByLabel('Kind').selectOption({ label: 'Reversal' });
    const ledger = page.getByRole('table', { name: 'Your commission entries' });
    // Both cancelled sales' entries are reversed: Diego Silang's too, awaiting verification (it follows its sale).
    await expect(bodyRows(ledger)).toHaveCount(2);
    const reversal = await cellTexts(rowOf(ledger, 'Lorenzo Ruiz'));
    expect(reversal[1]).toBe('Reversal');
    expect(reversal[2]).toBe(`#${lorenzo}`);
    expect(reversal[3]).toBe('Lorenzo Ruiz');
    // Which sale's commission it takes back, by the sale's day, never an entry number (decision 016).
    expect(reversal[5]).toBe(`Reversal of the ${dayInSentence(original.entry_date)} sale commission Free-look cancellation`);
    expect(reversal[9]).toBe('-₱2,500.00');
    await laptopShot(page, testInfo, 'ledger-reversal');
    await expectAccessible(page, 'Commission Tracking');
    await expectFitsPhone(page, testInfo, 'ledger-reversal-phone');

    // The manager's overrides are taken back in the same proportion: a quarter of 2 % of ₱100,000,
    // and the whole of 2 % of Diego Silang's ₱10,000 (no refund given: the whole TCV).
    const managerReversals = (await ledgerOf(baseURL!, manager)).entries.filter((e) => e.kind === 'reversal');
    expect(managerReversals.map((e) => [e.sale_id, e.amount]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [lorenzo, -500],
      [diego, -200],
    ]);
  },
);

ownServer(
  'a member enters their TIN in Personal Details, reads the statement’s gross, tax withheld and net, and downloads the quarter’s BIR Form 2307 with their TIN and the tax',
  PHONE,
  async ({ page, baseURL, agent }, testInfo) => {
    test.slow();
    await setUpAgency(baseURL!);
    await licenseAgent(baseURL!, agent);
    const [sale] = await sell(baseURL!, agent, [{ customer: 'Gabriela Silang', tcv: '50000' }]);
    await verifySales(baseURL!, [sale!]);
    await asAdmin(baseURL!, (admin) => post(admin, routes.closePeriod.path, { period: PERIOD, close_early: true }));

    // Personal Details: the TIN, checked as the contract checks it, saved with the rest.
    await signIn(page, agent);
    await goViaMainNav(page, 'Settings');
    await expect(page).toHaveURL(/\/settings\/userdetails$/);
    const form = page.getByRole('form', { name: 'Personal details' });
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const tin = form.getByLabel('TIN');
    await expect(form.getByText('000-000-000 or 000-000-000-000')).toBeVisible();
    await tin.fill('12345');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByText('TIN must be 9 digits (000-000-000) or 12 digits with the branch code (000-000-000-000)')).toBeVisible();
    await tin.fill('987 654 321');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'success', MSG.personalDetailsSaved);
    await expect(tin).toHaveValue('987-654-321');
    await expect(tin).toHaveAttribute('readonly', '');
    await page.reload();
    await expect(page.getByRole('form', { name: 'Personal details' }).getByLabel('TIN')).toHaveValue('987-654-321');
    await laptopShot(page, testInfo, 'personal-details-tin');
    await expectAccessible(page, 'Personal Details');

    // The statement: 10 % of ₱50,000 gross, 5 % of it withheld (ATC WI070), the rest to pay.
    await goViaMainNav(page, 'Commissions');
    const statements = page.getByRole('table', { name: 'Your statements' });
    await expect(statements.getByRole('columnheader')).toHaveText([
      'Period',
      'Brought forward',
      'Gross',
      'Withholding tax',
      'Net',
      'Status',
      'Payment',
      'Download',
    ]);
    await expect(rowOf(statements, formatMonth(PERIOD))).toBeVisible();
    const cells = await cellTexts(rowOf(statements, formatMonth(PERIOD)));
    expect(cells.slice(1, 7)).toEqual(['— none', '₱5,000.00', '₱250.00 5% · WI070', '₱4,750.00', 'Unpaid', '— none']);

    // BIR Form 2307: the quarter, its income and tax, the day it is due; and its PDF.
    const { year, quarter } = quarterOf(PERIOD);
    const forms = page.getByRole('table', { name: 'Your BIR Form 2307s' });
    const formRow = rowOf(forms, `Q${quarter} ${year}`);
    await expect(formRow).toBeVisible();
    // (On a phone the first cell also repeats the tax and the due date: the columns are read from the second.)
    expect((await cellTexts(formRow)).slice(1, 4)).toEqual([
      '₱5,000.00',
      '₱250.00',
      `Due to you by ${shown(form2307Deadline(year, quarter))}`,
    ]);
    await laptopShot(page, testInfo, 'commissions-form2307');
    await expectFitsPhone(page, testInfo, 'commissions-form2307-phone');

    const downloadPromise = page.waitForEvent('download');
    await formRow.getByRole('button', { name: /^Download PDF/ }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(form2307FileName(agent.id, year, quarter));
    await expectToast(page, 'success', MSG.fileDownloaded);
    const file = testInfo.outputPath('form2307.pdf');
    await download.saveAs(file);
    const parser = new PDFParse({ data: fs.readFileSync(file) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    for (const expected of ['987-654-321', AGENCY.tin, 'WI070', '5,000.00', '250.00']) expect(text).toContain(expected);
  },
);

test('a statement carried forward, one that opens with the balance brought forward, and a member with no tax withheld', async ({
  page,
  agent,
}, testInfo) => {
  // Carrying forward needs two closes a month apart: the statements come from a stand-in answer.
  const statement = {
    member_id: agent.id,
    member_name: agent.name,
    withholding_rate: 5,
    atc: 'WI070',
    created_at: '2026-11-01T01:00:00.000Z',
    paid_reference: null,
  };
  const body = [
    {
      ...statement,
      id: 2,
      period: '2026-10',
      brought_forward: 300,
      gross: 1000,
      withholding_tax: 50,
      net: 1250,
      carried: false,
      entry_count: 2,
      paid_on: null,
    },
    {
      ...statement,
      id: 1,
      period: '2026-09',
      brought_forward: 0,
      gross: 315.79,
      withholding_tax: 15.79,
      net: 300,
      carried: true,
      entry_count: 1,
      paid_on: null,
    },
  ];
  await page.route(`**${routes.commissionStatements.path}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }),
  );
  await signIn(page, agent);
  await goViaMainNav(page, 'Commissions');
  const statements = page.getByRole('table', { name: 'Your statements' });
  await expect(rowOf(statements, 'September 2026')).toBeVisible();
  expect((await cellTexts(rowOf(statements, 'October 2026'))).slice(1, 7)).toEqual([
    '₱300.00 Balance brought forward',
    '₱1,000.00',
    '₱50.00 5% · WI070',
    '₱1,250.00',
    'Unpaid',
    '— none',
  ]);
  expect((await cellTexts(rowOf(statements, 'September 2026'))).slice(1, 7)).toEqual([
    '— none',
    '₱315.79',
    '₱15.79 5% · WI070',
    '₱300.00',
    'Carried forward',
    'Opens your next statement',
  ]);
  const forms = page.getByRole('table', { name: 'Your BIR Form 2307s' });
  await expect(forms.getByText('No tax has been withheld yet.')).toBeVisible();
  await laptopShot(page, testInfo, 'statements-carried');
});
