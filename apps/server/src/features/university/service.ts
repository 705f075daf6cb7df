/**
 * University's rules (issue 47, decision 039): courses and their versions, a member's takes
 * (progress, quiz attempts graded here, certificates), the report and the public check of a
 * certificate. The SQL is the repository's, the PDF certificate-pdf.ts. One service on purpose
 * (over 500 lines): publishing, a module done, a quiz graded and a certificate issued all decide
 * on the same take and version rows inside the same transactions; split, they would pass those
 * rows and locks between files.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LEADER_POSITIONS } from '@ahente/contract/commissions';
import { addDays, daysUntil, todayInManila } from '@ahente/contract/dates';
import { linesFor } from '@ahente/contract/licence-rules';
import { fullName } from '@ahente/contract/names';
import {
  CERTIFICATE_CODE_ALPHABET,
  REQUIRED_DUE_DAYS,
  certificateFileName,
  type CertificateSummary,
  type CourseComplianceResponse,
  type CourseModuleRecord,
  type CourseProgress,
  type CourseRecord,
  type CourseReportResponse,
  type CourseState,
  type CourseSummary,
  type EditorCourseRecord,
  type PublicCertificate,
  type RequiredRecord,
  type SaveCourseInput,
  type SubmitQuizInput,
  type SubmitQuizResponse,
} from '@ahente/contract/university';
import type { Position } from '@ahente/contract/enums';
import type { Database } from '../../db/schema.ts';
import type { Exec } from '../../db/exec.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isAdmin } from '../../platform/guards.ts';
import type { Auth } from '../../platform/sessions.ts';
import { pdfWorkerFile, runPdfWorker } from '../../platform/pdf-pool.ts';
import type { AuthService } from '../auth/service.ts';
import type { CertificateDocument } from './certificate-pdf.ts';
import {
  universityRepository as repo,
  type CertificateRow,
  type CourseRow,
  type EnrolmentRow,
  type MemberFacts,
  type ModuleRow,
  type VersionRow,
} from './repository.ts';

export const UNIVERSITY_MESSAGES = {
  courseNotFound: 'Course not found',
  moduleNotFound: 'This module is not part of the course you are taking',
  memberNotFound: 'Member not found',
  certificateNotFound: 'Certificate not found',
  unknownMaterial: 'A material module names no material of the library',
  nothingToPublish: 'This course has no new version to publish',
  noQuiz: 'This course has no quiz',
  unknownQuestion: 'An answer names a question that is not in the quiz',
  answeredTwice: 'A question is answered twice',
  noSuchChoice: 'An answer names a choice the question does not have',
  noAttemptsLeft: (n: number) => `You have used today’s ${n} attempts: try the quiz again tomorrow`,
  reportNotAllowed: 'Only team leaders and administrators see a course’s report',
  tooMany: 'Too many requests from this address: please try again in a few minutes',
};

/** The public check of a certificate, per client address. */
export const CERTIFICATE_CHECK_LIMIT = { max: 60, windowMs: 10 * 60_000 };

/** The last day a certificate issued on `day` is valid for `months` months: the day before the same date `months` later. */
export function validUntil(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const same = `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  return addDays(same, -1);
}

/** A verification code: 12 characters of CERTIFICATE_CODE_ALPHABET (≈ 59 bits), XXXX-XXXX-XXXX. */
export function newCertificateCode(): string {
  const chars = Array.from({ length: 12 }, () => CERTIFICATE_CODE_ALPHABET[randomInt(CERTIFICATE_CODE_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

const parseJson = <T>(text: string): T => JSON.parse(text) as T;
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Whether a course is required of a member, and its due date. */
function requirement(course: CourseRow, member: MemberFacts, lines: ReadonlySet<string>): { required: boolean; due: string | null } {
  const scope = course.required_scope;
  const applies =
    scope === 'everyone' ||
    (scope === 'position' && member.position === course.required_value) ||
    (scope === 'line' && course.required_value !== null && lines.has(course.required_value));
  if (!applies || !course.required_since) return { required: false, due: null };
  const joined = todayInManila(new Date(member.reg_date));
  const from = joined > course.required_since ? joined : course.required_since;
  return { required: true, due: addDays(from, REQUIRED_DUE_DAYS) };
}

const requiredOf = (c: CourseRow): RequiredRecord | null =>
  c.required_scope ? { scope: c.required_scope, value: c.required_value } : null;

/** A reminder the daily job sends (decision 026): its event, whom to, what it says and its dedupe key. */
export type TrainingReminder =
  | { event: 'course_assigned'; memberId: number; dedupeKey: string; params: { courseId: number; course: string; dueOn: string } }
  | { event: 'course_due'; memberId: number; dedupeKey: string; params: { courseId: number; course: string; dueOn: string; days: number } }
  | {
      event: 'certificate_expiring';
      memberId: number;
      dedupeKey: string;
      params: { courseId: number; course: string; validUntil: string; days: number };
    };

/** A required course's reminder goes this many days before its due date; a certificate's before it expires. */
export const COURSE_DUE_NOTICE_DAYS = 14;
export const CERTIFICATE_NOTICE_DAYS = 30;

/** One take's standing: the modules done, whether the quiz was passed, its certificate. */
interface Take {
  enrolment: EnrolmentRow;
  done: Set<number>;
  certificate: CertificateRow | null;
}

export function createUniversityService(
  db: Kysely<Database>,
  deps: { auth: Pick<AuthService, 'limitAddress'>; agencyName: string; now?: () => Date },
) {
  const now = deps.now ?? (() => new Date());
  const today = () => todayInManila(now());
  const nowIso = () => now().toISOString();

  const certificateSummary = (c: CertificateRow): CertificateSummary => ({
    id: c.id,
    code: c.code,
    version: c.version,
    issued_on: c.issued_on,
    valid_until: c.valid_until,
  });
  const inForce = (c: CertificateRow | null, day: string) => c !== null && (c.valid_until === null || c.valid_until >= day);

  /** The take that counts now: the open one, else the last one if its certificate is in force; else none (start anew). */
  function currentTake(takes: Take[], day: string): Take | null {
    const last = takes[takes.length - 1];
    if (!last) return null;
    if (last.enrolment.completed_at === null) return last;
    return inForce(last.certificate, day) ? last : null;
  }

  /** A member's takes of courses (all, or one), with their modules done and certificates. */
  async function takesOf(exec: Exec, memberId: number, courseId?: number): Promise<Map<number, Take[]>> {
    const enrolments = await repo.enrolments(exec, memberId, courseId);
    const [done, certs] = await Promise.all([
      repo.doneModules(
        exec,
        enrolments.map((e) => e.id),
      ),
      repo.certificates(exec, courseId === undefined ? { memberId } : { memberId, courseId }),
    ]);
    const byCourse = new Map<number, Take[]>();
    for (const e of enrolments) {
      const take: Take = {
        enrolment: e,
        done: new Set(done.filter((d) => d.enrolment_id === e.id).map((d) => d.module_id)),
        certificate: certs.find((c) => c.enrolment_id === e.id) ?? null,
      };
      byCourse.set(e.course_id, [...(byCourse.get(e.course_id) ?? []), take]);
    }
    return byCourse;
  }

  function progressOf(
    take: Take | null,
    lastTake: Take | undefined,
    version: VersionRow,
    moduleCount: number,
    day: string,
  ): CourseProgress {
    if (!take) {
      const expired = lastTake?.certificate != null && !inForce(lastTake.certificate, day);
      return {
        state: expired ? 'expired' : 'not_started',
        percent: 0,
        version: version.version,
        started_at: null,
        completed_on: expired ? lastTake!.certificate!.issued_on : null,
      };
    }
    const completed = take.enrolment.completed_at !== null;
    const steps = moduleCount + version.has_quiz;
    const doneSteps = take.done.size + (version.has_quiz && take.enrolment.quiz_passed_at ? 1 : 0);
    return {
      state: completed ? 'completed' : 'in_progress',
      percent: completed ? 100 : steps === 0 ? 0 : Math.min(99, Math.floor((doneSteps * 100) / steps)),
      version: version.version,
      started_at: take.enrolment.started_at,
      completed_on: take.certificate?.issued_on ?? null,
    };
  }

  /** The member's lines (verified licences in force today). */
  async function linesOf(exec: Exec, memberId: number): Promise<Set<string>> {
    return new Set((await repo.licensedLines(exec, [memberId], today())).map((r) => r.line));
  }

  async function requireMember(exec: Exec, memberId: number): Promise<MemberFacts> {
    const m = await repo.member(exec, memberId);
    if (!m) throw notFound(UNIVERSITY_MESSAGES.memberNotFound);
    return m;
  }

  /** The course a member may take (published; a draft only for an administrator's preview), or 404. */
  async function requireVisible(exec: Exec, auth: Auth, courseId: number, options: { lock?: boolean } = {}): Promise<CourseRow> {
    const course = await repo.findCourse(exec, courseId, options);
    if (!course || (course.published_version === null && !isAdmin(auth))) throw notFound(UNIVERSITY_MESSAGES.courseNotFound);
    return course;
  }

  /** The version a member takes: their current take's, else the published one (an administrator's preview of a draft: the latest). */
  async function versionFor(exec: Exec, course: CourseRow, take: Take | null): Promise<VersionRow> {
    const v = take
      ? await repo.versionById(exec, take.enrolment.version_id)
      : await repo.version(exec, course.id, course.published_version ?? course.latest_version);
    if (!v) throw new Error(`Course ${course.id} has no version to take`);
    return v;
  }

  async function summaryOf(exec: Exec, course: CourseRow, member: MemberFacts, lines: Set<string>, takes: Take[]) {
    const day = today();
    const take = currentTake(takes, day);
    const version = await versionFor(exec, course, take);
    const modules = await repo.modules(exec, [version.id]);
    const req = requirement(course, member, lines);
    const summary: CourseSummary = {
      id: course.id,
      title: version.title,
      description: version.description,
      status: course.status,
      version: version.version,
      lines: parseJson<string[]>(version.lines),
      module_count: modules.length,
      has_quiz: version.has_quiz === 1,
      certificate_months: version.certificate_months,
      required: requiredOf(course),
      required_for_member: req.required,
      due_date: req.due,
      progress: progressOf(take, takes[takes.length - 1], version, modules.length, day),
      certificate: take?.certificate ? certificateSummary(take.certificate) : null,
    };
    return { summary, take, version, modules };
  }

  async function courseRecord(exec: Exec, auth: Auth, memberId: number, courseId: number): Promise<CourseRecord> {
    const member = await requireMember(exec, memberId);
    const course = await requireVisible(exec, auth, courseId);
    const takes = (await takesOf(exec, memberId, courseId)).get(courseId) ?? [];
    const { summary, take, version, modules } = await summaryOf(exec, course, member, await linesOf(exec, memberId), takes);
    let quiz: CourseRecord['quiz'] = null;
    if (version.has_quiz) {
      const questions = await repo.questions(exec, version.id);
      const attempts = take ? await repo.attempts(exec, [take.enrolment.id]) : [];
      const scores = attempts.map((a) => a.score);
      quiz = {
        pass_mark: version.pass_mark,
        attempts_per_day: version.attempts_per_day,
        attempts_today: attempts.filter((a) => a.day === today()).length,
        passed: take?.enrolment.quiz_passed_at != null,
        best_score: scores.length > 0 ? Math.max(...scores) : null,
        // Never the correct choices (decision 039): only whether more than one may be chosen.
        questions: questions.map((q) => ({
          id: q.id,
          text: q.text,
          choices: parseJson<string[]>(q.choices),
          multiple: parseJson<number[]>(q.correct).length > 1,
        })),
      };
    }
    const moduleRecords: CourseModuleRecord[] = modules.map((m: ModuleRow) => ({
      id: m.id,
      title: m.title,
      kind: m.kind,
      body: m.body,
      material_id: m.material_id,
      material_title: m.material_title,
      url: m.url,
      done: take?.done.has(m.id) ?? false,
    }));
    const history = takes.flatMap((t) => (t.certificate && t !== take ? [certificateSummary(t.certificate)] : []));
    return { ...summary, modules: moduleRecords, quiz, history };
  }

  async function editorRecord(exec: Exec, course: CourseRow): Promise<EditorCourseRecord> {
    const v = await repo.version(exec, course.id, course.latest_version);
    if (!v) throw new Error(`Course ${course.id} has no version ${course.latest_version}`);
    const [modules, questions, started] = await Promise.all([
      repo.modules(exec, [v.id]),
      repo.questions(exec, v.id),
      repo.versionStarted(exec, v.id),
    ]);
    return {
      id: course.id,
      status: course.status,
      version: v.version,
      published_version: course.published_version,
      draft_pending: course.published_version !== course.latest_version,
      title: v.title,
      description: v.description,
      lines: parseJson<string[]>(v.lines),
      modules: modules.map((m) => ({ title: m.title, kind: m.kind, body: m.body, material_id: m.material_id, url: m.url })),
      quiz: v.has_quiz
        ? {
            pass_mark: v.pass_mark,
            attempts_per_day: v.attempts_per_day,
            questions: questions.map((q) => ({
              text: q.text,
              choices: parseJson<string[]>(q.choices),
              correct: parseJson<number[]>(q.correct),
            })),
          }
        : null,
      certificate_months: v.certificate_months,
      required: requiredOf(course),
      started,
      updated_at: course.updated_at,
    };
  }

  async function writeContent(exec: Exec, versionId: number, input: SaveCourseInput) {
    await repo.insertModules(
      exec,
      input.modules.map((m, i) => ({
        version_id: versionId,
        position: i + 1,
        title: m.title,
        kind: m.kind,
        body: m.kind === 'text' ? (m.body ?? null) : null,
        material_id: m.kind === 'material' ? (m.material_id ?? null) : null,
        url: m.kind === 'video' ? (m.url ?? null) : null,
      })),
    );
    await repo.insertQuestions(
      exec,
      (input.quiz?.questions ?? []).map((q, i) => ({
        version_id: versionId,
        position: i + 1,
        text: q.text.trim(),
        choices: JSON.stringify(q.choices),
        correct: JSON.stringify([...q.correct].sort((a, b) => a - b)),
      })),
    );
  }

  const versionFields = (input: SaveCourseInput) => ({
    title: input.title,
    description: input.description,
    lines: JSON.stringify(input.lines),
    has_quiz: input.quiz ? 1 : 0,
    pass_mark: input.quiz?.pass_mark ?? 70,
    attempts_per_day: input.quiz?.attempts_per_day ?? 3,
    certificate_months: input.certificate_months,
  });

  /**
   * Issues the take's certificate if it is complete (every module done, the quiz passed if there is
   * one) and has none: once, in the caller's transaction, which holds the member (lockMember).
   */
  async function issueIfComplete(
    exec: Exec,
    take: Take,
    version: VersionRow,
    moduleIds: number[],
  ): Promise<{ id: number; code: string } | null> {
    if (take.enrolment.completed_at !== null || take.certificate) return null;
    if (!moduleIds.every((id) => take.done.has(id))) return null;
    if (version.has_quiz && !take.enrolment.quiz_passed_at) return null;
    const day = today();
    const code = newCertificateCode();
    const id = await repo.insertCertificate(exec, {
      enrolment_id: take.enrolment.id,
      member_id: take.enrolment.member_id,
      course_id: take.enrolment.course_id,
      version_id: version.id,
      code,
      issued_on: day,
      valid_until: version.certificate_months ? validUntil(day, version.certificate_months) : null,
      issued_at: nowIso(),
    });
    await repo.updateEnrolment(exec, take.enrolment.id, { completed_at: nowIso() });
    return { id, code };
  }

  /** The member's take that counts now, started on the course's published version if there is none. */
  async function takeOrStart(exec: Exec, course: CourseRow, memberId: number): Promise<Take> {
    const takes = (await takesOf(exec, memberId, course.id)).get(course.id) ?? [];
    const current = currentTake(takes, today());
    if (current) return current;
    const v = await repo.version(exec, course.id, course.published_version ?? course.latest_version);
    if (!v) throw new Error(`Course ${course.id} has no version to take`);
    const enrolment = {
      member_id: memberId,
      course_id: course.id,
      version_id: v.id,
      started_at: nowIso(),
      quiz_passed_at: null,
      completed_at: null,
    };
    const id = await repo.insertEnrolment(exec, enrolment);
    return { enrolment: { id, ...enrolment }, done: new Set(), certificate: null };
  }

  return {
    /** savecourse (administrators). */
    async save(auth: Auth, input: SaveCourseInput): Promise<EditorCourseRecord> {
      const materialIds = [...new Set(input.modules.flatMap((m) => (m.kind === 'material' && m.material_id ? [m.material_id] : [])))];
      return db.transaction().execute(async (trx) => {
        const found = await repo.existingMaterials(trx, materialIds);
        if (found.length !== materialIds.length) throw badRequest(UNIVERSITY_MESSAGES.unknownMaterial);
        const at = nowIso();
        const required = input.required;
        if (input.course_id == null) {
          const courseId = await repo.insertCourse(trx, {
            status: 'draft',
            title: input.title,
            latest_version: 1,
            published_version: null,
            required_scope: required?.scope ?? null,
            required_value: required?.value ?? null,
            required_since: null,
            created_at: at,
            updated_at: at,
            created_by: auth.memberId,
          });
          const versionId = await repo.insertVersion(trx, {
            course_id: courseId,
            version: 1,
            ...versionFields(input),
            created_at: at,
            published_at: null,
          });
          await writeContent(trx, versionId, input);
          return editorRecord(trx, (await repo.findCourse(trx, courseId))!);
        }
        const course = await repo.findCourse(trx, input.course_id, { lock: true });
        if (!course) throw notFound(UNIVERSITY_MESSAGES.courseNotFound);
        const latest = await repo.version(trx, course.id, course.latest_version);
        if (!latest) throw new Error(`Course ${course.id} has no version ${course.latest_version}`);
        // Whom it is required of is the course's, not a version's: it changes at once.
        const sameRequirement = required?.scope === course.required_scope && (required?.value ?? null) === course.required_value;
        const requirementPatch = {
          required_scope: required?.scope ?? null,
          required_value: required?.value ?? null,
          required_since: required && course.published_version !== null ? (sameRequirement ? course.required_since : today()) : null,
        };
        if (await repo.versionStarted(trx, latest.id)) {
          // Someone has started it: a new version, a draft until published (members keep theirs).
          const version = course.latest_version + 1;
          const versionId = await repo.insertVersion(trx, {
            course_id: course.id,
            version,
            ...versionFields(input),
            created_at: at,
            published_at: null,
          });
          await writeContent(trx, versionId, input);
          await repo.updateCourse(trx, course.id, { title: input.title, latest_version: version, updated_at: at, ...requirementPatch });
        } else {
          await repo.updateVersion(trx, latest.id, versionFields(input));
          await repo.clearContent(trx, latest.id);
          await writeContent(trx, latest.id, input);
          await repo.updateCourse(trx, course.id, {
            ...(course.published_version === course.latest_version ? { title: input.title } : {}),
            ...(course.published_version === null ? { title: input.title } : {}),
            updated_at: at,
            ...requirementPatch,
          });
        }
        return editorRecord(trx, (await repo.findCourse(trx, course.id))!);
      });
    },

    /** publishcourse: the latest version becomes the one members start. */
    async publish(courseId: number): Promise<EditorCourseRecord> {
      return db.transaction().execute(async (trx) => {
        const course = await repo.findCourse(trx, courseId, { lock: true });
        if (!course) throw notFound(UNIVERSITY_MESSAGES.courseNotFound);
        if (course.published_version === course.latest_version) throw conflict(UNIVERSITY_MESSAGES.nothingToPublish);
        const v = await repo.version(trx, course.id, course.latest_version);
        const at = nowIso();
        await repo.updateVersion(trx, v!.id, { published_at: at });
        await repo.updateCourse(trx, course.id, {
          status: 'published',
          published_version: course.latest_version,
          title: v!.title,
          updated_at: at,
          // Required from its first publication on (the due dates count from it).
          required_since: course.required_scope ? (course.required_since ?? today()) : null,
        });
        return editorRecord(trx, (await repo.findCourse(trx, course.id))!);
      });
    },

    /** editcourse: the editor's view, with the correct choices (administrators only, by the table). */
    async editor(courseId: number): Promise<EditorCourseRecord> {
      const course = await repo.findCourse(db, courseId);
      if (!course) throw notFound(UNIVERSITY_MESSAGES.courseNotFound);
      return editorRecord(db, course);
    },

    /** courses: the catalogue of a member (drafts too when an administrator asks), required ones first. */
    async list(auth: Auth, memberId: number): Promise<CourseSummary[]> {
      const member = await requireMember(db, memberId);
      const [courses, takes, lines] = await Promise.all([
        repo.courses(db, { publishedOnly: !isAdmin(auth) }),
        takesOf(db, memberId),
        linesOf(db, memberId),
      ]);
      const out: CourseSummary[] = [];
      for (const c of courses) out.push((await summaryOf(db, c, member, lines, takes.get(c.id) ?? [])).summary);
      const rank = (s: CourseSummary) => (s.required_for_member && s.progress.state !== 'completed' ? 0 : 1);
      return out.sort((a, b) => rank(a) - rank(b) || (a.due_date ?? '').localeCompare(b.due_date ?? '') || a.title.localeCompare(b.title));
    },

    /** course: one course as the member takes it (never the correct choices). */
    async get(auth: Auth, memberId: number, courseId: number): Promise<CourseRecord> {
      return courseRecord(db, auth, memberId, courseId);
    },

    /** completemodule: a module of the take's version done (again: no change); may complete the take. */
    async completeModule(auth: Auth, memberId: number, courseId: number, moduleId: number): Promise<CourseRecord> {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.lockMember(trx, memberId))) throw notFound(UNIVERSITY_MESSAGES.memberNotFound);
        const course = await requireVisible(trx, auth, courseId);
        const take = await takeOrStart(trx, course, memberId);
        const version = (await repo.versionById(trx, take.enrolment.version_id))!;
        const moduleIds = (await repo.modules(trx, [version.id])).map((m) => m.id);
        if (!moduleIds.includes(moduleId)) throw notFound(UNIVERSITY_MESSAGES.moduleNotFound);
        if (take.enrolment.completed_at !== null) return;
        await repo.markDone(trx, take.enrolment.id, moduleId, nowIso());
        take.done.add(moduleId);
        await issueIfComplete(trx, take, version, moduleIds);
      });
      return courseRecord(db, auth, memberId, courseId);
    },

    /**
     * submitquiz: graded here, in one transaction holding the member: every submission is an
     * attempt (the daily limit counts them), a pass with every module done issues the one
     * certificate. The answer names the wrong questions, never the right choices.
     */
    async submitQuiz(auth: Auth, input: SubmitQuizInput): Promise<SubmitQuizResponse> {
      return db.transaction().execute(async (trx) => {
        if (!(await repo.lockMember(trx, input.id))) throw notFound(UNIVERSITY_MESSAGES.memberNotFound);
        const course = await requireVisible(trx, auth, input.course_id);
        const take = await takeOrStart(trx, course, input.id);
        const version = (await repo.versionById(trx, take.enrolment.version_id))!;
        if (!version.has_quiz) throw badRequest(UNIVERSITY_MESSAGES.noQuiz);
        const questions = await repo.questions(trx, version.id);
        const seen = new Set<number>();
        for (const a of input.answers) {
          const q = questions.find((x) => x.id === a.question_id);
          if (!q) throw badRequest(UNIVERSITY_MESSAGES.unknownQuestion);
          if (seen.has(a.question_id)) throw badRequest(UNIVERSITY_MESSAGES.answeredTwice);
          seen.add(a.question_id);
          const count = parseJson<string[]>(q.choices).length;
          if (a.choices.some((c) => c >= count) || new Set(a.choices).size !== a.choices.length)
            throw badRequest(UNIVERSITY_MESSAGES.noSuchChoice);
        }
        const day = today();
        const attempts = await repo.attempts(trx, [take.enrolment.id]);
        const usedToday = attempts.filter((a) => a.day === day).length;
        if (usedToday >= version.attempts_per_day) throw new HttpError(429, UNIVERSITY_MESSAGES.noAttemptsLeft(version.attempts_per_day));
        const wrong = questions
          .filter((q) => !sameSet(input.answers.find((a) => a.question_id === q.id)?.choices ?? [], parseJson<number[]>(q.correct)))
          .map((q) => q.id);
        const score = questions.length === 0 ? 0 : Math.floor(((questions.length - wrong.length) * 100) / questions.length);
        const passed = score >= version.pass_mark;
        await repo.insertAttempt(trx, { enrolment_id: take.enrolment.id, day, score, passed: passed ? 1 : 0, at: nowIso() });
        let certificate: { id: number; code: string } | null = null;
        if (passed && take.enrolment.completed_at === null) {
          if (!take.enrolment.quiz_passed_at) {
            take.enrolment.quiz_passed_at = nowIso();
            await repo.updateEnrolment(trx, take.enrolment.id, { quiz_passed_at: take.enrolment.quiz_passed_at });
          }
          const moduleIds = (await repo.modules(trx, [version.id])).map((m) => m.id);
          certificate = await issueIfComplete(trx, take, version, moduleIds);
        }
        return {
          score,
          passed,
          wrong,
          attempts_left: Math.max(0, version.attempts_per_day - usedToday - 1),
          ...(certificate ? { certificate } : {}),
        };
      });
    },

    /** coursereport: a leader's downline, or every counted member for an administrator. */
    async report(auth: Auth, courseId: number): Promise<CourseReportResponse> {
      const course = await repo.findCourse(db, courseId);
      let leaderId: number | null = null;
      if (!isAdmin(auth)) {
        const caller = await repo.member(db, auth.memberId);
        if (!caller || !(LEADER_POSITIONS as readonly string[]).includes(caller.position))
          throw forbidden(UNIVERSITY_MESSAGES.reportNotAllowed);
        if (!course || course.published_version === null) throw notFound(UNIVERSITY_MESSAGES.courseNotFound);
        leaderId = auth.memberId;
      }
      if (!course) throw notFound(UNIVERSITY_MESSAGES.courseNotFound);
      const day = today();
      const members = await repo.reportMembers(db, leaderId);
      const ids = new Set(members.map((m) => m.id));
      const [enrolments, certs, lines] = await Promise.all([
        repo.courseEnrolments(db, courseId),
        repo.certificates(db, { courseId }),
        repo.licensedLines(
          db,
          members.map((m) => m.id),
          day,
        ),
      ]);
      const mine = enrolments.filter((e) => ids.has(e.member_id));
      const done = await repo.doneModules(
        db,
        mine.map((e) => e.id),
      );
      const versions = await repo.versionsByIds(db, [...new Set(mine.map((e) => e.version_id))]);
      const modules = await repo.modules(
        db,
        versions.map((v) => v.id),
      );
      const published = course.published_version ?? course.latest_version;
      const rows = members.map((m) => {
        const takes: Take[] = mine
          .filter((e) => e.member_id === m.id)
          .map((e) => ({
            enrolment: e,
            done: new Set(done.filter((d) => d.enrolment_id === e.id).map((d) => d.module_id)),
            certificate: certs.find((c) => c.enrolment_id === e.id) ?? null,
          }));
        const take = currentTake(takes, day);
        const last = takes[takes.length - 1];
        const v = take ? versions.find((x) => x.id === take.enrolment.version_id) : undefined;
        const moduleCount = v ? modules.filter((x) => x.version_id === v.id).length : 0;
        const progress: CourseProgress = v
          ? progressOf(take, last, v, moduleCount, day)
          : progressOf(null, last, { version: published } as VersionRow, 0, day);
        const req = requirement(course, m, new Set(lines.filter((l) => l.member_id === m.id).map((l) => l.line)));
        const cert = take?.certificate ?? last?.certificate ?? null;
        return {
          member_id: m.id,
          name: fullName(m),
          position: m.position as Position,
          required: req.required,
          due_date: req.due,
          state: progress.state as CourseState,
          percent: progress.percent,
          version: take || last ? (versions.find((x) => x.id === (take ?? last)!.enrolment.version_id)?.version ?? null) : null,
          started_at: progress.started_at,
          completed_on: take?.certificate?.issued_on ?? (progress.state === 'expired' ? progress.completed_on : null),
          certificate_expiry: cert?.valid_until ?? null,
        };
      });
      const titleVersion = await repo.version(db, course.id, published);
      return { course: { id: course.id, title: titleVersion?.title ?? course.title, version: course.published_version }, rows };
    },

    /**
     * coursecompliance (the Compliance page): who sold a line in the last 365 days without a
     * certificate in force of a published course required for that line, and the certificates
     * whose validity ends within 30 days. Reported only: it holds no commission (decision 039).
     */
    async compliance(): Promise<CourseComplianceResponse> {
      const day = today();
      const courses = (await repo.courses(db, { publishedOnly: true })).filter((c) => c.required_scope === 'line' && c.required_value);
      const [sold, trained, expiring] = await Promise.all([
        courses.length > 0 ? repo.soldProducts(db, `${addDays(day, -365)}T00:00:00.000Z`) : Promise.resolve([]),
        repo.certificatesInForce(db, day),
        repo.expiringCertificates(db, day, addDays(day, 30)),
      ]);
      const titles = new Map<number, string>();
      for (const c of courses) titles.set(c.id, (await repo.version(db, c.id, c.published_version!))?.title ?? c.title);
      const untrained = new Map<string, CourseComplianceResponse['untrained'][number]>();
      for (const s of sold) {
        for (const c of courses) {
          if (!(linesFor(s.product) as readonly string[]).includes(c.required_value!)) continue;
          if (trained.some((t) => t.member_id === s.member_id && t.course_id === c.id)) continue;
          const key = `${s.member_id}:${c.id}`;
          const row = untrained.get(key);
          const n = Number(s.n);
          if (row) {
            row.sales += n;
            if (s.last_sold_on > row.last_sold_on) row.last_sold_on = s.last_sold_on;
          } else {
            untrained.set(key, {
              member_id: s.member_id,
              member_name: fullName(s),
              course_id: c.id,
              course: titles.get(c.id)!,
              line: c.required_value!,
              sales: n,
              last_sold_on: s.last_sold_on,
            });
          }
        }
      }
      return {
        as_of: day,
        untrained: [...untrained.values()].sort((a, b) => a.member_name.localeCompare(b.member_name) || a.course.localeCompare(b.course)),
        expiring: expiring.map((c) => ({
          member_id: c.member_id,
          member_name: fullName(c),
          course_id: c.course_id,
          course: c.title,
          valid_until: c.valid_until!,
        })),
      };
    },

    /**
     * The daily job's University reminders (decision 026 sends them once, by their dedupe keys):
     * a course newly required of a member (once per requirement), two weeks before its due date
     * when not completed, and 30 days before a certificate in force expires (the last one of the
     * course: one renewed already is not reminded).
     */
    async reminders(day: string): Promise<TrainingReminder[]> {
      const out: TrainingReminder[] = [];
      const courses = (await repo.courses(db, { publishedOnly: true })).filter((c) => c.required_scope && c.required_since);
      const inForce = await repo.certificatesInForce(db, day);
      if (courses.length > 0) {
        const members = await repo.countedMembers(db);
        const lines = await repo.licensedLines(
          db,
          members.map((m) => m.id),
          day,
        );
        for (const c of courses) {
          const title = (await repo.version(db, c.id, c.published_version!))?.title ?? c.title;
          for (const m of members) {
            const req = requirement(c, m, new Set(lines.filter((l) => l.member_id === m.id).map((l) => l.line)));
            if (!req.required || !req.due) continue;
            if (inForce.some((x) => x.member_id === m.id && x.course_id === c.id)) continue;
            const params = { courseId: c.id, course: title, dueOn: req.due };
            out.push({
              event: 'course_assigned',
              memberId: m.id,
              dedupeKey: `course_assigned:${c.id}:${m.id}:${c.required_since}`,
              params,
            });
            const days = daysUntil(req.due, day);
            if (days >= 0 && days <= COURSE_DUE_NOTICE_DAYS) {
              out.push({
                event: 'course_due',
                memberId: m.id,
                dedupeKey: `course_due:${c.id}:${m.id}:${req.due}`,
                params: { ...params, days },
              });
            }
          }
        }
      }
      for (const c of await repo.expiringCertificates(db, day, addDays(day, CERTIFICATE_NOTICE_DAYS))) {
        out.push({
          event: 'certificate_expiring',
          memberId: c.member_id,
          dedupeKey: `certificate_expiring:${c.id}`,
          params: { courseId: c.course_id, course: c.title, validUntil: c.valid_until!, days: daysUntil(c.valid_until!, day) },
        });
      }
      return out;
    },

    /** GET certificate/:certificateId/pdf: the member's own or (any) an administrator's. */
    async certificatePdf(auth: Auth, certificateId: number, checkBase: string): Promise<{ bytes: Buffer; fileName: string }> {
      const c = await repo.certificate(db, { id: certificateId });
      if (!c || (!isAdmin(auth) && c.member_id !== auth.memberId)) throw notFound(UNIVERSITY_MESSAGES.certificateNotFound);
      const document: CertificateDocument = {
        agency: deps.agencyName,
        name: fullName(c),
        course: c.title,
        version: c.version,
        issued_on: c.issued_on,
        valid_until: c.valid_until,
        code: c.code,
        check_url: `${checkBase}${c.code}`,
      };
      const bytes = await runPdfWorker<CertificateDocument>(pdfWorkerFile(import.meta.url, 'certificate-pdf'), document);
      return { bytes, fileName: certificateFileName(c.code) };
    },

    /** GET public/certificate/:code: name, course, issued, valid-until; an unknown code (or an erased member's) 404. */
    async check(code: string, ip: string): Promise<PublicCertificate> {
      await deps.auth.limitAddress('certificate-check', ip, { ...CERTIFICATE_CHECK_LIMIT, message: UNIVERSITY_MESSAGES.tooMany });
      const c = await repo.certificate(db, { code });
      if (!c || c.erased_at !== null) throw notFound(UNIVERSITY_MESSAGES.certificateNotFound);
      return { name: fullName(c), course: c.title, issued: c.issued_on, valid_until: c.valid_until };
    },
  };
}

export type UniversityService = ReturnType<typeof createUniversityService>;
