import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { pathOf, routes } from '@ahente/contract/routes';
import type {
  CourseRecord,
  CourseReportResponse,
  CoursesResponse,
  EditorCourseRecord,
  SaveCourseRequest,
  SubmitQuizResponse,
} from '@ahente/contract/university';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { closePdfWorkers } from '../../platform/pdf-pool.ts';
import { CERTIFICATE_CHECK_LIMIT, UNIVERSITY_MESSAGES, validUntil } from './service.ts';

/**
 * University (issue 47, decision 039) on both databases, with a clock the test moves (today is
 * 10 March 2026 in Manila unless a test says otherwise).
 *
 *   mgr (Manager) └─ agent;  mgr2 (Manager, another team) └─ other;  admin
 */
let clock = new Date('2026-03-10T04:00:00.000Z');
let t: TestApp;
type Member = Awaited<ReturnType<TestApp['createMember']>>;
let agent: Member, other: Member, mgr: Member, mgr2: Member;
let agentC: TestClient, otherC: TestClient, mgrC: TestClient, mgr2C: TestClient, adminC: TestClient;

const courseBody = (over: Partial<SaveCourseRequest> = {}): SaveCourseRequest => ({
  title: 'Agency onboarding',
  description: 'Who we are and how we work.',
  modules: [
    { title: 'Welcome', kind: 'text', body: '# Welcome\n\nRead **this** first.' },
    { title: 'Our products', kind: 'video', url: 'https://www.youtube.com/watch?v=abc' },
  ],
  quiz: {
    questions: [
      { text: 'Who licenses agents?', choices: ['The Insurance Commission', 'The BIR', 'The LTO'], correct: [0] },
      { text: 'Which are Non-Life products?', choices: ['CTPL', 'GYRT', 'Fire'], correct: [0, 2] },
      { text: 'Is the portal free?', choices: ['Yes', 'No'], correct: [0] },
    ],
  },
  certificate_months: 12,
  ...over,
});

async function saveCourse(body: SaveCourseRequest): Promise<EditorCourseRecord> {
  const res = await adminC.post(routes.saveCourse.path, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { course: EditorCourseRecord }).course;
}
async function published(over: Partial<SaveCourseRequest> = {}): Promise<EditorCourseRecord> {
  const c = await saveCourse(courseBody(over));
  const res = await adminC.post(routes.publishCourse.path, { course_id: c.id });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { course: EditorCourseRecord }).course;
}
async function course(c: TestClient, id: number, courseId: number): Promise<CourseRecord> {
  const res = await c.post(routes.course.path, { id, course_id: courseId });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { course: CourseRecord }).course;
}
async function doModules(c: TestClient, id: number, rec: CourseRecord): Promise<CourseRecord> {
  let last = rec;
  for (const m of rec.modules) {
    const res = await c.post(routes.completeModule.path, { id, course_id: rec.id, module_id: m.id });
    expect(res.statusCode, res.body).toBe(200);
    last = (res.json() as { course: CourseRecord }).course;
  }
  return last;
}
/** The right answers of the onboarding quiz, by question order. */
const rightAnswers = (rec: CourseRecord) => rec.quiz!.questions.map((q, i) => ({ question_id: q.id, choices: [[0], [0, 2], [0]][i]! }));
const submit = (c: TestClient, id: number, courseId: number, answers: { question_id: number; choices: number[] }[]) =>
  c.post(routes.submitQuiz.path, { id, course_id: courseId, answers });
const count = async (table: 'courses' | 'course_versions' | 'course_attempts' | 'course_certificates' | 'course_enrolments') =>
  Number(
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  mgr = await t.createMember({ position: 'Manager' });
  agent = await t.createMember({ referror: mgr.id });
  mgr2 = await t.createMember({ position: 'Manager' });
  other = await t.createMember({ referror: mgr2.id });
  [agentC, otherC, mgrC, mgr2C, adminC] = await Promise.all([
    t.loginAs(agent),
    t.loginAs(other),
    t.loginAs(mgr),
    t.loginAs(mgr2),
    t.createAdmin().then((a) => t.loginAs(a)),
  ]);
});
afterAll(async () => {
  await closePdfWorkers();
  await t?.close();
});

describe('savecourse, publishcourse, editcourse', () => {
  it('saves a draft with its modules and quiz (defaults: pass mark 70, 3 attempts a day), only administrators', async () => {
    const c = await saveCourse(courseBody());
    expect(c).toMatchObject({ status: 'draft', version: 1, published_version: null, title: 'Agency onboarding', started: false });
    expect(c.quiz).toMatchObject({ pass_mark: 70, attempts_per_day: 3 });
    expect(c.quiz!.questions[1]!.correct).toEqual([0, 2]);
    expect(c.modules.map((m) => m.kind)).toEqual(['text', 'video']);
    for (const caller of [agentC, mgrC]) expect((await caller.post(routes.saveCourse.path, courseBody())).statusCode).toBe(403);
    expect((await t.client().post(routes.saveCourse.path, courseBody())).statusCode).toBe(401);
    // A draft is not in a member's catalogue, and cannot be opened by one.
    const list = (await agentC.post(routes.courses.path, { id: agent.id })).json() as CoursesResponse;
    expect(list.courses.map((x) => x.id)).not.toContain(c.id);
    expect((await agentC.post(routes.course.path, { id: agent.id, course_id: c.id })).statusCode).toBe(404);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ modules: [] }, 'A course needs at least one module'],
    [{ modules: [{ title: 'T', kind: 'text' }] }, 'A text module needs its text'],
    [{ modules: [{ title: 'V', kind: 'video', url: 'http://example.com' }] }, 'Video link must be an https:// address'],
    [{ modules: [{ title: 'M', kind: 'material' }] }, 'A material module needs a material of the library'],
    [{ quiz: { questions: [{ text: 'Q', choices: ['A'], correct: [0] }] } }, 'A question needs at least 2 choices'],
    [
      { quiz: { questions: [{ text: 'Q', choices: ['A', 'B', 'C', 'D', 'E', 'F', 'G'], correct: [0] }] } },
      'A question has at most 6 choices',
    ],
    [{ quiz: { questions: [{ text: 'Q', choices: ['A', 'B'], correct: [] }] } }, 'A question needs at least one correct choice'],
    [{ quiz: { questions: [{ text: 'Q', choices: ['A', 'B'], correct: [2] }] } }, 'A correct choice names no choice of the question'],
    [{ quiz: { pass_mark: 0, questions: [{ text: 'Q', choices: ['A', 'B'], correct: [1] }] } }, 'Pass mark must be at least 1'],
    [{ required: { scope: 'position', value: 'Boss' } }, 'Position must be one of'],
    [{ required: { scope: 'line', value: 'Space' } }, 'Line must be a licence line'],
    [{ certificate_months: 0 }, 'Certificate months must be at least 1'],
    [{ lines: ['Space'] }, 'Lines must be licence lines'],
    [{ extra: 1 }, 'extra'],
  ])('refuses %j with a clear 400 and saves nothing', async (over, message) => {
    const before = await count('courses');
    const res = await adminC.post(routes.saveCourse.path, { ...courseBody(), ...over });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(await count('courses')).toBe(before);
  });

  it('refuses a material module naming no material (400), and an unknown course (404)', async () => {
    const bad = await adminC.post(routes.saveCourse.path, courseBody({ modules: [{ title: 'M', kind: 'material', material_id: 999999 }] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(UNIVERSITY_MESSAGES.unknownMaterial);
    expect((await adminC.post(routes.saveCourse.path, courseBody({ course_id: 999999 }))).statusCode).toBe(404);
    expect((await adminC.post(routes.publishCourse.path, { course_id: 999999 })).statusCode).toBe(404);
    expect((await adminC.post(routes.editCourse.path, { course_id: 999999 })).statusCode).toBe(404);
  });

  it('changes a published course nobody started in place; once started, a change is a new version and members keep theirs', async () => {
    const c = await published({ title: 'Versioned course' });
    const changed = await saveCourse({ ...courseBody({ title: 'Versioned course' }), course_id: c.id, description: 'Fixed a typo.' });
    expect(changed).toMatchObject({ version: 1, published_version: 1, draft_pending: false, description: 'Fixed a typo.' });

    const v1 = await course(agentC, agent.id, c.id);
    await agentC.post(routes.completeModule.path, { id: agent.id, course_id: c.id, module_id: v1.modules[0]!.id });
    const v2 = await saveCourse({
      ...courseBody({ title: 'Versioned course v2' }),
      course_id: c.id,
      modules: [{ title: 'Only module', kind: 'text', body: 'New text' }],
    });
    expect(v2).toMatchObject({ version: 2, published_version: 1, draft_pending: true, started: false });
    // Until it is published, members (and the one who started) see version 1.
    expect((await course(otherC, other.id, c.id)).version).toBe(1);
    expect((await adminC.post(routes.publishCourse.path, { course_id: c.id })).statusCode).toBe(200);
    expect((await adminC.post(routes.publishCourse.path, { course_id: c.id })).statusCode).toBe(409);
    const agentView = await course(agentC, agent.id, c.id);
    expect(agentView).toMatchObject({ version: 1, title: 'Versioned course' });
    expect(agentView.modules).toHaveLength(2);
    expect(agentView.modules[0]!.done).toBe(true);
    const otherView = await course(otherC, other.id, c.id);
    expect(otherView).toMatchObject({ version: 2, title: 'Versioned course v2' });
    expect(otherView.modules).toHaveLength(1);
  });
});

describe('taking a course', () => {
  it('never sends the correct choices: not in the course, the catalogue, a grade, nor after passing', async () => {
    const c = await published({ title: 'No leaks' });
    const leaks = (body: string) => {
      expect(body).not.toMatch(/"correct"/);
      expect(body).not.toMatch(/"right/);
    };
    leaks((await agentC.post(routes.course.path, { id: agent.id, course_id: c.id })).body);
    leaks((await agentC.post(routes.courses.path, { id: agent.id })).body);
    const rec = await course(agentC, agent.id, c.id);
    expect(rec.quiz!.questions.map((q) => q.multiple)).toEqual([false, true, false]);
    const wrong = await submit(agentC, agent.id, c.id, [{ question_id: rec.quiz!.questions[0]!.id, choices: [1] }]);
    expect(wrong.statusCode).toBe(200);
    leaks(wrong.body);
    expect(Object.keys(wrong.json()).sort()).toEqual(['attempts_left', 'passed', 'score', 'wrong']);
    await doModules(agentC, agent.id, rec);
    const right = await submit(agentC, agent.id, c.id, rightAnswers(rec));
    leaks(right.body);
    leaks((await agentC.post(routes.course.path, { id: agent.id, course_id: c.id })).body);
    // Nor to a leader reading the report.
    leaks((await mgrC.post(routes.courseReport.path, { course_id: c.id })).body);
  });

  it('grades on the server: score, passed, the wrong questions; a pass with every module done issues one certificate', async () => {
    const c = await published({ title: 'Graded course' });
    let rec = await course(agentC, agent.id, c.id);
    expect(rec.progress).toMatchObject({ state: 'not_started', percent: 0 });
    const qs = rec.quiz!.questions;
    const half = await submit(agentC, agent.id, c.id, [
      { question_id: qs[0]!.id, choices: [0] },
      { question_id: qs[1]!.id, choices: [0] },
    ]);
    expect(half.json()).toEqual({ score: 33, passed: false, wrong: [qs[1]!.id, qs[2]!.id], attempts_left: 2 });
    // Passing before the modules are done: no certificate yet; the last module issues it.
    const pass = (await submit(agentC, agent.id, c.id, rightAnswers(rec)).then((r) => r.json())) as SubmitQuizResponse;
    expect(pass).toEqual({ score: 100, passed: true, wrong: [], attempts_left: 1 });
    rec = await course(agentC, agent.id, c.id);
    expect(rec.progress).toMatchObject({ state: 'in_progress', percent: 33 });
    rec = await doModules(agentC, agent.id, rec);
    expect(rec.progress).toMatchObject({ state: 'completed', percent: 100, completed_on: '2026-03-10' });
    expect(rec.certificate).toMatchObject({ version: 1, issued_on: '2026-03-10', valid_until: '2027-03-09' });
    expect(rec.certificate!.code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(
      Number(
        (
          await t.db.db
            .selectFrom('course_certificates')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('course_id', '=', c.id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1);
  });

  it('a course without a quiz is completed by its modules; completing again changes nothing', async () => {
    const c = await published({ title: 'Reading only', quiz: null, certificate_months: null });
    let rec = await course(agentC, agent.id, c.id);
    expect(rec.quiz).toBeNull();
    rec = await doModules(agentC, agent.id, rec);
    expect(rec.progress.state).toBe('completed');
    expect(rec.certificate!.valid_until).toBeNull();
    const again = await agentC.post(routes.completeModule.path, { id: agent.id, course_id: c.id, module_id: rec.modules[0]!.id });
    expect((again.json() as { course: CourseRecord }).course.certificate!.id).toBe(rec.certificate!.id);
    const noQuiz = await submit(agentC, agent.id, c.id, []);
    expect(noQuiz.statusCode).toBe(400);
    expect(noQuiz.json().error).toBe(UNIVERSITY_MESSAGES.noQuiz);
  });

  it('limits attempts per day (429 with a clear message), and counts again the next day', async () => {
    const c = await published({ title: 'Limited', quiz: { ...courseBody().quiz!, attempts_per_day: 2 } });
    const rec = await course(otherC, other.id, c.id);
    const none = [{ question_id: rec.quiz!.questions[0]!.id, choices: [] }];
    expect((await submit(otherC, other.id, c.id, none)).statusCode).toBe(200);
    expect((await submit(otherC, other.id, c.id, none)).json().attempts_left).toBe(0);
    const third = await submit(otherC, other.id, c.id, none);
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toBe(UNIVERSITY_MESSAGES.noAttemptsLeft(2));
    clock = new Date('2026-03-11T04:00:00.000Z');
    try {
      expect((await submit(otherC, other.id, c.id, none)).statusCode).toBe(200);
    } finally {
      clock = new Date('2026-03-10T04:00:00.000Z');
    }
  });

  it('two submissions at once are two attempts and issue one certificate', async () => {
    const c = await published({ title: 'At once' });
    const rec = await doModules(agentC, agent.id, await course(agentC, agent.id, c.id));
    const before = await count('course_attempts');
    const [a, b] = await Promise.all([
      submit(agentC, agent.id, c.id, rightAnswers(rec)),
      submit(agentC, agent.id, c.id, rightAnswers(rec)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await count('course_attempts')).toBe(before + 2);
    const certs = [a.json(), b.json()].filter((r: SubmitQuizResponse) => r.certificate);
    expect(certs).toHaveLength(1);
    const rows = await t.db.db.selectFrom('course_certificates').select('id').where('course_id', '=', c.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses bad answers with a clear 400 and records no attempt', async () => {
    const c = await published({ title: 'Bad answers' });
    const rec = await course(agentC, agent.id, c.id);
    const q = rec.quiz!.questions[0]!;
    const before = await count('course_attempts');
    for (const [answers, message] of [
      [[{ question_id: 999999, choices: [0] }], UNIVERSITY_MESSAGES.unknownQuestion],
      [[{ question_id: q.id, choices: [5] }], UNIVERSITY_MESSAGES.noSuchChoice],
      [
        [
          { question_id: q.id, choices: [0] },
          { question_id: q.id, choices: [1] },
        ],
        UNIVERSITY_MESSAGES.answeredTwice,
      ],
    ] as const) {
      const res = await submit(agentC, agent.id, c.id, answers as never);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    for (const body of [
      { id: agent.id, course_id: c.id, answers: 'all' },
      { id: agent.id, course_id: c.id, answers: [{ question_id: q.id, choices: [-1] }] },
      { id: agent.id, course_id: 'x', answers: [] },
    ]) {
      expect((await agentC.post(routes.submitQuiz.path, body)).statusCode).toBe(400);
    }
    expect(await count('course_attempts')).toBe(before);
    expect((await agentC.post(routes.completeModule.path, { id: agent.id, course_id: c.id, module_id: 999999 })).statusCode).toBe(404);
    expect((await agentC.post(routes.course.path, { id: agent.id, course_id: 999999 })).statusCode).toBe(404);
  });

  it('a member reaches only their own progress: another agent and a leader are refused (403), an administrator may', async () => {
    const c = await published({ title: 'Own progress' });
    for (const caller of [otherC, mgrC]) {
      expect((await caller.post(routes.courses.path, { id: agent.id })).statusCode).toBe(403);
      expect((await caller.post(routes.course.path, { id: agent.id, course_id: c.id })).statusCode).toBe(403);
      expect((await caller.post(routes.completeModule.path, { id: agent.id, course_id: c.id, module_id: 1 })).statusCode).toBe(403);
      expect((await caller.post(routes.submitQuiz.path, { id: agent.id, course_id: c.id, answers: [] })).statusCode).toBe(403);
    }
    expect((await adminC.post(routes.courses.path, { id: agent.id })).statusCode).toBe(200);
    expect((await t.client().post(routes.courses.path, { id: agent.id })).statusCode).toBe(401);
  });

  it('an expired certificate asks for the course again; the new take keeps the old certificate in the history', async () => {
    const c = await published({ title: 'Expiring', quiz: null, certificate_months: 1 });
    const first = await doModules(otherC, other.id, await course(otherC, other.id, c.id));
    expect(first.certificate!.valid_until).toBe('2026-04-09');
    clock = new Date('2026-04-20T04:00:00.000Z');
    try {
      const later = await course(otherC, other.id, c.id);
      expect(later.progress.state).toBe('expired');
      expect(later.certificate).toBeNull();
      expect(later.history.map((h) => h.id)).toEqual([first.certificate!.id]);
      expect(later.modules.every((m) => !m.done)).toBe(true);
      const again = await doModules(otherC, other.id, later);
      expect(again.progress.state).toBe('completed');
      expect(again.certificate!.id).not.toBe(first.certificate!.id);
      expect(again.history.map((h) => h.id)).toEqual([first.certificate!.id]);
    } finally {
      clock = new Date('2026-03-10T04:00:00.000Z');
    }
  });
});

describe('courses: the catalogue', () => {
  it('lists required courses first with their due date (30 days after joining or after it became required)', async () => {
    const joinedLong = await t.createMember({ position: 'Manager' });
    await t.db.db.updateTable('members').set({ reg_date: '2025-01-01T00:00:00.000Z' }).where('id', '=', joinedLong.id).execute();
    const c = await published({ title: 'Zz required for managers', required: { scope: 'position', value: 'Manager' } });
    const line = await published({ title: 'Zz Non-Life training', required: { scope: 'line', value: 'Non-Life' } });
    await t.licenseMember(joinedLong.id, { lines: ['Non-Life'] });
    const res = await adminC.post(routes.courses.path, { id: joinedLong.id });
    const list = (res.json() as CoursesResponse).courses;
    const required = list.filter((x) => x.required_for_member);
    expect(required.map((x) => x.id).sort()).toEqual([c.id, line.id].sort());
    expect(list.slice(0, required.length).every((x) => x.required_for_member)).toBe(true);
    expect(required[0]!.due_date).toBe('2026-04-09');
    // An agent without the position or the line: not required of them.
    const agentList = ((await agentC.post(routes.courses.path, { id: agent.id })).json() as CoursesResponse).courses;
    expect(agentList.find((x) => x.id === c.id)!.required_for_member).toBe(false);
    expect(agentList.find((x) => x.id === line.id)!.required_for_member).toBe(false);
  });
});

describe('coursereport', () => {
  it('an administrator sees every member; a leader their downline; an agent is refused', async () => {
    const c = await published({ title: 'Reported', quiz: null });
    await doModules(agentC, agent.id, await course(agentC, agent.id, c.id));
    const all = (await adminC.post(routes.courseReport.path, { course_id: c.id })).json() as CourseReportResponse;
    expect(all.course).toMatchObject({ id: c.id, title: 'Reported', version: 1 });
    expect(all.rows.find((r) => r.member_id === agent.id)).toMatchObject({ state: 'completed', percent: 100, completed_on: '2026-03-10' });
    expect(all.rows.find((r) => r.member_id === other.id)).toMatchObject({ state: 'not_started', percent: 0 });
    const mine = (await mgrC.post(routes.courseReport.path, { course_id: c.id })).json() as CourseReportResponse;
    expect(mine.rows.map((r) => r.member_id)).toEqual([agent.id]);
    const theirs = (await mgr2C.post(routes.courseReport.path, { course_id: c.id })).json() as CourseReportResponse;
    expect(theirs.rows.map((r) => r.member_id)).toEqual([other.id]);
    const refused = await agentC.post(routes.courseReport.path, { course_id: c.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(UNIVERSITY_MESSAGES.reportNotAllowed);
    expect((await adminC.post(routes.courseReport.path, { course_id: 999999 })).statusCode).toBe(404);
    expect((await adminC.post(routes.courseReport.path, { course_id: 'x' })).statusCode).toBe(400);
  });
});

describe('coursecompliance', () => {
  it('lists who sold a line without the training required for it (until trained), and certificates expiring within 30 days', async () => {
    const seller = await t.createMember();
    const sellerC = await t.loginAs(seller);
    const training = await published({ title: 'Motor training', quiz: null, required: { scope: 'line', value: 'Non-Life' } });
    const expiring = await published({ title: 'Short-lived', quiz: null, certificate_months: 1 });
    const deal = await sellerC.post(routes.addDeal.path, {
      id: seller.id,
      customerName: 'Maria Clara',
      transactionType: 'New',
      product: 'CTPL',
      tcvValue: '1000',
      effectiveDate: '2026-03-01',
      salesType: 'Direct',
    });
    expect(deal.statusCode, deal.body).toBe(200);
    const sale = await sellerC.post(routes.addSale.path, {
      id: seller.id,
      formData: {
        dealid: deal.json().deal.id,
        customerName: 'Maria Clara',
        product: 'CTPL',
        tcv: '1000',
        sales_type: 'Direct',
        effectiveDate: '2026-03-01',
        policy: 'POL-47',
      },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    await doModules(sellerC, seller.id, await course(sellerC, seller.id, expiring.id));

    const report = async () => {
      const res = await adminC.get(routes.courseCompliance.path);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        untrained: { member_id: number; course_id: number }[];
        expiring: { member_id: number; course_id: number; valid_until: string }[];
      };
    };
    const before = await report();
    expect(before.untrained.filter((r) => r.member_id === seller.id && r.course_id === training.id)).toEqual([
      expect.objectContaining({ course: 'Motor training', line: 'Non-Life', sales: 1, last_sold_on: '2026-03-01' }),
    ]);
    expect(before.expiring.filter((r) => r.member_id === seller.id)).toEqual([
      expect.objectContaining({ course_id: expiring.id, course: 'Short-lived', valid_until: '2026-04-09' }),
    ]);
    await doModules(sellerC, seller.id, await course(sellerC, seller.id, training.id));
    expect((await report()).untrained.filter((r) => r.member_id === seller.id && r.course_id === training.id)).toEqual([]);
    for (const caller of [agentC, mgrC]) expect((await caller.get(routes.courseCompliance.path)).statusCode).toBe(403);
    expect((await t.client().get(routes.courseCompliance.path)).statusCode).toBe(401);
  });
});

describe('the daily job’s reminders', () => {
  it('tells a member once that a course is required of them, again two weeks before it is due, and before a certificate expires', async () => {
    const newcomer = await t.createMember({ position: 'AgencyManager' });
    await t.db.db.updateTable('members').set({ reg_date: '2026-03-01T00:00:00.000Z' }).where('id', '=', newcomer.id).execute();
    const c = await published({ title: 'For agency managers', quiz: null, required: { scope: 'position', value: 'AgencyManager' } });
    const told = async () =>
      (
        await t.db.db.selectFrom('notifications').select(['event', 'title']).where('member_id', '=', newcomer.id).orderBy('id').execute()
      ).filter((n) => n.event.startsWith('course') || n.event === 'certificate_expiring');
    await t.services.reminders.runDaily();
    expect(await told()).toEqual([{ event: 'course_assigned', title: 'Required course: For agency managers' }]);
    await t.services.reminders.runDaily();
    expect(await told()).toHaveLength(1);
    // Due on 9 April (30 days after 10 March): 14 days before, the reminder; once.
    clock = new Date('2026-03-26T04:00:00.000Z');
    try {
      await t.services.reminders.runDaily();
      await t.services.reminders.runDaily();
      expect((await told()).map((n) => n.event)).toEqual(['course_assigned', 'course_due']);
      expect((await told())[1]!.title).toBe('Required course due in 14 days: For agency managers');
    } finally {
      clock = new Date('2026-03-10T04:00:00.000Z');
    }
    // Completed with a one-month certificate: a reminder before it expires.
    const short = await published({ title: 'Monthly refresher', quiz: null, certificate_months: 1 });
    const newcomerC = await t.loginAs(newcomer);
    await doModules(newcomerC, newcomer.id, await course(newcomerC, newcomer.id, short.id));
    await doModules(newcomerC, newcomer.id, await course(newcomerC, newcomer.id, c.id));
    await t.services.reminders.runDaily();
    expect((await told()).map((n) => n.event)).toEqual(['course_assigned', 'course_due', 'certificate_expiring']);
  });
});

describe('certificates', () => {
  it('the PDF: the member and administrators; anyone else 404; it says who, what, when, until and how to check', async () => {
    const c = await published({ title: 'Certified course', quiz: null, certificate_months: 24 });
    const rec = await doModules(agentC, agent.id, await course(agentC, agent.id, c.id));
    const url = pathOf(routes.certificatePdf, { certificateId: rec.certificate!.id });
    const res = await agentC.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain('First');
    expect(text).toContain('Certified course');
    expect(text).toContain('Version 1');
    expect(text).toContain(rec.certificate!.code);
    expect(text).toContain(`/certificate/${rec.certificate!.code}`);
    expect((await adminC.get(url)).statusCode).toBe(200);
    for (const caller of [otherC, mgrC]) expect((await caller.get(url)).statusCode).toBe(404);
    expect((await t.client().get(url)).statusCode).toBe(401);
    expect((await agentC.get(pathOf(routes.certificatePdf, { certificateId: 999999 }))).statusCode).toBe(404);
  });

  it('the public check answers name, course, issued and valid-until only, with no session; unknown codes 404; limited per address', async () => {
    const c = await published({ title: 'Checked course', quiz: null, certificate_months: 12 });
    const rec = await doModules(agentC, agent.id, await course(agentC, agent.id, c.id));
    const check = (code: string, ip = '10.47.0.1') =>
      t.app.inject({ method: 'GET', url: pathOf(routes.publicCertificate, { code }), remoteAddress: ip });
    const res = await check(rec.certificate!.code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'First2 Last2', course: 'Checked course', issued: '2026-03-10', valid_until: '2027-03-09' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await check('AAAA-AAAA-AAAA')).statusCode).toBe(404);
    expect((await check('not-a-code')).statusCode).toBe(400);
    const answers: number[] = [];
    for (let i = 0; i < CERTIFICATE_CHECK_LIMIT.max + 1; i++) answers.push((await check(rec.certificate!.code, '10.47.9.9')).statusCode);
    expect(answers.at(-1)).toBe(429);
  });

  it('valid until: the day before the same date N months later (end of month clamped)', () => {
    expect(validUntil('2026-03-10', 12)).toBe('2027-03-09');
    expect(validUntil('2026-01-31', 1)).toBe('2026-02-27');
    expect(validUntil('2026-12-01', 1)).toBe('2026-12-31');
  });
});
