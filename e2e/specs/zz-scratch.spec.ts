import type { Page } from '@playwright/test';
import { signIn } from '../support/app.ts';
import { ADMIN, createAgent, expect, loginUi, shot, test } from '../support/fixtures.ts';

const person = (id: number, f: string, l: string) => ({ id, f_name: f, m_name: null, l_name: l });
function member(id: number, status: 'Pending' | 'Approved') {
  return {
    id, username: `user${id}`, email: `maria.santos${id}@example.ph`, f_name: 'Maria', m_name: 'Luz', l_name: `Santos-Dela Cruz ${id}`,
    contact_no: '09171234567', address: 'Makati', referral_code: 'ABCD2345', account_type: 'user', position: 'Agent',
    reg_date: '2026-01-15T00:00:00.000Z', status, referror: 2, manager: 3, photo: null,
    referror_details: person(2, 'Jose', 'Rizal'), manager_details: id % 2 ? person(3, 'Andres', 'Bonifacio') : null,
    agency_manager_details: null, agency_owner_details: null,
  };
}
async function mock(page: Page) {
  await page.route('**/api/membersrecord', (r) => r.fulfill({ json: [1, 2, 3].map((i) => ({ id: 10 + i, f_name: 'Ana', m_name: null, l_name: `Reyes ${i}`, contact_no: '09171234567', email: `ana.reyes${i}@example.ph`, referral_code: 'XYZW2345', reg_date: '2026-02-01T00:00:00.000Z', status: 'Approved', position: 'Agent' })) }));
  await page.route('**/api/gethiearchy', (r) => r.fulfill({ json: { referror: 2, referror_name: 'Jose Rizal', manager: 3, manager_name: 'Andres Bonifacio', agency_manager: null, agency_manager_name: null, agency_owner: null, agency_owner_name: null } }));
  await page.route('**/api/teamsize', (r) => r.fulfill({ json: { direct: 12, downline: 1234567 } }));
  await page.route('**/api/adminmembersearch', (r) => r.fulfill({ json: { total: 60, page: 1, pageSize: 25, rows: Array.from({ length: 25 }, (_, i) => member(100 + i, i % 3 ? 'Approved' : 'Pending')) } }));
  await page.route('**/api/memberhistory', (r) => r.fulfill({ json: [{ id: 1, at: '2026-03-01T03:00:00.000Z', action: 'edited', actor: person(1, 'Admin', 'User'), changes: [{ field: 'position', from: 'Agent', to: 'Manager' }, { field: 'contact_no', from: '09171234567', to: '09998887777' }] }, { id: 2, at: '2026-02-01T03:00:00.000Z', action: 'approved', actor: person(1, 'Admin', 'User'), changes: [] }] }));
}
test('scratch agent screens', async ({ page, baseURL }, testInfo) => {
  const agent = await createAgent(baseURL!);
  await mock(page);
  await signIn(page, agent);
  for (const [path, name] of [['/', 'dash'], ['/recruitment', 'recr'], ['/settings/hiearchy', 'hier'], ['/settings/userdetails', 'user']]) {
    for (const w of [1440, 375]) {
      await page.setViewportSize({ width: w, height: 900 });
      await page.goto(path);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.waitForTimeout(300);
      await shot(page, testInfo, `scratch-${name}-${w}`);
    }
  }
});
test('scratch admin screens', async ({ page }, testInfo) => {
  await mock(page);
  await loginUi(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  for (const w of [1440, 375]) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.goto('/admin/adminmembers');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.waitForTimeout(300);
    await shot(page, testInfo, `scratch-admin-${w}`);
    await page.getByRole('button', { name: /^Actions for/ }).first().click();
    await page.waitForTimeout(300);
    await shot(page, testInfo, `scratch-menu-${w}`, { fullPage: false });
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.waitForTimeout(400);
    await shot(page, testInfo, `scratch-edit-${w}`, { fullPage: false });
    await page.getByRole('dialog').getByText('History').scrollIntoViewIfNeeded();
    await shot(page, testInfo, `scratch-edit2-${w}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await page.goto('/admin/adminmaterials');
    await page.waitForTimeout(500);
    await shot(page, testInfo, `scratch-materials-${w}`);
  }
});
