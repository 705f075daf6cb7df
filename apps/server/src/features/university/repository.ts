import { sql } from 'kysely';
import type {
  CourseAttemptsTable,
  CourseCertificatesTable,
  CourseEnrolmentsTable,
  CourseModulesTable,
  CourseQuestionsTable,
  CourseVersionsTable,
  CoursesTable,
} from '../../db/schema.ts';
import type { Exec } from '../../db/exec.ts';
import { hasRowLocks } from '../../db/locks.ts';
import { countedMemberSql, withDownline } from '../../db/team.ts';

type Row<T> = Omit<T, 'id'> & { id: number };
export type CourseRow = Row<CoursesTable>;
export type VersionRow = Row<CourseVersionsTable>;
export type ModuleRow = Row<CourseModulesTable> & { material_title: string | null };
export type QuestionRow = Row<CourseQuestionsTable>;
export type EnrolmentRow = Row<CourseEnrolmentsTable>;
export type AttemptRow = Row<CourseAttemptsTable>;
export type CertificateRow = Row<CourseCertificatesTable> & { version: number };
export type MemberFacts = { id: number; f_name: string; m_name: string | null; l_name: string; position: string; reg_date: string };

/** University's SQL (decision 039). */
export const universityRepository = {
  async insertCourse(db: Exec, row: Omit<CoursesTable, 'id'>): Promise<number> {
    return (await db.insertInto('courses').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  async updateCourse(db: Exec, id: number, patch: Partial<Omit<CourseRow, 'id'>>): Promise<void> {
    await db.updateTable('courses').set(patch).where('id', '=', id).execute();
  },

  /** The course, locked on PostgreSQL for the caller's transaction (a save or a publication at once waits). */
  async findCourse(db: Exec, id: number, options: { lock?: boolean } = {}): Promise<CourseRow | undefined> {
    const q = db.selectFrom('courses').selectAll().where('id', '=', id);
    return (options.lock && hasRowLocks(db) ? q.forUpdate() : q).executeTakeFirst();
  },

  async courses(db: Exec, options: { publishedOnly: boolean }): Promise<CourseRow[]> {
    return db
      .selectFrom('courses')
      .selectAll()
      .$if(options.publishedOnly, (q) => q.where('published_version', 'is not', null))
      .orderBy('title')
      .orderBy('id')
      .execute();
  },

  async insertVersion(db: Exec, row: Omit<CourseVersionsTable, 'id'>): Promise<number> {
    return (await db.insertInto('course_versions').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  async updateVersion(db: Exec, id: number, patch: Partial<Omit<VersionRow, 'id' | 'course_id' | 'version'>>): Promise<void> {
    await db.updateTable('course_versions').set(patch).where('id', '=', id).execute();
  },

  async version(db: Exec, courseId: number, version: number): Promise<VersionRow | undefined> {
    return db.selectFrom('course_versions').selectAll().where('course_id', '=', courseId).where('version', '=', version).executeTakeFirst();
  },

  async versionById(db: Exec, id: number): Promise<VersionRow | undefined> {
    return db.selectFrom('course_versions').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async versionsByIds(db: Exec, ids: number[]): Promise<VersionRow[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('course_versions').selectAll().where('id', 'in', ids).execute();
  },

  /** Whether any member has started the version (a take, an attempt, a certificate all start from a take). */
  async versionStarted(db: Exec, versionId: number): Promise<boolean> {
    const row = await db.selectFrom('course_enrolments').select('id').where('version_id', '=', versionId).limit(1).executeTakeFirst();
    return row !== undefined;
  },

  /** A version's modules and questions are replaced whole by an edit in place (nobody has started it). */
  async clearContent(db: Exec, versionId: number): Promise<void> {
    await db.deleteFrom('course_modules').where('version_id', '=', versionId).execute();
    await db.deleteFrom('course_questions').where('version_id', '=', versionId).execute();
  },

  async insertModules(db: Exec, rows: Omit<CourseModulesTable, 'id'>[]): Promise<void> {
    if (rows.length > 0) await db.insertInto('course_modules').values(rows).execute();
  },

  async insertQuestions(db: Exec, rows: Omit<CourseQuestionsTable, 'id'>[]): Promise<void> {
    if (rows.length > 0) await db.insertInto('course_questions').values(rows).execute();
  },

  async modules(db: Exec, versionIds: number[]): Promise<ModuleRow[]> {
    if (versionIds.length === 0) return [];
    return db
      .selectFrom('course_modules as m')
      .leftJoin('materials', 'materials.id', 'm.material_id')
      .selectAll('m')
      .select('materials.title as material_title')
      .where('m.version_id', 'in', versionIds)
      .orderBy('m.version_id')
      .orderBy('m.position')
      .execute();
  },

  async questions(db: Exec, versionId: number): Promise<QuestionRow[]> {
    return db.selectFrom('course_questions').selectAll().where('version_id', '=', versionId).orderBy('position').execute();
  },

  /** The ids of `ids` that name a material of the library. */
  async existingMaterials(db: Exec, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    return (await db.selectFrom('materials').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
  },

  /**
   * Holds the member's row (FOR NO KEY UPDATE, PostgreSQL) for the caller's transaction: a member's
   * takes, attempts and certificates change one submission at a time, so two at once are two
   * attempts and one certificate (SQLite's transactions already run one at a time).
   */
  async lockMember(db: Exec, memberId: number): Promise<boolean> {
    const q = db.selectFrom('members').select('id').where('id', '=', memberId);
    return (await (hasRowLocks(db) ? q.forNoKeyUpdate() : q).executeTakeFirst()) !== undefined;
  },

  async member(db: Exec, id: number): Promise<MemberFacts | undefined> {
    return db
      .selectFrom('members')
      .select(['id', 'f_name', 'm_name', 'l_name', 'position', 'reg_date'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Every counted member (db/team.ts): whom a required course may apply to. */
  async countedMembers(db: Exec): Promise<MemberFacts[]> {
    return db
      .selectFrom('members as m')
      .select(['m.id', 'm.f_name', 'm.m_name', 'm.l_name', 'm.position', 'm.reg_date'])
      .where(countedMemberSql('m'))
      .orderBy('m.id')
      .execute() as Promise<MemberFacts[]>;
  },

  /** The lines a member holds a verified licence in, in force on `day`. */
  async licensedLines(db: Exec, memberIds: number[], day: string): Promise<{ member_id: number; line: string }[]> {
    if (memberIds.length === 0) return [];
    return db
      .selectFrom('licenses')
      .select(['member_id', 'line'])
      .where('member_id', 'in', memberIds)
      .where('status', '=', 'verified')
      .where('expires_on', '>=', day)
      .distinct()
      .execute();
  },

  /** The members a report lists: every counted member, or those below a leader (db/team.ts). */
  async reportMembers(db: Exec, leaderId: number | null): Promise<MemberFacts[]> {
    const base = leaderId === null ? db : withDownline(db, leaderId);
    return base
      .selectFrom('members as m')
      .select(['m.id', 'm.f_name', 'm.m_name', 'm.l_name', 'm.position', 'm.reg_date'])
      .where(countedMemberSql('m'))
      .$if(leaderId !== null, (q) => q.where('m.id', 'in', sql<number>`(select id from downline)`))
      .orderBy('m.l_name')
      .orderBy('m.f_name')
      .orderBy('m.id')
      .execute() as Promise<MemberFacts[]>;
  },

  /** A member's takes of every course (or one), oldest first. */
  async enrolments(db: Exec, memberId: number, courseId?: number): Promise<EnrolmentRow[]> {
    return db
      .selectFrom('course_enrolments')
      .selectAll()
      .where('member_id', '=', memberId)
      .$if(courseId !== undefined, (q) => q.where('course_id', '=', courseId!))
      .orderBy('id')
      .execute();
  },

  /** Every take of a course, oldest first (the report). */
  async courseEnrolments(db: Exec, courseId: number): Promise<EnrolmentRow[]> {
    return db.selectFrom('course_enrolments').selectAll().where('course_id', '=', courseId).orderBy('id').execute();
  },

  async insertEnrolment(db: Exec, row: Omit<CourseEnrolmentsTable, 'id'>): Promise<number> {
    return (await db.insertInto('course_enrolments').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  async updateEnrolment(db: Exec, id: number, patch: Partial<Pick<EnrolmentRow, 'quiz_passed_at' | 'completed_at'>>): Promise<void> {
    await db.updateTable('course_enrolments').set(patch).where('id', '=', id).execute();
  },

  /** The modules each take has done. */
  async doneModules(db: Exec, enrolmentIds: number[]): Promise<{ enrolment_id: number; module_id: number }[]> {
    if (enrolmentIds.length === 0) return [];
    return db
      .selectFrom('course_module_progress')
      .select(['enrolment_id', 'module_id'])
      .where('enrolment_id', 'in', enrolmentIds)
      .execute();
  },

  async markDone(db: Exec, enrolmentId: number, moduleId: number, at: string): Promise<void> {
    await db
      .insertInto('course_module_progress')
      .values({ enrolment_id: enrolmentId, module_id: moduleId, done_at: at })
      .onConflict((oc) => oc.columns(['enrolment_id', 'module_id']).doNothing())
      .execute();
  },

  async attempts(db: Exec, enrolmentIds: number[]): Promise<AttemptRow[]> {
    if (enrolmentIds.length === 0) return [];
    return db.selectFrom('course_attempts').selectAll().where('enrolment_id', 'in', enrolmentIds).orderBy('id').execute();
  },

  async insertAttempt(db: Exec, row: Omit<CourseAttemptsTable, 'id'>): Promise<void> {
    await db.insertInto('course_attempts').values(row).execute();
  },

  async insertCertificate(db: Exec, row: Omit<CourseCertificatesTable, 'id'>): Promise<number> {
    return (await db.insertInto('course_certificates').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  /** Certificates with their version's number: a member's (of one course or all), or every one of a course. */
  async certificates(db: Exec, filter: { memberId?: number; courseId?: number }): Promise<CertificateRow[]> {
    return db
      .selectFrom('course_certificates as c')
      .innerJoin('course_versions as v', 'v.id', 'c.version_id')
      .selectAll('c')
      .select('v.version')
      .$if(filter.memberId !== undefined, (q) => q.where('c.member_id', '=', filter.memberId!))
      .$if(filter.courseId !== undefined, (q) => q.where('c.course_id', '=', filter.courseId!))
      .orderBy('c.id')
      .execute();
  },

  /** Per member and product: sales not rejected, recorded on or after `since` (an ISO time), their count and last effective date. */
  async soldProducts(db: Exec, since: string) {
    return db
      .selectFrom('sales as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select(['s.member_id', 's.product', 'm.f_name', 'm.m_name', 'm.l_name'])
      .select([sql<number | string>`count(*)`.as('n'), sql<string>`max(s.effective_date)`.as('last_sold_on')])
      .where('s.verification', '!=', 'rejected')
      .where('s.createdat', '>=', since)
      .where('m.deactivated_at', 'is', null)
      .groupBy(['s.member_id', 's.product', 'm.f_name', 'm.m_name', 'm.l_name'])
      .execute();
  },

  /** Certificates whose last valid day is between `from` and `to`, with their member and course title, soonest first. */
  async expiringCertificates(db: Exec, from: string, to: string) {
    return db
      .selectFrom('course_certificates as c')
      .innerJoin('course_versions as v', 'v.id', 'c.version_id')
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .select(['c.id', 'c.member_id', 'c.course_id', 'c.valid_until', 'v.title', 'm.f_name', 'm.m_name', 'm.l_name'])
      .where('c.valid_until', '>=', from)
      .where('c.valid_until', '<=', to)
      .where('m.deactivated_at', 'is', null)
      .orderBy('c.valid_until')
      .orderBy('c.id')
      .execute();
  },

  /** Every certificate in force on `day` (member and course): who is trained. */
  async certificatesInForce(db: Exec, day: string): Promise<{ member_id: number; course_id: number }[]> {
    return db
      .selectFrom('course_certificates')
      .select(['member_id', 'course_id'])
      .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>=', day)]))
      .execute();
  },

  async certificate(db: Exec, where: { id: number } | { code: string }) {
    return db
      .selectFrom('course_certificates as c')
      .innerJoin('course_versions as v', 'v.id', 'c.version_id')
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .select(['c.id', 'c.member_id', 'c.code', 'c.issued_on', 'c.valid_until', 'v.title', 'v.version'])
      .select(['m.f_name', 'm.m_name', 'm.l_name', 'm.erased_at'])
      .$if('id' in where, (q) => q.where('c.id', '=', (where as { id: number }).id))
      .$if('code' in where, (q) => q.where('c.code', '=', (where as { code: string }).code))
      .executeTakeFirst();
  },
};
