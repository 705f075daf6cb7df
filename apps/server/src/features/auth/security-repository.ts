import { sql } from 'kysely';
import type { Exec } from '../../db/exec.ts';

/** Two-factor sign-in, recovery codes and devices (decision 027). */
export const securityRepository = {
  async mfaOf(db: Exec, memberId: number) {
    const row = await db
      .selectFrom('member_mfa')
      .select(['secret', 'enabled_at', 'last_step'])
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    // bigint comes back as a string from PostgreSQL.
    return row ? { ...row, last_step: row.last_step === null ? null : Number(row.last_step) } : undefined;
  },

  /** A new secret waiting for its first code; replaces an unconfirmed one, never a confirmed one. */
  async startEnrolment(db: Exec, memberId: number, secret: string, at: string): Promise<boolean> {
    const res = await db
      .insertInto('member_mfa')
      .values({ member_id: memberId, secret, created_at: at, enabled_at: null, last_step: null })
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet({ secret, created_at: at, last_step: null }).where('member_mfa.enabled_at', 'is', null),
      )
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /** Turns enrolment on with the step of its first code, if the secret is still the one checked. */
  async confirm(db: Exec, memberId: number, secret: string, step: number, at: string): Promise<boolean> {
    const res = await db
      .updateTable('member_mfa')
      .set({ enabled_at: at, last_step: step })
      .where('member_id', '=', memberId)
      .where('secret', '=', secret)
      .where('enabled_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /**
   * Accepts a code's time step once: one atomic update that applies only when the step is later
   * than the last one accepted. Of two uses of one code, at once or not, one succeeds.
   */
  async useStep(db: Exec, memberId: number, step: number): Promise<boolean> {
    const res = await db
      .updateTable('member_mfa')
      .set({ last_step: step })
      .where('member_id', '=', memberId)
      .where('enabled_at', 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async remove(db: Exec, memberId: number): Promise<boolean> {
    await db.deleteFrom('mfa_recovery_codes').where('member_id', '=', memberId).execute();
    const res = await db.deleteFrom('member_mfa').where('member_id', '=', memberId).executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  },

  /** Replaces the member's recovery codes with these hashes. */
  async replaceCodes(db: Exec, memberId: number, hashes: string[]) {
    await db.deleteFrom('mfa_recovery_codes').where('member_id', '=', memberId).execute();
    await db
      .insertInto('mfa_recovery_codes')
      .values(hashes.map((code_hash) => ({ member_id: memberId, code_hash, used_at: null })))
      .execute();
  },

  /** Uses a recovery code: one atomic update of an unused one (a code works once). */
  async useCode(db: Exec, memberId: number, hash: string, at: string): Promise<boolean> {
    const row = await db
      .selectFrom('mfa_recovery_codes')
      .select('id')
      .where('member_id', '=', memberId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (!row) return false;
    const res = await db
      .updateTable('mfa_recovery_codes')
      .set({ used_at: at })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async codesLeft(db: Exec, memberId: number): Promise<number> {
    const row = await db
      .selectFrom('mfa_recovery_codes')
      .select(sql<number>`count(*)`.as('n'))
      .where('member_id', '=', memberId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  // ---- devices --------------------------------------------------------------------------------

  async deviceCount(db: Exec, memberId: number): Promise<number> {
    const row = await db
      .selectFrom('member_devices')
      .select(sql<number>`count(*)`.as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * Whether the member has signed in once only (decision 001): one device on record, seen at a
   * single login (a device's `last_seen_at` moves at each login on it, never otherwise).
   */
  async signedInOnce(db: Exec, memberId: number): Promise<boolean> {
    const rows = await db
      .selectFrom('member_devices')
      .select(['first_seen_at', 'last_seen_at'])
      .where('member_id', '=', memberId)
      .limit(2)
      .execute();
    return rows.length === 1 && rows[0]!.first_seen_at === rows[0]!.last_seen_at;
  },

  /** Marks a known device seen; answers false when the member never used it. */
  async touchDevice(db: Exec, memberId: number, hash: string, userAgent: string | null, at: string): Promise<boolean> {
    const res = await db
      .updateTable('member_devices')
      .set({ last_seen_at: at, user_agent: userAgent })
      .where('member_id', '=', memberId)
      .where('device_hash', '=', hash)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** Records a device; answers false when a parallel login recorded it first. */
  async insertDevice(db: Exec, memberId: number, hash: string, userAgent: string | null, at: string): Promise<boolean> {
    const res = await db
      .insertInto('member_devices')
      .values({ member_id: memberId, device_hash: hash, user_agent: userAgent, first_seen_at: at, last_seen_at: at })
      .onConflict((oc) => oc.columns(['member_id', 'device_hash']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  },
};
