import type { Kysely, Migration } from 'kysely';

/**
 * The language a member reads the portal in (decision 030): 'en' (English, the default) or 'fil'
 * (Filipino). Chosen on the login page or in the profile popup; the session answer carries it so a
 * sign-in from another device opens in the member's language.
 */
export const m016MemberLanguage = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('members')
      .addColumn('language', 'varchar(3)', (c) => c.notNull().defaultTo('en'))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('members').dropColumn('language').execute();
  },
});
