import type { Kysely } from 'kysely';
import {
  CERTIFICATION_FIELD_NAMES,
  type AddBankInput,
  type AddCertificationInput,
  type BankRecord,
  type Certification,
} from '@ahente/contract/settings';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isAdmin } from '../../platform/guards.ts';
import type { Auth } from '../../platform/sessions.ts';
import { nowIso } from '../../platform/tokens.ts';
import type { ProfileService } from '../members/profile-service.ts';
import { settingsRepository, type CertificationRow } from './repository.ts';

/** An agent's second save: their saved details are locked (decision 015; changing them is an admin's job). */
export const BANK_LOCKED = 'Bank details are already saved. Please contact an administrator to change them.';
const MEMBER_NOT_FOUND = 'Member not found';

/** An account number as the audit trail keeps it: its last four digits only. */
export const maskAccountNumber = (digits: string) => `••••${digits.slice(-4)}`;

/** The fields of an administrator's bank change that really changed, for the member's audit trail. */
function bankChanges(before: BankRecord | undefined, after: BankRecord) {
  const shown = (k: keyof BankRecord, v: string | undefined) =>
    v === undefined ? null : k === 'account_number' ? maskAccountNumber(v) : v;
  return (['bank_name', 'account_number', 'account_name'] as const)
    .filter((k) => before?.[k] !== after[k])
    .map((k) => ({ field: k, from: shown(k, before?.[k]), to: shown(k, after[k]) }));
}

function toCertification(row: CertificationRow): Certification {
  return {
    id: row.member_id,
    certid: row.id,
    lfa_code: row.lfa_code,
    cirm_code: row.cirm_code,
    coding_date_1: row.coding_date_1,
    coding_date_2: row.coding_date_2,
    individual_hmo: row.individual_hmo,
    sme_hmo: row.sme_hmo,
    corporate_gyrt: row.corporate_gyrt,
    prepaid_hmo: row.prepaid_hmo,
    corporate_hmo: row.corporate_hmo,
    corporate_cgli: row.corporate_cgli,
    createdat: row.createdat,
  };
}

/**
 * Bank details and certifications (decision 015). Whether the caller may act on member `id` is
 * decided before (the route table's owner rule); here: what they may do to it.
 */
export function createSettingsService(db: Kysely<Database>, members: Pick<ProfileService, 'recordAudit'>) {
  /** An active member, locked, or 404 (a deactivated member's details are kept but no longer changed). */
  async function requireActiveMember(exec: Parameters<typeof settingsRepository.findMember>[0], id: number) {
    const member = await settingsRepository.findMember(exec, id, { lock: true });
    if (!member || member.deactivated_at !== null) throw notFound(MEMBER_NOT_FOUND);
  }

  /** Any member, deactivated included (their details are kept), or 404. */
  async function requireMember(id: number) {
    if (!(await settingsRepository.findMember(db, id))) throw notFound(MEMBER_NOT_FOUND);
  }

  return {
    /** getuserbanks: [] when nothing is saved. */
    async banks(id: number): Promise<BankRecord[]> {
      await requireMember(id);
      const bank = await settingsRepository.findBank(db, id);
      return bank ? [bank] : [];
    },

    /**
     * adduserbanks: the member saves their details once (a second save is 409); an administrator
     * may save or replace anyone's, and that goes to the member's audit trail (the account number
     * by its last four digits), in the same transaction.
     */
    async saveBank(auth: Auth, input: AddBankInput): Promise<BankRecord> {
      const { id, bank_name, account_number, account_name } = input;
      const at = nowIso();
      try {
        await db.transaction().execute(async (trx) => {
          await requireActiveMember(trx, id);
          const existing = await settingsRepository.findBank(trx, id);
          const values = { member_id: id, bank_name, account_number, account_name, updated_at: at, updated_by: auth.memberId };
          if (existing && !isAdmin(auth)) throw conflict(BANK_LOCKED);
          if (!existing) await settingsRepository.insertBank(trx, { ...values, created_at: at });
          else await settingsRepository.replaceBank(trx, values);
          const changes = bankChanges(existing, { bank_name, account_number, account_name });
          if (isAdmin(auth) && changes.length > 0) {
            await members.recordAudit(trx, { member_id: id, actor_id: auth.memberId, action: 'bank_details_changed', changes, at });
          }
        });
      } catch (err) {
        // Two first saves at once on a database without the row lock: the primary key decides.
        if (isUniqueViolation(err)) throw conflict(BANK_LOCKED);
        throw err;
      }
      return { bank_name, account_number, account_name };
    },

    /** getcertifications: oldest first ('Certification 1' is the first saved). */
    async certifications(id: number): Promise<Certification[]> {
      await requireMember(id);
      return (await settingsRepository.listCertifications(db, id)).map(toCertification);
    },

    /** addcertifications: a new record; the server sets `createdat` (the client's is ignored). */
    async addCertification(input: AddCertificationInput): Promise<Certification> {
      const fields = Object.fromEntries(CERTIFICATION_FIELD_NAMES.map((k) => [k, input[k]])) as Pick<
        AddCertificationInput,
        (typeof CERTIFICATION_FIELD_NAMES)[number]
      >;
      const row = { member_id: input.id, ...fields, createdat: nowIso() };
      const id = await db.transaction().execute(async (trx) => {
        await requireActiveMember(trx, input.id);
        return settingsRepository.insertCertification(trx, row);
      });
      return toCertification({ id, ...row });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
