import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * The agency's TIN with its branch code, registered address and RDO, which BIR Form 2307 and the
 * alphalist print, become settings an administrator saves (decision 019; Admin Panel → Commissions),
 * not only the AGENCY_TIN, AGENCY_ADDRESS and AGENCY_RDO of the server's environment. Append-only
 * versions like payout_settings: the latest applies; while there is none, the environment's do.
 */
export const m022AgencyTaxDetails = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('agency_tax_details'), dialect)
      .addColumn('tin', 'varchar(20)', notNull)
      .addColumn('address', 'varchar(200)', notNull)
      .addColumn('rdo', 'varchar(5)', notNull)
      .addColumn('created_at', 'varchar(30)', notNull)
      .addColumn('created_by', 'integer', (c) => c.references('members.id').onDelete('set null'))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('agency_tax_details').execute();
  },
});
