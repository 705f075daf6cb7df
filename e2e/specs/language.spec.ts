import type { Browser, Page } from '@playwright/test';
import { COUNTED_SALES_NOTE } from '@ahente/contract/sales';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { welcomeLine } from '../support/app.ts';
import { scanner } from '../support/axe.ts';
import { expect, loginApi, shot, test, type Agent, PHONE_ONLY, openContext } from '../support/fixtures.ts';

/**
 * The interface in English or Filipino (decision 030), chosen on the login page or in the profile
 * popup, remembered on the device and for the member; `<html lang>` follows; the main screens are
 * axe-clean in both languages. Not rendering-only: the member's choice is saved on the server.
 */

const html = (page: Page) => page.locator('html');

async function seedDeal(baseURL: string, agent: Agent) {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const res = await c.csrfPost(routes.addDeal.path, {
      id: agent.id,
      customerName: 'Maria Clara',
      transactionType: 'New',
      product: 'Individual',
      tcvValue: '25000',
      effectiveDate: '2026-01-15',
    });
    if (!res.ok()) throw new Error(`adddeals: ${res.status()} ${await res.text()}`);
  } finally {
    await c.dispose();
  }
}

async function savedLanguage(baseURL: string, agent: Agent): Promise<string> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    return ((await (await c.get(routes.me.path)).json()) as { language: string }).language;
  } finally {
    await c.dispose();
  }
}

async function heading(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
}

/** A new browser context: another device, nothing remembered. */
async function freshDevice(browser: Browser, baseURL: string) {
  const context = await openContext(browser, { baseURL, viewport: { width: 1366, height: 900 } });
  return { context, page: await context.newPage() };
}

test('Filipino chosen on the login page: the main screens in Filipino, axe-clean, kept on reload and on another device; back to English from the profile popup', async ({
  page,
  agent,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  await seedDeal(baseURL!, agent);
  const axe = scanner(page, testInfo);

  // The login page: English first, then Filipino once chosen.
  await page.goto('/login');
  await heading(page, 'Welcome back');
  await expect(html(page)).toHaveAttribute('lang', 'en');
  const choice = page.getByRole('group', { name: 'Language' });
  await expect(choice.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await choice.getByRole('button', { name: 'Filipino' }).click();
  await heading(page, 'Maligayang pagbabalik');
  await expect(html(page)).toHaveAttribute('lang', 'fil');
  await expect(page.getByRole('group', { name: 'Wika' }).getByRole('button', { name: 'Filipino' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Ilagay ang username at password mo para buksan ang agent portal mo.')).toBeVisible();
  await axe.scan('fil /login');
  await shot(page, testInfo, 'language-fil-login');

  // An empty form: the spec's message, in Filipino.
  await page.getByRole('button', { name: 'Mag-log in' }).click();
  await expect(page.getByText('Error: Pakilagay ang Username o Password', { exact: true })).toBeVisible();

  await page.getByLabel('Username').fill(agent.username);
  await page.getByLabel('Password', { exact: true }).fill(agent.password);
  await page.getByRole('button', { name: 'Mag-log in' }).click();

  // The dashboard.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Maligayang pagbabalik, ${agent.name}, ID#: ${agent.id}`, { exact: true })).toBeVisible();
  await heading(page, 'Dashboard');
  await expect(page.getByText(`Kumusta, ${agent.fname}! Ito ang lagay ng negosyo mo.`)).toBeVisible();
  const sales = page.getByRole('region', { name: 'Sales', exact: true });
  await expect(sales.getByRole('term')).toHaveText(['Bilang ng Sales', 'Kabuuang Sales']);
  await expect(sales.getByRole('definition')).toHaveText(['0', '₱0.00']);
  const team = page.getByRole('region', { name: 'Laki ng Team', exact: true });
  await expect(team.getByRole('term')).toHaveText(['Mga Direktang Recruit', 'Buong Team']);
  const proposals = page.getByRole('region', { name: 'Mga Aktibong Proposal', exact: true });
  // Sent, unexpired proposals (issue 46): this agent has none.
  await expect(proposals.getByRole('term')).toHaveText(['Mga Naipadalang Proposal', 'Kabuuang Babayaran']);
  await expect(proposals.getByRole('definition')).toHaveText(['0', '₱0.00']);
  const nav = page.getByRole('navigation', { name: 'Pangunahin' });
  await expect(nav.getByRole('link', { name: 'Mga Deal' })).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'fil');
  await axe.scan('fil /');
  await shot(page, testInfo, 'language-fil-dashboard');

  // Deals Table: the columns, the buttons and the catalogue's values in Filipino; dates in fil-PH.
  await page.goto('/deals/dealsview');
  await heading(page, 'Talaan ng mga Deal');
  await expect(page.getByText('Ang mga deal mo, pinakabagong effective date muna.')).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    '#',
    'Pangalan ng Customer',
    'Uri ng Transaksyon',
    'Produkto',
    'TCV',
    'Effective Date',
    'Ginawa Noong',
    'Status',
    'Aksyon',
  ]);
  const row = page.getByRole('row').filter({ hasText: 'Maria Clara' });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Bago');
  await expect(row.getByRole('cell').nth(5)).toHaveText('Ene 15, 2026');
  await expect(row.getByRole('button', { name: 'Gawing Sale', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'I-EDIT', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Mga Deal Mo' }).getByRole('link')).toHaveText([
    'Magdagdag ng Deal',
    'Tingnan ang mga Deal Mo',
  ]);
  await axe.scan('fil /deals/dealsview');
  await shot(page, testInfo, 'language-fil-deals-table');
  // EDIT: the dialog and the deal form in Filipino.
  await row.getByRole('button', { name: 'I-EDIT', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'I-edit ang Deal' });
  await expect(edit.getByText(`Deal #`, { exact: false })).toContainText('Maria Clara');
  await expect(edit.getByLabel('Pangalan ng Customer')).toHaveValue('Maria Clara');
  await expect(edit.getByRole('button', { name: 'I-save ang mga Pagbabago' })).toBeVisible();
  await axe.scan('fil /deals/dealsview I-edit ang Deal');
  await edit.getByRole('button', { name: 'Kanselahin' }).click();
  await expect(edit).toHaveCount(0);

  // Add New Deals: the form's labels; the selects show Filipino words and send the catalogue's values.
  await page.getByRole('link', { name: 'Magdagdag ng Deal' }).click();
  await heading(page, 'Mga Deal');
  await expect(page.getByRole('button', { name: 'I-save ang Deal' })).toBeVisible();
  await expect(page.getByLabel('Pangalan ng Customer')).toBeVisible();
  const txType = page.getByLabel('Uri ng Transaksyon');
  await expect(txType.locator('option[value="New"]')).toHaveText('Bago');
  await axe.scan('fil /deals/dealsinput');
  await shot(page, testInfo, 'language-fil-add-deal');
  await page.getByRole('button', { name: 'I-save ang Deal' }).click();
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Hindi na-save: may kulang na field')).toBeVisible();
  // Saved in Filipino: 'Bago' is shown, 'New' is what the server gets.
  await page.getByLabel('Pangalan ng Customer').fill('Jose Dela Cruz');
  await txType.selectOption({ label: 'Bago' });
  await page.getByLabel('Effective Date').fill('2026-02-20');
  await page.getByLabel('Kategorya ng Produkto').selectOption('Medical');
  await page.getByLabel('Produkto', { exact: true }).selectOption('Individual');
  await page.getByLabel('TCV').fill('1500');
  await page.getByRole('button', { name: 'I-save ang Deal' }).click();
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Na-save ang deal', { exact: true })).toBeVisible();
  const api = await loginApi(baseURL!, agent.username, agent.password);
  try {
    const deals = (await (await api.csrfPost(routes.getDeals.path, { id: agent.id })).json()) as {
      customer_name: string;
      tx_type: string;
    }[];
    expect(deals.find((d) => d.customer_name === 'Jose Dela Cruz')?.tx_type).toBe('New');
  } finally {
    await api.dispose();
  }

  // Sales.
  await page.goto('/sales/salesview');
  await heading(page, 'Sales');
  await expect(page.getByText('Ang mga sales record mo, pinakabagong effective date muna.')).toBeVisible();
  await expect(page.getByRole('term')).toHaveText(['Kabuuang TCV:', 'Bilang ng Sales:']);
  await expect(page.getByText('Wala pang sales record.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'I-export sa Excel' })).toBeDisabled();
  await axe.scan('fil /sales/salesview');

  // A reload keeps the choice (this device remembers it), and the server has it for the member.
  await page.reload();
  await heading(page, 'Sales');
  await expect(page.getByRole('term')).toHaveText(['Kabuuang TCV:', 'Bilang ng Sales:']);
  await expect(html(page)).toHaveAttribute('lang', 'fil');
  expect(await savedLanguage(baseURL!, agent)).toBe('fil');

  // Another device: its login page is in English, and signing in brings the member's Filipino.
  const other = await freshDevice(browser, baseURL!);
  try {
    const p = other.page;
    await p.goto('/login');
    await heading(p, 'Welcome back');
    await expect(html(p)).toHaveAttribute('lang', 'en');
    await p.getByLabel('Username').fill(agent.username);
    await p.getByLabel('Password', { exact: true }).fill(agent.password);
    await p.getByRole('button', { name: 'Sign In' }).click();
    await expect(p.getByText(`Maligayang pagbabalik, ${agent.name}, ID#: ${agent.id}`, { exact: true })).toBeVisible();
    await expect(html(p)).toHaveAttribute('lang', 'fil');

    // Back to English from the profile popup: the spec's English texts.
    await p.getByRole('button', { name: /, Buksan ang profile$/ }).click();
    const popup = p.getByRole('dialog', { name: 'Profile' });
    await expect(popup.getByRole('button', { name: 'Mag-log out' })).toBeVisible();
    await shot(p, testInfo, 'language-fil-profile-popup', { fullPage: false });
    await popup.getByRole('group', { name: 'Wika' }).getByRole('button', { name: 'English' }).click();
    await expect(popup.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(popup.getByText(MSG.badgeComingSoon, { exact: true })).toBeVisible();
    await p.keyboard.press('Escape');
    await expect(p.getByText(welcomeLine(agent.name, agent.id), { exact: true })).toBeVisible();
    await expect(html(p)).toHaveAttribute('lang', 'en');
    await expect.poll(() => savedLanguage(baseURL!, agent)).toBe('en');

    const englishAxe = scanner(p, testInfo);
    await heading(p, 'Dashboard');
    await expect(p.getByText(`Good to see you, ${agent.fname}. Here is where your business stands.`)).toBeVisible();
    await expect(p.getByRole('region', { name: 'Sales', exact: true }).getByRole('term')).toHaveText(['Sales Count', 'Total Sales']);
    await expect(p.getByText(COUNTED_SALES_NOTE, { exact: true }).first()).toBeVisible();
    await englishAxe.scan('en /');
    await p.goto('/deals/dealsview');
    await heading(p, 'Deals Table');
    const enRow = p.getByRole('row').filter({ hasText: 'Maria Clara' });
    await expect(enRow.getByRole('cell').nth(2)).toHaveText('New');
    await expect(enRow.getByRole('cell').nth(5)).toHaveText('Jan 15, 2026');
    await expect(enRow.getByRole('button', { name: 'Make as Sales', exact: true })).toBeVisible();
    await expect(enRow.getByRole('button', { name: 'EDIT', exact: true })).toBeVisible();
    await englishAxe.scan('en /deals/dealsview');
    await p.goto('/deals/dealsinput');
    await heading(p, 'Deals');
    await expect(p.getByRole('button', { name: 'Save Deal' })).toBeVisible();
    await englishAxe.scan('en /deals/dealsinput');
    await p.goto('/sales/salesview');
    await heading(p, 'Sales');
    await expect(p.getByRole('term')).toHaveText(['Total TCV:', 'Number of Sales Made:']);
    await expect(p.getByText(MSG.noSales, { exact: true })).toBeVisible();
    await englishAxe.scan('en /sales/salesview');
    await englishAxe.check();
  } finally {
    await other.context.close();
  }
  await axe.check();
});

test(
  'Filipino on a phone: nothing is cut off on the login page, the dashboard and the Deals Table',
  PHONE_ONLY,
  async ({ page, agent, baseURL }, testInfo) => {
    await seedDeal(baseURL!, agent);
    await page.goto('/login');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Filipino' }).click();
    await heading(page, 'Maligayang pagbabalik');
    await shot(page, testInfo, 'language-fil-login');
    await page.getByLabel('Username').fill(agent.username);
    await page.getByLabel('Password', { exact: true }).fill(agent.password);
    await page.getByRole('button', { name: 'Mag-log in' }).click();
    await expect(page.getByText(`Maligayang pagbabalik, ${agent.name}, ID#: ${agent.id}`, { exact: true })).toBeVisible();
    const width = page.viewportSize()!.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, testInfo, 'language-fil-dashboard');
    await page.goto('/deals/dealsview');
    await heading(page, 'Talaan ng mga Deal');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, testInfo, 'language-fil-deals-table');
    await page.goto('/deals/dealsinput');
    await heading(page, 'Mga Deal');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, testInfo, 'language-fil-add-deal');
  },
);
