import type { Page } from '@playwright/test';
import { routes } from '@ahente/contract/routes';
import type { CourseRecord, EditorCourseRecord } from '@ahente/contract/university';
import { expectFitsPhone, expectFitsViewport, expectToast, goViaMainNav, signIn, signInAdmin, uniqueId } from '../support/app.ts';
import { scanner } from '../support/axe.ts';
import { ADMIN, expect, loginApi, shot, test, type Agent, PHONE_ONLY } from '../support/fixtures.ts';
import { adminMaterialsApi, tinyPdf } from '../support/materials.ts';

/**
 * University (issue 47, decision 039), a person's path: an agent takes a course required of
 * everyone (a text, a video, a quiz graded on the server) to its certificate, downloads it, and
 * anyone checks its code; an administrator writes and publishes a course and reads a course's
 * report, exported to Excel; the catalogue and a course on a phone. Axe scans the catalogue, the
 * course and the Admin Panel's page. Screenshots at 1366 px (decision 024) and on a phone.
 */

/** A published course made by the administrator through the API. */
async function publishedCourse(baseURL: string, title: string, over: Record<string, unknown> = {}): Promise<EditorCourseRecord> {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  try {
    const saved = await admin.csrfPost(routes.saveCourse.path, {
      title,
      description: 'How the agency works, and what it expects of you.',
      modules: [
        {
          title: 'Welcome to the agency',
          kind: 'text',
          body: '# Welcome\n\nRead **every** module, then take the quiz.\n\n- Be honest\n- Be on time',
        },
        { title: 'Our products in five minutes', kind: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      ],
      quiz: {
        questions: [
          { text: 'Who licenses insurance agents?', choices: ['The Insurance Commission', 'The LTO'], correct: [0] },
          { text: 'Which are Non-Life products?', choices: ['CTPL', 'GYRT', 'Fire insurance'], correct: [0, 2] },
        ],
      },
      certificate_months: 12,
      required: { scope: 'everyone' },
      ...over,
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const { course } = (await saved.json()) as { course: EditorCourseRecord };
    const published = await admin.csrfPost(routes.publishCourse.path, { course_id: course.id });
    expect(published.status()).toBe(200);
    return ((await published.json()) as { course: EditorCourseRecord }).course;
  } finally {
    await admin.dispose();
  }
}

/** A section of the library holding one small PDF, through the admin API: what a material module offers. */
async function libraryFile(baseURL: string): Promise<string> {
  const admin = await adminMaterialsApi(baseURL);
  try {
    const name = `Course files ${uniqueId()}`;
    const section = await admin.createSection(name, 'Learning');
    await admin.upload(section.id, 'Exam coverage.pdf', tinyPdf());
    return `${name} — Exam coverage.pdf`;
  } finally {
    await admin.dispose();
  }
}

/** The agent completes a course without a quiz through the API. */
async function completeThroughApi(baseURL: string, agent: Agent, courseId: number) {
  const api = await loginApi(baseURL, agent.username, agent.password);
  try {
    const res = await api.csrfPost(routes.course.path, { id: agent.id, course_id: courseId });
    const { course } = (await res.json()) as { course: CourseRecord };
    for (const m of course.modules) {
      expect((await api.csrfPost(routes.completeModule.path, { id: agent.id, course_id: courseId, module_id: m.id })).status()).toBe(200);
    }
  } finally {
    await api.dispose();
  }
}

async function openCourse(page: Page, title: string) {
  await page.getByRole('link', { name: `Open ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('an agent takes a required course to its certificate, and anyone checks its code', async ({
    page,
    agent,
    baseURL,
    browser,
  }, testInfo) => {
    const title = `Agency onboarding ${uniqueId()}`;
    await publishedCourse(baseURL!, title);
    const axe = scanner(page, testInfo);
    await signIn(page, agent);

    // The dashboard's card: the required course, not started.
    const card = page.getByRole('region', { name: 'University' });
    await expect(card.getByRole('link', { name: title })).toBeVisible();
    await expect(card.getByText('0% done', { exact: false }).first()).toBeVisible();

    await goViaMainNav(page, 'University');
    await expect(page.getByRole('heading', { level: 1, name: 'University' })).toBeVisible();
    const required = page.getByRole('region', { name: 'Required' });
    await expect(required.getByRole('heading', { name: title })).toBeVisible();
    await shot(page, testInfo, 'university-catalogue-1366');
    await axe.scan('catalogue');

    await openCourse(page, title);
    // The text module, rendered from Markdown, read to its end.
    await expect(page.getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'I have read this' }).click();
    await page.getByRole('button', { name: 'Our products in five minutes' }).click();
    await expect(page.getByRole('link', { name: 'Watch the video' })).toHaveAttribute('href', /youtube\.com/);
    await page.getByRole('button', { name: 'I have watched it' }).click();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '66');

    // A wrong answer first: the question is marked, never the right choice.
    const quiz = page.getByRole('region', { name: 'Quiz' });
    await expect(quiz.getByText('Pass mark 70%. 3 of 3 attempts left today.')).toBeVisible();
    await quiz.getByLabel('The LTO').check();
    await quiz.getByLabel('CTPL').check();
    await quiz.getByRole('button', { name: 'Submit answers' }).click();
    await expect(quiz.getByText('Your score: 0%')).toBeVisible();
    await expect(quiz.getByText('Wrong', { exact: true })).toHaveCount(2);
    await shot(page, testInfo, 'university-quiz-1366');
    await axe.scan('course with a graded quiz');

    await quiz.getByLabel('The Insurance Commission').check();
    await quiz.getByLabel('Fire insurance').check();
    await quiz.getByRole('button', { name: 'Submit answers' }).click();

    // The certificate, issued once, downloaded as a PDF.
    const certificate = page.getByRole('region', { name: 'Certificate' });
    await expect(certificate).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const code = (await certificate.locator('dd.font-mono').textContent())!.trim();
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const download = page.waitForEvent('download');
    await certificate.getByRole('button', { name: 'Download certificate (PDF)' }).click();
    expect((await download).suggestedFilename()).toBe(`certificate-${code}.pdf`);
    await shot(page, testInfo, 'university-certificate-1366');
    await expectFitsViewport(page);

    // Anyone holding the code: name, course, issued, valid-until; nothing else.
    const check = await page.request.get(`/api/public/certificate/${code}`);
    expect(check.status()).toBe(200);
    expect(Object.keys(await check.json()).sort()).toEqual(['course', 'issued', 'name', 'valid_until']);
    expect((await check.json()).course).toBe(title);
    // The address the PDF prints: the public page, in a browser with no session.
    const stranger = await browser.newPage();
    await stranger.goto(`${baseURL}/certificate/${code}`);
    await expect(stranger.getByRole('heading', { level: 1, name: 'Certificate check' })).toBeVisible();
    await expect(stranger.getByText('This certificate is genuine.')).toBeVisible();
    await expect(stranger.getByText(title)).toBeVisible();
    await shot(stranger, testInfo, 'university-public-check-1366');
    await stranger.close();

    await page.goto('/university');
    await expect(page.getByRole('region', { name: 'Completed' }).getByRole('heading', { name: title })).toBeVisible();
    await axe.check();
  });

  test('an administrator writes and publishes a course, then reads a course’s report and exports it', async ({
    page,
    agent,
    baseURL,
  }, testInfo) => {
    const reported = `Non-Life product training ${uniqueId()}`;
    const course = await publishedCourse(baseURL!, reported, { quiz: null, required: { scope: 'line', value: 'Non-Life' } });
    await completeThroughApi(baseURL!, agent, course.id);
    const file = await libraryFile(baseURL!);
    const axe = scanner(page, testInfo);
    await signInAdmin(page);
    await goViaMainNav(page, 'Admin Panel');
    await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'University', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'University' })).toBeVisible();

    // A new course: a text module and a file of the library, no quiz; saved as a draft, then published.
    const title = `Licensing exam review ${uniqueId()}`;
    await page.getByRole('button', { name: 'New course' }).click();
    const form = page.getByRole('form', { name: 'Course' });
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('1. Module title').fill('The exam in brief');
    await form.getByLabel('Text (Markdown)', { exact: true }).fill('Fifty questions, **one hour**.');
    await form.getByRole('button', { name: 'Add a module' }).click();
    await form.getByLabel('2. Module title').fill('What the exam covers');
    await form.getByLabel('Kind').nth(1).selectOption({ label: 'Material of the library' });
    await form.getByLabel('Material', { exact: true }).selectOption({ label: file });
    await form.getByLabel('This course has a quiz').uncheck();
    await shot(page, testInfo, 'university-editor-1366');
    await axe.scan('course editor');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'success', 'Course saved.');
    await form.getByRole('button', { name: 'Publish' }).click();
    await expectToast(page, 'success', 'Course published.');
    await expect(page.getByRole('row', { name: new RegExp(title) }).getByText('Published')).toBeVisible();

    // The report of the Non-Life training: the agent completed it.
    await page.getByRole('button', { name: `Report ${reported}` }).click();
    const report = page.getByRole('region', { name: `Report: ${reported}` });
    const row = report.getByRole('row').filter({ hasText: agent.lname });
    await expect(row).toContainText('Completed');
    await expect(row).toContainText('100%');
    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Export to Excel' }).click();
    expect((await download).suggestedFilename()).toBe('course_report.xlsx');
    await shot(page, testInfo, 'university-report-1366');
    await axe.scan('course report');

    // The Compliance page reports the training the agency requires (it holds no commission).
    await page
      .getByRole('navigation', { name: 'Admin Panel' })
      .getByRole('link', { name: /^Compliance/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Required Training' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Certificates expiring within 30 days' })).toBeVisible();
    await axe.check();
  });
});

test('on a phone an agent reads the catalogue and a course', PHONE_ONLY, async ({ page, agent, baseURL }, testInfo) => {
  const title = `Phone course ${uniqueId()}`;
  await publishedCourse(baseURL!, title);
  await signIn(page, agent);
  await goViaMainNav(page, 'University');
  await expect(page.getByRole('region', { name: 'Required' }).getByRole('heading', { name: title })).toBeVisible();
  await expectFitsPhone(page, testInfo, 'university-catalogue-phone');
  await openCourse(page, title);
  await page.getByRole('button', { name: 'I have read this' }).click();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
  await expectFitsPhone(page, testInfo, 'university-course-phone');
});
