import { routes } from '@ahente/contract/routes';
import { expectFitsPhone, expectToast, goViaMainNav, isNarrow, uniqueId } from '../support/app.ts';
import { scanner } from '../support/axe.ts';
import { ADMIN, expect, loginApi, loginUi, PHONE, shot, test, type Agent } from '../support/fixtures.ts';

/**
 * Admin Panel → Statements (issue 45 §7): an insurer's statement uploaded, previewed with its column
 * mapping, imported, its lines resolved on the reconciliation page (a line matched to a sale by
 * hand, an adjustment ignored with a reason) and the matched sales verified from it; and the
 * reconciliation read on a phone. Each test has its own insurer (a unique name), so the other specs'
 * sales never meet its statement.
 */

interface World {
  insurer: { id: number; name: string };
  sales: { paid: number; mistyped: number };
  csv: Buffer;
}

/** An insurer and its agency rate, the agent's two sales of it, and the insurer's statement as a .csv with a title block. */
async function world(baseURL: string, agent: Agent): Promise<World> {
  const u = uniqueId();
  const name = `Visayas Mutual ${u}`;
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  const agentApi = await loginApi(baseURL, agent.username, agent.password);
  try {
    const saved = await admin.csrfPost(routes.saveInsurer.path, {
      name,
      code: `VM${u.slice(-8).toUpperCase()}`,
      aliases: [],
      active: true,
    });
    if (!saved.ok()) throw new Error(`saveinsurer: ${saved.status()} ${await saved.text()}`);
    const insurer = ((await saved.json()) as { insurer: { id: number } }).insurer;
    const rate = await admin.csrfPost(routes.setInsurerRate.path, {
      insurer_id: insurer.id,
      product: 'Comprehensive',
      rate: 10,
      effective_from: '2026-01-01',
    });
    if (!rate.ok()) throw new Error(`setinsurerrate: ${rate.status()} ${await rate.text()}`);
    const sell = async (customerName: string, tcv: string, policy: string) => {
      const deal = await agentApi.csrfPost(routes.addDeal.path, {
        id: agent.id,
        customerName,
        transactionType: 'New',
        product: 'Comprehensive',
        tcvValue: tcv,
        effectiveDate: '2026-09-01',
      });
      if (!deal.ok()) throw new Error(`adddeals: ${deal.status()} ${await deal.text()}`);
      const sale = await agentApi.csrfPost(routes.addSale.path, {
        id: agent.id,
        formData: {
          dealid: ((await deal.json()) as { deal: { id: number } }).deal.id,
          customerName,
          product: 'Comprehensive',
          tcv,
          sales_type: 'Direct',
          policy,
          insurer: name,
          effectiveDate: '2026-09-01',
        },
      });
      if (!sale.ok()) throw new Error(`addsales: ${sale.status()} ${await sale.text()}`);
      return ((await sale.json()) as { sale: { id: number } }).sale.id;
    };
    const paid = await sell('Lorna Villanueva', '40000', `VM-2026-${u}-01`);
    const mistyped = await sell('Arturo Medina', '25000', `VM-2026-${u}-02`);
    const csv = [
      `${name},,,`,
      'Commission Statement - October 2026,,,',
      'Policy No,Insured,Premium,Commission',
      // Paid as expected (10 % of ₱40,000.00), the policy written the insurer's way.
      `vm 2026 ${u} 1,Lorna Villanueva,"₱40,000.00","₱4,000.00"`,
      // A policy number the insurer mistyped, another premium: unmatched, matched by hand below.
      `VM2026-${u}-2,A. Medina,"24,000.00","2,400.00"`,
      // A bank charge: ignored with a reason.
      'ADJ-OCT,Bank charge,0.00,(150.00)',
      '',
    ].join('\n');
    return { insurer: { id: insurer.id, name }, sales: { paid, mistyped }, csv: Buffer.from(csv, 'utf8') };
  } finally {
    await admin.dispose();
    await agentApi.dispose();
  }
}

test('an admin uploads a statement, checks its mapping, imports it, resolves its lines and verifies the sales it paid', async ({
  page,
  baseURL,
  agent,
}, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 1366, height: 768 });
  const w = await world(baseURL!, agent);
  const axe = scanner(page, testInfo);

  await loginUi(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await goViaMainNav(page, 'Admin Panel');
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Statements', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();

  // Upload: insurer, month, the total the statement prints (₱100.00 more than its lines: the tie-out shows it), the file.
  await page.getByLabel('Insurer').selectOption({ label: w.insurer.name });
  await page.getByLabel('Statement month').fill('2026-10');
  await page.getByLabel('Statement total (optional)').fill('6,350.00');
  await page.getByLabel('Statement file').setInputFiles({ name: 'visayas-2026-10.csv', mimeType: 'text/csv', buffer: w.csv });

  // The preview: the header found under the title block, a select per field, the first lines as read.
  await expect(page.getByText('Header found on row 3, 4 columns.')).toBeVisible();
  await expect(page.getByLabel('Policy number')).toHaveValue('Policy No');
  await expect(page.getByLabel('Commission', { exact: true })).toHaveValue('Commission');
  await page.getByLabel('Insured name (optional)').selectOption('Insured');
  await page.getByLabel('Premium (optional)').selectOption('Premium');
  const preview = page.getByRole('table', { name: "The statement's first lines" });
  await expect(preview.locator('tbody tr')).toHaveCount(3);
  await expect(preview.locator('tbody tr').first()).toContainText('Lorna Villanueva');
  await axe.scan('statements preview');
  await shot(page, testInfo, 'admin-statements-preview');

  await page.getByRole('button', { name: 'Import statement' }).click();
  await expectToast(page, 'success', 'Imported 3 lines: 1 matched');
  await expect(page.getByRole('heading', { level: 1, name: `${w.insurer.name} statement 2026-10` })).toBeVisible();

  // The tie-out: received ₱6,250.00 against the statement's ₱6,350.00, the difference in red.
  await expect(page.getByText("The lines do not add up to the statement's total.")).toBeVisible();
  await expect(page.getByText('-₱100.00').or(page.getByText('−₱100.00')).first()).toBeVisible();

  // Resolve: the mistyped policy matched by hand to its sale, the bank charge ignored.
  const lines = page.getByRole('table', { name: `${w.insurer.name} statement 2026-10: lines` });
  await page
    .getByRole('group', { name: 'Show the lines' })
    .getByRole('button', { name: /^Unmatched/ })
    .click();
  await page.getByRole('button', { name: 'Match line 5 to a sale' }).click();
  const matchDialog = page.getByRole('dialog', { name: 'Match line 5 to a sale' });
  await matchDialog.getByLabel("Search the insurer's sales").fill('Medina');
  await matchDialog.getByRole('button', { name: `Match to sale #${w.sales.mistyped}` }).click();
  await expectToast(page, 'success', `Line 5 matched to sale #${w.sales.mistyped}`);

  await page
    .getByRole('group', { name: 'Show the lines' })
    .getByRole('button', { name: /^Chargeback/ })
    .click();
  await page.getByRole('button', { name: 'Ignore line 6' }).click();
  const ignoreDialog = page.getByRole('dialog', { name: 'Ignore line 6' });
  await ignoreDialog.getByLabel('Reason').fill('Bank charge, booked by accounting');
  await ignoreDialog.getByRole('button', { name: 'Ignore line' }).click();
  await expectToast(page, 'success', 'Line 6 ignored');

  await page.getByRole('group', { name: 'Show the lines' }).getByRole('button', { name: /^All/ }).click();
  await expect(lines.locator('tbody tr')).toHaveCount(3);
  await expect(lines.locator('tbody tr').nth(1)).toContainText('Matched by');
  await expect(lines.locator('tbody tr').nth(2)).toContainText('Bank charge, booked by accounting');

  // Verify: both matched sales, from this statement.
  await page.getByRole('button', { name: 'Verify matched sales' }).click();
  await expectToast(page, 'success', 'Verified 2 sales');
  await expect(lines.locator('tbody tr').first()).toContainText('Verified from this statement');
  await axe.scan('reconciliation');
  await shot(page, testInfo, 'admin-statements-reconciliation');

  // The agency's revenue on the admin's Reports: this statement's month and insurer, expected ₱6,500.00
  // (₱4,000.00 + ₱2,500.00) and received ₱6,400.00 (the ignored bank charge not counted).
  await goViaMainNav(page, 'Reports');
  const revenue = page.getByRole('region', { name: 'Agency revenue' });
  await expect(
    revenue.getByRole('table', { name: 'Agency revenue by insurer and month' }).getByRole('row', { name: new RegExp(w.insurer.name) }),
  ).toContainText('₱6,500.00₱6,400.00');
  await axe.scan('reports, agency revenue');
  await shot(page, testInfo, 'admin-statements-agency-revenue');
  await axe.check();
});

test('on a phone an administrator reads the reconciliation', PHONE, async ({ page, baseURL, agent }, testInfo) => {
  // The phone project as it is; the desktop ones at a small phone's width.
  if (!isNarrow(page)) await page.setViewportSize({ width: 375, height: 812 });
  const w = await world(baseURL!, agent);
  const admin = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
  let importId: number;
  try {
    const res = await admin.post(routes.importStatement.path, {
      headers: { 'X-XSRF-TOKEN': await admin.xsrfToken() },
      multipart: {
        insurer_id: String(w.insurer.id),
        period: '2026-10',
        mapping: JSON.stringify({ policy_no: 'Policy No', commission: 'Commission', premium: 'Premium', insured_name: 'Insured' }),
        file: { name: 'visayas-2026-10.csv', mimeType: 'text/csv', buffer: w.csv },
      },
    });
    if (!res.ok()) throw new Error(`importstatement: ${res.status()} ${await res.text()}`);
    importId = ((await res.json()) as { import: { id: number } }).import.id;
  } finally {
    await admin.dispose();
  }

  await loginUi(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/admin/statements/${importId}`);
  await expect(page.getByRole('heading', { level: 1, name: `${w.insurer.name} statement 2026-10` })).toBeVisible();
  const cards = page.getByRole('list', { name: `${w.insurer.name} statement 2026-10: lines` });
  await expect(cards.getByRole('listitem')).toHaveCount(3);
  await expect(cards.getByRole('listitem').first()).toContainText('Matched');
  await expect(cards.getByRole('listitem').first()).toContainText('₱4,000.00');
  await expectFitsPhone(page, testInfo, 'admin-statements-reconciliation');
});
