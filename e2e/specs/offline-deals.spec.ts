import type { Locator, Page } from '@playwright/test';
import type { DealRecord } from '@ahente/contract/deals';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { expectToast as expectShownToast, goViaMainNav, signIn, type ToastType } from '../support/app.ts';
import { expect, loginApi, PHONE, shot, test, type Agent } from '../support/fixtures.ts';

/**
 * Record deals with no signal (decisions 028 and 029): Add New Deals and EDIT queue their changes
 * on the device (IndexedDB) when there is no connection, the Deals Table shows them as 'Waiting to
 * sync', and they are sent once, in order, each with an Idempotency-Key, when the connection
 * returns; a change the server refuses stays with its message until it is fixed or discarded.
 */

test.describe.configure({ timeout: 120_000 });
// The service worker is what these specs test: allowed here, blocked elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const QUEUED = 'Saved on this device. It will be sent when you are back online.';
const WAITING = 'Waiting to sync';
const REFUSED = 'Not synced';

type FormDeal = { customer: string; tx: string; category: string; product: string; tcv: string; date: string };

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
const subNav = (page: Page) => page.getByRole('navigation', { name: 'Your Deals', exact: true });
const dealsTable = (page: Page) => page.getByRole('table', { name: 'Your deals' });
const bodyRows = (page: Page) => dealsTable(page).locator('tbody tr');
const dealRow = (page: Page, customer: string) => bodyRows(page).filter({ hasText: customer });

/** A toast of `type` that reads exactly `text` ('Failed to Save' is not 'Failed to Save Missing Fields'). */
const expectToast = (page: Page, type: ToastType, text: string) => expectShownToast(page, type, text, { exact: true });

async function fillDeal(page: Page, d: FormDeal) {
  await field(page, 'Customer Name').fill(d.customer);
  await field(page, 'Transaction Type').selectOption(d.tx);
  await field(page, 'Product Category').selectOption(d.category);
  await field(page, 'Product').selectOption(d.product);
  await field(page, 'TCV').fill(d.tcv);
  await field(page, 'Effective Date').fill(d.date);
}

/** Saves a new deal with no answer possible: the form empties and the toast says it waits on the device. */
async function recordOffline(page: Page, d: FormDeal) {
  await fillDeal(page, d);
  await page.getByRole('button', { name: 'Save Deal' }).click();
  await expectToast(page, 'info', QUEUED);
  await expect(field(page, 'Customer Name')).toHaveValue('');
}

/** The agent's deals as the server has them. */
async function serverDeals(baseURL: string, agent: Agent): Promise<DealRecord[]> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const res = await c.csrfPost(routes.getDeals.path, { id: agent.id });
    expect(res.status()).toBe(200);
    return (await res.json()) as DealRecord[];
  } finally {
    await c.dispose();
  }
}

const names = (deals: readonly DealRecord[]) => deals.map((d) => d.customer_name).sort();

/** Opens Add New Deals and the Deals Table once with a connection (their code is then on the device), ending on Add New Deals. */
async function openDealsScreens(page: Page, agent: Agent) {
  await signIn(page, agent);
  await goViaMainNav(page, 'Deals');
  await subNav(page).getByRole('link', { name: 'View Your Deals' }).click();
  await expect(dealsTable(page).getByText(MSG.noDeals)).toBeVisible();
  await subNav(page).getByRole('link', { name: 'Add New Deals' }).click();
  await expect(field(page, 'Customer Name')).toBeVisible();
  // The service worker has the app on the device and answers this page's loads (a reload with no signal).
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
}

const ANA: FormDeal = { customer: 'Ana Offline', tx: 'New', category: 'Medical', product: 'Individual', tcv: '1000', date: '2025-03-01' };
const BEN: FormDeal = { customer: 'Ben Offline', tx: 'Renewal', category: 'Motor', product: 'CTPL', tcv: '2000', date: '2025-03-02' };
const CEL: FormDeal = {
  customer: 'Cel Offline',
  tx: 'New',
  category: 'Others',
  product: 'Travel Insurance',
  tcv: '3000',
  date: '2025-03-03',
};

test(
  'with no signal, 3 new deals and an edit wait on the device, survive a reload, and reach the server once when the connection returns',
  PHONE,
  async ({ page, context, agent, baseURL }, testInfo) => {
    await openDealsScreens(page, agent);

    await context.setOffline(true);
    for (const d of [ANA, BEN, CEL]) await recordOffline(page, d);

    await subNav(page).getByRole('link', { name: 'View Your Deals' }).click();
    await expect(bodyRows(page)).toHaveCount(3);
    for (const d of [ANA, BEN, CEL]) await expect(dealRow(page, d.customer).getByText(WAITING, { exact: true })).toBeVisible();

    // EDIT of a deal that is still only on the device: the new values replace the queued ones.
    await dealRow(page, BEN.customer).getByRole('button', { name: 'EDIT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Deal' });
    await expect(dialog).toContainText(`${WAITING} · ${BEN.customer}`);
    await expect(field(dialog, 'TCV')).toHaveValue('2000.00');
    await field(dialog, 'TCV').fill('2500');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'info', QUEUED);
    await expect(dialog).toBeHidden();
    await expect(dealRow(page, BEN.customer)).toContainText('₱2,500.00');
    await expect(dealRow(page, BEN.customer).getByText(WAITING, { exact: true })).toBeVisible();

    // The badge is read whole at a phone's 390 px and at a laptop's 1366 px.
    for (const [width, height] of [
      [390, 844],
      [1366, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      // The table as it opens (EDIT's sticky column may have scrolled it sideways), each row in the middle of the window.
      await dealsTable(page)
        .locator('xpath=..')
        .evaluate((scroller) => (scroller.scrollLeft = 0));
      for (const d of [ANA, BEN, CEL]) {
        const row = dealRow(page, d.customer);
        await row.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight / 2));
        await expect(row.getByText(WAITING, { exact: true })).toBeInViewport({ ratio: 1 });
      }
      await shot(page, testInfo, `offline-deals-waiting-${width}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 390, height: 844 });

    // A reload with no signal: the page comes from the service worker, the queue from IndexedDB.
    await page.reload();
    await expect(bodyRows(page)).toHaveCount(3);
    for (const d of [ANA, BEN, CEL]) await expect(dealRow(page, d.customer).getByText(WAITING, { exact: true })).toBeVisible();
    expect(await serverDeals(baseURL!, agent)).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByText(WAITING, { exact: true })).toHaveCount(0);
    await expect(bodyRows(page)).toHaveCount(3);
    await expect(dealRow(page, BEN.customer)).toContainText('₱2,500.00');
    await shot(page, testInfo, 'offline-deals-synced', { fullPage: false });

    const saved = await serverDeals(baseURL!, agent);
    expect(names(saved)).toEqual([ANA.customer, BEN.customer, CEL.customer]);
    expect(saved.find((d) => d.customer_name === BEN.customer)?.tcv).toBe(2500);
    expect(saved.find((d) => d.customer_name === ANA.customer)?.tcv).toBe(1000);

    // Another reload: nothing is sent again.
    await page.reload();
    await expect(bodyRows(page)).toHaveCount(3);
    await expect(page.getByText(WAITING, { exact: true })).toHaveCount(0);
    expect(names(await serverDeals(baseURL!, agent))).toEqual([ANA.customer, BEN.customer, CEL.customer]);
  },
);

test(
  'a connection cut in the middle of the sync: the deal whose answer was lost is sent again and saved once',
  PHONE,
  async ({ page, context, agent, baseURL }) => {
    await openDealsScreens(page, agent);
    await context.setOffline(true);
    for (const d of [ANA, BEN, CEL]) await recordOffline(page, d);
    await subNav(page).getByRole('link', { name: 'View Your Deals' }).click();
    await expect(bodyRows(page)).toHaveCount(3);

    // The first deal goes through; the second reaches the server, but its answer is lost on the way back.
    let sends = 0;
    await page.route(`**${routes.addDeal.path}`, async (route) => {
      sends += 1;
      if (sends !== 2) return route.continue();
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await context.setOffline(false);
    await expect.poll(() => sends).toBeGreaterThanOrEqual(2);
    await expect(dealRow(page, ANA.customer).getByText(WAITING, { exact: true })).toHaveCount(0);
    await expect(dealRow(page, BEN.customer).getByText(WAITING, { exact: true }).first()).toBeVisible();
    await expect(dealRow(page, CEL.customer).getByText(WAITING, { exact: true })).toBeVisible();
    expect(names(await serverDeals(baseURL!, agent))).toEqual([ANA.customer, BEN.customer]);

    // The connection returns: Ben is sent again with the same key and not saved twice, then Cel.
    await page.unroute(`**${routes.addDeal.path}`);
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(page.getByText(WAITING, { exact: true })).toHaveCount(0);
    await expect(bodyRows(page)).toHaveCount(3);
    expect(names(await serverDeals(baseURL!, agent))).toEqual([ANA.customer, BEN.customer, CEL.customer]);
  },
);

test(
  "a change the server refuses stays with the server's message until it is fixed or discarded",
  PHONE,
  async ({ page, context, agent, baseURL }, testInfo) => {
    await openDealsScreens(page, agent);
    await context.setOffline(true);
    await recordOffline(page, ANA);
    await recordOffline(page, BEN);
    await subNav(page).getByRole('link', { name: 'View Your Deals' }).click();
    await expect(bodyRows(page)).toHaveCount(2);

    // The server refuses both sends: what reaches it has a TCV with three decimals.
    await page.route(`**${routes.addDeal.path}`, (route) =>
      route.continue({ postData: JSON.stringify({ ...(route.request().postDataJSON() as object), tcvValue: '10.125' }) }),
    );
    await context.setOffline(false);
    for (const d of [ANA, BEN]) {
      const row = dealRow(page, d.customer);
      await expect(row.getByText(REFUSED, { exact: true })).toBeVisible();
      await expect(row.getByText('TCV must have at most 2 decimals')).toBeVisible();
      await expect(row.getByRole('button', { name: 'Fix' })).toBeVisible();
      await expect(row.getByRole('button', { name: 'Discard' })).toBeVisible();
    }
    await shot(page, testInfo, 'offline-deals-refused', { fullPage: false });
    expect(await serverDeals(baseURL!, agent)).toEqual([]);

    // Not dropped, not sent again on its own: a reload shows the same.
    await page.unroute(`**${routes.addDeal.path}`);
    await page.reload();
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(dealRow(page, ANA.customer).getByText('TCV must have at most 2 decimals')).toBeVisible();
    await expect(dealRow(page, BEN.customer).getByText(REFUSED, { exact: true })).toBeVisible();
    expect(await serverDeals(baseURL!, agent)).toEqual([]);

    // Fix: the edit form holds the queued values; saved, the deal is sent.
    await dealRow(page, ANA.customer).getByRole('button', { name: 'Fix' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Deal' });
    await expect(field(dialog, 'Customer Name')).toHaveValue(ANA.customer);
    await expect(field(dialog, 'TCV')).toHaveValue('1000.00');
    await field(dialog, 'TCV').fill('1500');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'success', MSG.dealUpdated);
    await expect(dialog).toBeHidden();
    await expect(dealRow(page, ANA.customer).getByText(REFUSED, { exact: true })).toHaveCount(0);
    await expect(dealRow(page, ANA.customer).getByText(WAITING, { exact: true })).toHaveCount(0);
    await expect(dealRow(page, ANA.customer)).toContainText('₱1,500.00');

    // Discard, confirmed: the deal is gone from the device and never sent.
    await dealRow(page, BEN.customer).getByRole('button', { name: 'Discard' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Discard this change?' });
    await expect(confirm).toContainText(`The new deal for ${BEN.customer} is deleted from this device and never sent.`);
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expectToast(page, 'success', 'The change was discarded.');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(dealRow(page, BEN.customer)).toHaveCount(0);

    const saved = await serverDeals(baseURL!, agent);
    expect(names(saved)).toEqual([ANA.customer]);
    expect(saved[0]?.tcv).toBe(1500);
  },
);
