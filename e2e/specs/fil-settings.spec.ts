import type { Page } from '@playwright/test';
import { expectFitsViewport, expectToast } from '../support/app.ts';
import { scanner } from '../support/axe.ts';
import { expect, shot, test } from '../support/fixtures.ts';

/**
 * Settings And Details and the Licences tab in Filipino (decision 030; words and layout; the
 * English screens are settings.spec's and licences.spec's). Axe-clean on every tab, one form saved
 * with its toast in Filipino, and the tabs fit a 390 px phone.
 */

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Mga tab ng Settings' });

async function openTab(page: Page, name: string, path: string) {
  await tabs(page).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/settings/${path}$`));
  await expect(tabs(page).getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
}

test('Settings and Licences in Filipino: every tab in Filipino and axe-clean, Bank Details saved with its toast, fits a phone', async ({
  page,
  agent,
}, testInfo) => {
  test.slow();
  const axe = scanner(page, testInfo);

  // Filipino chosen on the login page, so it is the member's at sign-in.
  await page.goto('/login');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Filipino' }).click();
  await page.getByLabel('Username').fill(agent.username);
  await page.getByLabel('Password', { exact: true }).fill(agent.password);
  await page.getByRole('button', { name: 'Mag-log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation', { name: 'Pangunahin' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/userdetails$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings at Detalye', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');

  // Personal Details: read-only, then Edit with the address cascade.
  const personal = page.getByRole('form', { name: 'Personal na detalye' });
  await expect(page.getByRole('heading', { level: 2, name: 'Personal na Detalye' })).toBeVisible();
  await expect(personal.getByLabel('Pangalan', { exact: true })).toHaveValue(agent.fname);
  await expect(personal.getByLabel('Apelyido', { exact: true })).toHaveValue(agent.lname);
  await expect(personal.getByText('Wala pang valid ID na naka-file. Pindutin ang I-edit para magdagdag.')).toBeVisible();
  await axe.scan('fil /settings/userdetails');
  await shot(page, testInfo, 'fil-settings-personal');
  await page.getByRole('button', { name: 'I-edit', exact: true }).click();
  await expect(personal.getByRole('button', { name: 'I-save', exact: true })).toBeDisabled();
  await expect(personal.getByText('Magagamit ang I-save kapag may binago ka.')).toBeVisible();
  await expect(personal.getByLabel('Kasarian')).toBeVisible();
  await expect(personal.getByLabel('Rehiyon')).toBeVisible();
  await expect(personal.getByRole('combobox', { name: 'Lungsod' })).toHaveAttribute('placeholder', 'Pumili muna ng rehiyon');
  await expect(personal.getByRole('button', { name: 'Ipakita ang mga barangay' })).toBeDisabled();
  // The names are the agency's to correct (the Help Center), and a new e-mail asks for the password (decision 027).
  await expect(personal.getByLabel('Pangalan', { exact: true })).not.toBeEditable();
  await expect(
    personal.getByText(
      'Ang pangalan mo ay gaya ng inaprubahan ng agency. Para maitama ito, humiling sa Help Center gamit ang ticket na Privacy ang uri.',
    ),
  ).toBeVisible();
  await personal.getByLabel('Email', { exact: true }).fill(`bago.${agent.username}@example.ph`);
  await expect(personal.getByLabel('Kasalukuyang password')).toBeVisible();
  await expect(personal.getByText('Nagbabago ang email mo: ilagay ang password mo para makumpirmang ikaw ito.')).toBeVisible();
  await axe.scan('fil /settings/userdetails, editing');
  await personal.getByRole('button', { name: 'Kanselahin', exact: true }).click();
  await expect(page.getByRole('button', { name: 'I-edit', exact: true })).toBeVisible();

  // Bank Details: nothing yet (the spec's warning, in Filipino), then saved (its toast), then locked.
  await openTab(page, 'Detalye ng Bank', 'bankdetails');
  await expectToast(page, 'warning', 'Walang nakitang detalye');
  const bank = page.getByRole('form', { name: 'Detalye ng bank' });
  await expect(
    bank.getByText('Kailangan ang tatlong field. Kapag na-save na, administrator na lang ang makakapagbago nito.'),
  ).toBeVisible();
  await axe.scan('fil /settings/bankdetails');
  await bank.getByRole('button', { name: 'I-save', exact: true }).click();
  await expectToast(page, 'warning', 'Pakisagutan ang lahat ng field.');
  await bank.getByLabel('Bank', { exact: true }).fill('BDO Unibank');
  await bank.getByLabel('Account Number').fill('0012 3456 7890');
  await bank.getByLabel('Account Name').fill(agent.name);
  await bank.getByRole('button', { name: 'I-save', exact: true }).click();
  await expectToast(page, 'success', 'Na-save ang mga detalye!');
  await expect(
    bank.getByText('Naka-save na ang detalye ng bank mo. Para baguhin ito, makipag-ugnayan sa isang administrator.'),
  ).toBeVisible();
  await shot(page, testInfo, 'fil-settings-bank');

  // Hierarchy.
  await openTab(page, 'Hierarchy', 'hiearchy');
  await expect(page.getByRole('group', { name: 'Sponsor' }).getByLabel('ID ng Sponsor')).toBeVisible();
  await expect(page.getByLabel('Pangalan ng Agency Owner')).toBeVisible();
  await axe.scan('fil /settings/hiearchy');

  // Certifications: none yet, so the new entry is open; empty, it says so in Filipino.
  await openTab(page, 'Mga Certification', 'certifications');
  const certification = page.getByRole('form', { name: 'Bagong certification' });
  await expect(page.getByLabel('Certification', { exact: true })).toHaveValue('new');
  await expect(page.getByRole('option', { name: 'Magdagdag ng Bagong Certification' })).toBeAttached();
  await expect(certification.getByRole('group', { name: 'Mga Dinaluhang TLC' })).toBeVisible();
  await certification.getByRole('button', { name: 'I-save ang Certification' }).click();
  await expectToast(page, 'warning', 'Sagutan kahit isang field ng certification');
  await axe.scan('fil /settings/certifications');

  // Licences: none yet; the form proposes the expiry in Filipino; a licence added shows its countdown.
  await openTab(page, 'Mga Licence', 'licences');
  await expect(page.getByText('Wala pang licence', { exact: true })).toBeVisible();
  const licence = page.getByRole('form', { name: 'Bagong licence' });
  await licence.getByLabel('Line').selectOption('Life');
  await licence.getByLabel('Licence number').fill(`FIL-${agent.id}`);
  await licence.getByLabel('Inisyu noong').fill('2025-03-10');
  await expect(licence.getByText(/^Mungkahi mula sa petsa ng pag-isyu: .*2028 \(31 Disyembre/)).toBeVisible();
  await axe.scan('fil /settings/licences, empty');
  await licence.getByRole('button', { name: 'Idagdag ang Licence' }).click();
  await expectToast(page, 'success', 'Na-save ang licence mo sa Life. Pending ito hanggang ma-verify ng agency.');
  const item = page.getByRole('list', { name: 'Ang mga licence mo' }).getByRole('listitem');
  await expect(item.getByRole('heading')).toHaveText(`Licence sa Life No. FIL-${agent.id}`);
  await expect(item).toContainText(/Mag-e-expire sa loob ng [\d,]+ araw/);
  await expect(item).toContainText('Hinihintay ang verification ng agency.');
  await expect(item).toContainText('Walang scan na naka-file.');
  await axe.scan('fil /settings/licences');
  await shot(page, testInfo, 'fil-settings-licences');

  // Change password: its own message for confirmation in Filipino.
  await openTab(page, 'Seguridad', 'security');
  const password = page.getByRole('form', { name: 'Palitan ang password' });
  await password.getByLabel('Kasalukuyang password').fill(agent.password);
  await password.getByLabel('Bagong password', { exact: true }).fill('a-new-password-1');
  await password.getByLabel('Ulitin ang bagong password').fill('a-new-password-2');
  await password.getByRole('button', { name: 'Palitan ang password' }).click();
  await expect(password.getByText('Hindi magkapareho ang mga password')).toBeVisible();
  await axe.scan('fil /settings/security');

  // A phone: the tabs with the longest Filipino fit 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsViewport(page);
  await openTab(page, 'Mga Licence', 'licences');
  await expectFitsViewport(page);
  await axe.scan('fil /settings/licences');
  await shot(page, testInfo, 'fil-settings-licences');
  await openTab(page, 'Personal na Detalye', 'userdetails');
  await page.getByRole('button', { name: 'I-edit', exact: true }).click();
  await expectFitsViewport(page);
  await shot(page, testInfo, 'fil-settings-personal-editing');

  await axe.check();
});
