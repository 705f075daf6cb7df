import { fileResponse, ownerInBody, route, type RouteDef } from './define.ts';
import { universityPaths } from './university.paths.ts';
import {
  certificateCodeParams,
  certificatePdfParams,
  completeModuleRequest,
  courseComplianceResponse,
  courseIdRequest,
  courseReportResponse,
  courseRequest,
  courseResponse,
  coursesResponse,
  editorCourseResponse,
  publicCertificateResponse,
  saveCourseRequest,
  submitQuizRequest,
  submitQuizResponse,
} from '../university.ts';
import { idBody } from '../common.ts';

/**
 * The routes of University (issue 47, decision 039): the server's features/university/ registers
 * them. Administrators write and publish courses; a member takes them (`id` names the member: that
 * member or an administrator, the table's owner rule); the report is a leader's (their downline)
 * or an administrator's (everyone). No answer a member gets holds the quiz's correct choices.
 */
export const universityRoutes = {
  saveCourse: route({
    ...universityPaths.saveCourse,
    access: 'admin',
    body: saveCourseRequest,
    responses: { 200: editorCourseResponse },
    idempotent: true,
    tag: 'university',
    summary:
      "Saves a course: a new one, a draft's change, or a started published course's new version (members keep the version they took)",
  }),
  publishCourse: route({
    ...universityPaths.publishCourse,
    access: 'admin',
    body: courseIdRequest,
    responses: { 200: editorCourseResponse },
    tag: 'university',
    summary: "Publishes a course's latest version: members starting it from now on take that version",
  }),
  editCourse: route({
    ...universityPaths.editCourse,
    access: 'admin',
    body: courseIdRequest,
    responses: { 200: editorCourseResponse },
    tag: 'university',
    summary: "A course as its editor reads it: the latest version, with the quiz's correct choices (administrators only)",
  }),
  courseReport: route({
    ...universityPaths.courseReport,
    access: 'member',
    body: courseIdRequest,
    responses: { 200: courseReportResponse },
    tag: 'university',
    summary:
      "Per member: not started, in progress with %, completed on, certificate expiry; a leader's downline, or everyone for an administrator",
  }),
  courseCompliance: route({
    ...universityPaths.courseCompliance,
    access: 'admin',
    responses: { 200: courseComplianceResponse },
    tag: 'university',
    summary: 'Members who sold a line without the training the agency requires for it, and certificates expiring within 30 days',
  }),
  courses: route({
    ...universityPaths.courses,
    access: 'member',
    member: ownerInBody,
    body: idBody.strict(),
    responses: { 200: coursesResponse },
    tag: 'university',
    summary: "The published courses with the member's progress, the courses required of them first with their due dates",
  }),
  course: route({
    ...universityPaths.course,
    access: 'member',
    member: ownerInBody,
    body: courseRequest,
    responses: { 200: courseResponse },
    tag: 'university',
    summary: "A course as the member takes it: its modules, their progress and the quiz's questions (never which choices are correct)",
  }),
  completeModule: route({
    ...universityPaths.completeModule,
    access: 'member',
    member: ownerInBody,
    body: completeModuleRequest,
    responses: { 200: courseResponse },
    tag: 'university',
    summary: 'Marks a module done (again: no change); the last one of a passed course issues the certificate',
  }),
  submitQuiz: route({
    ...universityPaths.submitQuiz,
    access: 'member',
    member: ownerInBody,
    body: submitQuizRequest,
    responses: { 200: submitQuizResponse },
    tag: 'university',
    summary:
      'Grades a quiz attempt on the server: the score, passed or not, the wrong questions (never the right answers), and a certificate once',
  }),
  certificatePdf: route({
    ...universityPaths.certificatePdf,
    access: 'member',
    params: certificatePdfParams,
    responses: { 200: fileResponse },
    tag: 'university',
    summary: 'Downloads a certificate as an A4 PDF: its member and administrators',
  }),
  // Anyone checking a certificate (decision 039): no session, no cookie, no CSRF token (the code in
  // the path is the only credential, platform/guards.ts TOKEN_ROUTES); limited per client address.
  publicCertificate: route({
    ...universityPaths.publicCertificate,
    access: 'public',
    params: certificateCodeParams,
    responses: { 200: publicCertificateResponse },
    tag: 'university',
    summary: "Checks a certificate's code: the member's name, the course, the day it was issued and the last day it is valid; nothing else",
  }),
} as const satisfies Record<string, RouteDef>;
