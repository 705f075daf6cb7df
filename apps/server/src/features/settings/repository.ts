import type { BankDetailsTable, CertificationsTable } from '../../db/schema.ts';
import { hasRowLocks } from '../../db/locks.ts';
import type { Exec } from '../../db/exec.ts';

export type CertificationRow = Omit<CertificationsTable, 'id'> & { id: number };
export type NewCertification = Omit<CertificationRow, 'id'>;

const BANK_COLUMNS = ['bank_name', 'account_number', 'account_name'] as const;

export const settingsRepository = {
  findBank(db: Exec, memberId: number) {
    return db.selectFrom('bank_details').select(BANK_COLUMNS).where('member_id', '=', memberId).executeTakeFirst();
  },

  /**
   * The member's row; with `lock`, locked until the transaction ends on PostgreSQL (SQLite runs one
   * transaction at a time): two saves of the same member's bank details are decided one after the other.
   */
  async findMember(db: Exec, memberId: number, options: { lock?: boolean } = {}) {
    const query = db.selectFrom('members').select(['id', 'deactivated_at']).where('id', '=', memberId);
    return (options.lock && hasRowLocks(db) ? query.forUpdate() : query).executeTakeFirst();
  },

  async insertBank(db: Exec, row: BankDetailsTable) {
    await db.insertInto('bank_details').values(row).execute();
  },

  async replaceBank(db: Exec, row: Omit<BankDetailsTable, 'created_at'>) {
    const { member_id, ...rest } = row;
    await db.updateTable('bank_details').set(rest).where('member_id', '=', member_id).execute();
  },

  listCertifications(db: Exec, memberId: number): Promise<CertificationRow[]> {
    return db.selectFrom('certifications').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
  },

  async insertCertification(db: Exec, row: NewCertification): Promise<number> {
    const inserted = await db.insertInto('certifications').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  },
};
