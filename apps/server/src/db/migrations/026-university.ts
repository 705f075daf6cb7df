import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * University (issue 47, decision 039).
 *
 * - courses: one per course, its current state: draft or published, the latest version (the one
 *   the editor changes) and the published one (the one members start), the title of the latest for
 *   the lists, and whom it is required of (everyone, a position or a licence line) since when.
 * - course_versions: what a member takes. A published version someone has started is never
 *   changed: a change is a new version (decision 039); its modules and questions are its own rows.
 * - course_modules, course_questions: a version's ordered modules (a Markdown text, a material of
 *   the library, a video link) and quiz questions (choices and the correct ones as JSON lists).
 * - course_enrolments: a member's take of a version, from the first module done or attempt to the
 *   certificate; one open take per member and course (a partial unique index). A retake after a
 *   certificate expired is a new row: the history is kept.
 * - course_module_progress, course_attempts: the modules a take has done, and every quiz attempt
 *   (its Manila day for the daily limit, its score); append-only.
 * - course_certificates: one per take at most (unique), with its public verification code.
 */
export const m026University = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('courses'), dialect)
      .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('draft', 'published')`))
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('latest_version', 'integer', notNull)
      .addColumn('published_version', 'integer')
      .addColumn('required_scope', 'varchar(10)', (c) => c.check(sql`required_scope in ('everyone', 'position', 'line')`))
      .addColumn('required_value', 'varchar(40)')
      .addColumn('required_since', 'varchar(10)')
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('updated_at', 'varchar(30)', notNull)
      .addColumn('created_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();

    await withId(db.schema.createTable('course_versions'), dialect)
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('version', 'integer', notNull)
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('description', 'varchar(2000)', notNull)
      .addColumn('lines', 'varchar(400)', notNull)
      .addColumn('has_quiz', 'integer', (c) => c.notNull().check(sql`has_quiz in (0, 1)`))
      .addColumn('pass_mark', 'integer', (c) => c.notNull().check(sql`pass_mark between 1 and 100`))
      .addColumn('attempts_per_day', 'integer', (c) => c.notNull().check(sql`attempts_per_day >= 1`))
      .addColumn('certificate_months', 'integer')
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('published_at', 'varchar(30)')
      .addUniqueConstraint('course_versions_key', ['course_id', 'version'])
      .execute();

    await withId(db.schema.createTable('course_modules'), dialect)
      .addColumn('version_id', 'integer', (c) => c.notNull().references('course_versions.id').onDelete('cascade'))
      .addColumn('position', 'integer', notNull)
      .addColumn('title', 'varchar(200)', notNull)
      .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('text', 'material', 'video')`))
      .addColumn('body', 'text')
      .addColumn('material_id', 'integer', (c) => c.references('materials.id').onDelete('set null'))
      .addColumn('url', 'varchar(500)')
      .addUniqueConstraint('course_modules_key', ['version_id', 'position'])
      .execute();

    await withId(db.schema.createTable('course_questions'), dialect)
      .addColumn('version_id', 'integer', (c) => c.notNull().references('course_versions.id').onDelete('cascade'))
      .addColumn('position', 'integer', notNull)
      .addColumn('text', 'varchar(2000)', notNull)
      .addColumn('choices', 'text', notNull)
      .addColumn('correct', 'varchar(100)', notNull)
      .addUniqueConstraint('course_questions_key', ['version_id', 'position'])
      .execute();

    await withId(db.schema.createTable('course_enrolments'), dialect)
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('version_id', 'integer', (c) => c.notNull().references('course_versions.id').onDelete('restrict'))
      .addColumn('started_at', 'varchar(30)', notNull)
      .addColumn('quiz_passed_at', 'varchar(30)')
      .addColumn('completed_at', 'varchar(30)')
      .execute();
    await db.schema.createIndex('course_enrolments_member_idx').on('course_enrolments').columns(['member_id', 'course_id', 'id']).execute();
    await db.schema.createIndex('course_enrolments_course_idx').on('course_enrolments').columns(['course_id', 'member_id']).execute();
    await db.schema
      .createIndex('course_enrolments_open_key')
      .on('course_enrolments')
      .columns(['member_id', 'course_id'])
      .unique()
      .where(sql.ref('completed_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('course_module_progress')
      .addColumn('enrolment_id', 'integer', (c) => c.notNull().references('course_enrolments.id').onDelete('cascade'))
      .addColumn('module_id', 'integer', (c) => c.notNull().references('course_modules.id').onDelete('cascade'))
      .addColumn('done_at', 'varchar(30)', notNull)
      .addPrimaryKeyConstraint('course_module_progress_pk', ['enrolment_id', 'module_id'])
      .execute();

    await withId(db.schema.createTable('course_attempts'), dialect)
      .addColumn('enrolment_id', 'integer', (c) => c.notNull().references('course_enrolments.id').onDelete('cascade'))
      .addColumn('day', 'varchar(10)', notNull)
      .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 0 and 100`))
      .addColumn('passed', 'integer', (c) => c.notNull().check(sql`passed in (0, 1)`))
      .addColumn('at', 'varchar(30)', notNull)
      .execute();
    await db.schema.createIndex('course_attempts_enrolment_idx').on('course_attempts').columns(['enrolment_id', 'day']).execute();

    await withId(db.schema.createTable('course_certificates'), dialect)
      .addColumn('enrolment_id', 'integer', (c) => c.notNull().unique().references('course_enrolments.id').onDelete('cascade'))
      .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('version_id', 'integer', (c) => c.notNull().references('course_versions.id').onDelete('restrict'))
      .addColumn('code', 'varchar(14)', (c) => c.notNull().unique())
      .addColumn('issued_on', 'varchar(10)', notNull)
      .addColumn('valid_until', 'varchar(10)')
      .addColumn('issued_at', 'varchar(30)', notNull)
      .execute();
    await db.schema.createIndex('course_certificates_member_idx').on('course_certificates').columns(['member_id', 'course_id']).execute();
    await db.schema.createIndex('course_certificates_expiry_idx').on('course_certificates').column('valid_until').execute();
  },
  async down(db: Kysely<any>) {
    for (const table of [
      'course_certificates',
      'course_attempts',
      'course_module_progress',
      'course_enrolments',
      'course_questions',
      'course_modules',
      'course_versions',
      'courses',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
});
