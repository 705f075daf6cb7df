import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { CERTIFICATION_EMPTY } from '@ahente/contract/settings';
import { MSG } from '@ahente/contract/messages';
import { routes } from '@ahente/contract/routes';
import { expectFitsPhone, expectToast, goViaMainNav, signIn } from '../support/app.ts';
import { PHONE, expect, shot, test } from '../support/fixtures.ts';

/**
 * Issue 11, Settings And Details: Personal Details with the PSGC cascade and the valid ID, the
 * profile photo, Bank Details and Certifications, and the dashboard's certification reminder.
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
    await expect(save).toBeDisabled();
    await firstName.fill('Maria');
    await expect(save).toBeEnabled();
    await firstName.fill('Ana');
    await expect(save).toBeDisabled();
    await firstName.fill('Maria');
    await press(form.getByRole('button', { name: 'Cancel', exact: true }));
    await expect(firstName).toHaveValue('Ana');
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();

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

test('Certifications: the reminder on the dashboard, the new-entry form with none, two saved and switched between', async ({
  page,
  agent,
}, testInfo) => {
  await signIn(page, agent);
  const reminder = page.getByRole('region', { name: MSG.certificationReminderTitle });
  await expect(reminder).toContainText(MSG.certificationReminderNone);
  await reminder.getByRole('link', { name: 'Go to Certifications' }).click();
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

  // Coding and TLC dates are on file now: the dashboard no longer reminds.
  await goViaMainNav(page, 'Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: MSG.certificationReminderTitle })).toHaveCount(0);
});
