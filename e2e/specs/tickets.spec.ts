import type { Browser, Locator, Page } from '@playwright/test';
import { routes } from '@ahente/contract/routes';
import type { Ticket } from '@ahente/contract/tickets';
import { expectFitsPhone, expectToast, goViaMainNav, signIn, uniqueId } from '../support/app.ts';
import { ADMIN, expect, loginApi, loginUi, PHONE, shot, test, type Agent } from '../support/fixtures.ts';

/** Issue 10 item 5, decision 012: an agent opens a ticket from the Help Center, an admin edits and resolves it. */

const LIST = '/admin/adminticketlist';

const myTickets = (page: Page) => page.getByRole('list', { name: 'Your tickets' });
const myTicket = (page: Page, title: string) => myTickets(page).getByRole('listitem').filter({ hasText: title });
const ticketRow = (page: Page, title: string) => page.getByRole('table', { name: 'Tickets' }).getByRole('row').filter({ hasText: title });
/** The Status cell of a row (the fourth column). */
const statusOf = (row: Locator) => row.getByRole('cell').nth(3);

/** A ticket opened by the agent through the API. */
async function openTicket(baseURL: string, agent: Agent, title: string): Promise<Ticket> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const res = await c.csrfPost(routes.addTicket.path, { id: agent.id, title, description: 'Opened for the e2e test.', type: 'concerns' });
    if (res.status() !== 201) throw new Error(`addticket: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { ticket: Ticket }).ticket;
  } finally {
    await c.dispose();
  }
}

/** The agent's Help Center in a window of its own, beside the admin's. */
async function agentWindow(browser: Browser, baseURL: string, agent: Agent): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, agent);
  await page.goto('/helpcenter');
  return page;
}

async function expectClosedButtons(row: Locator, enabledEdit = true) {
  await expect(row.getByRole('button', { name: 'Resolve', exact: true })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Reject', exact: true })).toBeDisabled();
  if (enabledEdit) await expect(row.getByRole('button', { name: 'Edit', exact: true })).toBeEnabled();
}

test('an agent opens a ticket from the Help Center and sees it Pending', PHONE, async ({ page, agent }, testInfo) => {
  await signIn(page, agent);
  await goViaMainNav(page, 'Help Center');
  await expect(page).toHaveURL(/\/helpcenter$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  await expect(page.getByText('No tickets yet')).toBeVisible();

  const form = page.getByRole('form', { name: 'Open a Ticket' });
  // The contract's messages, and nothing sent.
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Description is required')).toBeVisible();
  await expect(form.getByLabel('Title')).toBeFocused();

  const title = `Commission not credited ${uniqueId()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Type').selectOption({ label: 'Finance' });
  await form.getByLabel('Description').fill('The commission for two CTPL policies sold on October 14 is missing.');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'success', 'Ticket submitted');
  await expect(form.getByLabel('Title')).toHaveValue('');

  const item = myTicket(page, title);
  await expect(item).toContainText('Pending');
  await expect(item).toContainText('Finance');
  await expect(myTickets(page).getByRole('listitem')).toHaveCount(1);
  await shot(page, testInfo, 'help-center');
  await expectFitsPhone(page, testInfo, 'help-center');
});

test('the admin edits and resolves a ticket; the agent sees it Resolved; a closed ticket stays closed', async ({
  page,
  agent,
  baseURL,
  browser,
}, testInfo) => {
  const title = `Claims hotline unreachable ${uniqueId()}`;
  const raced = `Raced ticket ${uniqueId()}`;
  await openTicket(baseURL!, agent, title);
  const racedTicket = await openTicket(baseURL!, agent, raced);

  await loginUi(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(LIST);
  await expect(page.getByRole('heading', { level: 1, name: 'Tickets List' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tickets' }).getByRole('columnheader')).toHaveText([
    'ID',
    'Title',
    'Description',
    'Status',
    'Type',
    'Actions',
  ]);
  const row = ticketRow(page, title);
  await expect(statusOf(row)).toHaveText('Pending');
  await expect(row).toContainText(`By ${agent.name}`);

  // Edit: title, description and type.
  await row.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Ticket' });
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await dialog.getByLabel('Title').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  const edited = `${title} (claims)`;
  await dialog.getByLabel('Title').fill(edited);
  await dialog.getByLabel('Type').selectOption({ label: 'Sales' });
  await dialog.getByLabel('Description').fill('The client called the hotline three times; please call her back.');
  await shot(page, testInfo, 'edit-ticket-modal', { fullPage: false });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'success', 'Ticket updated');
  await expect(dialog).toHaveCount(0);
  const editedRow = ticketRow(page, edited);
  await expect(editedRow).toContainText('Sales');
  await expect(editedRow).toContainText('please call her back');

  // Resolve: once.
  await editedRow.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(statusOf(editedRow)).toHaveText('Resolved');
  const id = (await editedRow.getByRole('cell').first().innerText()).trim();
  await expectToast(page, 'success', `Ticket #${id} resolved`);
  await expectClosedButtons(editedRow);

  // Another admin closes a ticket while this list still shows it Pending: the server's reason is said.
  const other = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
  expect((await other.csrfPost(routes.closeTicket.path, { ticketId: racedTicket.id, status: 'Resolved' })).status()).toBe(200);
  await other.dispose();
  const racedRow = ticketRow(page, raced);
  await racedRow.getByRole('button', { name: 'Reject', exact: true }).click();
  await expectToast(page, 'error', 'This ticket is already Resolved');
  await expect(statusOf(racedRow)).toHaveText('Resolved');
  await expectClosedButtons(racedRow);

  await shot(page, testInfo, 'tickets-list');
  await expectFitsPhone(page, testInfo, 'tickets-list');

  // The agent's Help Center says Resolved, with the admin's changes.
  const agentPage = await agentWindow(browser, baseURL!, agent);
  await expect(myTicket(agentPage, edited)).toContainText('Resolved');
  await expect(myTicket(agentPage, edited)).toContainText('Sales');
  await expect(myTicket(agentPage, raced)).toContainText('Resolved');
  await agentPage.context().close();
});
