import type { Locator, Page } from '@playwright/test';
import { todayInManila } from '@ahente/contract/dates';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { seedSales, signIn, signInAdmin, uniqueId } from '../support/app.ts';
import { scanner } from '../support/axe.ts';
import { ADMIN, createAgent, expect, loginApi, test, type Agent } from '../support/fixtures.ts';
import { adminMaterialsApi, tinyPdf } from '../support/materials.ts';
import { salesOf, verifySales } from '../support/verification.ts';

/**
 * Decision 009: an axe-core scan (WCAG 2.0, 2.1 and 2.2, levels A and AA) of every page of the
 * route table, logged out, as an agent and as an admin, and of every dialog that can be opened,
 * at 1440 px. Zero violations allowed: each test collects what every scan found and fails once,
 * listing rule, place, element and what is wrong.
 *
 * At 375 px too: the logged-out pages and the agent's pages with data and their dialogs, what a
 * field agent opens on a phone, so the narrow layout's own parts (the drawer, the tables and
 * dialogs at a phone's width) are scanned as they are used. The other pages (settings, the other
 * agent pages, the manager's reports, every admin page) are built of the same components and
 * scanned at 1440 px only: the scans at two widths were the first cut decision 015 named for CI's
 * time. The phone project (412 px) still drives those screens' phone paths (@phone).
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;

/**
 * Every page of the route table that a member sees (apps/web/src/app/router.tsx), with its h1: the
 * pages with data first (scanned with the dialogs), then the others (in a test of their own, so
 * that the two run side by side).
 */
const AGENT_DATA_PAGES: readonly (readonly [string, string])[] = [
  ['/', 'Dashboard'],
  ['/portfolio', 'My Portfolio'],
  ['/deals/dealsinput', 'Deals'],
  ['/deals/dealsview', 'Deals Table'],
  ['/sales/salesinput', 'Sales'],
  ['/sales/salesview', 'Sales'],
  ['/helpcenter', 'Help Center'],
  ['/recruitment', 'Agent Recruitment'],
  ['/settings/hiearchy', 'Settings And Details'],
];
const AGENT_OTHER_PAGES: readonly (readonly [string, string])[] = [
  ['/proposals', 'Insurance Proposals'],
  ['/estore', 'E-Store'],
  ['/university', 'University'],
  ['/marketing', 'Marketing'],
  ['/commissions', 'Commission Tracking'],
  ['/reports', 'Performance Reports'],
  ['/learning', 'Learning Resources'],
  ['/settings/security', 'Settings And Details'],
  ['/settings/notifications', 'Settings And Details'],
  ['/settings/privacy', 'Settings And Details'],
  ['/no-such-page', 'Page not found'],
];
const ADMIN_PAGES: readonly (readonly [string, string])[] = [
  // The admin's own dashboard: the agency's figures (decision 021).
  ['/', 'Dashboard'],
  ['/admin/adminmembers', 'Members Record'],
  ['/admin/adminmaterials', 'Materials Panel'],
  ['/admin/adminticketlist', 'Tickets List'],
  ['/admin/admincommissions', 'Commissions'],
  ['/admin/compliance', 'Compliance'],
  ['/admin/verifysales', 'Sales to verify'],
  ['/admin/insurers', 'Insurers'],
];
/** Admin Panel → Privacy (decision 027): scanned in a test of their own, beside the other admin pages. */
const ADMIN_PRIVACY_PAGES: readonly (readonly [string, string])[] = [
  ['/admin/privacy/requests', 'Privacy'],
  ['/admin/privacy/accesslog', 'Privacy'],
  ['/admin/privacy/notice', 'Privacy'],
];

/** Collects the violations of every scan in a test; `check()` fails the test with all of them. */
async function openPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true }), path).toBeVisible();
}

/** Closes a dialog with Escape and waits until it is gone. */
async function escape(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

/** One deal that is not a sale yet, through the API. */
async function seedDeal(baseURL: string, agent: Agent, customerName: string) {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const res = await c.csrfPost(routes.addDeal.path, {
      id: agent.id,
      customerName,
      transactionType: 'New',
      product: 'Individual',
      tcvValue: '25000',
      effectiveDate: '2026-04-15',
    });
    if (!res.ok()) throw new Error(`adddeals: ${res.status()} ${await res.text()}`);
  } finally {
    await c.dispose();
  }
}

/**
 * A commission for the agent, through the API: 'Commercial Fire' rated 8 % (the rate
 * commissions.spec.ts gives it too), a sale of it, and an admin's deduction.
 */
async function seedCommissions(baseURL: string, agent: Agent) {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const product = 'Commercial Fire';
    const check = async (res: Awaited<ReturnType<typeof c.post>>, what: string) => {
      if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
      return res.json() as Promise<Record<string, { id: number }>>;
    };
    await check(
      await admin.csrfPost(routes.setCommissionRate.path, { kind: 'product', key: product, rate: '8', effective_from: todayInManila() }),
      'setcommissionrate',
    );
    const { deal } = await check(
      await c.csrfPost(routes.addDeal.path, {
        id: agent.id,
        customerName: 'Teresita Lim',
        transactionType: 'New',
        product,
        tcvValue: '48000',
        effectiveDate: '2026-04-15',
      }),
      'adddeals',
    );
    await check(
      await c.csrfPost(routes.addSale.path, {
        id: agent.id,
        formData: {
          dealid: deal!.id,
          customerName: 'Teresita Lim',
          product,
          tcv: '48000',
          sales_type: 'Direct',
          effectiveDate: '2026-04-15',
        },
      }),
      'addsales',
    );
    await check(
      await admin.csrfPost(routes.addAdjustment.path, { member_id: agent.id, amount: '-120.50', reason: 'Chargeback: cancelled policy' }),
      'commissionadjustment',
    );
  } finally {
    await c.dispose();
    await admin.dispose();
  }
}

/** A 1×1 PNG: a real image, so the browser draws the scan. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * Licences for the agent, through the API: their own Non-Life licence with a scan (pending), and
 * a Non-Life licence an admin enters (verified) that expires in 30 days, so the dashboard reminds.
 */
async function seedLicences(baseURL: string, agent: Agent) {
  const c = await loginApi(baseURL, agent.username, agent.password);
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  try {
    const own = await c.post(routes.addLicense.path, {
      headers: { 'X-XSRF-TOKEN': await c.xsrfToken() },
      multipart: {
        id: String(agent.id),
        line: 'Non-Life',
        license_no: `NL-${uniqueId()}`,
        insurer: 'Malayan Insurance Co.',
        issued_on: '2026-01-05',
        expires_on: '2029-12-31',
        scan: { name: 'licence.png', mimeType: 'image/png', buffer: PNG_1X1 },
      },
    });
    if (!own.ok()) throw new Error(`addlicense: ${own.status()} ${await own.text()}`);
    const expires = new Date(`${todayInManila()}T00:00:00Z`);
    expires.setUTCDate(expires.getUTCDate() + 30);
    const entered = await admin.csrfPost(routes.addLicense.path, {
      id: agent.id,
      line: 'Non-Life',
      license_no: `NL-${uniqueId()}`,
      issued_on: '2024-01-15',
      expires_on: expires.toISOString().slice(0, 10),
    });
    if (!entered.ok()) throw new Error(`addlicense (admin): ${entered.status()} ${await entered.text()}`);
  } finally {
    await c.dispose();
    await admin.dispose();
  }
}

/** A ticket the agent opened, through the API; `close` has an admin resolve it. */
async function seedTicket(baseURL: string, agent: Agent, title: string, close = false): Promise<void> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const res = await c.csrfPost(routes.addTicket.path, { id: agent.id, title, description: 'Seeded for the scan.', type: 'finance' });
    if (res.status() !== 201) throw new Error(`addticket: ${res.status()} ${await res.text()}`);
    if (!close) return;
    const { ticket } = (await res.json()) as { ticket: { id: number } };
    const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
    const closed = await admin.csrfPost(routes.closeTicket.path, {
      ticketId: ticket.id,
      status: 'Resolved',
      message: 'Credited on your next statement.',
    });
    await admin.dispose();
    if (!closed.ok()) throw new Error(`closeticket: ${closed.status()} ${await closed.text()}`);
  } finally {
    await c.dispose();
  }
}

/** A section holding one small PDF, through the admin API; returns the section's name and the file's title. */
async function seedMaterial(baseURL: string): Promise<{ section: string; title: string }> {
  const admin = await adminMaterialsApi(baseURL);
  try {
    const name = `A11y ${uniqueId()}`;
    const section = await admin.createSection(name, 'Marketing');
    const title = 'Product guide.pdf';
    await admin.upload(section.id, title, tinyPdf(name));
    return { section: name, title };
  } finally {
    await admin.dispose();
  }
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('logged out: login and register', async ({ page }, testInfo) => {
      const axe = scanner(page, testInfo);
      await openPage(page, '/login', 'Welcome back');
      await axe.scan('/login');
      await openPage(page, '/register', MSG.registerTitle);
      await axe.scan('/register');
      // With every field's error shown.
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByText('This field is required').first()).toBeVisible();
      await axe.scan('/register with errors');
      // The e-mailed reset link's page (decision 026): its form with errors, and a link that cannot be used.
      await openPage(page, `/reset-password?token=${'a'.repeat(43)}`, 'Set a new password');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
      await axe.scan('/reset-password with errors');
      await openPage(page, '/reset-password', 'Set a new password');
      await expect(page.getByRole('button', { name: 'Ask for a new link' })).toBeVisible();
      await axe.scan('/reset-password, the link unusable');
      await axe.check();
    });

    test('an agent: dashboard, deals, sales, Help Center, recruits and hierarchy with data; the drawer, the profile popup, Edit Deal, Add Sales and the ticket form with errors', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.slow();
      const sponsor = await createAgent(baseURL!, { position: 'Manager' });
      const agent = await createAgent(baseURL!, { refCode: sponsor.referral_code });
      await createAgent(baseURL!, { refCode: agent.referral_code });
      await seedSales(baseURL!, agent, [125000, 4000]);
      // The sales screen with a verified and a rejected sale (its badge and reason).
      const [verified, rejected] = await salesOf(baseURL!, agent).then((sales) => [...sales].sort((a, b) => b.tcv - a.tcv));
      await verifySales(baseURL!, [verified!.id]);
      await verifySales(baseURL!, [rejected!.id], { decision: 'rejected', reason: 'No policy issued by the insurer' });
      await seedDeal(baseURL!, agent, 'Andrea Reyes');
      await seedTicket(baseURL!, agent, 'Commission not credited');
      await seedTicket(baseURL!, agent, 'Claims hotline unreachable', true);
      const axe = scanner(page, testInfo);
      await signIn(page, agent);

      for (const [path, heading] of AGENT_DATA_PAGES) {
        await openPage(page, path, heading);
        await axe.scan(path);
      }

      // The layout's dialogs, on the dashboard.
      await openPage(page, '/', 'Dashboard');
      if (size.width < 768) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu).toBeVisible();
        await axe.scan('/ menu drawer');
        await escape(page, menu);
      }
      await page.getByRole('button', { name: 'Open profile' }).click();
      const profile = page.getByRole('dialog', { name: 'Profile' });
      await expect(profile).toBeVisible();
      await axe.scan('/ profile popup');
      await escape(page, profile);
      // The bell's panel, with the approval, the verification and the ticket's close unread (decision 026).
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications, \d+ unread$/ })
        .click();
      const notifications = page.getByRole('dialog', { name: 'Notifications' });
      await expect(notifications.getByRole('link', { name: /^Unread: Your account was approved/ })).toBeVisible();
      await axe.scan('/ notifications panel');
      await escape(page, notifications);

      // The deals table's two modals.
      await openPage(page, '/deals/dealsview', 'Deals Table');
      const row = page.getByRole('table', { name: 'Your deals' }).getByRole('row').filter({ hasText: 'Andrea Reyes' });
      await row.getByRole('button', { name: 'EDIT', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Deal' });
      await expect(edit).toBeVisible();
      await axe.scan('/deals/dealsview Edit Deal');
      await escape(page, edit);
      await row.getByRole('button', { name: 'Make as Sales', exact: true }).click();
      const sale = page.getByRole('dialog', { name: 'Add Sales' });
      await expect(sale).toBeVisible();
      await axe.scan('/deals/dealsview Add Sales');
      await escape(page, sale);

      // The Help Center form with its errors shown.
      await openPage(page, '/helpcenter', 'Help Center');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(page.getByText('Title is required')).toBeVisible();
      await axe.scan('/helpcenter with errors');
      // A ticket's conversation (decision 020): a closed one with its closing message, a Pending one with the reply box and its error.
      await page.getByRole('button', { name: /^Read conversation about Claims hotline unreachable/ }).click();
      const closedTalk = page.getByRole('dialog', { name: 'Claims hotline unreachable' });
      await expect(closedTalk.getByText('Closing message · Resolved')).toBeVisible();
      await axe.scan('/helpcenter closed ticket conversation');
      await escape(page, closedTalk);
      await page.getByRole('button', { name: /^Open conversation about Commission not credited/ }).click();
      const talk = page.getByRole('dialog', { name: 'Commission not credited' });
      await talk.getByRole('button', { name: 'Send reply' }).click();
      await expect(talk.getByText('Message is required')).toBeVisible();
      await axe.scan('/helpcenter ticket conversation with errors');
      await escape(page, talk);

      await axe.check();
    });

    // The rest at 1440 px only (see the top of the file).
    if (size.width < 1440) return;

    test('an agent: Settings And Details with data (Personal Details in edit mode, saved bank details, a certification, the new-entry form) and Change Profile Picture', async ({
      page,
      baseURL,
      agent,
    }, testInfo) => {
      const c = await loginApi(baseURL!, agent.username, agent.password);
      try {
        const seeded = await Promise.all([
          c.csrfPost(routes.editMember.path, { id: agent.id, address_region: '1300000000', address_city: '1380600000' }),
          c.csrfPost(routes.addUserBanks.path, {
            id: agent.id,
            bank_name: 'BDO Unibank',
            account_number: '001234567890',
            account_name: agent.name,
          }),
          c.csrfPost(routes.addCertifications.path, { id: agent.id, lfa_code: 'LFA-1', coding_date_1: '2026-01-15' }),
          c.csrfPost(routes.addLicense.path, {
            id: agent.id,
            line: 'Non-Life',
            license_no: 'NL-2025-0001',
            insurer: 'Malayan Insurance Co.',
            issued_on: '2025-03-10',
            expires_on: '2028-12-31',
          }),
        ]);
        for (const res of seeded) if (!res.ok()) throw new Error(`seed: ${res.status()} ${await res.text()}`);
      } finally {
        await c.dispose();
      }
      const axe = scanner(page, testInfo);
      await signIn(page, agent);
      await openPage(page, '/settings/userdetails', 'Settings And Details');
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await expect(page.getByLabel('Barangay', { exact: true })).toBeEnabled();
      await axe.scan('/settings/userdetails editing');
      await openPage(page, '/settings/bankdetails', 'Settings And Details');
      await expect(page.getByLabel('Account Number')).toHaveValue('001234567890');
      await axe.scan('/settings/bankdetails saved');
      await openPage(page, '/settings/certifications', 'Settings And Details');
      await expect(page.getByRole('region', { name: 'Certification 1' })).toBeVisible();
      await axe.scan('/settings/certifications saved');
      await page.getByLabel('Certification', { exact: true }).selectOption({ label: MSG.addNewCertification });
      await axe.scan('/settings/certifications new');
      await openPage(page, '/settings/licences', 'Settings And Details');
      await expect(page.getByRole('list', { name: 'Your licences' }).getByRole('listitem')).toHaveCount(1);
      await axe.scan('/settings/licences with a licence');
      await page.getByRole('button', { name: /Open profile$/ }).click();
      await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Change Profile Picture' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Profile Picture' });
      await expect(dialog).toBeVisible();
      await axe.scan('/ Change Profile Picture');
      await escape(page, dialog);
      await axe.check();
    });

    test('an agent: every other page of the route table', async ({ page, agent }, testInfo) => {
      test.slow();
      const axe = scanner(page, testInfo);
      await signIn(page, agent);
      for (const [path, heading] of AGENT_OTHER_PAGES) {
        await openPage(page, path, heading);
        await axe.scan(path);
      }
      await axe.check();
    });

    test('a manager: Performance Reports with a team, its charts, their tables and the leaderboard', async ({
      page,
      baseURL,
    }, testInfo) => {
      const manager = await createAgent(baseURL!, { position: 'Manager' });
      const recruit = await createAgent(baseURL!, { refCode: manager.referral_code });
      const second = await createAgent(baseURL!, { refCode: manager.referral_code });
      await seedSales(baseURL!, recruit, [125000, 4500.5], { effectiveDate: todayInManila() });
      // The leaderboard ranks only recruits who sold in the period (decision 021).
      await seedSales(baseURL!, second, [2300], { effectiveDate: todayInManila() });
      const axe = scanner(page, testInfo);
      await signIn(page, manager);
      await openPage(page, '/reports', 'Performance Reports');
      await expect(page.getByRole('table', { name: 'Recruits ranked by TCV' }).locator('tbody tr')).toHaveCount(2);
      await axe.scan('/reports team');
      for (const card of ['TCV by month', 'Product mix']) {
        await page
          .getByRole('region', { name: card })
          .getByRole('button', { name: /^Show table/ })
          .click();
      }
      await expect(page.getByRole('table', { name: 'TCV by product' })).toBeVisible();
      await axe.scan('/reports team with its tables');
      await axe.check();
    });

    test('an admin: the privacy pages', async ({ page }, testInfo) => {
      const axe = scanner(page, testInfo);
      await signInAdmin(page);
      for (const [path, heading] of ADMIN_PRIVACY_PAGES) {
        await openPage(page, path, heading);
        await axe.scan(path);
      }
      await axe.check();
    });

    test('an admin: the admin pages, the material delete confirmation and Edit Ticket', async ({ page, baseURL, agent }, testInfo) => {
      test.slow();
      const { section, title } = await seedMaterial(baseURL!);
      const ticketTitle = `A11y ticket ${uniqueId()}`;
      await seedTicket(baseURL!, agent, ticketTitle);
      await seedSales(baseURL!, agent, [7500]);
      await seedTicket(baseURL!, agent, `A11y closed ${uniqueId()}`, true);
      const axe = scanner(page, testInfo);
      await signInAdmin(page);

      for (const [path, heading] of ADMIN_PAGES) {
        await openPage(page, path, heading);
        await axe.scan(path);
      }

      await openPage(page, '/admin/adminmaterials', 'Materials Panel');
      const existing = page.getByRole('region', { name: 'Existing Materials' });
      await existing.getByLabel('Section').selectOption({ label: section });
      await existing.getByRole('button', { name: `Delete ${title}` }).click();
      const confirm = page.getByRole('alertdialog', { name: MSG.materialDeleteConfirm });
      await expect(confirm).toBeVisible();
      await axe.scan('/admin/adminmaterials delete confirmation');
      await escape(page, confirm);

      await openPage(page, '/admin/adminticketlist', 'Tickets List');
      const ticketRow = page.getByRole('table', { name: 'Tickets' }).getByRole('row').filter({ hasText: ticketTitle });
      await ticketRow.getByRole('button', { name: 'Edit', exact: true }).click();
      const editTicket = page.getByRole('dialog', { name: 'Edit Ticket' });
      await expect(editTicket).toBeVisible();
      await axe.scan('/admin/adminticketlist Edit Ticket');
      await editTicket.getByLabel('Title').fill('');
      await editTicket.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expect(editTicket.getByText('Title is required')).toBeVisible();
      await axe.scan('/admin/adminticketlist Edit Ticket with errors');
      await escape(page, editTicket);
      // The ticket's conversation and Resolve's closing message with its error (decision 020).
      await ticketRow.getByRole('button', { name: ticketTitle, exact: true }).click();
      const conversation = page.getByRole('dialog', { name: ticketTitle });
      await expect(conversation.getByLabel('Your reply')).toBeFocused();
      await axe.scan('/admin/adminticketlist ticket conversation');
      await escape(page, conversation);
      await ticketRow.getByRole('button', { name: 'Resolve', exact: true }).click();
      const resolve = page.getByRole('dialog', { name: 'Resolve ticket' });
      await resolve.getByRole('button', { name: 'Resolve', exact: true }).click();
      await expect(resolve.getByText('Closing message is required')).toBeVisible();
      await axe.scan('/admin/adminticketlist Resolve ticket with errors');
      await escape(page, resolve);

      // Sales to verify: the agent's sale selected, and Reject's reason with its error.
      await openPage(page, '/admin/verifysales', 'Sales to verify');
      await page.getByLabel('Agent', { exact: true }).fill(agent.lname);
      await expect(page.getByRole('table', { name: 'Sales to verify' }).locator('tbody tr')).toHaveCount(1);
      await page.getByRole('checkbox', { name: /^Select sale #\d+, Customer 1,/ }).check();
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
      const reject = page.getByRole('dialog', { name: 'Reject 1 sale' });
      await reject.getByRole('button', { name: 'Reject sale' }).click();
      await expect(reject.getByText('Reason is required to reject')).toBeVisible();
      await axe.scan('/admin/verifysales Reject with errors');
      await escape(page, reject);

      await axe.check();
    });

    test('commissions: /commissions with entries, the licence reminder, the admin Commissions tab, Set Rate, the adjustment form with errors, the close confirmation, and Compliance with Forfeit and Reject', async ({
      page,
      baseURL,
      agent,
    }, testInfo) => {
      // Nine scans of long pages and dialogs: past the default 60 s on a busy machine.
      test.slow();
      await seedCommissions(baseURL!, agent);
      await seedLicences(baseURL!, agent);
      const axe = scanner(page, testInfo);
      await signIn(page, agent);
      await expect(page.getByRole('region', { name: 'Your licence is about to expire' })).toBeVisible();
      await axe.scan('/ with the licence reminder');
      await openPage(page, '/commissions', 'Commission Tracking');
      await expect(page.getByRole('table', { name: 'Your commission entries' }).locator('tbody').getByRole('row')).toHaveCount(2);
      await axe.scan('/commissions with entries');

      await page.context().clearCookies();
      await signInAdmin(page);
      await openPage(page, '/admin/admincommissions', 'Commissions');
      await axe.scan('/admin/admincommissions');

      const rateRow = page.getByRole('table', { name: 'Product rates' }).getByRole('row').filter({ hasText: 'Commercial Fire' });
      await rateRow.getByRole('button', { name: 'Set Rate for Commercial Fire' }).click();
      const rate = page.getByRole('dialog', { name: 'Set Rate: Commercial Fire' });
      await expect(rate).toBeVisible();
      await axe.scan('/admin/admincommissions Set Rate');
      await escape(page, rate);

      const form = page.getByRole('form', { name: 'New adjustment' });
      await form.getByRole('button', { name: 'Add Adjustment' }).click();
      await expect(form.getByText('Member is required')).toBeVisible();
      await axe.scan('/admin/admincommissions adjustment with errors');

      // The month this agent's entries went to is open (today's, or the next if today's is closed).
      await page
        .getByRole('table', { name: 'Months' })
        .getByRole('button', { name: /^Close Month/ })
        .first()
        .click();
      const confirm = page.getByRole('alertdialog', { name: /^Close / });
      await expect(confirm).toBeVisible();
      await axe.scan('/admin/admincommissions close confirmation');
      await escape(page, confirm);

      // Compliance: the agent's commission held (no licence on the day of the sale), their licence to verify with its scan.
      await openPage(page, '/admin/compliance', 'Compliance');
      const pending = page.getByRole('list', { name: 'Licences to verify' }).getByRole('listitem').filter({ hasText: agent.name });
      await expect(pending.getByRole('img', { name: `Scan of ${agent.name}'s Non-Life licence` })).toBeVisible();
      await axe.scan('/admin/compliance');
      await pending.getByRole('button', { name: /^Reject/ }).click();
      const reject = page.getByRole('dialog', { name: 'Reject Licence' });
      await reject.getByRole('button', { name: 'Reject Licence' }).click();
      await expect(reject.getByText('Reason is required')).toBeVisible();
      await axe.scan('/admin/compliance Reject Licence with errors');
      await escape(page, reject);
      const held = page.getByRole('table', { name: 'Held commissions' }).getByRole('row').filter({ hasText: agent.name });
      await held.getByRole('button', { name: /^Forfeit/ }).click();
      const forfeit = page.getByRole('dialog', { name: 'Forfeit Commission' });
      await expect(forfeit).toBeVisible();
      await axe.scan('/admin/compliance Forfeit Commission');
      await escape(page, forfeit);

      await axe.check();
    });

    test('an admin: Members Record searched, its action menu, Edit Member Details, Change Password and the delete confirmation', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.slow(); // six scans, the city list of the address cascade among them
      // The Members Record's dialogs, on a member with a sponsor, a manager and a history.
      const sponsor = await createAgent(baseURL!, { position: 'Manager' });
      const member = await createAgent(baseURL!, { refCode: sponsor.referral_code });
      const axe = scanner(page, testInfo);
      await signInAdmin(page);
      await openPage(page, '/admin/adminmembers', 'Members Record');
      await page.getByRole('searchbox', { name: 'Search by name' }).fill(member.lname);
      const row = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: member.name });
      await expect(page.getByRole('table', { name: 'Members' }).locator('tbody tr')).toHaveCount(1);
      await axe.scan('/admin/adminmembers searched');
      const menuButton = row.getByRole('button', { name: /^Actions for / });
      await menuButton.click();
      await expect(page.getByRole('menu')).toBeVisible();
      await axe.scan('/admin/adminmembers action menu');
      await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Member Details' });
      await expect(edit.getByRole('region', { name: 'History' }).getByRole('listitem').first()).toBeVisible();
      await edit.getByRole('button', { name: 'Change Password' }).click();
      await expect(edit.getByLabel('New Password')).toBeVisible();
      await axe.scan('/admin/adminmembers Edit Member Details');
      // The address cascade with the searchable city list open (decision 015).
      await edit.getByLabel('Region', { exact: true }).selectOption({ label: 'National Capital Region (NCR)' });
      await edit.getByRole('combobox', { name: 'City', exact: true }).fill('qu');
      await expect(edit.getByRole('listbox', { name: 'Cities and municipalities' }).getByRole('option').first()).toBeVisible();
      await axe.scan('/admin/adminmembers Edit Member Details, the city list open');
      await edit.getByRole('combobox', { name: 'City', exact: true }).press('Escape');
      await expect(edit.getByRole('listbox', { name: 'Cities and municipalities' })).toBeHidden();
      await escape(page, edit);
      await menuButton.click();
      await page.getByRole('menuitem', { name: 'Change Password', exact: true }).click();
      const password = page.getByRole('dialog', { name: 'Change Password' });
      await expect(password.getByLabel('New Password')).toBeFocused();
      await axe.scan('/admin/adminmembers Change Password');
      await escape(page, password);
      await menuButton.click();
      await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
      const remove = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this member?' });
      await expect(remove).toBeVisible();
      await axe.scan('/admin/adminmembers delete confirmation');
      await escape(page, remove);

      await axe.check();
    });
  });
}
