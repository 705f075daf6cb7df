import {
  expect,
  request as pwRequest,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { addDays, todayInManila } from '@ahente/contract/dates';
import type { MemberRecord } from '@ahente/contract/members';
import { ADMIN } from './env.ts';
import { loginApi, shot, type Agent } from './fixtures.ts';
import { routes } from '@ahente/contract/routes';
import { takeShownToast, type ShownToast } from './toast-log.ts';

let counter = 0;
/** A short id that is unique across workers and runs (usernames, e-mail addresses). */
export const uniqueId = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The type word of a toast (success, error, warning or info; decision 004), as `data-type` on the toast. */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** The toast showing `text` inside the notifications region (each toast is a list item there). */
export function toast(page: Page, text: string): Locator {
  return page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text });
}

/**
 * Asserts the page showed a toast of `type` whose message holds `text` (is `text`, with `exact`:
 * 'Failed to Save' must not match 'Failed to Save Missing Fields'). Taken from the page's record of
 * the toasts it opened (support/toast-log.ts), so a toast that closed after its 3 s before a
 * starved test process looked still counts, and each shown toast counts once.
 */
export async function expectToast(page: Page, type: ToastType, text: string, { exact = false }: { exact?: boolean } = {}) {
  let found: ShownToast | null = null;
  await expect
    .poll(
      async () => {
        const taken = found ? null : await takeShownToast(page, text, exact).catch(() => null);
        found ??= taken?.toast ?? null;
        return found ?? { noToastReading: text, shown: taken?.shown ?? [] };
      },
      { message: `a ${type} toast reading "${text}"` },
    )
    .toMatchObject({ text: exact ? text : expect.stringContaining(text) });
  expect(found!.type, `the type of the toast "${text}"`).toBe(type);
}

/** The member records the admin sees (POST /api/adminmemberrecords). */
export async function adminMembers(baseURL: string): Promise<MemberRecord[]> {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  try {
    const me = (await (await admin.get(routes.me.path)).json()) as { user: number };
    const res = await admin.csrfPost(routes.adminMemberRecords.path, { id: me.user });
    if (!res.ok()) throw new Error(`adminmemberrecords: ${res.status()} ${await res.text()}`);
    return (await res.json()) as MemberRecord[];
  } finally {
    await admin.dispose();
  }
}

/** One member, by username, as the admin sees it. */
export async function adminMember(baseURL: string, username: string): Promise<MemberRecord> {
  const member = (await adminMembers(baseURL)).find((m) => m.username === username);
  if (!member) throw new Error(`no member ${username}`);
  return member;
}

/** Approves a member through the admin API (editMember with status). */
export async function approveMember(baseURL: string, id: number): Promise<MemberRecord> {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  try {
    const res = await admin.csrfPost(routes.editMember.path, { id, status: 'Approved' });
    if (!res.ok()) throw new Error(`approve ${id}: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { member: MemberRecord }).member;
  } finally {
    await admin.dispose();
  }
}

/**
 * Records sales for an agent through the API: one deal per amount, each made into a sale (effective
 * 2026-03-01 and product Individual unless told otherwise).
 */
export async function seedSales(
  baseURL: string,
  agent: Agent,
  tcvs: readonly number[],
  { effectiveDate = '2026-03-01', product = 'Individual' }: { effectiveDate?: string; product?: string } = {},
) {
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    for (const [i, tcv] of tcvs.entries()) {
      const dealRes = await c.csrfPost(routes.addDeal.path, {
        id: agent.id,
        customerName: `Customer ${i + 1}`,
        transactionType: 'New',
        product,
        tcvValue: String(tcv),
        effectiveDate: '2026-02-01',
      });
      if (!dealRes.ok()) throw new Error(`adddeals: ${dealRes.status()} ${await dealRes.text()}`);
      const deal = ((await dealRes.json()) as { deal: { id: number; customer_name: string; product: string } }).deal;
      const saleRes = await c.csrfPost(routes.addSale.path, {
        id: agent.id,
        formData: {
          dealid: deal.id,
          customerName: deal.customer_name,
          product: deal.product,
          tcv: String(tcv),
          sales_type: 'Direct',
          policy: `POL-${i + 1}`,
          insurer: 'Insurer',
          planName: 'Plan',
          effectiveDate,
        },
      });
      if (!saleRes.ok()) throw new Error(`addsales: ${saleRes.status()} ${await saleRes.text()}`);
    }
  } finally {
    await c.dispose();
  }
}

/** The XSRF token cookie of a browser context (the SPA sends it as X-XSRF-TOKEN). */
export async function xsrfToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  return decodeURIComponent(cookie.value);
}

/** A separate API client holding exactly the given cookies (e.g. a session saved before logout). */
export async function clientWithCookies(baseURL: string, context: BrowserContext): Promise<APIRequestContext> {
  return pwRequest.newContext({ baseURL, storageState: await context.storageState() });
}

/**
 * The header line of the authenticated layout: "Welcome back, {name}, ID#: {id}", or "Welcome, …"
 * in the session of the member's first sign-in (decision 001; first-steps.spec.ts tells the two
 * apart). Matches the whole line.
 */
export function welcomeLine(name: string, id: number | string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^Welcome(?: back)?, ${escape(name)}, ID#: ${escape(String(id))}$`);
}

/** Waits for the authenticated layout to show the member's welcome line. */
export async function expectSignedIn(page: Page, agent: { name: string; id: number }) {
  await expect(page.getByText(welcomeLine(agent.name, agent.id), { exact: true })).toBeVisible();
}

/**
 * Logs in as the login page does, through the API in the page's own browser context (its
 * cookies: the device, the XSRF token, then the session), without opening the page. The login
 * form itself is the subject of auth.spec, consent.spec, two-factor.spec, first-steps.spec and the
 * screens in Filipino (they use `loginUi`); everywhere else a form filled in before every test cost
 * a page load and three fields per test (decision 015).
 */
export async function loginInContext(page: Page, username: string, password: string) {
  await page.request.get(routes.csrfCookie.path);
  const res = await page.request.post(routes.login.path, {
    data: { username, password },
    headers: { 'X-XSRF-TOKEN': await xsrfToken(page.context()) },
  });
  if (!res.ok()) throw new Error(`login ${username}: ${res.status()} ${await res.text()}`);
}

/** Signs the agent in (through the API, `loginInContext`) and opens the dashboard. */
export async function signIn(page: Page, agent: Agent) {
  await loginInContext(page, agent.username, agent.password);
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, agent);
}

/** Signs the administrator in (through the API, `loginInContext`) and opens the agency's dashboard. */
export async function signInAdmin(page: Page) {
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** The document is no wider than the viewport (nothing overflows sideways). */
export async function expectNoHorizontalOverflow(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `document is ${scrollWidth}px wide at a ${width}px viewport`).toBeLessThanOrEqual(width);
}

/**
 * Nothing is wider than the viewport: the document is no wider than the window, and the window no
 * wider than the emulated screen (a phone browser widens the layout viewport to fit a page that
 * overflows, so innerWidth alone would hide the overflow).
 */
export async function expectFitsViewport(page: Page) {
  const screenWidth = page.viewportSize()!.width;
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `document is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
  expect(innerWidth, `the window is ${innerWidth}px wide on a ${screenWidth}px screen`).toBeLessThanOrEqual(screenWidth);
}

/** Whether the page shows the phone layout (below `md`: the sidebar is a drawer). */
export function isNarrow(page: Page): boolean {
  return page.viewportSize()!.width < 768;
}

/** Follows an entry of the main navigation: from the sidebar, or on a phone from the drawer behind the menu button. */
export async function goViaMainNav(page: Page, label: string) {
  if (isNarrow(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expect(menu).toBeHidden();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  }
}

/**
 * The page fits a phone, and a screenshot of it there: in the phone project as it is; in the
 * desktop project resized to 375 px, then back to its size.
 */
export async function expectFitsPhone(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize()!;
  if (!isNarrow(page)) await page.setViewportSize({ width: 375, height: 812 });
  await expectFitsViewport(page);
  await shot(page, testInfo, name);
  if (size.width >= 768) await page.setViewportSize(size);
}

/** The admin sets a product's commission rate (percent, as text), effective today in Manila. */
export async function setProductRate(baseURL: string, product: string, rate: string) {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  try {
    const res = await admin.csrfPost(routes.setCommissionRate.path, {
      kind: 'product',
      key: product,
      rate,
      effective_from: todayInManila(),
    });
    if (!res.ok()) throw new Error(`setcommissionrate: ${res.status()} ${await res.text()}`);
  } finally {
    await admin.dispose();
  }
}

/** A sale of the agent's (a deal made into a sale through their API) whose policy expires in `days` days. */
export async function saleExpiringIn(baseURL: string, agent: Agent, customer: string, days: number, policy = 'MC-2025-0042') {
  const today = todayInManila();
  const c = await loginApi(baseURL, agent.username, agent.password);
  try {
    const dealRes = await c.csrfPost(routes.addDeal.path, {
      id: agent.id,
      customerName: customer,
      transactionType: 'New',
      product: 'Comprehensive',
      tcvValue: '18500',
      effectiveDate: addDays(today, days - 364),
    });
    if (!dealRes.ok()) throw new Error(`adddeals: ${dealRes.status()} ${await dealRes.text()}`);
    const { deal } = (await dealRes.json()) as { deal: { id: number } };
    const saleRes = await c.csrfPost(routes.addSale.path, {
      id: agent.id,
      formData: {
        dealid: deal.id,
        customerName: customer,
        product: 'Comprehensive',
        tcv: '18500',
        sales_type: 'Direct',
        policy,
        insurer: 'Malayan Insurance Co.',
        effectiveDate: addDays(today, days - 364),
        expiry_date: addDays(today, days),
      },
    });
    if (!saleRes.ok()) throw new Error(`addsales: ${saleRes.status()} ${await saleRes.text()}`);
  } finally {
    await c.dispose();
  }
}
