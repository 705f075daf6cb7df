import type { Page } from '@playwright/test';
import { expectFitsViewport, expectToast, goViaMainNav, signIn, uniqueId } from '../support/app.ts';
import { scanner } from '../support/axe.ts';
import { expect, PHONE, shot, test } from '../support/fixtures.ts';

/**
 * Insurance proposals (issue 46), a person's path: the agent writes a draft with two insurers and
 * sees each breakdown as they type, sends it (the client's link), accepts an option for the client
 * and lands on the deal in the Deals Table. Axe scans the list and the proposal. Screenshots at
 * 1366 px (a laptop, decision 024) and on a phone (one option at a time, decision 010).
 */

async function fillOption(page: Page, n: number, insurer: string, premium: string) {
  const option = page.getByRole('group', { name: `Option ${n}`, exact: true });
  await option.getByLabel('Insurer', { exact: true }).fill(insurer);
  await option.getByLabel('Basic premium', { exact: true }).fill(premium);
  return option;
}

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('draft → breakdown → send → accept for the client → the deal in the Deals Table', async ({ page, agent }, testInfo) => {
    const client = `Maria Santos ${uniqueId()}`;
    const axe = scanner(page, testInfo);
    await signIn(page, agent);
    await goViaMainNav(page, 'Proposals');
    await expect(page.getByRole('heading', { level: 1, name: 'Insurance Proposals' })).toBeVisible();
    await expect(page.getByText('No proposals yet')).toBeVisible();

    await page.getByRole('link', { name: 'New Proposal' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Proposal' })).toBeVisible();
    await page.getByLabel('Client name').fill(client);
    await page.getByLabel('Product').selectOption('Comprehensive');
    const first = await fillOption(page, 1, 'Malayan Insurance', '18,500');
    // DST 12.5 %, VAT 12 %, LGT 0.2 % of ₱18,500.00 (the reference rates): ₱23,069.50 due.
    await expect(first.getByRole('definition')).toHaveText(['₱18,500.00', '₱2,312.50', '₱2,220.00', '₱37.00', '₱23,069.50']);
    await first.getByRole('button', { name: 'Add a coverage line' }).click();
    await first.getByLabel('Coverage', { exact: true }).fill('Own Damage/Theft');
    await first.getByLabel('Limit', { exact: true }).fill('₱850,000');
    await page.getByRole('button', { name: 'Add an option' }).click();
    const second = await fillOption(page, 2, 'Pioneer', '17000');
    await expect(second.getByRole('definition').last()).toHaveText('₱21,199.00');
    await shot(page, testInfo, 'proposal-form-1366');
    await expectFitsViewport(page);

    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expectToast(page, 'success', 'Proposal saved');
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(client) })).toBeVisible();
    await expect(page.getByRole('main').getByText('Draft', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const link = page.getByLabel('The client’s link');
    await expect(link).toHaveValue(/\/p\/[A-Za-z0-9_-]{22,}$/);
    await expect(page.getByRole('main').getByText('Sent', { exact: true }).first()).toBeVisible();
    await shot(page, testInfo, 'proposal-page-1366');
    await expectFitsViewport(page);
    await axe.scan('/proposals/:id');

    await page.getByRole('button', { name: 'Accept for the client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept for the client' });
    await dialog.getByRole('radio', { name: /Option 2: Pioneer, ₱21,199\.00/ }).check();
    await dialog.getByRole('button', { name: 'Accept and create the deal' }).click();
    await expect(page).toHaveURL(/\/deals\/dealsview\?deal=\d+$/);
    const row = page.getByRole('row', { name: new RegExp(client) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('₱21,199.00');

    await goViaMainNav(page, 'Proposals');
    const listed = page.getByRole('row', { name: new RegExp(client) });
    await expect(listed).toContainText('Accepted');
    await expect(listed).toContainText('₱21,199.00');
    await shot(page, testInfo, 'proposals-list-1366');
    await expectFitsViewport(page);
    await axe.scan('/proposals');
    await axe.check();
  });
});

test('on a phone: one option at a time with a switcher; nothing overflows', PHONE, async ({ page, agent, press }, testInfo) => {
  test.skip(page.viewportSize()!.width >= 768, 'the phone project');
  await signIn(page, agent);
  await page.goto('/proposals/new');
  await page.getByLabel('Client name').fill('Jose Rizal');
  await page.getByLabel('Product').selectOption('CTPL');
  const first = page.getByRole('group', { name: 'Option 1', exact: true });
  await first.getByLabel('Insurer', { exact: true }).fill('Standard Insurance');
  await first.getByLabel('Vehicle type').selectOption('private_car');
  // The table's premium is proposed: ₱447.00 a year, and ₱607.81 due with the LTO fee.
  await expect(first.getByLabel('Basic premium', { exact: true })).toHaveValue('447.00');
  await expect(first.getByRole('definition').last()).toHaveText('₱607.81');
  await press(page.getByRole('button', { name: 'Add an option' }));
  await expect(page.getByRole('button', { name: 'Option 2', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(first).toBeHidden();
  await press(page.getByRole('button', { name: 'Option 1', exact: true }));
  await expect(first).toBeVisible();
  await expectFitsViewport(page);
  await shot(page, testInfo, 'proposal-form-phone');
});

/** The client's page as the public API answers it (h-proposals' publicProposalResponse). */
const PUBLIC_ANSWER = {
  agency: 'Ahente Insurance Agency',
  number: 'Q-000042',
  version: 2,
  status: 'sent',
  client_name: 'Maria Santos',
  product: 'Comprehensive',
  valid_until: '2027-01-02',
  accepted_option: null,
  agent: { name: 'Ana Santos', licence_number: 'NL-2024-00123', contact: '09171234567' },
  options: [
    ['Malayan Insurance', 18500, 2312.5, 2220, 37, 23069.5],
    ['Pioneer', 17000, 2125, 2040, 34, 21199],
    ['Standard Insurance', 19250.5, 2406.31, 2310.06, 38.5, 24005.37],
  ].map(([insurer, basic, dst, vat, lgt, due], i) => ({
    option: i + 1,
    insurer,
    insurer_id: null,
    plan_name: i === 0 ? 'Motor Comprehensive Plus' : null,
    sum_insured: 850000,
    coverages: [
      { name: 'Own Damage/Theft', limit: '₱850,000' },
      { name: 'Excess Bodily Injury', limit: '₱100,000' },
      { name: 'Acts of Nature', limit: null },
    ],
    deductible: '₱2,000 per claim',
    remarks: null,
    breakdown: { basic_premium: basic, dst, vat, lgt, fst: 0, fees: 0, amount_due: due },
  })),
};

test("the client's page: options side by side (stacked on a phone), accept; 404 and 410 pages", PHONE, async ({ page }, testInfo) => {
  // The public API is h-proposals' (being merged): its answers are played here so that the page's
  // layout, words and accessibility are checked whatever the branch holds.
  let answer: Record<string, unknown> = PUBLIC_ANSWER;
  await page.route('**/api/public/proposal/**', async (route) => {
    const url = route.request().url();
    if (url.includes('/missing')) return route.fulfill({ status: 404, json: { error: 'Not found' } });
    if (url.includes('/withdrawn')) return route.fulfill({ status: 410, json: { error: 'Gone' } });
    if (url.endsWith('/accept')) {
      expect(route.request().headers().cookie).toBeUndefined();
      answer = { ...PUBLIC_ANSWER, status: 'accepted', accepted_option: route.request().postDataJSON().option };
    }
    return route.fulfill({ json: answer });
  });
  const axe = scanner(page, testInfo);
  await page.goto('/p/A1b2C3d4E5f6G7h8I9j0K1');
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance proposal Q-000042 v2' })).toBeVisible();
  await expect(page.getByText('NL-2024-00123')).toBeVisible();
  const second = page.getByRole('group', { name: 'Pioneer' });
  await expect(second.getByRole('definition').last()).toHaveText('₱21,199.00');
  await expectFitsViewport(page);
  await shot(page, testInfo, 'client-page');
  await axe.scan('/p/<token>');
  await second.getByRole('button', { name: 'Accept option 2' }).click();
  await expect(page.getByText('You accepted option 2.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Accept option/ })).toHaveCount(0);

  await page.goto('/p/missing');
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await axe.scan('/p/<unknown>');
  await page.goto('/p/withdrawn');
  await expect(page.getByRole('heading', { level: 1, name: 'This proposal is no longer available' })).toBeVisible();
  await axe.check();
});
