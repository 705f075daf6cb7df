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
