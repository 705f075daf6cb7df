import type { Locator, Page, TestInfo } from '@playwright/test';
import { addDays, todayInManila } from '@ahente/contract/dates';
import { routes } from '@ahente/contract/routes';
import { expectFitsViewport, signIn, uniqueId } from '../support/app.ts';
import { ADMIN, createAgent, expect, loginApi, loginUi, shot, test, type Agent, PHONE_ONLY, openContext } from '../support/fixtures.ts';
import { startIsolatedServer } from '../support/isolated-server.ts';
import { licenseAgent, salesOf, verifySales } from '../support/verification.ts';

/**
 * Laptop widths (decision 024): on every screen with data, at 1280, 1366 (the most common office
 * laptop) and 1440 px, no table scrolls sideways, and no badge, amount, date or column heading is
 * cut off, hidden under a pinned column, or wrapped: a badge, an amount and a date stay on one
 * line, a heading may wrap between its words but never inside one. What is checked is what the
 * primitives mark: `data-fit` (Badge, numeric table cells, the figures of the stat tiles), every
 * `<time>`, and every column heading (`th`).
 *
 * One test per project walks every screen once and measures it at the three widths (a resize, no
 * reload), as an agent with a team, sales, commissions, statements, licences and tickets, then as
 * the admin; it fails once, listing page, width, what and why. The data is the test's own, on a
 * server of its own (support/isolated-server.ts): it closes the current month for the statements,
 * which the shared servers keep for commissions.spec.ts.
 */

const WIDTHS = [1280, 1366, 1440] as const;
const TODAY = todayInManila();
const PERIOD = TODAY.slice(0, 7);
const HEIGHT = 900;

const ownServer = test.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    const server = await startIsolatedServer(testInfo);
    try {
      await use(server.baseURL);
    } finally {
      await server.stop();
    }
  },
});

type Client = Awaited<ReturnType<typeof loginApi>>;

async function post<T = Record<string, unknown>>(client: Client, path: string, body: unknown): Promise<T> {
  const res = await client.csrfPost(path, body);
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Gives a member a longer, real-looking name (the admin's edit); returns the agent as the layout greets them. */
async function rename(admin: Client, agent: Agent, fname: string, lname: string): Promise<Agent> {
  await post(admin, routes.editMember.path, { id: agent.id, f_name: fname, l_name: lname });
  return { ...agent, fname, lname, name: `${fname} ${lname}` };
}

interface Deal {
  customer: string;
  product: string;
  tcv: string;
  status: string;
  sell?: boolean;
  /** The effective date (today unless given), and the client's contact number and e-mail (decision 025). */
  effective?: string;
  contact?: string;
  email?: string;
}

/** Records the deals through the agent's API, and makes the ones marked `sell` into sales; returns the sales' ids, in order. */
async function recordDeals(baseURL: string, agent: Agent, deals: readonly Deal[]): Promise<number[]> {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const ids: number[] = [];
    for (const [i, d] of deals.entries()) {
      const { deal } = await post<{ deal: { id: number } }>(c, routes.addDeal.path, {
        id: agent.id,
        customerName: d.customer,
        transactionType: i % 3 === 0 ? 'New' : i % 3 === 1 ? 'Renewal' : 'Expansion',
        product: d.product,
        tcvValue: d.tcv,
        effectiveDate: d.effective ?? TODAY,
        dealStatus: d.status,
        customer_contact: d.contact ?? '',
        customer_email: d.email ?? '',
      });
      if (!d.sell) continue;
      const { sale } = await post<{ sale: { id: number } }>(c, routes.addSale.path, {
        id: agent.id,
        formData: {
          dealid: deal.id,
          customerName: d.customer,
          product: d.product,
          tcv: d.tcv,
          sales_type: 'Direct',
          policy: `PC-${TODAY.slice(0, 4)}-${String(deal.id * 7919).padStart(7, '0')}`,
          insurer: 'Malayan Insurance Co.',
          planName: 'Commercial Plan Gold',
          effectiveDate: d.effective ?? TODAY,
          customer_contact: d.contact ?? '',
          customer_email: d.email ?? '',
        },
      });
      ids.push(sale.id);
    }
    return ids;
  } finally {
    await c.dispose();
  }
}

/** A 1×1 PNG, for a licence's scan. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * An agency in full swing, through the API: a manager, an agent under them with a recruit and a
 * pending applicant; deals in every status with amounts in the millions; sales verified, awaiting
 * verification, rejected, held (no licence for the line) and cancelled; the month closed into
 * statements, one paid; an adjustment; licences verified and pending; tickets; a material.
 */
async function seedAgency(baseURL: string): Promise<{ agent: Agent }> {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  try {
    const me = (await (await admin.get(routes.me.path)).json()) as { user: number };
    await post(admin, routes.editMember.path, { id: me.user, f_name: 'Ana', l_name: 'Admin' });
    for (const [kind, key, rate] of [
      ['product', 'Commercial Fire', '10'],
      ['product', 'Surety Bond', '7.5'],
      ['product', 'GYRT', '5'],
      ['override', 'Manager', '2'],
    ] as const) {
      await post(admin, routes.setCommissionRate.path, { kind, key, rate, effective_from: TODAY });
    }

    const manager = await rename(admin, await createAgent(baseURL, { position: 'Manager' }), 'Rogelio Emmanuel', 'Bautista-Santiago');
    const agent = await rename(
      admin,
      await createAgent(baseURL, { refCode: manager.referral_code }),
      'Maria Concepcion',
      'Villanueva-Dela Cruz',
    );
    const recruit = await rename(admin, await createAgent(baseURL, { refCode: agent.referral_code }), 'Juan Miguel', 'Macapagal');
    await rename(admin, await createAgent(baseURL, { refCode: agent.referral_code, approve: false }), 'Kristine Joy', 'Dimaculangan');
    await licenseAgent(baseURL, manager);
    await licenseAgent(baseURL, agent);
    await post(admin, routes.editMember.path, { id: agent.id, tin: '234567891' });

    // Deals in each status; four made into sales (the GYRT sale is held: the agent has no Life licence).
    const sold = await recordDeals(baseURL, agent, [
      {
        customer: 'Corazon Aquino-Reyes Trading Corporation',
        product: 'Commercial Fire',
        tcv: '11004036.75',
        status: 'For Payment Collection',
        sell: true,
        contact: '09171234567',
        email: 'procurement.department@aquino-reyes-trading.com.ph',
      },
      { customer: 'Jose Protacio Mercado', product: 'Surety Bond', tcv: '2500000', status: 'Under Negotiation', sell: true },
      { customer: 'Liwayway Enterprises', product: 'GYRT', tcv: '987654.32', status: 'For Application', sell: true },
      { customer: 'Bayani Foods Inc.', product: 'Commercial Fire', tcv: '450000', status: 'For Billing', sell: true },
      { customer: 'Mabuhay Motors', product: 'Comprehensive', tcv: '125000.50', status: 'For Quotation' },
      { customer: 'Dalisay Holdings', product: 'Surety Bond', tcv: '78000', status: 'Did not Continue' },
      { customer: 'Sampaguita Residences', product: 'residential(Outside Village)', tcv: '1234567.89', status: 'For Application' },
    ]);
    await recordDeals(baseURL, recruit, [
      { customer: 'Malakas Hardware', product: 'Commercial Fire', tcv: '8765432.10', status: 'For Payment Collection', sell: true },
    ]);
    await verifySales(baseURL, sold.slice(0, 3));
    await verifySales(baseURL, [sold[3]!], { decision: 'rejected', reason: 'No policy issued by the insurer' });
    await verifySales(
      baseURL,
      (await salesOf(baseURL, recruit)).map((s) => s.id),
    );

    // The month closes into statements; the agent's is paid. Then a cancellation and an adjustment
    // fall into the next month, and a new sale awaits verification.
    await post(admin, routes.closePeriod.path, { period: PERIOD, close_early: true });
    const statements = await post<{ id: number; member_id: number }[]>(admin, routes.periodStatements.path, { period: PERIOD });
    const own = statements.find((s) => s.member_id === agent.id);
    if (!own) throw new Error(`no statement of ${agent.username} in ${PERIOD}`);
    await post(admin, routes.markStatementPaid.path, { statement_id: own.id, paid_on: TODAY, reference: 'BDO-2026-000123456' });
    await post(admin, routes.cancelSale.path, {
      sale_id: sold[1],
      cancelled_on: TODAY,
      reason: 'Client withdrew within the free-look period',
      refund: '',
    });
    await post(admin, routes.addAdjustment.path, {
      member_id: agent.id,
      amount: '-12345.67',
      reason: 'Chargeback: policy cancelled in the free-look period',
    });
    await recordDeals(baseURL, agent, [
      {
        customer: 'Kalayaan Logistics Corporation',
        product: 'Commercial Fire',
        tcv: '3456789.01',
        status: 'For Payment Collection',
        sell: true,
      },
    ]);
    // And a policy sold a year ago less 20 days: due for renewal (its Renew button in Portfolio).
    await recordDeals(baseURL, agent, [
      {
        customer: 'Bagong Silang Cooperative',
        product: 'Commercial Fire',
        tcv: '765432.10',
        status: 'For Payment Collection',
        sell: true,
        effective: addDays(TODAY, 20 - 364),
        contact: '09981234567',
      },
    ]);

    // Licences: the agent's own Life licence with its scan, awaiting the agency.
    const c = await loginApi(baseURL, agent.username, agent.password);
    try {
      const own = await c.post(routes.addLicense.path, {
        headers: { 'X-XSRF-TOKEN': await c.xsrfToken() },
        multipart: {
          id: String(agent.id),
          line: 'Life',
          license_no: `L-${uniqueId()}`.slice(0, 40),
          insurer: 'Sun Life of Canada (Philippines)',
          issued_on: '2026-01-05',
          expires_on: '2028-12-31',
          scan: { name: 'licence.png', mimeType: 'image/png', buffer: PNG_1X1 },
        },
      });
      if (!own.ok()) throw new Error(`addlicense: ${own.status()} ${await own.text()}`);
      // Tickets: one open, one resolved.
      const titles = ['Commission for the Aquino-Reyes policy not credited', 'Claims hotline unreachable'];
      for (const title of titles) {
        const { ticket } = await post<{ ticket: { id: number } }>(c, routes.addTicket.path, {
          id: agent.id,
          title,
          description: 'Seeded for the laptop widths check.',
          type: 'finance',
        });
        if (title === titles[1]) await post(admin, routes.closeTicket.path, { ticketId: ticket.id, status: 'Resolved' });
      }
    } finally {
      await c.dispose();
    }

    // A section with a material, for Learning Resources, Marketing and the Materials Panel.
    const { section } = await post<{ section: { id: number } }>(admin, routes.createSection.path, { name: 'Product Brochures 2026' });
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
      'latin1',
    );
    const uploaded = await admin.post(routes.uploadMaterial.path, {
      headers: { 'X-XSRF-TOKEN': await admin.xsrfToken() },
      multipart: {
        sectionId: String(section.id),
        file: { name: 'Commercial Fire brochure.pdf', mimeType: 'application/pdf', buffer: pdf },
      },
    });
    if (uploaded.status() !== 201) throw new Error(`uploadmaterial: ${uploaded.status()} ${await uploaded.text()}`);
    return { agent };
  } finally {
    await admin.dispose();
  }
}

interface Screen {
  path: string;
  heading: string;
  /** What shows that the data is in (beside no busy region). */
  ready?: (page: Page) => Promise<void>;
  /** Opens what the screen folds away (a chart's table). */
  open?: (page: Page) => Promise<void>;
}

const AGENT_SCREENS: readonly Screen[] = [
  { path: '/', heading: 'Dashboard' },
  {
    path: '/deals/dealsview',
    heading: 'Deals Table',
    ready: (p) => expect(p.getByText('Under Negotiation').filter({ visible: true }).first()).toBeVisible(),
  },
  { path: '/sales/salesview', heading: 'Sales', ready: (p) => expect(p.getByText('Liwayway Enterprises').first()).toBeVisible() },
  { path: '/portfolio', heading: 'My Portfolio', ready: (p) => expect(p.getByText('Bagong Silang Cooperative').first()).toBeVisible() },
  { path: '/commissions', heading: 'Commission Tracking', ready: (p) => expect(p.getByText(/BDO-2026-000123456/).first()).toBeVisible() },
  { path: '/reports', heading: 'Performance Reports', open: openChartTables },
  { path: '/recruitment', heading: 'Agent Recruitment', ready: (p) => expect(p.getByText('Macapagal').first()).toBeVisible() },
  {
    path: '/helpcenter',
    heading: 'Help Center',
    ready: (p) => expect(p.getByText('Claims hotline unreachable', { exact: true }).first()).toBeVisible(),
  },
  // The material is in one of the two libraries (which, the Materials Panel decides): both are walked.
  { path: '/learning', heading: 'Learning Resources' },
  { path: '/marketing', heading: 'Marketing' },
  {
    path: '/settings/licences',
    heading: 'Settings And Details',
    ready: (p) => expect(p.getByText('Sun Life of Canada (Philippines)', { exact: true }).first()).toBeVisible(),
  },
];

const ADMIN_SCREENS: readonly Screen[] = [
  { path: '/', heading: 'Dashboard' },
  { path: '/admin/adminmembers', heading: 'Members Record', ready: (p) => expect(p.getByText('Dimaculangan').first()).toBeVisible() },
  {
    path: '/admin/admincommissions',
    heading: 'Commissions',
    ready: (p) => expect(p.getByText(/BDO-2026-000123456/).first()).toBeVisible(),
  },
  {
    path: '/admin/verifysales',
    heading: 'Sales to verify',
    ready: (p) => expect(p.getByText('Kalayaan Logistics Corporation', { exact: true }).first()).toBeVisible(),
  },
  {
    path: '/admin/compliance',
    heading: 'Compliance',
    ready: (p) => expect(p.getByRole('table', { name: 'Held commissions' }).getByText('Villanueva-Dela Cruz').first()).toBeVisible(),
  },
  {
    path: '/admin/adminticketlist',
    heading: 'Tickets List',
    ready: (p) => expect(p.getByText('Claims hotline unreachable', { exact: true }).first()).toBeVisible(),
  },
  {
    path: '/admin/adminmaterials',
    heading: 'Materials Panel',
    ready: (p) => expect(p.getByText(/Commercial Fire brochure/).first()).toBeVisible(),
  },
  { path: '/reports', heading: 'Performance Reports', open: openChartTables },
];

/** Opens every chart's table ("Show table …"): their figures are amounts too. */
async function openChartTables(page: Page) {
  // Each button then reads "Hide table …": the first one left is the next to open.
  const show = page.getByRole('button', { name: /^Show table/ });
  for (let n = await show.count(); n > 0; n--) await show.first().click();
}

/**
 * What is cut off, hidden or wrapped on the page as it is laid out now, one line each. A text is
 * cut off when it reaches past an ancestor that clips (overflow other than visible: a card, a
 * table's scroll box that would have to be scrolled), or lies under a pinned (sticky) cell of its
 * row; it wraps when one of its texts takes more than one line (for a heading: when a word is
 * broken across lines).
 */
function offenders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const main = document.querySelector('main');
    if (!main) return ['no main element'];
    const page = document.documentElement;
    if (page.scrollWidth > window.innerWidth) found.push(`the page is ${page.scrollWidth}px wide in a ${window.innerWidth}px window`);
    // From 1280 px a table fits its card; only narrower does it scroll sideways (decision 024).
    for (const table of main.querySelectorAll('table')) {
      const box = table.parentElement;
      if (!box || !table.checkVisibility() || box.scrollWidth <= box.clientWidth + 1) continue;
      found.push(
        `table “${table.querySelector('caption')?.textContent ?? ''}” scrolls sideways (${box.scrollWidth}px in ${box.clientWidth}px)`,
      );
    }
    const describe = (el: Element) => {
      const text = (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
      const what = el.tagName === 'TH' ? 'heading' : el.tagName === 'TIME' ? 'date' : ((el as HTMLElement).dataset.fit ?? 'text');
      return `${what} “${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;
    };
    /** The visible, non-blank text nodes of an element (not those a screen reader alone reads). */
    const texts = (el: Element): Text[] => {
      const out: Text[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const t = n as Text;
        const parent = t.parentElement;
        if (!t.data.trim() || !parent || parent.closest('.sr-only') || !parent.checkVisibility()) continue;
        out.push(t);
      }
      return out;
    };
    const rectsOf = (t: Text, start = 0, end = t.data.length) => {
      const range = document.createRange();
      range.setStart(t, start);
      range.setEnd(t, end);
      return Array.from(range.getClientRects()).filter((r) => r.width > 0.5 && r.height > 0.5);
    };
    /** The number of lines the rects lie on (rects whose vertical middles are within half a line are on one line). */
    const lines = (rects: DOMRect[]) => {
      const mids: number[] = [];
      for (const r of rects) {
        const mid = r.top + r.height / 2;
        if (!mids.some((m) => Math.abs(m - mid) < r.height / 2)) mids.push(mid);
      }
      return mids.length;
    };
    const clippers = (el: Element): HTMLElement[] => {
      const out: HTMLElement[] = [];
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') out.push(a);
      }
      return out;
    };
    const box = (a: HTMLElement) => {
      const r = a.getBoundingClientRect();
      return { left: r.left + a.clientLeft, right: r.left + a.clientLeft + a.clientWidth };
    };
    const sticky = (el: Element) => getComputedStyle(el).position === 'sticky';

    const marked = main.querySelectorAll<HTMLElement>('[data-fit], time, th');
    for (const el of marked) {
      if (!el.checkVisibility() || el.closest('.sr-only')) continue;
      // A date inside a marked amount or badge is checked with it.
      if (el.tagName === 'TIME' && el.parentElement?.closest('[data-fit]')) continue;
      const nodes = texts(el);
      if (nodes.length === 0) continue;
      const problems: string[] = [];
      const display = getComputedStyle(el).display;
      if (display !== 'inline' && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`clipped (${el.scrollWidth}px of content in ${el.clientWidth}px)`);
      }
      const heading = el.tagName === 'TH';
      for (const t of nodes) {
        if (heading) {
          for (const m of t.data.matchAll(/\S+/g)) {
            if (lines(rectsOf(t, m.index, m.index + m[0].length)) > 1) problems.push(`breaks “${m[0]}” across lines`);
          }
        } else {
          const n = lines(rectsOf(t));
          if (n > 1) problems.push(`wraps onto ${n} lines`);
        }
      }
      const rects = nodes.flatMap((t) => rectsOf(t));
      const right = Math.max(...rects.map((r) => r.right));
      const left = Math.min(...rects.map((r) => r.left));
      for (const a of clippers(el)) {
        const b = box(a);
        if (right > b.right + 1 || left < b.left - 1) {
          const scrolls = a.scrollWidth > a.clientWidth;
          problems.push(
            scrolls ? `cut off by a box that scrolls sideways (${a.scrollWidth}px in ${a.clientWidth}px)` : 'cut off by its box',
          );
          break;
        }
      }
      const cell = el.closest('td, th');
      const row = el.closest('tr');
      if (row && cell && !sticky(cell)) {
        for (const pinned of Array.from(row.children).filter(sticky)) {
          const p = pinned.getBoundingClientRect();
          if (rects.some((r) => r.right > p.left + 1 && r.left < p.right - 1)) {
            problems.push('under the pinned column');
            break;
          }
        }
      }
      if (problems.length) found.push(`${describe(el)}: ${[...new Set(problems)].join('; ')}`);
    }
    return found;
  });
}

/** Waits until the screen shows its data and nothing moves. */
async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Opens each screen once and measures it at every width; a screenshot of each at 1366 px. */
async function walk(page: Page, testInfo: TestInfo, who: string, screens: readonly Screen[], found: string[]) {
  for (const screen of screens) {
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await page.goto(screen.path);
    try {
      await expect(page.getByRole('heading', { level: 1, name: screen.heading, exact: true }), screen.path).toBeVisible();
      await screen.ready?.(page);
      await settle(page);
      await screen.open?.(page);
    } catch (error) {
      // Listed with the rest, and the walk goes on: one screen that fails to load hides no other's problems.
      found.push(`${who} ${screen.path}: did not show its data: ${String(error).split('\n')[0]}`);
      continue;
    }
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await settle(page);
      for (const problem of await offenders(page)) found.push(`${who} ${screen.path} at ${width} px: ${problem}`);
      if (width === 1366) {
        // From the top: a full-page shot of a scrolled page draws the fixed sidebar and header halfway down.
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(page, testInfo, `widths-${who}${screen.path.replace(/\//g, '-').replace(/-$/, '')}-1366`);
      }
    }
  }
}

ownServer(
  'every screen with data at 1280, 1366 and 1440 px: no badge, amount, date or column heading cut off, under a pinned column or wrapped',
  async ({ page, browser, baseURL }, testInfo) => {
    // About 80 s on an idle machine (eighteen screens, three widths each, a screenshot at 1366 px); room for a busy one.
    test.setTimeout(240_000);
    const { agent } = await seedAgency(baseURL!);
    const found: string[] = [];

    await signIn(page, agent);
    await walk(page, testInfo, 'agent', AGENT_SCREENS, found);

    const adminContext = await openContext(browser, { baseURL, viewport: { width: WIDTHS[0], height: HEIGHT } });
    try {
      const adminPage = await adminContext.newPage();
      await loginUi(adminPage, ADMIN.username, ADMIN.password);
      await expect(adminPage).toHaveURL(/\/$/);
      await walk(adminPage, testInfo, 'admin', ADMIN_SCREENS, found);
    } finally {
      await adminContext.close();
    }

    await testInfo.attach('offenders.txt', { body: found.join('\n'), contentType: 'text/plain' });
    expect(found.length, `${found.length} cut off or wrapped:\n${found.join('\n')}`).toBe(0);
  },
);

/**
 * The texts are on the screen as the page opens: inside the window and inside their table's
 * visible box (not scrolled sideways), and nothing (a pinned column) lies over them.
 */
async function expectOnScreen(page: Page, ...texts: Locator[]) {
  for (const text of texts) {
    await expect(text).toBeVisible();
    // Scroll the window only (a locator's own scrolling would also scroll the table sideways).
    await text.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
    const seen = await text.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const box = el.closest('table')?.parentElement;
      const b = box?.getBoundingClientRect();
      // Each line of the text (an inline text that wraps has one box a line) is itself at its middle.
      const lines = Array.from(el.getClientRects());
      const onTop = lines.every((l) => {
        const hit = document.elementFromPoint(l.left + l.width / 2, l.top + l.height / 2);
        return hit !== null && (hit === el || el.contains(hit));
      });
      return {
        left: Math.round(r.left),
        right: Math.round(r.right),
        window: window.innerWidth,
        scrolled: box?.scrollLeft ?? 0,
        inBox: !b || (r.left >= b.left - 1 && r.right <= b.right + 1),
        onTop,
      };
    });
    const what = `“${await text.innerText()}” (${seen.left}–${seen.right} px of ${seen.window})`;
    expect(seen.scrolled, `${what}: its table is scrolled sideways`).toBe(0);
    expect(seen.left, `${what}: off the left of the window`).toBeGreaterThanOrEqual(0);
    expect(seen.right, `${what}: off the right of the window`).toBeLessThanOrEqual(seen.window);
    expect(seen.inBox, `${what}: outside its table's visible box`).toBe(true);
    expect(seen.onTop, `${what}: covered (by the pinned column?)`).toBe(true);
  }
}

test(
  'on a phone the Deals Table, Sales and Portfolio show each row’s customer, TCV and status without scrolling sideways',
  PHONE_ONLY,
  async ({ page, agent, baseURL }, testInfo) => {
    const customer = 'Corazon Aquino-Reyes Trading Corporation';
    await recordDeals(baseURL!, agent, [
      { customer, product: 'Commercial Fire', tcv: '11004036.75', status: 'For Payment Collection', sell: true },
      { customer: 'Mabuhay Motors', product: 'Comprehensive', tcv: '125000.50', status: 'Under Negotiation' },
    ]);
    await signIn(page, agent);

    await page.goto('/deals/dealsview');
    const deals = page.getByRole('table', { name: 'Your deals' });
    for (const [name, tcv, status] of [
      [customer, '₱11,004,036.75', 'For Payment Collection'],
      ['Mabuhay Motors', '₱125,000.50', 'Under Negotiation'],
    ] as const) {
      const cell = deals.getByRole('cell').filter({ hasText: name });
      await expectOnScreen(
        page,
        cell.getByText(name, { exact: true }),
        cell.getByText(tcv, { exact: true }),
        cell.getByText(status, { exact: true }),
      );
    }
    await expectFitsViewport(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, testInfo, 'widths-deals-phone', { fullPage: false });

    await page.goto('/sales/salesview');
    const sale = page.getByRole('table', { name: 'Your sales' }).getByRole('cell').filter({ hasText: customer });
    await expectOnScreen(
      page,
      sale.getByText(customer, { exact: true }),
      sale.getByText('₱11,004,036.75', { exact: true }),
      sale.getByText('Awaiting verification', { exact: true }),
    );
    await expectFitsViewport(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, testInfo, 'widths-sales-phone', { fullPage: false });

    // Portfolio (decision 025): the customer, the premium and the status of each policy, and its renewal column.
    await page.goto('/portfolio');
    const policy = page.getByRole('table', { name: 'Your policies' }).getByRole('cell').filter({ hasText: customer });
    await expectOnScreen(
      page,
      policy.getByText(customer, { exact: true }),
      policy.getByText('₱11,004,036.75', { exact: true }),
      policy.getByText('In force', { exact: true }),
    );
    await expectFitsViewport(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, testInfo, 'widths-portfolio-phone', { fullPage: false });
  },
);
