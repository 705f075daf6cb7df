import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { LIBRARY_TITLES, MATERIAL_ERRORS, type MaterialLibrary } from '@ahente/contract/materials';
import { MSG } from '@ahente/contract/messages';
import {
  expectFitsViewport,
  expectNoHorizontalOverflow,
  expectToast,
  goViaMainNav,
  signIn,
  loginInContext,
  uniqueId,
} from '../support/app.ts';
import { ADMIN, expect, PHONE, shot, test, type Agent, openContext } from '../support/fixtures.ts';
import { adminMaterialsApi } from '../support/materials.ts';

/**
 * Learning Resources and the admin's materials page: upload, new section, delete, and their
 * messages. Every section belongs to one library, Marketing (/marketing) or Learning (/learning,
 * 'Learning Resources' in the menu), chosen when it is created (decision 022).
 */

const NO_MATERIALS = 'No materials in this section yet.';
const PANEL = '/admin/adminmaterials';

/** A small, valid PDF; `marker` makes its bytes unique to the test, `padding` adds comment lines (bytes). */
function pdfBytes(marker: string, padding = 0): Buffer {
  const filler = padding > 0 ? `${'%'.padEnd(99, 'x')}\n`.repeat(Math.ceil(padding / 100)) : '';
  return Buffer.from(
    [
      '%PDF-1.4',
      `% ${marker}`,
      ...(filler ? [filler.trimEnd()] : []),
      '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
      '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
      '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj',
      'trailer <</Root 1 0 R>>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

/** A size as the screens show it (1024-based, one decimal): 232 bytes, 1 MB, 12.4 KB. */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  return `${Number(value.toFixed(value >= 100 ? 0 : 1)).toLocaleString('en-PH')} ${unit}`;
}

/** A real 1×1 PNG image. */
const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The first bytes of a Linux executable: a type the server refuses whatever the name says. */
const ELF_BYTES = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0x90)]);

/**
 * Like shot(), but of the viewport only: a full-page capture of an open modal dialog (fixed, with
 * the page's scrolling locked) would show the overlay cut in two.
 */
async function viewportShot(page: Page, testInfo: TestInfo, name: string) {
  const dir = path.join(import.meta.dirname, '..', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

async function signInToPanel(page: Page) {
  await loginInContext(page, ADMIN.username, ADMIN.password);
  await page.goto(PANEL);
  await expect(page.getByRole('heading', { level: 1, name: 'Materials Panel' })).toBeVisible();
}

/** A second browser window (its own cookies) for the agent, beside the admin's. */
async function agentWindow(browser: Browser, baseURL: string, agent: Agent): Promise<Page> {
  const context = await openContext(browser, { baseURL, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signIn(page, agent);
  return page;
}

const uploadCard = (page: Page) => page.getByRole('region', { name: 'Upload New Material' });
const existingCard = (page: Page) => page.getByRole('region', { name: 'Existing Materials' });
const createCard = (page: Page) => page.getByRole('region', { name: 'Create New Section' });
const materialsIn = (scope: Page | Locator, section: string) => scope.getByRole('list', { name: `Materials in ${section}` });
const item = (scope: Page | Locator, section: string, title: string) =>
  materialsIn(scope, section).getByRole('listitem').filter({ hasText: title });

async function createSectionUi(page: Page, name: string, library: MaterialLibrary) {
  const card = createCard(page);
  await card.getByLabel('Section Name').fill(name);
  await card.getByLabel('Library').selectOption({ label: LIBRARY_TITLES[library] });
  await card.getByRole('button', { name: 'Create Section' }).click();
  await expectToast(page, 'success', MSG.sectionCreated);
  await expect(card.getByLabel('Section Name')).toHaveValue('');
  await expect(card.getByLabel('Library')).toHaveValue('');
}

/** The options of a page's Section select whose text is exactly `name`. */
const sectionOption = (scope: Page | Locator, name: string) =>
  scope
    .getByLabel('Section')
    .locator('option')
    .filter({ hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

test('admin publishes a Learning and a Marketing section with a file each; the agent finds each only in its library, from the menu, and downloads', async ({
  page,
  agent,
  browser,
  baseURL,
}, testInfo) => {
  // A journey of two people through three screens, with a throttled upload: more than the default time.
  test.slow();
  await page.setViewportSize({ width: 1366, height: 768 });
  const section = `Gabay ${uniqueId()}`;
  const marketingSection = `Flyers ${uniqueId()}`;
  // A non-ASCII name (ñ, written in its composed form as a file system would hand it over).
  const fileName = 'Gabay sa Pagbebenta \u00f1.pdf';
  const imageName = 'Open House Flyer.png';
  // About 640 KB, sent at 256 KB/s below, so the progress bar moves through several values.
  const pdf = pdfBytes(section, 640 * 1024);

  await signInToPanel(page);

  // Create New Section: an empty name is refused on the spot, and so is a name without a library.
  const create = createCard(page);
  await create.getByRole('button', { name: 'Create Section' }).click();
  await expectToast(page, 'warning', MSG.typeSectionName);
  await expect(create.getByLabel('Section Name')).toHaveAttribute('aria-invalid', 'true');
  await create.getByLabel('Section Name').fill(section);
  await create.getByRole('button', { name: 'Create Section' }).click();
  await expect(create.getByText(MATERIAL_ERRORS.libraryRequired)).toBeVisible();
  await expect(create.getByLabel('Library')).toHaveAttribute('aria-invalid', 'true');
  await expect(create.getByLabel('Library').locator('option')).toHaveText(['Choose a library', 'Marketing', 'Learning Resources']);
  await shot(page, testInfo, 'materials-create-section-library-1366', { fullPage: false });
  await createSectionUi(page, section, 'Learning');

  // The new section can be chosen in both selects (the upload one switches to it), filed under its library.
  const upload = uploadCard(page);
  await expect(upload.getByLabel('Section')).toHaveValue(/\d+/);
  await expect(upload.getByLabel('Section').locator('option:checked')).toHaveText(section);
  await expect(upload.getByLabel('Section').locator('optgroup[label="Learning Resources"] option', { hasText: section })).toHaveCount(1);
  await expect(upload.getByText('Agents find it in Learning Resources.')).toBeVisible();
  await existingCard(page).getByLabel('Section').selectOption({ label: section });
  await expect(existingCard(page).getByText(NO_MATERIALS)).toBeVisible();

  // Upload without a file.
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'warning', MSG.selectFileFirst);

  // Choose the file: its name and size are shown.
  await upload.getByLabel('File').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
  await expect(upload.getByText(fileName, { exact: true })).toBeVisible();
  await expect(upload.getByText(formatSize(pdf.length), { exact: true })).toBeVisible();

  // A slow connection (Chromium's upload throttling), so the progress bar can be watched.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    // 640 KiB at 128 KiB/s: five seconds, long enough to see a part sent on a busy CI machine too
    // (at 256 KiB/s, with two cores loaded, the bar was once at 100 % before it was first read).
    uploadThroughput: 128 * 1024,
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  const progress = upload.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect(upload.getByRole('button', { name: 'Upload' })).toHaveAttribute('aria-busy', 'true');
  await expect(upload.getByRole('button', { name: 'Upload' })).toBeDisabled();
  // Part of the file is sent: the bar and its percentage say how much.
  await expect(progress).toHaveAttribute('aria-valuenow', /^([1-9]|[1-9]\d)$/);
  const percent = await progress.getAttribute('aria-valuenow');
  await expect(upload.getByText(/^\d{1,3}%$/)).toBeVisible();
  expect(Number(percent)).toBeGreaterThan(0);
  await shot(page, testInfo, 'materials-upload-progress-1366');
  await expectToast(page, 'success', MSG.fileUploaded);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.detach();
  await expect(progress).toHaveCount(0);
  await expect(upload.getByText(fileName, { exact: true })).toHaveCount(0);

  // The list of that section reloads with the new file: title, type, size, upload date.
  const row = item(existingCard(page), section, fileName);
  await expect(row).toBeVisible();
  await expect(row).toContainText('PDF');
  await expect(row).toContainText(formatSize(pdf.length));
  await expect(row.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(row.getByRole('button', { name: `Download ${fileName}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Delete ${fileName}` })).toBeVisible();

  // The admin downloads it too.
  const adminDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${fileName}` }).click();
  expect((await adminDownload).suggestedFilename()).toBe(fileName);
  await expectToast(page, 'success', MSG.fileDownloaded);

  // A second file, so the panel shows a list.
  await upload.getByLabel('File').setInputFiles({
    name: 'Product FAQ.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Frequently asked questions about our health plans.\n'),
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(item(existingCard(page), section, 'Product FAQ.txt')).toBeVisible();
  await expect(materialsIn(existingCard(page), section).getByRole('listitem')).toHaveCount(2);

  // A Marketing section with an image: the upload select switches to it and says where agents find it.
  await createSectionUi(page, marketingSection, 'Marketing');
  await expect(upload.getByLabel('Section').locator('option:checked')).toHaveText(marketingSection);
  await expect(upload.getByLabel('Section').locator('optgroup[label="Marketing"] option', { hasText: marketingSection })).toHaveCount(1);
  await expect(upload.getByText('Agents find it in Marketing.')).toBeVisible();
  await upload.getByLabel('File').setInputFiles({ name: imageName, mimeType: 'image/png', buffer: PNG_BYTES });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'success', MSG.fileUploaded);
  await expect(item(existingCard(page), marketingSection, imageName)).toBeVisible();
  await expect(existingCard(page).getByText('Agents find it in Marketing.')).toBeVisible();
  await existingCard(page).getByLabel('Section').selectOption({ label: section });
  await expect(materialsIn(existingCard(page), section).getByRole('listitem')).toHaveCount(2);
  await expectNoHorizontalOverflow(page, 1366);
  await shot(page, testInfo, 'materials-panel-1366');

  // The agent reaches Learning Resources from the menu: the Learning section is there, the Marketing one is not.
  const agentPage = await agentWindow(browser, baseURL!, agent);
  const libraries = [
    { label: 'Learning Resources', path: '/learning', own: section, other: marketingSection, title: fileName, bytes: pdf },
    { label: 'Marketing', path: '/marketing', own: marketingSection, other: section, title: imageName, bytes: PNG_BYTES },
  ];
  for (const { label, path: area, own, other, title, bytes } of libraries) {
    await goViaMainNav(agentPage, label);
    await expect(agentPage).toHaveURL(new RegExp(`${area}$`));
    await expect(agentPage.getByRole('heading', { level: 1, name: label })).toBeVisible();
    await expect(agentPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sectionOption(agentPage, own)).toHaveCount(1);
    await expect(sectionOption(agentPage, other)).toHaveCount(0);
    await agentPage.getByLabel('Section').selectOption({ label: own });
    const entry = item(agentPage, own, title);
    await expect(entry).toBeVisible();
    const link = entry.getByRole('button', { name: `Download ${title}` });
    await expect(link).toHaveText('(Download)');
    const downloading = agentPage.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(title);
    expect(fs.readFileSync(await download.path()).equals(bytes)).toBe(true);
    await expectToast(agentPage, 'success', MSG.fileDownloaded);
    await expectNoHorizontalOverflow(agentPage, 1366);
    await shot(agentPage, testInfo, `${area.slice(1)}-1366`);
  }
  // Typed in, the address shows the same: the other library's section is not offered.
  await agentPage.goto('/learning');
  await expect(sectionOption(agentPage, section)).toHaveCount(1);
  await expect(sectionOption(agentPage, marketingSection)).toHaveCount(0);
  await agentPage.setViewportSize({ width: 375, height: 812 });
  await agentPage.getByLabel('Section').selectOption({ label: section });
  await expect(item(agentPage, section, fileName)).toBeVisible();
  await expectNoHorizontalOverflow(agentPage, 375);
  await shot(agentPage, testInfo, 'learning-375');
  await agentPage.setViewportSize({ width: 1366, height: 768 });

  // The admin deletes it after confirming; Cancel first keeps it.
  await row.getByRole('button', { name: `Delete ${fileName}` }).click();
  let dialog = page.getByRole('alertdialog', { name: MSG.materialDeleteConfirm });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(fileName);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await viewportShot(page, testInfo, 'materials-delete-confirm-1366');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${fileName}` }).click();
  dialog = page.getByRole('alertdialog', { name: MSG.materialDeleteConfirm });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'success', MSG.materialDeleted);
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(item(existingCard(page), section, 'Product FAQ.txt')).toBeVisible();

  // Gone from the agent's list too.
  await agentPage.goto('/learning');
  await agentPage.getByLabel('Section').selectOption({ label: section });
  await expect(item(agentPage, section, 'Product FAQ.txt')).toBeVisible();
  await expect(item(agentPage, section, fileName)).toHaveCount(0);

  // The panel and the confirmation on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(item(existingCard(page), section, 'Product FAQ.txt')).toBeVisible();
  await expectNoHorizontalOverflow(page, 375);
  await shot(page, testInfo, 'materials-panel-375');
  await item(existingCard(page), section, 'Product FAQ.txt').getByRole('button', { name: 'Delete Product FAQ.txt' }).click();
  await expect(page.getByRole('alertdialog', { name: MSG.materialDeleteConfirm })).toBeVisible();
  await viewportShot(page, testInfo, 'materials-delete-confirm-375');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await agentPage.context().close();
});

test('a file type that is not allowed is refused with the server reason, whatever its name says', async ({ page, baseURL }) => {
  const api = await adminMaterialsApi(baseURL!);
  const section = await api.createSection(`Refused ${uniqueId()}`, 'Marketing');
  await api.dispose();

  await signInToPanel(page);
  const upload = uploadCard(page);
  await upload.getByLabel('Section').selectOption({ label: section.name });
  await upload.getByLabel('File').setInputFiles({ name: 'x.pdf', mimeType: 'application/pdf', buffer: ELF_BYTES });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'error', MSG.fileUploadFailed);
  await expect(upload.getByLabel('File')).toHaveAttribute('aria-invalid', 'true');
  await expect(upload.getByText('This file type is not allowed')).toBeVisible();

  // Nothing was stored.
  await existingCard(page).getByLabel('Section').selectOption({ label: section.name });
  await expect(existingCard(page).getByText(NO_MATERIALS)).toBeVisible();
});

test("a duplicate section name (any case, either library) answers 'Create New Section Failed' and says why", async ({ page, baseURL }) => {
  const api = await adminMaterialsApi(baseURL!);
  const section = await api.createSection(`Brochures ${uniqueId()}`, 'Marketing');
  await api.dispose();

  await signInToPanel(page);
  const card = createCard(page);
  await card.getByLabel('Section Name').fill(section.name.toUpperCase());
  await card.getByLabel('Library').selectOption({ label: 'Learning Resources' });
  await card.getByRole('button', { name: 'Create Section' }).click();
  await expectToast(page, 'error', MSG.sectionCreateFailed);
  await expect(card.getByText('A section with that name already exists')).toBeVisible();
  await expect(card.getByLabel('Section Name')).toHaveAttribute('aria-invalid', 'true');
});

test(
  'an agent downloads a file from Learning Resources and from Marketing, each reached from the menu',
  PHONE,
  async ({ page, agent, baseURL, press }, testInfo) => {
    const api = await adminMaterialsApi(baseURL!);
    const learning = await api.createSection(`Field ${uniqueId()}`, 'Learning');
    const marketing = await api.createSection(`Posts ${uniqueId()}`, 'Marketing');
    const pdf = pdfBytes(learning.name);
    const guide = await api.upload(learning.id, 'Rate card 2026.pdf', pdf);
    const flyer = await api.upload(marketing.id, 'Referral post.png', PNG_BYTES, 'image/png');
    await api.dispose();

    await signIn(page, agent);
    for (const { path, title, own, other, material, bytes } of [
      { path: '/learning', title: 'Learning Resources', own: learning, other: marketing, material: guide, bytes: pdf },
      { path: '/marketing', title: 'Marketing', own: marketing, other: learning, material: flyer, bytes: PNG_BYTES },
    ]) {
      await goViaMainNav(page, title);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(sectionOption(page, other.name)).toHaveCount(0);
      await page.getByLabel('Section').selectOption({ label: own.name });
      const entry = item(page, own.name, material.title);
      await expect(entry).toBeVisible();
      const link = entry.getByRole('button', { name: `Download ${material.title}` });
      await expect(link).toHaveText('(Download)');
      await expectFitsViewport(page);
      await shot(page, testInfo, `${path.slice(1)}-1440`);
      const downloading = page.waitForEvent('download');
      await press(link);
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(material.title);
      expect(fs.readFileSync(await download.path()).equals(bytes)).toBe(true);
      await expectToast(page, 'success', MSG.fileDownloaded);
    }
  },
);

test('an empty section says so on Learning Resources; switching sections shows their files', async ({ page, agent, baseURL }) => {
  const api = await adminMaterialsApi(baseURL!);
  const empty = await api.createSection(`Empty ${uniqueId()}`, 'Learning');
  const full = await api.createSection(`Full ${uniqueId()}`, 'Learning');
  const material = await api.upload(full.id, 'Rate card 2026.pdf', pdfBytes(full.name));
  await api.dispose();

  await signIn(page, agent);
  await page.goto('/learning');
  const select = page.getByLabel('Section');
  // The first section is chosen at first.
  await expect(select).not.toHaveValue('');
  await select.selectOption({ label: empty.name });
  await expect(page.getByText(NO_MATERIALS)).toBeVisible();
  await select.selectOption({ label: full.name });
  await expect(item(page, full.name, material.title)).toBeVisible();
  await expect(page.getByText(NO_MATERIALS)).toHaveCount(0);
});

test('failures: sections, a section list, a download and a delete each give the spec message', async ({ page, agent, baseURL }) => {
  // Each failed list is retried once by the client (about a second) before it says so.
  test.slow();
  const api = await adminMaterialsApi(baseURL!);
  const section = await api.createSection(`Failing ${uniqueId()}`, 'Learning');
  const material = await api.upload(section.id, 'Claims guide.pdf', pdfBytes(section.name));
  await api.dispose();
  const serverError = { status: 500, contentType: 'application/json', body: '{"error":"boom"}' };

  // Agent: the sections cannot be loaded.
  await page.route('**/api/getsection/Learning', (route) => route.fulfill(serverError));
  await signIn(page, agent);
  await page.goto('/learning');
  await expectToast(page, 'error', MSG.errorFetchingSections);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.unroute('**/api/getsection/Learning');

  // Agent: the section's materials cannot be loaded → 'Server Failed'.
  await page.route('**/api/getmaterial', (route) => route.fulfill(serverError));
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByLabel('Section').selectOption({ label: section.name });
  await expectToast(page, 'error', MSG.serverFailed);
  await expect(page.getByRole('main').getByText(MSG.serverFailed)).toBeVisible();
  await page.unroute('**/api/getmaterial');

  // Agent: a download that fails.
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.route('**/api/downloadmaterial/**', (route) => route.fulfill(serverError));
  await item(page, section.name, material.title)
    .getByRole('button', { name: `Download ${material.title}` })
    .click();
  await expectToast(page, 'error', MSG.downloadFailed);

  // Admin: a section's materials cannot be loaded → 'Error fetching Section'; a delete fails.
  const adminContext = await openContext(page.context().browser()!, { baseURL, viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  await admin.route('**/api/getmaterial', (route) => route.fulfill(serverError));
  await signInToPanel(admin);
  await existingCard(admin).getByLabel('Section').selectOption({ label: section.name });
  await expectToast(admin, 'error', MSG.errorFetchingSection);
  await admin.unroute('**/api/getmaterial');
  await existingCard(admin).getByRole('button', { name: 'Try again' }).click();
  const row = item(existingCard(admin), section.name, material.title);
  await admin.route('**/api/deletematerial/**', (route) => route.fulfill(serverError));
  await row.getByRole('button', { name: `Delete ${material.title}` }).click();
  await admin.getByRole('alertdialog', { name: MSG.materialDeleteConfirm }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(admin, 'error', MSG.materialDeleteFailed);
  await expect(row).toBeVisible();
  await adminContext.close();
});

test('no sections yet: the panel points to Create New Section and the library says so', async ({ page, agent }) => {
  // Every section (the panel's list) and each library's (/marketing, /learning): none.
  await page.route(/\/api\/getsection(\/\w+)?$/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await signInToPanel(page);
  for (const card of [uploadCard(page), existingCard(page)]) {
    await expect(card.getByText('No sections yet')).toBeVisible();
    await expect(card.getByLabel('Section')).toHaveCount(0);
  }
  await uploadCard(page).getByRole('button', { name: 'Go to Create New Section' }).click();
  await expect(createCard(page).getByLabel('Section Name')).toBeFocused();

  await page.context().clearCookies();
  await signIn(page, agent);
  await page.goto('/marketing');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketing' })).toBeVisible();
  await expect(page.getByText('No sections yet')).toBeVisible();
});
