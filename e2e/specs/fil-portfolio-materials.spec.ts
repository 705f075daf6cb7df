import type { Page } from '@playwright/test';
import { expectFitsViewport, expectToast, saleExpiringIn, uniqueId } from '../support/app.ts';
import { scanner } from '../support/axe.ts';
import { expect, shot, test } from '../support/fixtures.ts';
import { adminMaterialsApi, tinyPdf } from '../support/materials.ts';

/**
 * The Portfolio, the materials libraries, Agent Recruitment, the Help Center and the notification
 * bell in Filipino (decision 030; words and layout; the English screens are portfolio.spec's,
 * materials.spec's, tickets.spec's and notifications.spec's). Axe-clean on each, and the Portfolio
 * fits a 390 px phone.
 */

/** A Learning section with one PDF, and an empty one, through the admin's API. */
async function seedLearning(baseURL: string, withFile: string, empty: string, fileName: string) {
  const admin = await adminMaterialsApi(baseURL);
  try {
    const section = await admin.createSection(withFile, 'Learning');
    await admin.createSection(empty, 'Learning');
    await admin.upload(section.id, fileName, tinyPdf());
  } finally {
    await admin.dispose();
  }
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Pangunahin' });

test('Portfolio, Learning Resources, Marketing, Recruitment, Help Center and the bell in Filipino: their words, axe-clean, the Portfolio on a phone', async ({
  page,
  agent,
  baseURL,
}, testInfo) => {
  test.slow();
  const axe = scanner(page, testInfo);
  const tag = uniqueId();
  const withFile = `Gabay ${tag}`;
  const empty = `Walang laman ${tag}`;
  const fileName = `gabay-${tag}.pdf`;
  await seedLearning(baseURL!, withFile, empty, fileName);

  // Filipino chosen on the login page, so it is the member's at sign-in.
  await page.goto('/login');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Filipino' }).click();
  await page.getByLabel('Username').fill(agent.username);
  await page.getByLabel('Password', { exact: true }).fill(agent.password);
  await page.getByRole('button', { name: 'Mag-log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');

  // The Portfolio, empty: why, in Filipino.
  await mainNav(page).getByRole('link', { name: 'Portfolio', exact: true }).click();
  await expect(h1(page, 'Portfolio Ko')).toBeVisible();
  await expect(page.getByText('Wala ka pang policy.', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^Lahat/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Kahit kailan', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'I-export sa Excel' })).toBeDisabled();
  await axe.scan('fil /portfolio, empty');

  // A policy due in 20 days: its row, the days in words, Renew and the pager.
  await saleExpiringIn(baseURL!, agent, 'Rosario Villanueva', 20, 'MC-2025-004211');
  await page.reload();
  const table = page.getByRole('table', { name: 'Ang mga policy mo' });
  const row = table.getByRole('row').filter({ hasText: 'Rosario Villanueva' });
  await expect(row.getByText('Sa loob ng 20 araw', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'I-renew ang policy ni Rosario Villanueva (policy MC-2025-004211)' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Expiry Date' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Mga page ng mga policy' }).getByText('Ipinapakita ang 1–1 sa 1')).toBeVisible();
  await page.getByRole('button', { name: '30 araw', exact: true }).click();
  await expect(row).toBeVisible();
  await page
    .getByRole('group', { name: 'Status' })
    .getByRole('button', { name: /^Lapsed/ })
    .click();
  await expect(page.getByText('Walang policy na tugma sa mga filter na ito.', { exact: true })).toBeVisible();
  await expect(page.getByText('Status: Lapsed · Mag-e-expire sa loob ng 30 araw.')).toBeVisible();
  await page.getByRole('button', { name: 'Ipakita ang lahat ng policy' }).click();
  await expect(row).toBeVisible();
  await axe.scan('fil /portfolio');
  await shot(page, testInfo, 'fil-portfolio');

  // On a phone: the premium, expiry and status under the customer, nothing overflowing.
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByText(/^Mag-e-expire sa [^·]+$/)).toBeVisible();
  await expect(row.getByText(/· Sa loob ng 20 araw$/)).toBeVisible();
  await expectFitsViewport(page);
  // The "Expiring in" choices fit whole, none hidden past the group's edge.
  const expiring = page.getByRole('group', { name: 'Mag-e-expire sa loob ng' });
  const groupBox = (await expiring.boundingBox())!;
  const lastBox = (await expiring.getByRole('button', { name: '90 araw' }).boundingBox())!;
  expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(groupBox.x + groupBox.width);
  await axe.scan('fil /portfolio, phone');
  await shot(page, testInfo, 'fil-portfolio-phone');
  await page.setViewportSize(size);

  // Learning Resources: the section with a file, its download, and an empty section.
  await mainNav(page).getByRole('link', { name: 'Mga Learning Resource', exact: true }).click();
  await expect(h1(page, 'Mga Learning Resource')).toBeVisible();
  await expect(page.getByText('Mga gabay, product sheet at training file mula sa ahensya.')).toBeVisible();
  await page.getByLabel('Section').selectOption({ label: withFile });
  const list = page.getByRole('list', { name: `Mga material sa ${withFile}` });
  await expect(list.getByText('In-upload noong', { exact: false })).toBeVisible();
  await expect(page.getByText('1 file', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await list.getByRole('button', { name: `I-download ang ${fileName}` }).click();
  expect((await download).suggestedFilename()).toBe(fileName);
  await expectToast(page, 'success', 'Na-download ang file');
  await expect(list.getByRole('button', { name: `I-download ang ${fileName}` })).toHaveText('(I-download)');
  await axe.scan('fil /learning');
  await shot(page, testInfo, 'fil-learning');
  await page.getByLabel('Section').selectOption({ label: empty });
  await expect(page.getByText('Wala pang material sa section na ito.', { exact: true })).toBeVisible();

  // Marketing: its title and description.
  await mainNav(page).getByRole('link', { name: 'Marketing', exact: true }).click();
  await expect(h1(page, 'Marketing')).toBeVisible();
  await expect(page.getByText('Mga brochure, flyer at iba pang material na maibabahagi mo sa mga kliyente mo.')).toBeVisible();
  await axe.scan('fil /marketing');

  // Agent Recruitment: no recruits yet, the name search.
  await mainNav(page).getByRole('link', { name: 'Recruitment', exact: true }).click();
  await expect(h1(page, 'Recruitment ng Agent')).toBeVisible();
  await expect(page.getByText('Walang nakitang record', { exact: true })).toBeVisible();
  await expect(page.getByRole('search', { name: 'Mga miyembro ayon sa pangalan' }).getByLabel('Maghanap ayon sa pangalan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'I-refresh' })).toBeVisible();
  await axe.scan('fil /recruitment');

  // The Help Center: no tickets yet, one opened, its conversation and a reply.
  await mainNav(page).getByRole('link', { name: 'Help Center', exact: true }).click();
  await expect(h1(page, 'Help Center')).toBeVisible();
  await expect(page.getByText('Wala pang ticket', { exact: true })).toBeVisible();
  await axe.scan('fil /helpcenter, no tickets');
  const form = page.getByRole('form', { name: 'Magbukas ng Ticket' });
  await form.getByLabel('Pamagat').fill('Hindi pa na-credit ang commission ko');
  await form.getByLabel('Uri').selectOption('finance');
  await form.getByLabel('Detalye').fill('Para sa Marso, sa deal ni Rosario Villanueva.');
  await form.getByRole('button', { name: 'Ipadala', exact: true }).click();
  await expectToast(page, 'success', 'Naipadala ang ticket');
  const tickets = page.getByRole('list', { name: 'Ang mga ticket mo' });
  await expect(tickets.getByText(/· Finance · Binuksan ni .* noong/)).toBeVisible();
  await shot(page, testInfo, 'fil-helpcenter');
  await tickets.getByRole('button', { name: /^Buksan ang usapan tungkol sa Hindi pa na-credit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Hindi pa na-credit ang commission ko' });
  await expect(dialog.getByRole('heading', { name: 'Usapan' })).toBeVisible();
  await expect(dialog.getByText('nagbukas ng ticket')).toBeVisible();
  await dialog.getByLabel('Ang sagot mo').fill('Salamat po.');
  await dialog.getByRole('button', { name: 'Ipadala ang sagot' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Salamat po.' })).toContainText('Ikaw');
  await axe.scan('fil /helpcenter, conversation');
  await shot(page, testInfo, 'fil-helpcenter-conversation');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The bell in the header.
  await page.getByRole('button', { name: /^Mga Notification/ }).click();
  const panel = page.getByRole('dialog', { name: 'Mga Notification' });
  await expect(panel.getByRole('heading', { name: 'Mga Notification' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Markahang nabasa lahat' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Settings ng notification' })).toBeVisible();
  await axe.scan('fil notification bell');
  await shot(page, testInfo, 'fil-bell', { fullPage: false });

  await axe.check();
});
