import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { CERTIFICATION_EMPTY } from '@ahente/contract/settings';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { EMAIL_PASSWORD_REQUIRED, EMAIL_PASSWORD_WRONG } from '@ahente/contract/members';
import { expectFitsPhone, expectToast, goViaMainNav, signIn } from '../support/app.ts';
import { ADMIN, PHONE, createAgent, expect, loginApi, shot, test, useApiDevice, openContext } from '../support/fixtures.ts';
import { scanner } from '../support/axe.ts';
import { startIsolatedServer } from '../support/isolated-server.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';

/**
 * Settings And Details (decision 015): Personal Details with the PSGC cascade and the valid ID, the
 * profile photo, Bank Details and Certifications, and the certification step of the dashboard's first steps.
 */

/** A 1×1 PNG (a real image, so the browser draws it) and a few bytes that are a JPEG to the server. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG_ID = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('an identity card, scanned')]);

const NCR = 'National Capital Region (NCR)';
const CAR = 'Cordillera Administrative Region (CAR)';

/** Chooses a place of a searchable list (City, Barangay): types part of its name, then picks it among the matches. */
async function pickPlace(page: Page, box: Locator, list: string, typed: string, name: string, press: (l: Locator) => Promise<void>) {
  await box.fill(typed);
  await press(page.getByRole('listbox', { name: list }).getByRole('option', { name, exact: true }));
  await expect(box).toHaveValue(name);
}

async function openSettingsTab(page: Page, tab: 'Personal Details' | 'Bank Details' | 'Certifications') {
  await goViaMainNav(page, 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings And Details' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Settings tabs' }).getByRole('link', { name: tab, exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Settings tabs' }).getByRole('link', { name: tab, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
}

test(
  'Personal Details: Save waits for a change, Cancel restores, the region → city → barangay cascade, and the valid ID goes up renamed and comes back',
  PHONE,
  async ({ page, agent, press }, testInfo) => {
    await signIn(page, agent);
    await openSettingsTab(page, 'Personal Details');
    const form = page.getByRole('form', { name: 'Personal details' });
    const firstName = form.getByLabel('First Name');
    await expect(firstName).toHaveValue('Ana');
    await expect(firstName).not.toBeEditable();
    await expect(form.getByText('No valid ID on file. Press Edit to add one.')).toBeVisible();

    // Save only once a value differs; Cancel puts the loaded values back.
    await press(page.getByRole('button', { name: 'Edit', exact: true }));
    const save = form.getByRole('button', { name: 'Save', exact: true });
    const street = form.getByLabel('Street');
    await expect(save).toBeDisabled();
    await street.fill('Rizal St');
    await expect(save).toBeEnabled();
    await street.fill('');
    await expect(save).toBeDisabled();
    await street.fill('Rizal St');
    await press(form.getByRole('button', { name: 'Cancel', exact: true }));
    await expect(street).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();

    // An approved agent's names are the agency's to correct, asked for in the Help Center (decision 027).
    await press(page.getByRole('button', { name: 'Edit', exact: true }));
    await expect(firstName).not.toBeEditable();
    await expect(form.getByLabel('Last Name')).not.toBeEditable();
    await expect(
      form.getByText('Your name is as the agency approved it. To correct it, ask in the Help Center with a ticket of type Privacy.'),
    ).toBeVisible();
    await expect(form.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/helpcenter');
    await expect(form.getByLabel('TIN')).toBeEditable();
    await expect(form.getByText('Check it: once saved, only the agency can change it.')).toBeVisible();
    await press(form.getByRole('button', { name: 'Cancel', exact: true }));

    // The cascade: a city waits for a region, a barangay for a city; a new region clears both.
    await press(page.getByRole('button', { name: 'Edit', exact: true }));
    const region = form.getByLabel('Region', { exact: true });
    const city = form.getByLabel('City', { exact: true });
    const barangay = form.getByLabel('Barangay', { exact: true });
    await expect(city).toBeDisabled();
    await expect(barangay).toBeDisabled();
    await region.selectOption({ label: NCR });
    await expect(barangay).toBeDisabled();
    // Manila's districts are not cities of their own; the City of Manila and Quezon City are there.
    const cities = page.getByRole('listbox', { name: 'Cities and municipalities' });
    await city.fill('manila');
    await expect(cities.getByRole('option', { name: 'City of Manila', exact: true })).toHaveCount(1);
    await city.fill('binondo');
    await expect(cities.getByRole('option')).toHaveCount(0);
    await pickPlace(page, city, 'Cities and municipalities', 'quezon', 'Quezon City', press);
    await pickPlace(page, barangay, 'Barangays', 'alic', 'Alicia', press);
    await region.selectOption({ label: CAR });
    await expect(city).toHaveValue('');
    await expect(barangay).toHaveValue('');
    await expect(barangay).toBeDisabled();
    await region.selectOption({ label: NCR });
    await pickPlace(page, city, 'Cities and municipalities', 'QUEZON C', 'Quezon City', press);
    await pickPlace(page, barangay, 'Barangays', 'Alicia', 'Alicia', press);

    await form.getByLabel('Street').fill('Mabini St');
    await form.getByLabel('Gender').selectOption({ label: 'Female' });
    await form.getByLabel('Birthday').fill('1990-04-05');
    await form.getByLabel('Contact Number').fill('0917-555 12345');
    await expect(form.getByLabel('Contact Number')).toHaveValue('09175551234');
    await form.getByLabel('TIN').fill('123 456 789');
    await form.getByLabel('Valid ID', { exact: true }).setInputFiles({ name: 'my id.jpg', mimeType: 'image/jpeg', buffer: JPEG_ID });
    await shot(page, testInfo, 'settings-personal-editing');

    // One form goes up, the file renamed {userid}_{first}_{middle}_{last}.{ext} (no middle name here).
    // Chromium does not report a form's file parts to Playwright: the page records what it sends.
    await page.evaluate(() => {
      const sent: string[] = [];
      Object.assign(window, { sentFileNames: sent });
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (init?.body instanceof FormData) for (const [, value] of init.body) if (value instanceof File) sent.push(value.name);
        return original(input, init);
      };
    });
    await press(save);
    await expectToast(page, 'success', MSG.personalDetailsSaved);
    expect(await page.evaluate(() => (window as unknown as { sentFileNames: string[] }).sentFileNames)).toEqual([
      `${agent.id}_Ana__${agent.lname}.jpg`,
    ]);

    // Back in view mode, with the names of the places; still there after a reload.
    await page.reload();
    await expect(form.getByLabel('Region', { exact: true })).toHaveValue(NCR);
    await expect(form.getByLabel('City', { exact: true })).toHaveValue('Quezon City');
    await expect(form.getByLabel('Barangay', { exact: true })).toHaveValue('Alicia');
    await expect(form.getByLabel('Street')).toHaveValue('Mabini St');
    await expect(form.getByLabel('Contact Number')).toHaveValue('09175551234');
    await expect(form.getByText('A valid ID is on file.')).toBeVisible();
    // The TIN is entered once: from now on it is read-only here, and the Help Center is where to ask.
    await expect(form.getByLabel('TIN')).toHaveValue('123-456-789');
    await press(page.getByRole('button', { name: 'Edit', exact: true }));
    await expect(form.getByLabel('TIN')).not.toBeEditable();
    await expect(form.getByText('Your TIN is on file. To correct it, ask in the Help Center with a ticket of type Privacy.')).toBeVisible();
    await press(form.getByRole('button', { name: 'Cancel', exact: true }));

    // Download: the name the spec gives, and the bytes that went up.
    const downloading = page.waitForEvent('download');
    await press(form.getByRole('button', { name: 'Download', exact: true }));
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`valid_id_${agent.id}.jpg`);
    expect(fs.readFileSync(await download.path()).equals(JPEG_ID)).toBe(true);

    await shot(page, testInfo, 'settings-personal');
    await expectFitsPhone(page, testInfo, 'settings-personal');
  },
);

test('the profile photo: uploaded from the profile popup it shows in the header at once, and Remove Photo takes it away', async ({
  page,
  agent,
}, testInfo) => {
  await signIn(page, agent);
  const header = page.getByRole('banner');
  const openDialog = async () => {
    await page.getByRole('button', { name: /Open profile$/ }).click();
    await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Change Profile Picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Profile Picture' });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  let dialog = await openDialog();
  await expect(dialog.getByRole('button', { name: 'Remove Photo' })).toBeDisabled();
  // A file that is not an image is refused inside the dialog, before anything is sent.
  await dialog.getByLabel('Photo file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByRole('alert')).toContainText('Choose a JPEG, PNG or WebP image.');
  await shot(page, testInfo, 'profile-photo-dialog', { fullPage: false });
  await dialog.getByLabel('Photo file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expectToast(page, 'success', MSG.photoUpdated);
  await expect(dialog).toBeHidden();
  const photo = header.getByRole('img', { name: `Photo of ${agent.name}` });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', new RegExp(`^/api/photo/${agent.id}\\?v=`));
  // The image really loads (served to its owner).
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  dialog = await openDialog();
  await dialog.getByRole('button', { name: 'Remove Photo' }).click();
  await expectToast(page, 'success', MSG.photoRemoved);
  await expect(header.getByRole('img', { name: `Photo of ${agent.name}` })).toHaveCount(0);
});

test('Bank Details: none found, every field needed, saved once and then locked', PHONE, async ({ page, agent, press }, testInfo) => {
  await signIn(page, agent);
  await openSettingsTab(page, 'Bank Details');
  await expectToast(page, 'warning', MSG.noDetailsFound);
  const form = page.getByRole('form', { name: 'Bank details' });
  const save = form.getByRole('button', { name: 'Save', exact: true });

  await form.getByLabel('Bank').fill('BDO Unibank');
  let posted = 0;
  page.on('request', (r) => {
    if (r.url().endsWith(routes.addUserBanks.path)) posted++;
  });
  await press(save);
  await expectToast(page, 'warning', MSG.fillAllFields);
  expect(posted).toBe(0);

  await form.getByLabel('Account Number').fill('0012 3456 7890');
  await form.getByLabel('Account Name').fill(agent.name);
  await press(save);
  await expectToast(page, 'success', MSG.bankSaved);
  await expect(save).toBeHidden();
  await expect(form.getByLabel('Account Number')).toHaveValue('001234567890');
  await expect(form.getByLabel('Bank')).not.toBeEditable();
  await expect(page.getByText('Your bank details are saved. To change them, please contact an administrator.')).toBeVisible();
  expect(posted).toBe(1);
  await shot(page, testInfo, 'settings-bank');
});

test('Certifications: the first steps on the dashboard, the new-entry form with none, two saved and switched between', async ({
  page,
  agent,
}, testInfo) => {
  await signIn(page, agent);
  // The dashboard's first steps (decision 018) carry what the certification reminder said (decision 015).
  const certificationStep = page
    .getByRole('region', { name: 'Your first steps' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Certification', exact: true }) });
  await expect(certificationStep).toContainText(MSG.certificationReminderNone);
  await expect(certificationStep).toContainText('To do');
  await certificationStep.getByRole('link', { name: 'Go to Certifications' }).click();
  await expect(page).toHaveURL(/\/settings\/certifications$/);

  const picker = page.getByLabel('Certification', { exact: true });
  const newForm = page.getByRole('form', { name: 'New certification' });
  await expect(newForm).toBeVisible();
  await expect(picker.locator('option:checked')).toHaveText(MSG.addNewCertification);
  await newForm.getByRole('button', { name: 'Save Certification' }).click();
  await expectToast(page, 'warning', CERTIFICATION_EMPTY);

  await newForm.getByLabel('LFA Code').fill('LFA-2026-001');
  await newForm.getByLabel('Coding Date 1').fill('2026-01-15');
  await expect(newForm.getByRole('group', { name: 'TLC Attended' })).toBeVisible();
  await newForm.getByLabel('Individual HMO').fill('2026-03-01');
  await newForm.getByRole('button', { name: 'Save Certification' }).click();
  await expectToast(page, 'success', MSG.certificationSaved);
  await expect(picker.locator('option:checked')).toHaveText('Certification 1');
  const first = page.getByRole('region', { name: 'Certification 1' });
  await expect(first.getByLabel('LFA Code')).toHaveValue('LFA-2026-001');
  await expect(first.getByLabel('Coding Date 1')).toHaveValue('2026-01-15');
  await expect(first.getByRole('button', { name: 'Save Certification' })).toHaveCount(0);

  await picker.selectOption({ label: MSG.addNewCertification });
  await newForm.getByLabel('LFA Code').fill('LFA-2026-002');
  await newForm.getByLabel('Coding Date 2').fill('2026-06-30');
  await newForm.getByRole('button', { name: 'Save Certification' }).click();
  await expect(picker.locator('option:checked')).toHaveText('Certification 2');
  await expect(page.getByRole('region', { name: 'Certification 2' }).getByLabel('LFA Code')).toHaveValue('LFA-2026-002');

  await picker.selectOption({ label: 'Certification 1' });
  await expect(page.getByRole('region', { name: 'Certification 1' }).getByLabel('Individual HMO')).toHaveValue('2026-03-01');
  await picker.selectOption({ label: 'Select a certification' });
  await expect(page.getByText(MSG.noDataFound, { exact: true })).toBeVisible();
  await picker.selectOption({ label: 'Certification 2' });
  await shot(page, testInfo, 'settings-certifications');

  // Coding and TLC dates are on file now: the step is done.
  await goViaMainNav(page, 'Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(certificationStep).toContainText('Done');
  await expect(certificationStep).toContainText('Coding and TLC dates on file.');
  await expect(certificationStep.getByRole('link')).toHaveCount(0);
});

/** A server of the test's own with e-mail on, delivering to a mail server the test reads (as notifications.spec). */
const withMail = test.extend<{ mail: MailSink; server: Awaited<ReturnType<typeof startIsolatedServer>> }>({
  // eslint-disable-next-line no-empty-pattern
  mail: async ({}, use) => {
    const sink = await startMailSink();
    try {
      await use(sink);
    } finally {
      await sink.stop();
    }
  },
  server: async ({ mail }, use, testInfo) => {
    const server = await startIsolatedServer(testInfo, {
      env: { SMTP_URL: mail.url, MAIL_FROM: 'Ahente <no-reply@ahente.example.ph>', PORTAL_URL: 'http://portal.example.ph' },
    });
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

withMail(
  'a new e-mail asks for the current password (only then); the old address is told, and its "This wasn\'t me" link puts it back and signs the account out',
  async ({ page, baseURL, mail, browser }, testInfo) => {
    test.slow(); // a server of its own
    const agent = await createAgent(baseURL!);
    const oldEmail = `${agent.username}@example.ph`;
    const newEmail = `new.${agent.username}@example.ph`;
    await useApiDevice(page.context(), baseURL!);
    await signIn(page, agent);
    await openSettingsTab(page, 'Personal Details');
    const form = page.getByRole('form', { name: 'Personal details' });
    const email = form.getByLabel('Email', { exact: true });
    const current = form.getByLabel('Current password');
    await expect(email).toHaveValue(oldEmail);

    // No password asked while the e-mail is as loaded; asked as soon as it differs.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await form.getByLabel('Street').fill('Mabini St');
    await expect(current).toHaveCount(0);
    await email.fill(newEmail);
    await expect(current).toBeVisible();
    await expect(form.getByText('Your email is changing: enter your password to confirm it is you.')).toBeVisible();
    const save = form.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect(form.getByText(EMAIL_PASSWORD_REQUIRED)).toBeVisible();
    await expect(current).toBeFocused();

    // A wrong password: said at the field (and in the spec's toast), the field emptied, nothing saved.
    await current.fill('not-my-password');
    await save.click();
    await expectToast(page, 'error', `${MSG.personalDetailsSaveFailed} ${EMAIL_PASSWORD_WRONG}`);
    await expect(form.getByText(EMAIL_PASSWORD_WRONG, { exact: true })).toBeVisible();
    await expect(current).toHaveValue('');
    await shot(page, testInfo, 'settings-email-password-wrong');

    // The right one: saved with the spec's toast; the field goes with the edit.
    await current.fill(agent.password);
    await save.click();
    await expectToast(page, 'success', MSG.personalDetailsSaved);
    await expect(email).toHaveValue(newEmail);
    await expect(current).toHaveCount(0);

    // The member is told in the portal.
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await expect(
      page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: /The e-mail address of your account was changed/ }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // The old address is told, with the one-time link (and the new one too, as a notification e-mail).
    const notice = () => mail.messages.find((m) => m.to.includes(oldEmail) && /report-email-change\?token=/.test(m.text));
    await expect.poll(() => notice(), { timeout: 20_000 }).toBeTruthy();
    expect(notice()!.subject).toBe('Ahente Insurance Agency: The e-mail address of your account was changed');
    expect(notice()!.text).not.toContain(newEmail);
    const link = /http:\/\/portal\.example\.ph(\/report-email-change\?token=[A-Za-z0-9_-]+)/.exec(notice()!.text)![1]!;

    // The owner opens it elsewhere (their phone, logged out): nothing happens until they confirm.
    const other = await openContext(browser, { baseURL: baseURL! });
    const owner = await other.newPage();
    await owner.goto(link);
    await expect(owner.getByRole('heading', { level: 1, name: 'Report an e-mail change' })).toBeVisible();
    const axe = scanner(owner, testInfo);
    await axe.scan('/report-email-change');
    await shot(owner, testInfo, 'report-email-change');
    await owner.getByRole('button', { name: 'It wasn’t me: secure my account' }).click();
    await expect(owner.getByText('The account’s e-mail address is again the one this message came to')).toBeVisible();
    await axe.scan('/report-email-change, reported');
    await shot(owner, testInfo, 'report-email-change-done');
    await owner.getByRole('link', { name: 'Go to log in' }).click();
    await expect(owner).toHaveURL(/\/login$/);
    // The link works once.
    await owner.goto(link);
    await owner.getByRole('button', { name: 'It wasn’t me: secure my account' }).click();
    await expect(owner.getByText('This link has expired or was already used.')).toBeVisible();
    await axe.scan('/report-email-change, the link used');
    await axe.check();
    await other.close();

    // The session that changed it is over; the address is the owner's again.
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, agent);
    await openSettingsTab(page, 'Personal Details');
    await expect(form.getByLabel('Email', { exact: true })).toHaveValue(oldEmail);

    // The administrators are told.
    const admin = await loginApi(baseURL!, ADMIN.username, ADMIN.password);
    const admins = (await (
      await admin.csrfPost(routes.notifications.path, { id: (await (await admin.get(routes.me.path)).json()).user })
    ).json()) as {
      rows: { title: string }[];
    };
    expect(admins.rows.map((r) => r.title)).toContain(`E-mail change reported: ${agent.name}`);
    await admin.dispose();
  },
);
