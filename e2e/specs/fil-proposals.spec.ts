import { expectFitsViewport, expectToast, uniqueId } from '../support/app.ts';
import { scanner } from '../support/axe.ts';
import { expect, shot, test, openContext } from '../support/fixtures.ts';

/**
 * Insurance Proposals in Filipino (decision 030; words and layout; the English path is
 * proposals.spec's): the list, New Proposal with its breakdown worked out as the agent types, the
 * proposal's page once sent, and the client's page /p/<token> read in Filipino (chosen there, as a
 * client with no account does) up to the acceptance. The texts are i18n.fil.ts's, exactly; axe-clean.
 */

test.use({ viewport: { width: 1366, height: 768 } });

test('the list, New Proposal, the proposal and the client’s page in Filipino', async ({ page, agent, browser, baseURL }, testInfo) => {
  const client = `Maria Dela Cruz ${uniqueId()}`;
  const axe = scanner(page, testInfo);

  // Filipino chosen on the login page, so it is the member's at sign-in.
  await page.goto('/login');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Filipino' }).click();
  await page.getByLabel('Username').fill(agent.username);
  await page.getByLabel('Password', { exact: true }).fill(agent.password);
  await page.getByRole('button', { name: 'Mag-log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation', { name: 'Pangunahin' }).getByRole('link', { name: 'Mga Proposal', exact: true }).click();

  // The list.
  await expect(page.getByRole('heading', { level: 1, name: 'Mga Insurance Proposal', exact: true })).toBeVisible();
  await expect(page.getByText('Mag-quote sa mga client mo: hanggang tatlong insurer na magkatabi, kasama na ang mga buwis.')).toBeVisible();
  await expect(page.getByText('Wala pang proposal', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('');
  await expect(page.getByRole('option', { name: 'Lahat ng status' })).toBeAttached();
  for (const header of ['Numero', 'Client', 'Product', 'Babayaran', 'Valid hanggang', 'Ginawa noong', 'Status', 'Aksyon']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Kabuuang babayaran', { exact: true })).toBeVisible();
  await expect(page.getByText('Bilang ng proposal', { exact: true })).toBeVisible();
  await axe.scan('fil /proposals');

  // New Proposal: the breakdown in Filipino as the agent types.
  await page.getByRole('link', { name: 'Bagong Proposal', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bagong Proposal', exact: true })).toBeVisible();
  await expect(
    page.getByText('Nag-a-update ang breakdown habang nagta-type ka, gamit ang kasalukuyang rates ng agency.', { exact: true }),
  ).toBeVisible();
  await page.getByLabel('Pangalan ng client').fill(client);
  await page.getByLabel('Product', { exact: true }).selectOption('Comprehensive');
  await expect(page.getByText('30 araw kung wala, hanggang 90.', { exact: true })).toBeVisible();
  const option = page.getByRole('group', { name: 'Option 1', exact: true });
  await option.getByLabel('Insurer', { exact: true }).fill('Malayan Insurance');
  await option.getByLabel('Basic premium', { exact: true }).fill('18500');
  await expect(option.getByText('Breakdown ng option 1', { exact: true })).toBeAttached();
  await expect(option.getByText('Documentary Stamp Tax', { exact: true })).toBeVisible();
  await expect(option.getByText('Babayaran', { exact: true })).toBeVisible();
  await expect(option.getByRole('definition')).toHaveText(['₱18,500.00', '₱2,312.50', '₱2,220.00', '₱37.00', '₱23,069.50']);
  await expect(option.getByRole('button', { name: 'Magdagdag ng coverage', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Magdagdag ng option', exact: true })).toBeVisible();
  await expect(page.getByLabel('Ipakita ang contact number ko sa page ng client')).toBeVisible();
  await shot(page, testInfo, 'fil-proposal-form');
  await expectFitsViewport(page);
  await axe.scan('fil /proposals/new');

  // The proposal's page: saved, then sent.
  await page.getByRole('button', { name: 'I-save ang Draft', exact: true }).click();
  await expectToast(page, 'success', 'Na-save ang proposal');
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(client) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baguhin ang draft', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Ipadala', exact: true }).click();
  await expect(page.getByText('Handa na ang link: kopyahin o i-share sa client mo.')).toBeVisible();
  const link = page.getByLabel('Ang link ng client');
  await expect(link).toHaveValue(/\/p\/[A-Za-z0-9_-]{43}$/);
  const clientPath = new URL(await link.inputValue()).pathname;
  await expect(page.getByRole('button', { name: 'Kopyahin', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tanggapin para sa client', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bawiin', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'I-download ang PDF', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kasaysayan', exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Ipinadala · v1 · / })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Ginawa · v1 · / })).toBeVisible();
  await shot(page, testInfo, 'fil-proposal-page');
  await expectFitsViewport(page);
  await axe.scan('fil /proposals/:id');

  // The client's page: a visitor with no account, who picks Filipino there.
  const visitor = await openContext(browser, { baseURL, viewport: { width: 1366, height: 768 } });
  const clientPage = await visitor.newPage();
  const clientAxe = scanner(clientPage, testInfo);
  await clientPage.goto(clientPath);
  await expect(clientPage.getByRole('heading', { level: 1, name: /^Insurance proposal Q-/ })).toBeVisible();
  await clientPage.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Filipino' }).click();
  await expect(clientPage.locator('html')).toHaveAttribute('lang', 'fil');
  await expect(clientPage.getByText(`Para kay ${client} · Comprehensive`, { exact: true })).toBeVisible();
  await expect(clientPage.getByRole('heading', { name: 'Ang mga option mo', exact: true })).toBeVisible();
  await expect(clientPage.getByText('Ang agent mo', { exact: true })).toBeVisible();
  await expect(
    clientPage.getByText(
      'Ang mga halaga ay ang premium ng insurer at ang mga buwis at bayarin dito. Ang mga tuntunin ng policy ng insurer ang masusunod sa cover.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(clientPage.getByRole('link', { name: 'I-download ang PDF', exact: true })).toBeVisible();
  await expect(clientPage.getByRole('button', { name: 'Tanggihan ang proposal', exact: true })).toBeVisible();
  await shot(clientPage, testInfo, 'fil-client-page');
  await expectFitsViewport(clientPage);
  await clientAxe.scan('fil /p/<token>');
  await clientPage.getByRole('button', { name: 'Tanggapin ang option 1', exact: true }).click();
  await expect(
    clientPage.getByText('Tinanggap mo ang option 1. Salamat! Kokontakin ka ng agent mo tungkol sa mga susunod na hakbang.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(clientPage.getByText('Ang pinili mo', { exact: true })).toBeVisible();
  await clientAxe.check();
  await visitor.close();
  await axe.check();
});
