import type { Page } from '@playwright/test';
import type { AdminQueues } from '@ahente/contract/admin-queues';
import { routes } from '@ahente/contract/routes';
import { expectFitsViewport, expectToast, seedSales, setProductRate, signInAdmin } from '../support/app.ts';
import { ADMIN, createAgent, expect, loginApi, loginUi, PHONE, shot, test } from '../support/fixtures.ts';
import { startIsolatedServer } from '../support/isolated-server.ts';

/**
 * The agency's tax details (decision 019) and the administrator's queues (decision 021) on a server
 * of the test's own, started as the README starts it (no AGENCY_TIN, AGENCY_ADDRESS, AGENCY_RDO) on
 * a fresh database, so every count is known: a member asking for their BIR Form 2307 reads, in
 * English and in Filipino, that the agency has not set up its tax details; the administrator's
 * dashboard shows the work waiting, each count linking to its queue, and the set-up list; the Admin
 * Panel's tabs carry the same counts; the administrator saves the tax details on the portal and the
 * set-up list and the member's notice go.
 */
const calendar = (day: string) =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

const endsWith = (path: string) => new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The member's list of 2307s as if a quarter had been closed with tax withheld (this fresh server closed none). */
async function withAQuarter(page: Page) {
  await page.route(`**${routes.form2307s.path}`, (route) =>
    route.fulfill({ json: [{ year: 2026, quarter: 3, income: 10000, tax: 500, deadline: '2026-10-20' }] }),
  );
}

/** A server of the test's own, as the README starts it: the agency's TIN, address and RDO unset. */
const ownServer = test.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    const server = await startIsolatedServer(testInfo, { env: { AGENCY_TIN: '', AGENCY_ADDRESS: '', AGENCY_RDO: '' } });
    try {
      await use(server.baseURL);
    } finally {
      await server.stop();
    }
  },
});

ownServer(
  'the admin’s work waiting and set-up list; a member told the agency has not set up its tax details',
  PHONE,
  async ({ page, baseURL: base }, testInfo) => {
    test.slow();
    {
      const baseURL = base!;
      // One of each: an unverified sale of an unlicensed agent (so also a held commission), a sign-up,
      // an open ticket (and a closed one), a licence the agent submitted, an erasure request.
      await setProductRate(baseURL, 'Individual', '10');
      const agent = await createAgent(baseURL);
      await seedSales(baseURL, agent, [10000]);
      await createAgent(baseURL, { approve: false });
      const api = await loginApi(baseURL, agent.username, agent.password);
      for (const title of ['Where is my statement?', 'Thank you']) {
        expect(
          (await api.csrfPost(routes.addTicket.path, { id: agent.id, title, description: 'Please help.', type: 'finance' })).ok(),
        ).toBe(true);
      }
      const licence = await api.csrfPost(routes.addLicense.path, {
        id: agent.id,
        line: 'Life',
        license_no: 'IC-L-2026-0001',
        issued_on: '2026-01-05',
        expires_on: '2028-12-31',
      });
      expect(licence.ok(), await licence.text()).toBe(true);
      const leaver = await createAgent(baseURL);
      const leaverApi = await loginApi(baseURL, leaver.username, leaver.password);
      expect((await leaverApi.csrfPost(routes.requestErasure.path, { id: leaver.id, password: leaver.password })).ok()).toBe(true);
      await leaverApi.dispose();
      const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
      const tickets = (await (await admin.get(routes.adminTicketList.path)).json()) as { id: number; title: string }[];
      const thanks = tickets.find((t) => t.title === 'Thank you')!;
      expect(
        (await admin.csrfPost(routes.closeTicket.path, { ticketId: thanks.id, status: 'Resolved', message: 'Glad to help.' })).ok(),
      ).toBe(true);

      // The member: the notice on Commissions and the download's reason, in English, then in Filipino.
      await withAQuarter(page);
      await loginUi(page, agent.username, agent.password);
      await expect(page).toHaveURL(/\/$/);
      await page.goto(`/commissions`);
      const form2307 = page.getByRole('region', { name: 'BIR Form 2307', exact: true });
      const en =
        'The agency has not set up its tax details (its TIN, address and RDO) yet, so your BIR Form 2307 cannot be downloaded. The administrators have been told; try again later.';
      await expect(form2307.getByRole('alert')).toHaveText(en);
      await form2307.getByRole('button', { name: 'Download PDF' }).click();
      await expectToast(page, 'error', `Download failed: ${en}`, { exact: true });
      await shot(page, testInfo, 'form2307-agency-unset');

      expect((await api.csrfPost(routes.setLanguage.path, { language: 'fil' })).ok()).toBe(true);
      await page.reload();
      const fil =
        'Hindi pa naise-set up ng ahensya ang tax details nito (ang TIN, address at RDO nito), kaya hindi pa ma-download ang BIR Form 2307 mo. Nasabihan na ang mga administrator; pakisubukan ulit mamaya.';
      const form2307Fil = page.getByRole('region', { name: 'BIR Form 2307', exact: true });
      await expect(form2307Fil.getByRole('alert')).toHaveText(fil);
      await form2307Fil.getByRole('button', { name: 'I-download ang PDF' }).click();
      await expectToast(page, 'error', `Hindi na-download: ${fil}`, { exact: true });
      await api.dispose();

      // The administrators were told once, for the two refusals.
      const bell = (await (
        await admin.csrfPost(routes.notifications.path, { id: ((await (await admin.get(routes.me.path)).json()) as { user: number }).user })
      ).json()) as { rows: { event: string; title: string }[] };
      expect(bell.rows.filter((n) => n.event === 'agency_tax_details_missing').map((n) => n.title)).toEqual([
        "Set up the agency's tax details",
      ]);

      // The administrator's dashboard: each queue's count, the privacy deadline, and the set-up list.
      const q = (await (await admin.csrfPost(routes.adminQueues.path, {})).json()) as AdminQueues;
      expect(q).toMatchObject({
        sales_to_verify: 1,
        pending_members: 1,
        open_tickets: 1,
        licences_to_verify: 1,
        held_commissions: 1,
        privacy_requests: { count: 1 },
        setup: { agency_tax_details: ['tin', 'address', 'rdo'] },
      });
      // The administrator on the same device: signed out, the device's language back to English.
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      if (page.viewportSize()!.width > 1000) await page.setViewportSize({ width: 1366, height: 900 });
      await signInAdmin(page);
      const work = page.getByRole('region', { name: 'Work waiting', exact: true });
      const tiles = [
        ['Sales to verify 1', '/admin/verifysales'],
        ['Sign-ups to approve 1', '/admin/adminmembers?status=Pending'],
        ['Open tickets 1', '/admin/adminticketlist'],
        ['Licences to verify 1', '/admin/compliance#to-verify'],
        ['Held commissions 1', '/admin/compliance#held'],
        [`Privacy requests 1 Nearest deadline ${calendar(q.privacy_requests.nearest_due_on!)}`, '/admin/privacy/requests'],
      ] as const;
      await expect(work.getByRole('link')).toHaveText(
        tiles.map(([text]) => text),
        { useInnerText: true },
      );
      for (const [text, href] of tiles) await expect(work.getByRole('link', { name: text })).toHaveAttribute('href', href);
      const setup = page.getByRole('region', { name: 'Set-up', exact: true });
      await expect(setup.getByRole('heading', { name: "The agency's tax details" })).toBeVisible();
      await expect(setup.getByText(/^Missing:/)).toHaveText(
        'Missing: TIN, registered address, RDO. Members cannot download their BIR Form 2307, nor you the alphalist, until they are set.',
      );
      await expect(setup.getByText(/^Set them on/)).toHaveText(
        'Set them on Admin Panel → Commissions, Agency tax details (or in the server’s AGENCY_TIN, AGENCY_ADDRESS and AGENCY_RDO).',
      );
      await expectFitsViewport(page);
      await shot(page, testInfo, 'dashboard-admin-queues');

      // Each count goes to its queue.
      for (const [text, href] of tiles) {
        await page.goto(`/`);
        await work.getByRole('link', { name: text }).click();
        await expect(page).toHaveURL(endsWith(href));
      }

      // The Admin Panel's tabs: the same counts, said with each link, nothing cut off at 1280 and 1366 px.
      const nav = page.getByRole('navigation', { name: 'Admin Panel' });
      const described = async (tab: string) => {
        const link = nav.getByRole('link', { name: tab, exact: true });
        const id = await link.getAttribute('aria-describedby');
        return id ? page.locator(`[id="${id}"]`).textContent() : null;
      };
      await expect.poll(() => described('Sales to verify')).toBe('1 sale to verify');
      await expect.poll(() => described('Members List')).toBe('1 member pending approval');
      await expect.poll(() => described('Tickets List')).toBe('1 open ticket');
      await expect.poll(() => described('Compliance')).toBe('2 licences to verify and held commissions');
      await expect.poll(() => described('Privacy')).toBe('1 open privacy request');
      expect(await described('Materials Panel')).toBeNull();
      const widths = page.viewportSize()!.width > 1000 ? [1280, 1366] : [page.viewportSize()!.width];
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        for (const link of await nav.getByRole('link').all()) {
          const box = (await link.boundingBox())!;
          expect(box.x + box.width, `${await link.textContent()} at ${width} px`).toBeLessThanOrEqual(width);
          expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        }
        await shot(page, testInfo, `admin-panel-tabs-${width}`, { fullPage: false });
      }

      // The set-up list's link: the tax details saved on the portal; the list and the member's notice go.
      await page.goto(`/`);
      await setup.getByRole('link', { name: 'Set the tax details' }).click();
      await expect(page).toHaveURL(endsWith('/admin/admincommissions#agency-tax'));
      const card = page.getByRole('region', { name: 'Agency tax details', exact: true });
      await expect(card.getByRole('alert')).toHaveText(
        'Not set: TIN, registered address, RDO. Members cannot download their BIR Form 2307, nor you the alphalist, until all three are saved.',
      );
      await card.getByLabel('TIN').fill('123456789000');
      await card.getByLabel('Registered address').fill('12 Ayala Avenue, Makati City 1226');
      await card.getByLabel('RDO code').fill('50');
      await card.getByRole('button', { name: 'Save Tax Details' }).click();
      await expectToast(page, 'success', 'Agency tax details saved: TIN 123-456-789-000, RDO 50.', { exact: true });
      await expect(card.getByRole('alert')).toHaveCount(0);
      await expect(card.getByLabel('TIN')).toHaveValue('123-456-789-000');
      await shot(page, testInfo, 'admin-agency-tax-details');
      await page.goto(`/`);
      await expect(work.getByRole('link', { name: 'Sales to verify 1' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Set-up', exact: true })).toHaveCount(0);
      await admin.dispose();
    }
  },
);
