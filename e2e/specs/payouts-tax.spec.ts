import fs from 'node:fs';
import readExcelFile from 'read-excel-file/node';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { addDays, formatMonth, todayInManila } from '@ahente/contract/dates';
import { routes } from '@ahente/contract/routes';
import { alphalistDatFileName, alphalistXlsxFileName, form2307Deadline, quarterMonths, quarterOf } from '@ahente/contract/tax';
import { expectFitsPhone, expectToast, setProductRate, signInAdmin } from '../support/app.ts';
import { ADMIN, createAgent, expect, loginApi, shot, test, type Agent, PHONE_ONLY } from '../support/fixtures.ts';
import { AGENCY } from '../support/env.ts';
import { addPastAdjustment, backdateSale } from '../support/ledger-db.ts';
import { licenseAgent, verifySales } from '../support/verification.ts';

/**
 * Payouts and withholding tax (decision 019), the admin's side: a statement's balance brought
 * forward, gross, withholding tax and net; a negative month carried forward and brought forward by
 * the next; the minimum payout; a member's withholding rate; the quarter's alphalist and its .xlsx
 * and .DAT files.
 *
 * A balance brought forward needs two closes, and through the app a run can close only the current
 * month (commissions.spec.ts does). So the sales here are made through the API and their entries
 * moved, while they await verification, to two months of the last quarter that ended (the BIR
 * card's default quarter), which the admin then closes in the app; the phone test uses the last
 * month of the quarter before. No other spec writes into those quarters, so their totals are the
 * ones computed here. The schedule is shared by every test of the run: the product sold here is
 * one no other spec sells.
 */

const TODAY = todayInManila();
const PRODUCT = 'residential(Outside Village)';
const ADMIN_NAME = 'Agency Administrator';

/** The quarter that ended last (the BIR card's default), and the one before it. */
function previousQuarter({ year, quarter }: { year: number; quarter: number }) {
  return quarter === 1 ? { year: year - 1, quarter: 4 } : { year, quarter: quarter - 1 };
}
const LAST = previousQuarter(quarterOf(TODAY.slice(0, 7)));
const BEFORE = previousQuarter(LAST);
/** The carried month and the month that brings its balance forward: the last two of the last quarter. */
const [, CARRIED, NEXT] = quarterMonths(LAST.year, LAST.quarter);
/**
 * The month the phone test closes: @phone tests run in the desktop projects too, and the phone
 * project shares the SQLite database with chromium-sqlite, so each project closes its own month.
 */
const phoneTestMonth = (project: string) => quarterMonths(BEFORE.year, BEFORE.quarter)[project.startsWith('phone') ? 2 : 1];

const MM_YYYY = (q: { year: number; quarter: number }) => `${String(q.quarter * 3).padStart(2, '0')}/${q.year}`;
const deadlineText = (q: { year: number; quarter: number }) =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${form2307Deadline(q.year, q.quarter)}T00:00:00Z`),
  );

/** The admin records the member's TIN (Personal Details' field). */
async function setTin(baseURL: string, member: Agent, tin: string) {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  try {
    const res = await admin.csrfPost(routes.editMember.path, { id: member.id, tin });
    if (!res.ok()) throw new Error(`editMember: ${res.status()} ${await res.text()}`);
  } finally {
    await admin.dispose();
  }
}

/** A deal sold through the API, its commission entry moved to `day` while it awaits verification; returns the sale's id. */
async function pastSale(baseURL: string, agent: Agent, customerName: string, tcv: string, day: string): Promise<number> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const res = await c.csrfPost(routes.addDeal.path, {
      id: agent.id,
      customerName,
      transactionType: 'New',
      product: PRODUCT,
      tcvValue: tcv,
      effectiveDate: day,
      dealStatus: 'For Quotation',
    });
    if (!res.ok()) throw new Error(`adddeals: ${res.status()} ${await res.text()}`);
    const { deal } = (await res.json()) as { deal: { id: number } };
    const sale = await c.csrfPost(routes.addSale.path, {
      id: agent.id,
      formData: { dealid: deal.id, customerName, product: PRODUCT, tcv, sales_type: 'Direct', effectiveDate: day },
    });
    if (!sale.ok()) throw new Error(`addsales: ${sale.status()} ${await sale.text()}`);
    const saleId = ((await sale.json()) as { sale: { id: number } }).sale.id;
    await backdateSale(baseURL, saleId, day);
    return saleId;
  } finally {
    await c.dispose();
  }
}

/** A row's cells as read: whitespace collapsed. */
async function cells(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

const statementsTable = (page: Page, period: string) => page.getByRole('table', { name: `Statements of ${formatMonth(period)}` });
const rowOf = (table: Locator, name: string) => table.locator('tbody').getByRole('row').filter({ hasText: name });

/**
 * Closes a month from the Months table, after its confirmation, and reads what the close did (the
 * notice above the months, which stays; its toast says the same for 3 s); returns the confirmation's text.
 */
async function closeMonth(page: Page, period: string, press: (l: Locator) => Promise<void>, result: string): Promise<string> {
  const month = formatMonth(period);
  const row = page.getByRole('table', { name: 'Months' }).getByRole('row').filter({ hasText: month });
  await press(row.getByRole('button', { name: `Close Month ${month}` }));
  const confirm = page.getByRole('alertdialog', { name: `Close ${month}?` });
  await expect(confirm).toBeVisible();
  const text = (await confirm.innerText()).replace(/\s+/g, ' ');
  await press(confirm.getByRole('button', { name: 'Close Month' }));
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('region', { name: 'Monthly Close' }).getByRole('status')).toHaveText(result);
  return text;
}

/** A screenshot of what the window shows, `locator` scrolled to its top (a full page shot repeats the fixed sidebar). */
async function viewShot(page: Page, testInfo: TestInfo, locator: Locator, name: string) {
  // Below the sticky header: the element's top 6rem from the window's.
  await locator.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 96));
  await shot(page, testInfo, name, { fullPage: false });
}

/** The table's scroll box is no wider than the card: nothing in it is cut off or needs a sideways scroll. */
async function expectNoSidewaysScroll(table: Locator) {
  const { scrollWidth, clientWidth } = await table.evaluate((t) => ({
    scrollWidth: t.parentElement!.scrollWidth,
    clientWidth: t.parentElement!.clientWidth,
  }));
  expect(scrollWidth, `the table is ${scrollWidth}px wide in a ${clientWidth}px box`).toBeLessThanOrEqual(clientWidth);
}

test.describe('the admin at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('sets the minimum payout and a member’s rate; a negative month is carried forward and brought forward by the next, with gross, withholding tax and net; the alphalist and its .xlsx and .DAT', async ({
    page,
    baseURL,
    press,
  }, testInfo) => {
    test.slow();
    await setProductRate(baseURL!, PRODUCT, '10');
    // Cruz has a TIN on file; Reyes has none. Both hold a Non-Life licence, so their commission is payable.
    const cruz = await createAgent(baseURL!);
    const reyes = await createAgent(baseURL!);
    await licenseAgent(baseURL!, cruz);
    await licenseAgent(baseURL!, reyes);
    await setTin(baseURL!, cruz, '234567891');
    // CARRIED: Cruz earns 10 % of ₱3,000.00 = ₱300.00, less a ₱500.00 chargeback: -₱200.00.
    // NEXT: Cruz earns 10 % of ₱20,000.00 = ₱2,000.00; Reyes 10 % of ₱6,500.00 = ₱650.00.
    const sales = [
      await pastSale(baseURL!, cruz, 'Teresita Lim', '3000', `${CARRIED}-10`),
      await pastSale(baseURL!, cruz, 'Rodrigo Tan', '20000', `${NEXT}-12`),
      await pastSale(baseURL!, reyes, 'Marites Go', '6500', `${NEXT}-14`),
    ];
    await verifySales(baseURL!, sales);
    await addPastAdjustment(baseURL!, {
      memberId: cruz.id,
      centavos: -50000,
      reason: 'Chargeback: policy cancelled in the free-look period',
      day: `${CARRIED}-20`,
      adminUsername: ADMIN.username,
    });

    await signInAdmin(page);

    // Without the agency's TIN, address and RDO the BIR's forms cannot be made: the settings say so.
    await page.route(`**${routes.payoutSettings.path}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), agency_configured: false } });
    });
    await page.goto('/admin/admincommissions');
    const settings = page.getByRole('region', { name: 'Payout Settings' });
    await expect(settings.getByRole('alert')).toHaveText(
      "Set the agency's TIN, address and RDO in Agency tax details (below) to issue BIR Form 2307 and the alphalist.",
    );
    await page.unroute(`**${routes.payoutSettings.path}`);
    await page.reload();
    await expect(settings.getByLabel('Minimum payout (₱)')).not.toHaveValue('');
    await expect(settings.getByRole('alert')).toHaveCount(0);

    // The minimum payout: ₱750.00 from the next close on; the ATCs stay BIR's codes for insurance agents.
    await expect(settings.getByLabel('ATC at 5%')).toHaveValue('WI070');
    await expect(settings.getByLabel('ATC at 10%')).toHaveValue('WI071');
    await settings.getByLabel('Minimum payout (₱)').fill('750.555');
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await expect(settings.getByText('Minimum payout must have at most 2 decimals')).toBeVisible();
    await settings.getByLabel('Minimum payout (₱)').fill('750');
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'success', 'Payout settings saved: minimum payout ₱750.00, WI070 at 5%, WI071 at 10%.');
    await expect(settings.getByLabel('Minimum payout (₱)')).toHaveValue('750.00');
    await expect(settings.getByText(/^Last changed /)).toHaveText(new RegExp(`^Last changed .+ by ${ADMIN_NAME}\\.$`));

    // Cruz's withholding rate: 5 % by default; 10 % from today on their sworn declaration.
    const withholding = page.getByRole('region', { name: 'Withholding Tax Rates' });
    await withholding.getByLabel('Find member').fill(cruz.lname);
    await withholding.getByLabel('Member', { exact: true }).selectOption({ label: `${cruz.name} (ID#: ${cruz.id})` });
    const rateToday = withholding.getByRole('definition').first();
    await expect(rateToday).toHaveText(/^5%, ATC WI070\s*The default: no declaration on record$/);
    await expect(withholding.getByText('No rate has been set: 5% is withheld by default.')).toBeVisible();
    await expect(withholding.getByLabel('Effective from')).toHaveValue(TODAY);
    await withholding.getByRole('button', { name: 'Set Withholding Rate' }).click();
    await expect(withholding.getByText('Reason is required')).toBeVisible();
    // A rate never changes a statement already closed: a date before today is refused.
    await withholding.getByLabel('Effective from').fill(addDays(TODAY, -1));
    const reason = 'Sworn declaration received 2026-11-20: gross income above ₱3M';
    await withholding.getByLabel('Reason').fill(reason);
    await withholding.getByRole('button', { name: 'Set Withholding Rate' }).click();
    await expectToast(page, 'error', 'Failed to set the withholding rate: Effective from must be today or later');
    await withholding.getByLabel('Effective from').fill(TODAY);
    await withholding.getByLabel('Rate', { exact: true }).selectOption('10%');
    await withholding.getByRole('button', { name: 'Set Withholding Rate' }).click();
    const todayText = deadlineTextOf(TODAY);
    await expectToast(page, 'success', `${cruz.name}: 10% withheld from ${todayText}.`);
    await expect(withholding.getByLabel('Reason')).toHaveValue('');
    await expect(rateToday).toHaveText(new RegExp(`^10%, ATC WI071\\s*Since ${todayText}$`));
    const history = withholding.getByRole('list', { name: 'Withholding rates set' }).getByRole('listitem');
    await expect(history).toHaveCount(1);
    await expect(history.first()).toContainText(new RegExp(`^10%\\s*from ${todayText}`));
    await expect(history.first()).toContainText('In force');
    await expect(history.first()).toContainText(reason);
    await expect(history.first()).toContainText(`by ${ADMIN_NAME}`);
    await viewShot(page, testInfo, settings, 'admin-payouts-settings-1366');
    await viewShot(page, testInfo, withholding, 'admin-payouts-withholding-1366');

    // Close CARRIED: Cruz's -₱200.00 is no payout: carried forward, no tax on a negative gross.
    const confirmText = await closeMonth(
      page,
      CARRIED,
      press,
      `${formatMonth(CARRIED)} closed: 1 statement, gross -₱200.00, tax withheld ₱0.00, to pay ₱0.00; 1 carried forward.`,
    );
    expect(confirmText).toContain('A net below the minimum payout of ₱750.00, or below zero, is carried forward');
    const carriedTable = statementsTable(page, CARRIED);
    await expect
      .poll(() => cells(rowOf(carriedTable, cruz.name)))
      .toEqual([
        `${cruz.name} ID#: ${cruz.id} · 2 entries`,
        '₱0.00',
        '-₱200.00',
        '₱0.00 5% · WI070',
        '-₱200.00',
        'Not on file',
        'Carried forward To the next statement',
        '— none',
      ]);
    await expect(rowOf(carriedTable, cruz.name).getByRole('button', { name: /Mark Paid/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export Payouts (.xlsx)' })).toBeDisabled();

    // Close NEXT: Cruz brings -₱200.00 forward; ₱2,000.00 gross less 5 % (₱100.00: the rate of the
    // month, 10 % starts today) is ₱1,700.00 to pay. Reyes: ₱650.00 less ₱32.50 is ₱617.50, under
    // the ₱750.00 minimum: carried forward.
    await closeMonth(
      page,
      NEXT,
      press,
      `${formatMonth(NEXT)} closed: 2 statements, gross ₱2,650.00, tax withheld ₱132.50, to pay ₱1,700.00; 1 carried forward.`,
    );
    const nextTable = statementsTable(page, NEXT);
    const cruzRow = rowOf(nextTable, cruz.name);
    const reyesRow = rowOf(nextTable, reyes.name);
    await expect
      .poll(() => cells(cruzRow))
      .toEqual([
        `${cruz.name} ID#: ${cruz.id} · 1 entry`,
        '-₱200.00',
        '₱2,000.00',
        '₱100.00 5% · WI070',
        '₱1,700.00',
        'Not on file',
        'Unpaid',
        `Mark Paid for ${cruz.name}`,
      ]);
    await expect
      .poll(() => cells(reyesRow))
      .toEqual([
        `${reyes.name} ID#: ${reyes.id} · 1 entry`,
        '₱0.00',
        '₱650.00',
        '₱32.50 5% · WI070',
        '₱617.50',
        'Not on file',
        'Carried forward To the next statement',
        '— none',
      ]);
    await expect(reyesRow.getByRole('button', { name: /Mark Paid/ })).toHaveCount(0);
    const totals = page.getByRole('group', { name: `Totals of ${formatMonth(NEXT)}` });
    // The month's totals reconcile on screen (decision 016): Cruz's -₱200.00 brought forward +
    // ₱2,650.00 gross − ₱132.50 tax = ₱2,317.50 net, of which ₱1,700.00 to pay and Reyes's ₱617.50
    // carried forward.
    await expect(totals.getByRole('term')).toHaveText([
      'Brought forward',
      'Gross',
      'Tax withheld',
      'Net',
      'Net',
      'To pay',
      'Carried forward',
    ]);
    await expect(totals.getByRole('definition')).toHaveText([
      '-₱200.00',
      '₱2,650.00',
      '₱132.50',
      '₱2,317.50',
      '₱2,317.50',
      '₱1,700.00 (1 statement, 0 paid)',
      '₱617.50 (1 statement)',
    ]);
    await expect(totals).toHaveText(
      /^\s*Brought forward\s*-₱200\.00\s*\+\s*Gross\s*₱2,650\.00\s*−\s*Tax withheld\s*₱132\.50\s*=\s*Net\s*₱2,317\.50/,
    );
    // Each column says what it is, where the columns are shown.
    const help = page.getByRole('definition').filter({ hasText: 'brought forward + gross − withholding tax: what the member is paid.' });
    await expect(help).toHaveText(
      'brought forward + gross − withholding tax: what the member is paid. Below the minimum payout, or below zero, it is carried forward to their next statement and left out of To pay.',
    );

    // The payout file: only the net to pay.
    const payoutDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Payouts (.xlsx)' }).click();
    const payout = await payoutDownload;
    const payoutFile = testInfo.outputPath('payouts.xlsx');
    await payout.saveAs(payoutFile);
    const [payoutSheet] = await readExcelFile(payoutFile);
    const payoutRows = payoutSheet!.data.slice(1, -1);
    expect(payoutRows).toEqual([[cruz.id, cruz.name, null, null, null, 1700, 'No bank details on file']]);

    // The months: what each close posted, withheld and left to pay.
    const monthsTable = page.getByRole('table', { name: 'Months' });
    const nextMonthRow = monthsTable.getByRole('row').filter({ hasText: formatMonth(NEXT) });
    await expect
      .poll(async () => (await cells(nextMonthRow)).slice(2, 6))
      .toEqual(['₱0.00 0 entries', '₱2,650.00 2 statements', '₱132.50', '₱1,700.00 0 paid, 1 unpaid 1 carried forward']);
    for (const width of [1280, 1440, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(monthsTable);
      await expectNoSidewaysScroll(nextTable);
    }
    await viewShot(page, testInfo, page.getByRole('region', { name: 'Monthly Close' }), 'admin-payouts-months-1366');
    await viewShot(page, testInfo, page.getByRole('region', { name: 'Statements', exact: true }), 'admin-payouts-statements-1366');

    // Mark Paid: the net.
    await cruzRow.getByRole('button', { name: `Mark Paid for ${cruz.name}` }).click();
    const paidDialog = page.getByRole('dialog', { name: 'Mark Paid' });
    await expect(paidDialog).toContainText(`${cruz.name}, ${formatMonth(NEXT)}: ₱1,700.00 net to pay`);
    await paidDialog.getByLabel('Reference').fill('BPI-TRX-2107');
    await paidDialog.getByRole('button', { name: 'Mark Paid' }).click();
    await expect(paidDialog).toBeHidden();
    await expect(cruzRow.getByRole('cell').nth(6)).toContainText('Paid');
    await expect(cruzRow.getByRole('cell').nth(6)).toContainText('Ref. BPI-TRX-2107');
    await expect(nextMonthRow.getByRole('cell').nth(5)).toContainText('1 paid, 0 unpaid');
    await expect(totals.getByRole('definition').nth(5)).toHaveText('₱1,700.00 (1 statement, 1 paid)');

    // The BIR card: the last quarter that ended, its payees (Cruz's positive month only), the deadline.
    const bir = page.getByRole('region', { name: 'Withholding tax: BIR Form 2307 and alphalist' });
    await expect(bir.getByLabel('Year')).toHaveValue(String(LAST.year));
    await expect(bir.getByLabel('Quarter')).toHaveValue(String(LAST.quarter));
    await expect(bir.getByText(/^BIR Form 2307 for Q/)).toHaveText(
      `BIR Form 2307 for Q${LAST.quarter} ${LAST.year} is due to each payee by ${deadlineText(LAST)}.`,
    );
    const alphalist = bir.getByRole('table', { name: `Alphalist of payees, Q${LAST.quarter} ${LAST.year}` });
    await expect(alphalist.locator('tbody').getByRole('row')).toHaveCount(2);
    await expect
      .poll(() => cells(rowOf(alphalist, cruz.lname)))
      .toEqual(['234-567-891', `${cruz.lname}, ${cruz.fname} ID#: ${cruz.id}`, 'WI070', '5%', '₱2,000.00', '₱100.00']);
    await expect
      .poll(() => cells(rowOf(alphalist, reyes.lname)))
      .toEqual(['No TIN on file', `${reyes.lname}, ${reyes.fname} ID#: ${reyes.id}`, 'WI070', '5%', '₱650.00', '₱32.50']);
    await expect(alphalist.locator('tfoot').getByRole('rowheader')).toHaveText('Total of 2 payee lines', { useInnerText: true });
    await expect(alphalist.locator('tfoot').getByRole('cell')).toHaveText(['₱2,650.00', '₱132.50']);
    await expect(bir.getByText('1 payee has no TIN on file')).toBeVisible();
    await viewShot(page, testInfo, bir, 'admin-payouts-bir-1366');

    // The alphalist as a workbook.
    const xlsxDownload = page.waitForEvent('download');
    await bir.getByRole('button', { name: 'Download Alphalist (.xlsx)' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toBe(alphalistXlsxFileName(LAST.year, LAST.quarter));
    await expectToast(page, 'success', 'File Downloaded');
    const xlsxFile = testInfo.outputPath('alphalist.xlsx');
    await xlsx.saveAs(xlsxFile);
    const [sheet] = await readExcelFile(xlsxFile);
    expect(sheet!.sheet).toBe('Alphalist');
    const rows = sheet!.data;
    expect(rows[0]![0]).toBe(AGENCY.name);
    expect(rows).toContainEqual(expect.arrayContaining(['TIN', '123-456-789-000']));
    expect(rows).toContainEqual([
      'Seq',
      'TIN',
      'Branch',
      'Last Name',
      'First Name',
      'Middle Name',
      'ATC',
      'Rate (%)',
      'Income',
      'Tax Withheld',
    ]);
    expect(rows).toContainEqual([expect.any(Number), '234-567-891', '0000', cruz.lname, cruz.fname, null, 'WI070', 5, 2000, 100]);
    expect(rows.at(-1)).toEqual(['Total', '2 lines', null, null, null, null, null, null, 2650, 132.5]);

    // The .DAT for BIR's alphalist module: its name, its header, Cruz's line and the control totals.
    const datDownload = page.waitForEvent('download');
    await bir.getByRole('button', { name: 'Download Alphalist (.DAT)' }).click();
    const dat = await datDownload;
    expect(dat.suggestedFilename()).toBe(alphalistDatFileName(AGENCY.tin, LAST.year, LAST.quarter));
    expect(dat.suggestedFilename()).toBe(`1234567890000${MM_YYYY(LAST).replace('/', '')}1601EQ.DAT`);
    const datFile = testInfo.outputPath('alphalist.dat');
    await dat.saveAs(datFile);
    const bytes = fs.readFileSync(datFile);
    expect(
      bytes.every((b) => b < 0x80),
      'the .DAT is ASCII',
    ).toBe(true);
    const lines = bytes.toString('ascii').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(`HQAP,H1601EQ,123456789,0000,"AHENTE INSURANCE AGENCY",${MM_YYYY(LAST)},050`);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^D1,1601EQ,\\d+,234567891,0000,"","${cruz.lname.toUpperCase()}","ANA","",${MM_YYYY(LAST).replace('/', '\\/')},WI070,5\\.00,2000\\.00,100\\.00$`,
        ),
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^D1,1601EQ,\d+,000000000,0000,"",.*,WI070,5\.00,650\.00,32\.50$/));
    expect(lines.at(-2)).toBe(`C1,1601EQ,123456789,0000,${MM_YYYY(LAST)},2650.00,132.50`);

    // A quarter with no tax withheld: nothing to download.
    await bir.getByLabel('Year').selectOption(String(LAST.year - 4));
    await bir.getByLabel('Quarter').selectOption('Q1');
    await expect(bir.getByText('No tax was withheld in this quarter.')).toBeVisible();
    await expect(bir.getByRole('button', { name: 'Download Alphalist (.xlsx)' })).toBeDisabled();
    await expect(bir.getByRole('button', { name: 'Download Alphalist (.DAT)' })).toBeDisabled();
    await expect(bir.getByText(/^BIR Form 2307 for Q/)).toHaveText(
      `BIR Form 2307 for Q1 ${LAST.year - 4} is due to each payee by ${deadlineText({ year: LAST.year - 4, quarter: 1 })}.`,
    );
  });
});

/** A calendar date as the page writes it ("Nov 25, 2026"). */
function deadlineTextOf(day: string): string {
  return new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

test(
  'an admin on a phone closes a month with tax withheld and reads its statements and the alphalist',
  PHONE_ONLY,
  async ({ page, baseURL, press }, testInfo) => {
    test.slow();
    await setProductRate(baseURL!, PRODUCT, '10');
    const agent = await createAgent(baseURL!);
    await licenseAgent(baseURL!, agent);
    await setTin(baseURL!, agent, '345-678-912-000');
    const PHONE_MONTH = phoneTestMonth(testInfo.project.name);
    // 10 % of ₱12,345.67 = ₱1,234.57; 5 % of it withheld: ₱61.7285 → ₱61.73; ₱1,172.84 to pay.
    await verifySales(baseURL!, [await pastSale(baseURL!, agent, 'Corazon Dela Cruz', '12345.67', `${PHONE_MONTH}-05`)]);

    await signInAdmin(page);
    await page.goto('/admin/admincommissions');
    await expect(page.getByRole('heading', { level: 1, name: 'Commissions', exact: true })).toBeVisible();
    await closeMonth(
      page,
      PHONE_MONTH,
      press,
      `${formatMonth(PHONE_MONTH)} closed: 1 statement, gross ₱1,234.57, tax withheld ₱61.73, to pay ₱1,172.84; 0 carried forward.`,
    );
    await expect(page.getByRole('group', { name: `Totals of ${formatMonth(PHONE_MONTH)}` }).getByRole('definition')).toHaveText([
      '₱0.00',
      '₱1,234.57',
      '₱61.73',
      '₱1,172.84',
      '₱1,172.84',
      '₱1,172.84 (1 statement, 0 paid)',
      '₱0.00 (0 statements)',
    ]);
    const row = rowOf(statementsTable(page, PHONE_MONTH), agent.name);
    await expect(row).toHaveCount(1);
    await expect
      .poll(async () => (await cells(row)).slice(1, 7))
      .toEqual(['₱0.00', '₱1,234.57', '₱61.73 5% · WI070', '₱1,172.84', 'Not on file', 'Unpaid']);
    await expectFitsPhone(page, testInfo, 'admin-payouts-phone');
    await viewShot(page, testInfo, page.getByRole('region', { name: 'Monthly Close' }), 'admin-payouts-months-phone');
    await viewShot(page, testInfo, page.getByRole('region', { name: 'Statements', exact: true }), 'admin-payouts-statements-phone');

    const bir = page.getByRole('region', { name: 'Withholding tax: BIR Form 2307 and alphalist' });
    await bir.getByLabel('Year').selectOption(String(BEFORE.year));
    await bir.getByLabel('Quarter').selectOption(`Q${BEFORE.quarter}`);
    const alphalist = bir.getByRole('table', { name: `Alphalist of payees, Q${BEFORE.quarter} ${BEFORE.year}` });
    await expect
      .poll(async () => {
        const [tin, name, ...figures] = await cells(rowOf(alphalist, agent.lname));
        // On a phone the name's cell repeats the tax and the income, which are off to the side.
        return [tin, name?.replace(/ Tax ₱61\.73 on ₱1,234\.57$/, ''), ...figures];
      })
      .toEqual(['345-678-912-000', `${agent.lname}, ${agent.fname} ID#: ${agent.id}`, 'WI070', '5%', '₱1,234.57', '₱61.73']);
    await expect(bir.getByText(/^BIR Form 2307 for Q/)).toHaveText(
      `BIR Form 2307 for Q${BEFORE.quarter} ${BEFORE.year} is due to each payee by ${deadlineText(BEFORE)}.`,
    );
    await viewShot(page, testInfo, bir, 'admin-payouts-bir-phone');
    await viewShot(page, testInfo, alphalist, 'admin-payouts-alphalist-phone');
  },
);
