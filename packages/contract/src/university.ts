import { z } from 'zod';
import { controlCharacterMessage, idField, LIMITS, lineField, memberIdSchema, optionalText } from './common.ts';
import { POSITIONS } from './enums.ts';
import { LICENSE_LINES } from './licence-rules.ts';
import {
  CERTIFICATE_CODE_PATTERN,
  COURSE_MODULE_KINDS,
  COURSE_STATES,
  COURSE_STATUSES,
  DEFAULT_ATTEMPTS_PER_DAY,
  DEFAULT_PASS_MARK,
  MAX_ATTEMPTS_PER_DAY,
  MAX_CERTIFICATE_MONTHS,
  MAX_CHOICES,
  MAX_MODULE_BODY,
  MAX_MODULES,
  MAX_QUESTIONS,
  MIN_CHOICES,
  REQUIRED_SCOPES,
} from './university-rules.ts';

export * from './university-rules.ts';

/** A course's id in a request. */
export const courseIdField = idField('Course id');

/** Control characters other than a line break or a tab: a Markdown text may hold lines. */
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const multilineText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !CONTROL_BUT_LINES.test(v), controlCharacterMessage(label));

/** A video link: an https address. */
const videoUrl = z
  .string({ error: 'Video link must be an address' })
  .trim()
  .max(500, 'Video link must be at most 500 characters')
  .refine((v) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'Video link must be an https:// address');

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const courseModuleInput = z
  .object({
    title: lineField('Module title'),
    kind: z.enum(COURSE_MODULE_KINDS, { error: "Module kind must be 'text', 'material' or 'video'" }),
    body: multilineText('Module text', MAX_MODULE_BODY).nullish(),
    material_id: idField('Material id').nullish(),
    url: videoUrl.nullish(),
  })
  .strict()
  .superRefine((m, ctx) => {
    if (m.kind === 'text' && !m.body?.trim()) ctx.addIssue({ code: 'custom', path: ['body'], message: 'A text module needs its text' });
    if (m.kind === 'material' && !m.material_id)
      ctx.addIssue({ code: 'custom', path: ['material_id'], message: 'A material module needs a material of the library' });
    if (m.kind === 'video' && !m.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'A video module needs its link' });
  });
export type CourseModuleInput = z.input<typeof courseModuleInput>;

export const quizQuestionInput = z
  .object({
    text: multilineText('Question', LIMITS.description).refine((v) => v.trim() !== '', 'Question is required'),
    choices: z
      .array(lineField('Choice'), { error: 'Choices must be a list' })
      .min(MIN_CHOICES, `A question needs at least ${MIN_CHOICES} choices`)
      .max(MAX_CHOICES, `A question has at most ${MAX_CHOICES} choices`),
    correct: z
      .array(wholeNumber('A correct choice', 0, MAX_CHOICES - 1), { error: 'Correct must be a list of choice numbers' })
      .min(1, 'A question needs at least one correct choice')
      .max(MAX_CHOICES, `At most ${MAX_CHOICES} correct choices`),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.correct.some((c) => c >= q.choices.length))
      ctx.addIssue({ code: 'custom', path: ['correct'], message: 'A correct choice names no choice of the question' });
    if (new Set(q.correct).size !== q.correct.length)
      ctx.addIssue({ code: 'custom', path: ['correct'], message: 'A correct choice is named twice' });
  });

export const quizInput = z
  .object({
    pass_mark: wholeNumber('Pass mark', 1, 100)
      .nullish()
      .transform((v) => v ?? DEFAULT_PASS_MARK),
    attempts_per_day: wholeNumber('Attempts per day', 1, MAX_ATTEMPTS_PER_DAY)
      .nullish()
      .transform((v) => v ?? DEFAULT_ATTEMPTS_PER_DAY),
    questions: z
      .array(quizQuestionInput, { error: 'Questions must be a list' })
      .min(1, 'A quiz needs at least one question')
      .max(MAX_QUESTIONS, `A quiz has at most ${MAX_QUESTIONS} questions`),
  })
  .strict();

export const requiredInput = z
  .object({
    scope: z.enum(REQUIRED_SCOPES, { error: "Required scope must be 'everyone', 'position' or 'line'" }),
    value: optionalText('Required for'),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.scope === 'position' && !(POSITIONS as readonly string[]).includes(r.value ?? ''))
      ctx.addIssue({ code: 'custom', path: ['value'], message: `Position must be one of ${POSITIONS.join(', ')}` });
    if (r.scope === 'line' && !(LICENSE_LINES as readonly string[]).includes(r.value ?? ''))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Line must be a licence line' });
  })
  .transform((r) => ({ scope: r.scope, value: r.scope === 'everyone' ? null : r.value }));

/**
 * POST savecourse (administrators): a new course (no course_id), or a change to one. A draft, or a
 * published course no member has started, is changed in place; a published course someone has
 * started gets a new draft version, published by publishcourse (decision 039).
 */
export const saveCourseRequest = z
  .object({
    course_id: courseIdField.nullish(),
    title: lineField('Title'),
    description: optionalText('Description', LIMITS.description).transform((v) => v ?? ''),
    lines: z
      .array(z.enum(LICENSE_LINES, { error: 'Lines must be licence lines' }), { error: 'Lines must be a list' })
      .max(LICENSE_LINES.length)
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
    modules: z
      .array(courseModuleInput, { error: 'Modules must be a list' })
      .min(1, 'A course needs at least one module')
      .max(MAX_MODULES, `A course has at most ${MAX_MODULES} modules`),
    quiz: quizInput.nullish().transform((v) => v ?? null),
    certificate_months: wholeNumber('Certificate months', 1, MAX_CERTIFICATE_MONTHS)
      .nullish()
      .transform((v) => v ?? null),
    required: requiredInput.nullish().transform((v) => v ?? null),
  })
  .strict();
export type SaveCourseRequest = z.input<typeof saveCourseRequest>;
export type SaveCourseInput = z.output<typeof saveCourseRequest>;

const requiredRecord = z.object({ scope: z.enum(REQUIRED_SCOPES), value: z.string().nullable() });
export type RequiredRecord = z.infer<typeof requiredRecord>;

/** A course as its editor (an administrator) reads it: the latest version, with the quiz's correct choices. */
export const editorCourseRecord = z.object({
  id: z.number(),
  status: z.enum(COURSE_STATUSES),
  /** The latest version (the one the editor changes). */
  version: z.number(),
  /** The version members take, or null while the course was never published. */
  published_version: z.number().nullable(),
  /** Whether the latest version is a draft not yet published (a new version of a published course). */
  draft_pending: z.boolean(),
  title: z.string(),
  description: z.string(),
  lines: z.array(z.string()),
  modules: z.array(
    z.object({
      title: z.string(),
      kind: z.enum(COURSE_MODULE_KINDS),
      body: z.string().nullable(),
      material_id: z.number().nullable(),
      url: z.string().nullable(),
    }),
  ),
  quiz: z
    .object({
      pass_mark: z.number(),
      attempts_per_day: z.number(),
      questions: z.array(z.object({ text: z.string(), choices: z.array(z.string()), correct: z.array(z.number()) })),
    })
    .nullable(),
  certificate_months: z.number().nullable(),
  required: requiredRecord.nullable(),
  /** Whether a member has started the latest version (a change then makes a new version). */
  started: z.boolean(),
  updated_at: z.string(),
});
export type EditorCourseRecord = z.infer<typeof editorCourseRecord>;
export const editorCourseResponse = z.object({ course: editorCourseRecord });
export type EditorCourseResponse = z.infer<typeof editorCourseResponse>;

/** POST publishcourse, editcourse, coursereport: a course named by its id. */
export const courseIdRequest = z.object({ course_id: courseIdField }).strict();
export type CourseIdRequest = z.input<typeof courseIdRequest>;

export const certificateSummary = z.object({
  id: z.number(),
  code: z.string(),
  version: z.number(),
  issued_on: z.string(),
  /** The last day it is valid, or null: it never expires. */
  valid_until: z.string().nullable(),
});
export type CertificateSummary = z.infer<typeof certificateSummary>;

export const courseProgress = z.object({
  state: z.enum(COURSE_STATES),
  /** Of the modules and the quiz, how much is done: 0 to 100. */
  percent: z.number(),
  /** The version the member takes (or took), or the published one when not started. */
  version: z.number(),
  started_at: z.string().nullable(),
  completed_on: z.string().nullable(),
});
export type CourseProgress = z.infer<typeof courseProgress>;

/** A course in the member's catalogue. */
export const courseSummary = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** 'draft' only in an administrator's list. */
  status: z.enum(COURSE_STATUSES),
  version: z.number(),
  lines: z.array(z.string()),
  module_count: z.number(),
  has_quiz: z.boolean(),
  certificate_months: z.number().nullable(),
  required: requiredRecord.nullable(),
  /** Whether the course is required of this member, and by when (30 days after they joined or it became required). */
  required_for_member: z.boolean(),
  due_date: z.string().nullable(),
  progress: courseProgress,
  certificate: certificateSummary.nullable(),
});
export type CourseSummary = z.infer<typeof courseSummary>;

/** POST courses {id}: the published courses with the member's progress, required ones first. */
export const coursesResponse = z.object({ courses: z.array(courseSummary) });
export type CoursesResponse = z.infer<typeof coursesResponse>;

/** POST course {id, course_id}. */
export const courseRequest = z.object({ id: memberIdSchema, course_id: courseIdField }).strict();
export type CourseRequest = z.input<typeof courseRequest>;

/** A module as a member reads it. */
export const courseModuleRecord = z.object({
  id: z.number(),
  title: z.string(),
  kind: z.enum(COURSE_MODULE_KINDS),
  /** A text module's Markdown (the web renders it without raw HTML). */
  body: z.string().nullable(),
  material_id: z.number().nullable(),
  material_title: z.string().nullable(),
  url: z.string().nullable(),
  done: z.boolean(),
});
export type CourseModuleRecord = z.infer<typeof courseModuleRecord>;

/** A question as a member reads it: never which choices are correct. */
export const quizQuestionRecord = z.object({ id: z.number(), text: z.string(), choices: z.array(z.string()), multiple: z.boolean() });
export type QuizQuestionRecord = z.infer<typeof quizQuestionRecord>;

/** A course as a member takes it: the version they take, its modules and the quiz's questions. */
export const courseRecord = courseSummary.extend({
  modules: z.array(courseModuleRecord),
  quiz: z
    .object({
      pass_mark: z.number(),
      attempts_per_day: z.number(),
      attempts_today: z.number(),
      passed: z.boolean(),
      /** The best score of the current take, or null before a first attempt. */
      best_score: z.number().nullable(),
      questions: z.array(quizQuestionRecord),
    })
    .nullable(),
  /** The member's earlier certificates of this course (re-completion keeps them). */
  history: z.array(certificateSummary),
});
export type CourseRecord = z.infer<typeof courseRecord>;
export const courseResponse = z.object({ course: courseRecord });
export type CourseResponse = z.infer<typeof courseResponse>;

/** POST completemodule. */
export const completeModuleRequest = z.object({ id: memberIdSchema, course_id: courseIdField, module_id: idField('Module id') }).strict();
export type CompleteModuleRequest = z.input<typeof completeModuleRequest>;

/** POST submitquiz: each question's chosen choices (by their number, from 0). */
export const submitQuizRequest = z
  .object({
    id: memberIdSchema,
    course_id: courseIdField,
    answers: z
      .array(
        z
          .object({
            question_id: idField('Question id'),
            choices: z
              .array(wholeNumber('A choice', 0, MAX_CHOICES - 1), { error: 'Choices must be a list of choice numbers' })
              .max(MAX_CHOICES, `At most ${MAX_CHOICES} choices`),
          })
          .strict(),
        { error: 'Answers must be a list' },
      )
      .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} answers`),
  })
  .strict();
export type SubmitQuizRequest = z.input<typeof submitQuizRequest>;
export type SubmitQuizInput = z.output<typeof submitQuizRequest>;

/** The grade: the score in percent, and which questions were wrong (never the right answers). */
export const submitQuizResponse = z.object({
  score: z.number(),
  passed: z.boolean(),
  wrong: z.array(z.number()),
  attempts_left: z.number(),
  certificate: z.object({ id: z.number(), code: z.string() }).optional(),
});
export type SubmitQuizResponse = z.infer<typeof submitQuizResponse>;

/** POST coursereport {course_id}. */
export const courseReportRow = z.object({
  member_id: z.number(),
  name: z.string(),
  position: z.enum(POSITIONS),
  required: z.boolean(),
  due_date: z.string().nullable(),
  state: z.enum(COURSE_STATES),
  percent: z.number(),
  version: z.number().nullable(),
  started_at: z.string().nullable(),
  completed_on: z.string().nullable(),
  certificate_expiry: z.string().nullable(),
});
export type CourseReportRow = z.infer<typeof courseReportRow>;
export const courseReportResponse = z.object({
  course: z.object({ id: z.number(), title: z.string(), version: z.number().nullable() }),
  rows: z.array(courseReportRow),
});
export type CourseReportResponse = z.infer<typeof courseReportResponse>;

/** GET /api/certificate/:certificateId/pdf. */
export const certificatePdfParams = z.object({ certificateId: idField('Certificate id') }).strict();

/** GET /api/public/certificate/:code. */
export const certificateCodeParams = z
  .object({
    code: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => CERTIFICATE_CODE_PATTERN.test(v), 'Code must be a certificate code (XXXX-XXXX-XXXX)'),
  })
  .strict();

/** What anyone holding a code reads: the name, the course, the day issued and the last valid day; nothing else. */
export const publicCertificateResponse = z.object({
  name: z.string(),
  course: z.string(),
  issued: z.string(),
  valid_until: z.string().nullable(),
});
export type PublicCertificate = z.infer<typeof publicCertificateResponse>;

/** The certificate's PDF name: certificate-<code>.pdf. */
export const certificateFileName = (code: string) => `certificate-${code}.pdf`;

/**
 * GET coursecompliance (administrators, the Compliance page): members who sold a product of a line
 * in the last 365 days without a certificate in force of the course the agency requires for that
 * line, and certificates expiring within 30 days. The agency's rule: it holds no commission.
 */
export const courseComplianceResponse = z.object({
  as_of: z.string(),
  untrained: z.array(
    z.object({
      member_id: z.number(),
      member_name: z.string(),
      course_id: z.number(),
      course: z.string(),
      line: z.string(),
      sales: z.number(),
      last_sold_on: z.string(),
    }),
  ),
  expiring: z.array(
    z.object({
      member_id: z.number(),
      member_name: z.string(),
      course_id: z.number(),
      course: z.string(),
      valid_until: z.string(),
    }),
  ),
});
export type CourseComplianceResponse = z.infer<typeof courseComplianceResponse>;
