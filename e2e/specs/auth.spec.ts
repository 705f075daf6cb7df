import type { Page } from '@playwright/test';
import type { RegisterRequest } from '@ahente/contract/auth';
import { MSG } from '@ahente/contract/messages';
import { CONSENT_LABEL } from '@ahente/contract/privacy-notice';
import { adminMember, approveMember, expectFitsViewport, expectSignedIn, expectToast, uniqueId, welcomeLine } from '../support/app.ts';
import { ADMIN, createAgent, expect, loginApi, loginUi, PHONE, shot, test } from '../support/fixtures.ts';
import { routes } from '@ahente/contract/routes';

/** A sign-up as the form is filled (the contract's payload, referral code apart). */
type Registration = { [K in Exclude<keyof RegisterRequest, 'refCode' | 'consent'>]-?: string };

function newPerson(): Registration {
  const u = uniqueId();
  return {
    username: `reg_${u}`,
    password: 'register-pass-1',
    lname: `Dela Cruz ${u.slice(-4)}`,
    fname: 'Maria',
    mname: 'Reyes',
    email: `reg_${u}@example.ph`,
    contact: '09181234567',
  };
}

/** Fills every field of the registration form except the referral code. */
async function fillRegistration(page: Page, p: Registration) {
  await page.getByLabel('Username').fill(p.username);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Last Name').fill(p.lname);
  await page.getByLabel('First Name').fill(p.fname);
  await page.getByLabel('Middle Name (optional)').fill(p.mname);
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Contact Number').fill(p.contact);
  // The privacy notice's checkbox (decision 027): consent.spec.ts tests it.
  await page.getByRole('checkbox', { name: CONSENT_LABEL }).check();
}

const signUp = (page: Page) => page.getByRole('button', { name: 'Sign Up' }).click();

test.describe('Register', () => {
  test(
    'without ?ref=: every field, Registration Success, then /login; the account is Pending without sponsor',
    PHONE,
    async ({ page, baseURL, press }, testInfo) => {
      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1, name: MSG.registerTitle })).toBeVisible();
      await expect(page.getByLabel('Referral Code')).toHaveValue('');
      await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
      await expectFitsViewport(page);
      await shot(page, testInfo, 'register-1440');

      const person = newPerson();
      await fillRegistration(page, person);
      await press(page.getByRole('button', { name: 'Sign Up' }));
      await expectToast(page, 'success', MSG.registerSuccess);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Your account was created. You can log in once an administrator approves it.')).toBeVisible();

      const member = await adminMember(baseURL!, person.username);
      expect(member).toMatchObject({
        status: 'Pending',
        referror: null,
        f_name: person.fname,
        m_name: person.mname,
        l_name: person.lname,
        email: person.email,
        account_type: 'user',
      });
      // The list carries no phone (decision 027): the contact number is in the member's details.
      const admin = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
      try {
        const details = await admin.csrfPost(routes.getUserDetails.path, { id: member.id });
        expect(details.ok(), await details.text()).toBe(true);
        expect(((await details.json()) as { contact_no: string }[])[0]).toMatchObject({ contact_no: person.contact });
      } finally {
        await admin.dispose();
      }
    },
  );

  test('with ?ref=CODE: the code is prefilled and the sponsor is that agent', async ({ page, baseURL }) => {
    const sponsor = await createAgent(baseURL!);
    expect(sponsor.referral_code).not.toBe('');

    await page.goto(`/register?ref=${sponsor.referral_code}`);
    await expect(page.getByLabel('Referral Code')).toHaveValue(sponsor.referral_code);
    const person = newPerson();
    await fillRegistration(page, person);
    await signUp(page);
    await expectToast(page, 'success', MSG.registerSuccess);
    await expect(page).toHaveURL(/\/login$/);

    const pending = await adminMember(baseURL!, person.username);
    expect(pending.status).toBe('Pending');
    const approved = await approveMember(baseURL!, pending.id);
    expect(approved.status).toBe('Approved');
    const member = await adminMember(baseURL!, person.username);
    expect(member.referror).toBe(sponsor.id);
    expect(member.referror_details).toMatchObject({ id: sponsor.id, f_name: sponsor.fname, l_name: sponsor.lname });

    // The approved member signs in.
    await loginUi(page, person.username, person.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(welcomeLine(`${person.fname} ${person.lname}`, member.id), { exact: true })).toBeVisible();
  });

  test('required fields: the error toast and every empty required field marked', PHONE, async ({ page }, testInfo) => {
    await page.goto('/register');
    await signUp(page);
    await expectToast(page, 'error', MSG.registerMissing);
    for (const label of ['Username', 'Last Name', 'First Name', 'Email', 'Contact Number']) {
      await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('This field is required')).toHaveCount(6);
    await expect(page.getByLabel('Middle Name (optional)')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Referral Code')).not.toHaveAttribute('aria-invalid', 'true');
    await expectFitsViewport(page);
    await shot(page, testInfo, 'register-errors-1440');

    // Filling some fields still leaves the message for the rest; nothing is sent.
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(routes.register.path)) requests.push(r.url());
    });
    await page.getByLabel('Username').fill(`only_${uniqueId()}`);
    await signUp(page);
    await expect(page.getByText('This field is required')).toHaveCount(5);
    await expect(page.getByLabel('Username')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/register$/);
    expect(requests).toEqual([]);
  });

  test('the contact number keeps digits only, at most 11', async ({ page }) => {
    await page.goto('/register');
    const contact = page.getByLabel('Contact Number');
    await contact.pressSequentially('09a17-123456789');
    await expect(contact).toHaveValue('09171234567');
    await contact.fill('');
    await contact.fill('+63 917 123 4567 89');
    await expect(contact).toHaveValue('63917123456');
  });

  test("an unknown referral code: 'Invalid referral code'", async ({ page, baseURL }) => {
    await page.goto('/register?ref=NOSUCH99');
    await expect(page.getByLabel('Referral Code')).toHaveValue('NOSUCH99');
    const person = newPerson();
    await fillRegistration(page, person);
    await signUp(page);
    await expectToast(page, 'error', MSG.registerInvalidReferral);
    await expect(page.getByLabel('Referral Code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/register\?ref=NOSUCH99$/);
    await expect(adminMember(baseURL!, person.username)).rejects.toThrow(/no member/);
  });

  test("a taken username: the server's own 400 text as a warning", async ({ page, agent }) => {
    await page.goto('/register');
    await fillRegistration(page, { ...newPerson(), username: agent.username });
    await signUp(page);
    await expectToast(page, 'warning', 'Username is already taken');
    await expect(page).toHaveURL(/\/register$/);
  });

  test("the server unreachable: 'Error: Server issue, try again later'", async ({ page }) => {
    await page.route('**/api/registeraccounts', (route) => route.abort());
    await page.goto('/register');
    await fillRegistration(page, newPerson());
    await signUp(page);
    await expectToast(page, 'error', MSG.serverIssue);
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  test('the Sign in link leads back to /login', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  });
});

test.describe('Login', () => {
  test('a pending account is refused with no session; once approved it logs in', PHONE, async ({ page, baseURL, press }) => {
    const agent = await createAgent(baseURL!, { approve: false });

    await loginUi(page, agent.username, agent.password);
    await expectToast(page, 'warning', MSG.loginNotApproved);
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get(routes.me.path)).status()).toBe(401);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    await approveMember(baseURL!, agent.id);
    await page.getByLabel('Username').fill(agent.username);
    await page.getByLabel('Password', { exact: true }).fill(agent.password);
    await press(page.getByRole('button', { name: 'Sign In' }));
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page, agent);
    expect((await page.request.get(routes.me.path)).status()).toBe(200);
  });

  test('the login page: fields, remember me, no dead social buttons, and the Sign Up panel', PHONE, async ({ page, press }, testInfo) => {
    await page.goto('/login');
    await expect(page).toHaveTitle(/Log in/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await expect(page.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    // No provider is configured, so no social sign-in buttons (they would do nothing).
    await expect(page.getByRole('button', { name: 'Google' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Facebook' })).toHaveCount(0);
    await expect(page.getByText(/continue with/i)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'New to Ahente?' })).toBeVisible();
    await expectFitsViewport(page);
    await shot(page, testInfo, 'login-1440');

    await press(page.getByRole('link', { name: 'Sign Up' }));
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: MSG.registerTitle })).toBeVisible();
  });

  test("empty fields: 'Error: Please Enter Username or Password'", async ({ page, agent }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'error', MSG.loginMissing);

    // A username alone is not enough either.
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toastRegionItems(page)).toHaveCount(0);
    await page.getByLabel('Username').fill(agent.username);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'error', MSG.loginMissing);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a wrong password or unknown user: 'Invalid username or password'", async ({ page, agent }) => {
    await loginUi(page, agent.username, 'not-the-password');
    await expectToast(page, 'error', MSG.loginInvalid);
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get(routes.me.path)).status()).toBe(401);

    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toastRegionItems(page)).toHaveCount(0);
    await loginUi(page, `nobody_${uniqueId()}`, 'whatever-pass');
    await expectToast(page, 'error', MSG.loginInvalid);
  });

  test("'Forgot your password?' warns 'Please Contact Administrator'", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expectToast(page, 'warning', MSG.forgotPassword);
    await expect(page).toHaveURL(/\/login$/);
  });
});

function toastRegionItems(page: Page) {
  return page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
}
