import type { Browser, Locator, Page } from '@playwright/test';
import { routes } from '@ahente/contract/routes';
import type { Ticket } from '@ahente/contract/tickets';
import { expectFitsPhone, expectFitsViewport, expectToast, goViaMainNav, signIn, signInAdmin, uniqueId } from '../support/app.ts';
import { ADMIN, expect, loginApi, PHONE, shot, test, type Agent, PHONE_ONLY, openContext } from '../support/fixtures.ts';

/**
 * Decision 012: an agent opens a ticket from the Help Center, an admin edits and resolves it.
 * Decision 020: a ticket is a conversation between its author and the admins, closed with a closing
 * message.
 */

const LIST = '/admin/adminticketlist';

const myTickets = (page: Page) => page.getByRole('list', { name: 'Your tickets' });
const myTicket = (page: Page, title: string) => myTickets(page).getByRole('listitem').filter({ hasText: title });
const ticketRow = (page: Page, title: string) => page.getByRole('table', { name: 'Tickets' }).getByRole('row').filter({ hasText: title });
/** The Status cell of a row (the fourth column). */
const statusOf = (row: Locator) => row.getByRole('cell').nth(3);

/** A ticket's conversation dialog (named by the ticket's title), and its messages, oldest first. */
const conversation = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const messages = (dialog: Locator) => dialog.getByRole('list', { name: 'Conversation' }).getByRole('listitem');

/** The time a timestamp reads in Manila (UTC+8) as 'h:mm', e.g. '2:05' of '2:05 PM'. */
function manilaClock(iso: string): string {
  const d = new Date(Date.parse(iso) + 8 * 3600_000);
  return `${d.getUTCHours() % 12 || 12}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

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
  const context = await openContext(browser, { baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, agent);
  await page.goto('/helpcenter');
  return page;
}

/**
 * Resolve or Reject from a row: the dialog asks for the closing message (required), then closes the
 * ticket and says so ('Ticket #N resolved').
 */
async function closeWithMessage(page: Page, row: Locator, action: 'Resolve' | 'Reject', message: string, onFilled?: () => Promise<void>) {
  const id = (await row.getByRole('cell').first().innerText()).trim();
  await row.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${action} ticket` });
  await expect(dialog.getByLabel('Closing message')).toBeFocused();
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog.getByText('Closing message is required')).toBeVisible();
  await dialog.getByLabel('Closing message').fill(message);
  await onFilled?.();
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expectToast(page, 'success', `Ticket #${id} ${action === 'Resolve' ? 'resolved' : 'rejected'}`);
  await expect(dialog).toHaveCount(0);
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
  await expect(item).toContainText(`Opened by ${agent.name} (${agent.username})`);
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

  await signInAdmin(page);
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

  // Resolve: with a closing message, once.
  await closeWithMessage(page, editedRow, 'Resolve', 'We called the client back; her claim is filed.');
  await expect(statusOf(editedRow)).toHaveText('Resolved');
  await expectClosedButtons(editedRow);

  // Another admin closes a ticket while this list still shows it Pending: the server's reason is said.
  // (A client of decision 012 closes without a closing message; the API still takes that.)
  const other = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
  expect((await other.csrfPost(routes.closeTicket.path, { ticketId: racedTicket.id, status: 'Resolved' })).status()).toBe(200);
  await other.dispose();
  const racedRow = ticketRow(page, raced);
  await racedRow.getByRole('button', { name: 'Reject', exact: true }).click();
  const reject = page.getByRole('dialog', { name: 'Reject ticket' });
  await reject.getByLabel('Closing message').fill('Duplicate of another ticket.');
  await reject.getByRole('button', { name: 'Reject', exact: true }).click();
  await expectToast(page, 'error', 'This ticket is already Resolved');
  await expect(reject).toHaveCount(0);
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

test('a ticket is a conversation: the admin replies, the agent answers, the admin resolves with a closing message the agent reads', async ({
  page,
  agent,
  baseURL,
  browser,
}, testInfo) => {
  test.slow();
  // The agent opens a ticket from the Help Center.
  const agentPage = await agentWindow(browser, baseURL!, agent);
  await agentPage.setViewportSize({ width: 1366, height: 900 });
  const title = `Payout not received ${uniqueId()}`;
  const form = agentPage.getByRole('form', { name: 'Open a Ticket' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Type').selectOption({ label: 'Finance' });
  await form.getByLabel('Description').fill('My October payout has not reached my BDO account.');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expectToast(agentPage, 'success', 'Ticket submitted');
  const item = myTicket(agentPage, title);
  await expect(item).toContainText(`Opened by ${agent.name} (${agent.username})`);

  // The admin sees who opened it and when (in Manila), and opens it as a conversation.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAdmin(page);
  await page.goto(LIST);
  const row = ticketRow(page, title);
  await expect(row).toContainText(`By ${agent.name} (${agent.username})`);
  await expect(row).toContainText('No replies yet');
  const opened = row.locator('time');
  await expect(opened).toContainText(manilaClock((await opened.getAttribute('datetime'))!));
  await row.getByRole('button', { name: title, exact: true }).click();
  const adminTalk = conversation(page, title);
  await expect(adminTalk).toContainText(`Opened by ${agent.name} (${agent.username})`);
  await expect(messages(adminTalk)).toHaveCount(1);
  await expect(messages(adminTalk).first()).toContainText('My October payout has not reached my BDO account.');
  const box = adminTalk.getByLabel('Your reply');
  await expect(box).toBeFocused();
  await adminTalk.getByRole('button', { name: 'Send reply' }).click();
  await expect(adminTalk.getByText('Message is required')).toBeVisible();
  await box.fill('Which account number did you give us? We will trace the payout today.');
  await adminTalk.getByRole('button', { name: 'Send reply' }).click();
  await expect(messages(adminTalk)).toHaveCount(2);
  await expect(messages(adminTalk).nth(1)).toContainText('Which account number did you give us?');
  await expect(messages(adminTalk).nth(1)).toContainText('Agency');
  await expect(box).toHaveValue('');
  await shot(page, testInfo, 'ticket-conversation-admin', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(adminTalk).toHaveCount(0);
  await expect(row).toContainText('1 reply');

  // The agent reads the reply in the Help Center and answers it.
  await agentPage.reload();
  await expect(item).toContainText('1 reply');
  await item.getByRole('button', { name: /^Open conversation/ }).click();
  const agentTalk = conversation(agentPage, title);
  await expect(messages(agentTalk)).toHaveCount(2);
  await expect(messages(agentTalk).nth(1)).toContainText('Which account number did you give us?');
  await agentTalk.getByLabel('Your reply').fill('BDO 0012 3456 7890, in my name.');
  await agentTalk.getByRole('button', { name: 'Send reply' }).click();
  await expect(messages(agentTalk)).toHaveCount(3);
  await expect(messages(agentTalk).nth(2)).toContainText('You');
  await expect(messages(agentTalk).nth(2)).toContainText('BDO 0012 3456 7890, in my name.');
  await shot(agentPage, testInfo, 'ticket-conversation-agent', { fullPage: false });
  await agentPage.keyboard.press('Escape');

  // The admin reads the answer, then resolves with a closing message.
  await page.reload();
  await row.getByRole('button', { name: title, exact: true }).click();
  await expect(messages(adminTalk)).toHaveCount(3);
  await expect(messages(adminTalk).nth(2)).toContainText(agent.name);
  await expect(messages(adminTalk).nth(2)).toContainText('BDO 0012 3456 7890, in my name.');
  await page.keyboard.press('Escape');
  await expect(adminTalk).toHaveCount(0);
  const closingMessage = 'The payout was sent again on November 3; it reaches your account within two banking days.';
  await closeWithMessage(page, row, 'Resolve', closingMessage, () => shot(page, testInfo, 'ticket-resolve-dialog', { fullPage: false }));
  await expect(statusOf(row)).toHaveText('Resolved');
  await expect(row).toContainText('3 replies');

  // The agent sees it Resolved, reads the closing message, and can no longer reply.
  await agentPage.reload();
  await expect(item).toContainText('Resolved');
  await item.getByRole('button', { name: /^Read conversation/ }).click();
  await expect(messages(agentTalk)).toHaveCount(4);
  const closing = messages(agentTalk).nth(3);
  await expect(closing).toContainText('Closing message · Resolved');
  await expect(closing).toContainText('The payout was sent again on November 3');
  await expect(agentTalk.getByLabel('Your reply')).toHaveCount(0);
  await expect(agentTalk.getByRole('button', { name: 'Send reply' })).toHaveCount(0);
  await expect(agentTalk).toContainText('This ticket is resolved: it takes no more replies.');
  await shot(agentPage, testInfo, 'ticket-conversation-agent-closed', { fullPage: false });
  await agentPage.context().close();
});

test(
  'on a phone, an agent reads the agency’s reply and answers it; a ticket closed meanwhile takes no more',
  PHONE_ONLY,
  async ({ page, agent, baseURL }, testInfo) => {
    const title = `Recruit cannot sign up ${uniqueId()}`;
    const ticket = await openTicket(baseURL!, agent, title);
    const admin = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
    try {
      const replied = await admin.csrfPost(routes.replyTicket.path, { ticket_id: ticket.id, message: 'Please send us her username.' });
      expect(replied.status()).toBe(201);

      await signIn(page, agent);
      await goViaMainNav(page, 'Help Center');
      const item = myTicket(page, title);
      await expect(item).toContainText('1 reply');
      await item.getByRole('button', { name: /^Open conversation/ }).click();
      const talk = conversation(page, title);
      await expect(messages(talk).nth(1)).toContainText('Please send us her username.');
      await expect(messages(talk).nth(1)).toContainText('Agency');
      await talk.getByLabel('Your reply').fill('Her username is jdelacruz.');
      await talk.getByRole('button', { name: 'Send reply' }).click();
      await expect(messages(talk)).toHaveCount(3);
      await expectFitsViewport(page);
      await shot(page, testInfo, 'ticket-conversation', { fullPage: false });

      // An admin rejects it while the agent writes again: the agent is told, and the reply box goes.
      const closed = await admin.csrfPost(routes.closeTicket.path, {
        ticketId: ticket.id,
        status: 'Rejected',
        message: 'Please ask her to sign up again with the link from your profile.',
      });
      expect(closed.status()).toBe(200);
      await talk.getByLabel('Your reply').fill('Any news?');
      await talk.getByRole('button', { name: 'Send reply' }).click();
      await expect(talk.getByRole('alert')).toHaveText('This ticket is closed');
      await expect(talk.getByLabel('Your reply')).toHaveCount(0);
      await expect(messages(talk)).toHaveCount(4);
      await expect(messages(talk).nth(3)).toContainText('Closing message · Rejected');
      await expect(talk).toContainText('This ticket is rejected: it takes no more replies.');
      await expectFitsViewport(page);
      await shot(page, testInfo, 'ticket-conversation-closed', { fullPage: false });
    } finally {
      await admin.dispose();
    }
  },
);
