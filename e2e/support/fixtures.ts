import fs from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  request as pwRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { ADMIN } from './env.ts';
import { recordToastsIn } from './toast-log.ts';
import { routes } from '@ahente/contract/routes';

export { expect };

export interface Agent {
  id: number;
  username: string;
  password: string;
  fname: string;
  lname: string;
  name: string;
  referral_code: string;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * The specs' API clients are one device (decision 001's device cookie): a member's logins through
 * the API never tell them of a new device, as a browser given this cookie (useApiDevice) does not.
 */
const API_DEVICE_TOKEN = 'e2e-api-clients-are-one-device-0000000000';
function apiDeviceCookie(baseURL: string) {
  return {
    name: 'ahente_device',
    value: API_DEVICE_TOKEN,
    domain: new URL(baseURL).hostname,
    path: '/',
    expires: -1,
    httpOnly: true,
    secure: false,
    sameSite: 'Lax' as const,
  };
}

/** Makes a browser the same device as the specs' API clients: its logins are no new device either. */
export async function useApiDevice(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([apiDeviceCookie(baseURL)]);
}

/**
 * An API client that carries the XSRF token the way the SPA does: read from the cookie at each
 * request, since the server signs a new one for each session (at login and logout).
 */
export async function apiClient(baseURL: string): Promise<
  APIRequestContext & {
    csrfPost: (url: string, data?: unknown) => ReturnType<APIRequestContext['post']>;
    xsrfToken: () => Promise<string>;
  }
> {
  const ctx = await pwRequest.newContext({ baseURL, storageState: { cookies: [apiDeviceCookie(baseURL)], origins: [] } });
  await ctx.get(routes.csrfCookie.path);
  const xsrfToken = async () => decodeURIComponent((await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  return Object.assign(ctx, {
    xsrfToken,
    csrfPost: async (url: string, data?: unknown) => ctx.post(url, { data: data ?? {}, headers: { 'X-XSRF-TOKEN': await xsrfToken() } }),
  });
}

export async function loginApi(baseURL: string, username: string, password: string) {
  const c = await apiClient(baseURL);
  const res = await c.csrfPost(routes.login.path, { username, password });
  if (!res.ok()) throw new Error(`login ${username}: ${res.status()} ${await res.text()}`);
  return c;
}

/** Registers an agent through the API (with a sponsor code when given) and, unless told otherwise, approves it. */
export async function createAgent(
  baseURL: string,
  options: { approve?: boolean; refCode?: string; position?: string; accountType?: 'user' | 'admin' } = {},
): Promise<Agent> {
  const u = unique();
  const fname = 'Ana';
  const lname = `Santos${u.slice(-4)}`;
  const body = {
    username: `agent_${u}`,
    password: 'agent-pass-123',
    email: `agent_${u}@example.ph`,
    lname,
    fname,
    mname: '',
    contact: '09171234567',
    refCode: options.refCode ?? '',
    consent: true,
  };
  const anon = await apiClient(baseURL);
  const reg = await anon.csrfPost(routes.register.path, body);
  if (!reg.ok()) throw new Error(`register: ${reg.status()} ${await reg.text()}`);
  const { id } = (await reg.json()) as { id: number };
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  const patch: Record<string, unknown> = { id };
  if (options.approve !== false) patch.status = 'Approved';
  if (options.position) patch.position = options.position;
  if (options.accountType) patch.account_type = options.accountType;
  let referral_code = '';
  if (options.approve !== false && Object.keys(patch).length === 2) {
    // Approval alone, as the list's Approve does: the answer is the list's record, so the member's
    // "Who accessed my data" stays empty (an edit's answer holds their details and is logged).
    const res = await admin.csrfPost(routes.approveMember.path, { id });
    if (!res.ok()) throw new Error(`approve: ${res.status()} ${await res.text()}`);
    referral_code = ((await res.json()) as { member: { referral_code: string } }).member.referral_code;
  } else if (Object.keys(patch).length > 1) {
    const res = await admin.csrfPost(routes.editMember.path, patch);
    if (!res.ok()) throw new Error(`approve: ${res.status()} ${await res.text()}`);
    referral_code = ((await res.json()) as { member: { referral_code: string } }).member.referral_code;
  }
  await anon.dispose();
  await admin.dispose();
  return { id, username: body.username, password: body.password, fname, lname, name: `${fname} ${lname}`, referral_code };
}

/** Logs in through the real login page. */
export async function loginUi(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Saves a full-page screenshot under e2e/screenshots/<project>/<name>-<width>.png and attaches it to the report. Pass
 * `{ fullPage: false }` for what the viewport shows (an open drawer or modal covers only it).
 *
 * With E2E_SCREENSHOTS=off (CI's .ci/run) none is taken: they are for a person to look at, and CI's
 * clean clone is thrown away with them; each cost about 1 s of CPU (15 shots: 9 s of a 75 s run of two
 * spec files, decision 015). A failing test still gets Playwright's own screenshot.
 */
export async function shot(page: Page, testInfo: TestInfo, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  const dir = path.join(import.meta.dirname, '..', 'screenshots', testInfo.project.name);
  fs.mkdirSync(dir, { recursive: true });
  // The name ends in the width it was taken at ('deals-table-1440'; on a phone 'deals-table-412').
  const width = page.viewportSize()?.width;
  const file = path.join(dir, `${width ? `${name.replace(/-\d+$/, '')}-${width}` : name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(path.basename(file, '.png'), { path: file, contentType: 'image/png' });
}

/**
 * A browser context of the test's own beyond the fixture's (a second device, the admin's window, a
 * visitor): it records its toasts as the fixture's does. A context made with `browser.newContext`
 * read the toast on screen instead, which closes after 3 s: on a loaded machine the admin's
 * "refused" toast had gone before the check (privacy.spec, decision 015). The lint forbids
 * `newContext` in the specs.
 */
export async function openContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await recordToastsIn(context);
  return context;
}

export const test = base.extend<{ agent: Agent; press: (locator: Locator) => Promise<void> }>({
  /** Every page records the toasts it shows (support/toast-log.ts, read by expectToast). */
  context: async ({ context }, use) => {
    await recordToastsIn(context);
    await use(context);
  },
  agent: async ({ baseURL }, use) => {
    await use(await createAgent(baseURL!));
  },
  /** Uses a control as the device does: a tap on a touch screen (the phone project), a click otherwise. */
  press: async ({ hasTouch }, use) => {
    await use((locator) => (hasTouch ? locator.tap() : locator.click()));
  },
});

/** The tag of the tests that also run in the phone project (a field agent's paths; decision 010). */
export const PHONE = { tag: '@phone' } as const;

/**
 * A phone's path only: the phone project runs it, the desktop projects do not (decision 015). For the
 * tests whose every check is the phone's (their title says so): at 1440 px they re-ran the path
 * through the same answers and looked at a width no phone has.
 */
export const PHONE_ONLY = { tag: ['@phone', '@phone-only'] };

export { ADMIN };
