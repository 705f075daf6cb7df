import readExcelFile from 'read-excel-file/node';
import type { Locator, Page } from '@playwright/test';
import { todayInManila } from '@ahente/contract/dates';
import type { DealRecord } from '@ahente/contract/deals';
import { routes } from '@ahente/contract/routes';
import type { SaleRecord } from '@ahente/contract/sales';
import { isNarrow, signIn } from '../support/app.ts';
import { ADMIN, expect, loginApi, PHONE, shot, test, type Agent, PHONE_ONLY } from '../support/fixtures.ts';
import { addNotification } from '../support/ledger-db.ts';

/**
 * One clock and one way to write things (decision 023): every date and time a person reads is
 * Manila's whatever the device's time zone; the bell newest first and a page of all notifications;
 * a sold deal seen as sold on a phone; policy numbers and e-mail addresses never broken mid-word;
 * the Sales export saying Cancelled.
 */

const TODAY = todayInManila();
/** A moment's date and time as people in Manila read them: 'Dec 2, 2026' and '5:30 PM'. */
const manilaDate = (iso: string, timeZone = 'Asia/Manila') =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone }).format(new Date(iso));
const manilaTime = (iso: string, timeZone = 'Asia/Manila') =>
  new Intl.DateTimeFormat('en-PH', { timeStyle: 'short', timeZone }).format(new Date(iso));

/** A deal of the agent's through the API, made a sale when `sale` is given; answers the deal. */
async function dealFor(
  baseURL: string,
  agent: Agent,
  customer: string,
  sale?: { policy: string; email?: string },
): Promise<{ deal: DealRecord; sale: SaleRecord | null }> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const res = await c.csrfPost(routes.addDeal.path, {
      id: agent.id,
      customerName: customer,
      transactionType: 'New',
      product: 'Comprehensive',
      tcvValue: '18500',
      effectiveDate: TODAY,
      ...(sale?.email ? { customer_email: sale.email } : {}),
    });
    expect(res.ok(), await res.text()).toBe(true);
    const deal = ((await res.json()) as { deal: DealRecord }).deal;
    if (!sale) return { deal, sale: null };
    const made = await c.csrfPost(routes.addSale.path, {
      id: agent.id,
      formData: {
        dealid: deal.id,
        customerName: customer,
        product: 'Comprehensive',
        tcv: '18500',
        sales_type: 'Direct',
        policy: sale.policy,
        insurer: 'Malayan Insurance',
        planName: 'Gold Plan',
        effectiveDate: TODAY,
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    return { deal, sale: ((await made.json()) as { sale: SaleRecord }).sale };
  } finally {
    await c.dispose();
  }
}

/** How many lines an element's text takes (its text's line boxes). */
const lineCount = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

test.describe('on a device in Los Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test("Deals' Created At and the notifications read Manila time, not the device's", async ({ page, baseURL, agent }, testInfo) => {
    // The device's clock is not Manila's: the same moment reads another day and hour there.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Los_Angeles');
    await page.setViewportSize({ width: 1366, height: 768 });
    const { deal } = await dealFor(baseURL!, agent, 'Gabriela Silang');
    // 16:30 UTC on 10 July: 12:30 AM on 11 July in Manila, 9:30 AM on 10 July in Los Angeles.
    await addNotification(baseURL!, {
      memberId: agent.id,
      title: 'Ticket answered',
      body: 'Your ticket was answered.',
      at: '2026-07-10T16:30:00.000Z',
    });
    await signIn(page, agent);

    await page.goto('/deals/dealsview');
    const row = page.getByRole('row').filter({ hasText: 'Gabriela Silang' });
    const created = row.locator('time').filter({ has: page.locator('span') });
    // The date, then the time, on two lines.
    await expect(created.locator('span')).toHaveText([manilaDate(deal.createdat), manilaTime(deal.createdat)]);
    await expect(created).not.toContainText(manilaTime(deal.createdat, 'America/Los_Angeles'));

    await page.goto('/notifications');
    const item = page.getByRole('list', { name: 'All notifications' }).getByRole('listitem').filter({ hasText: 'Ticket answered' });
    await expect(item.locator('time')).toHaveText('Jul 11, 2026, 12:30 AM');
    await shot(page, testInfo, 'clock-notifications-la');
  });
});

test(
  'the bell lists newest first; See all notifications opens every one, in pages of 100',
  PHONE,
  async ({ page, baseURL, agent, press }, testInfo) => {
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    // Written in this order; the last is the oldest (a backfilled one): by id it would come first.
    await addNotification(baseURL!, { memberId: agent.id, title: 'Three minutes ago', body: 'The newest.', at: ago(3) });
    await addNotification(baseURL!, { memberId: agent.id, title: 'An hour ago', body: 'The middle one.', at: ago(60) });
    await addNotification(baseURL!, { memberId: agent.id, title: 'July the 10th', body: 'The oldest.', at: '2026-07-10T01:00:00.000Z' });
    // A laptop (1366 px) in the desktop project; the phone project is a Pixel 7.
    if (!isNarrow(page)) await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, agent);

    await press(page.getByRole('banner').getByRole('button', { name: /^Notifications/ }));
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const titles = panel.getByRole('list', { name: 'Newest notifications' }).getByRole('link');
    // The approval of the agent's account (just now), then the three by their moment.
    await expect(titles).toHaveCount(4);
    await expect(titles.nth(0)).toContainText('Your account was approved');
    await expect(titles.nth(1)).toContainText('Three minutes ago');
    await expect(titles.nth(1)).toContainText('3 min ago');
    await expect(titles.nth(2)).toContainText('An hour ago');
    await expect(titles.nth(2)).toContainText('1 h ago');
    await expect(titles.nth(3)).toContainText('July the 10th');
    await expect(titles.nth(3)).toContainText('Jul 10');
    await shot(page, testInfo, 'clock-bell', { fullPage: false });

    await press(panel.getByRole('link', { name: 'See all notifications' }));
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const all = page.getByRole('list', { name: 'All notifications' }).getByRole('listitem');
    await expect(all).toHaveCount(4);
    await expect(all.nth(1)).toContainText(`Three minutes ago The newest. 3 min ago · ${manilaDate(new Date().toISOString())}, `);
    await expect(all.nth(3)).toContainText('July the 10th The oldest. Jul 10, 2026, 9:00 AM');
    await expect(page.getByText('4 unread', { exact: true })).toBeVisible();
    await shot(page, testInfo, 'clock-notifications');

    // 102 more, older still (106 in all): the page shows the newest 100 and the rest on request.
    for (let i = 1; i <= 102; i++) {
      await addNotification(baseURL!, {
        memberId: agent.id,
        title: `Old ${i}`,
        body: `Number ${i}.`,
        at: `2026-06-01T${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00.000Z`,
      });
    }
    await page.reload();
    await expect(all).toHaveCount(100);
    await expect(page.getByText('Showing 100 of 106 notifications')).toBeVisible();
    await press(page.getByRole('button', { name: 'Show 6 more' }));
    await expect(all).toHaveCount(106);
    await expect(page.getByText('Showing all 106 notifications')).toBeVisible();
    // Newest first throughout: Old 102 (01:42) before Old 1 (00:01), the last.
    await expect(all.nth(4)).toContainText('Old 102');
    await expect(all.nth(105)).toContainText('Old 1 ');

    // Mark all as read: the page and the bell agree.
    await press(page.getByRole('button', { name: 'Mark all as read' }));
    await expect(page.getByText('Nothing unread', { exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  },
);

test('a sold deal shows it is sold on a phone without scrolling sideways', PHONE_ONLY, async ({ page, baseURL, agent }, testInfo) => {
  await dealFor(baseURL!, agent, 'Lapu Lapu', { policy: 'POL-2026-00008' });
  await dealFor(baseURL!, agent, 'Melchora Aquino');
  await signIn(page, agent);
  await page.goto('/deals/dealsview');
  const sold = page.getByRole('row').filter({ hasText: 'Lapu Lapu' });
  // The first 'Sold' of the row is the copy under the customer's name, on the screen with the table
  // not scrolled; the Sold column itself is off to the side on a phone.
  const badge = sold.getByText('Sold', { exact: true }).first();
  await expect(badge).toBeVisible();
  expect(
    await page
      .getByRole('table')
      .first()
      .evaluate((t) => t.parentElement!.scrollLeft),
  ).toBe(0);
  const box = (await badge.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  const open = page.getByRole('row').filter({ hasText: 'Melchora Aquino' });
  await expect(open.getByText('Sold', { exact: true })).toHaveCount(0);
  await shot(page, testInfo, 'clock-deals-sold');
});

async function expectOneLine(page: Page, locator: Locator, what: string) {
  await expect(locator).toBeVisible();
  expect(await lineCount(locator), `${what} at ${page.viewportSize()!.width} px`).toBe(1);
}

/** The e-mail address in `row`: its words, each on one line, make the address (it may wrap only before a '.' or the '@'). */
async function expectWords(page: Page, row: Locator, email: string) {
  const parts = row.locator('[data-email-part]');
  await expect(parts).toHaveText(['gabriela', '.silang', '.delacruz', '@example', '.com']);
  expect((await parts.allTextContents()).join('')).toBe(email);
  for (const part of await parts.all()) await expectOneLine(page, part, `e-mail word ${await part.textContent()}`);
}

test('policy numbers and e-mail addresses never wrap mid-word; the Sales export says Cancelled', async ({
  page,
  baseURL,
  agent,
}, testInfo) => {
  const email = 'gabriela.silang.delacruz@example.com';
  const { sale } = await dealFor(baseURL!, agent, 'Gabriela Silang', { policy: 'POL-2026-00008', email });
  const { sale: cancelled } = await dealFor(baseURL!, agent, 'Diego Silang', { policy: 'POL-2026-00009' });
  const admin = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
  const res = await admin.csrfPost(routes.cancelSale.path, { sale_id: cancelled!.id, cancelled_on: TODAY, reason: 'Free look' });
  expect(res.ok(), await res.text()).toBe(true);
  await admin.dispose();
  await signIn(page, agent);

  await page.goto('/sales/salesview');
  const table = page.getByRole('table').first();
  const row = table.getByRole('row').filter({ hasText: 'Gabriela Silang' });
  for (const width of [1280, 1366, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectOneLine(page, row.getByText('POL-2026-00008', { exact: true }), 'the policy number');
    await expectWords(page, row, email);
    // The table still fits its card (decision 024).
    expect(
      await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
      `sideways at ${width} px`,
    ).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, testInfo, 'clock-sales-table');

  // The Portfolio too.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/portfolio');
  const policy = page.getByRole('row').filter({ hasText: 'Gabriela Silang' });
  await expectOneLine(page, policy.getByText('POL-2026-00008', { exact: true }), 'the portfolio policy number');
  await expectWords(page, policy, email);

  await page.goto('/sales/salesview');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export To Excel' }).click();
  const file = testInfo.outputPath('sales_data.xlsx');
  await (await download).saveAs(file);
  const [header, ...rows] = (await readExcelFile(file))[0]!.data as unknown[][];
  const column = header!.indexOf('Verification');
  const byId = new Map(rows.map((r) => [r[0], r]));
  expect(byId.get(cancelled!.id)![column]).toBe('Cancelled');
  expect(byId.get(sale!.id)![column]).toBe('Awaiting verification');
  expect(byId.get(cancelled!.id)![header!.indexOf('Cancelled On')]).toBeInstanceOf(Date);
});
