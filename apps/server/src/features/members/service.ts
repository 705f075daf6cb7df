import type { Kysely } from 'kysely';
import { ADMIN_ONLY_FIELDS, type MemberRecord, type PersonRef } from '@ahente/contract/members';
import type { z } from 'zod';
import type { editMemberRequest } from '@ahente/contract/members';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation, violatedName } from '../../db/errors.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isAdmin } from '../../platform/guards.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { Auth, Sessions } from '../../platform/sessions.ts';
import { nowIso, referralCode } from '../../platform/tokens.ts';
import { membersRepository, type AncestorRow, type MemberPatch, type NewMember, type PublicMemberRow } from './repository.ts';

type EditMemberInput = z.output<typeof editMemberRequest>;

export interface NewMemberInput {
  username: string;
  password: string;
  email: string;
  f_name: string;
  m_name: string | null;
  l_name: string;
  contact_no: string;
  referror: number | null;
  account_type?: NewMember['account_type'];
  status?: NewMember['status'];
  position?: NewMember['position'];
}

const LEADER_FIELDS = {
  Manager: 'manager_details',
  AgencyManager: 'agency_manager_details',
  AgencyOwner: 'agency_owner_details',
} as const;

function ref(row: { id: number; f_name: string; m_name: string | null; l_name: string }): PersonRef {
  return { id: row.id, f_name: row.f_name, m_name: row.m_name, l_name: row.l_name };
}

export const LAST_ADMIN = 'At least one approved administrator must remain';

export function fullName(m: { f_name: string; m_name?: string | null; l_name: string }): string {
  return [m.f_name, m.m_name, m.l_name].filter(Boolean).join(' ');
}

export function createMembersService(db: Kysely<Database>, config: Config, sessions: Sessions) {
  /** Shapes rows as admins see them, the hierarchy derived from the sponsor chain. */
  async function toRecords(rows: PublicMemberRow[], all: boolean): Promise<MemberRecord[]> {
    const ancestors = await membersRepository.leadersAbove(db, all ? undefined : rows.map((r) => r.id));
    const leaders = new Map<number, Partial<Record<(typeof LEADER_FIELDS)[keyof typeof LEADER_FIELDS], PersonRef>>>();
    for (const a of ancestors as AncestorRow[]) {
      const entry = leaders.get(a.member_id) ?? {};
      const field = LEADER_FIELDS[a.position as keyof typeof LEADER_FIELDS];
      if (field && !entry[field]) entry[field] = ref(a); // rows come nearest first
      leaders.set(a.member_id, entry);
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missingSponsors = [...new Set(rows.map((r) => r.referror).filter((id): id is number => id !== null && !byId.has(id)))];
    for (const s of await membersRepository.namesOf(db, missingSponsors)) byId.set(s.id, s as PublicMemberRow);

    return rows.map((r) => {
      const l = leaders.get(r.id) ?? {};
      const sponsor = r.referror !== null ? byId.get(r.referror) : undefined;
      return {
        id: r.id,
        username: r.username,
        email: r.email,
        f_name: r.f_name,
        m_name: r.m_name,
        l_name: r.l_name,
        contact_no: r.contact_no,
        address: r.address,
        referral_code: r.referral_code,
        account_type: r.account_type,
        position: r.position,
        reg_date: r.reg_date,
        status: r.status,
        referror: r.referror,
        manager: l.manager_details?.id ?? null,
        photo: r.photo,
        referror_details: sponsor ? ref(sponsor) : null,
        manager_details: l.manager_details ?? null,
        agency_manager_details: l.agency_manager_details ?? null,
        agency_owner_details: l.agency_owner_details ?? null,
      };
    });
  }

  async function requireRecord(id: number): Promise<MemberRecord> {
    const row = await membersRepository.findById(db, id);
    if (!row) throw notFound('Member not found');
    const [record] = await toRecords([row], false);
    return record!;
  }

  return {
    findById: (id: number) => membersRepository.findById(db, id),
    findByUsername: (username: string) => membersRepository.findByUsername(db, username),
    requireRecord,

    /** Creates a member with a fresh unique referral code; 409 names the taken username or email. */
    async create(input: NewMemberInput): Promise<number> {
      const password_hash = await hashPassword(input.password);
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction().execute(async (trx) => {
            if (await membersRepository.usernameTaken(trx, input.username)) throw conflict('Username is already taken');
            if (await membersRepository.emailTaken(trx, input.email)) throw conflict('Email is already registered');
            const now = nowIso();
            return membersRepository.insert(trx, {
              username: input.username,
              password_hash,
              email: input.email,
              f_name: input.f_name,
              m_name: input.m_name,
              l_name: input.l_name,
              contact_no: input.contact_no,
              address: null,
              referral_code: referralCode(),
              account_type: input.account_type ?? 'user',
              position: input.position ?? 'Agent',
              reg_date: now,
              status: input.status ?? 'Pending',
              referror: input.referror,
              photo: null,
              gender: null,
              birthdate: null,
              address_number: null,
              address_street: null,
              address_region: null,
              address_city: null,
              address_barangay: null,
              valid_id: null,
              updated_at: now,
            });
          });
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          const name = violatedName(err);
          if (name.includes('username')) throw conflict('Username is already taken');
          if (name.includes('email')) throw conflict('Email is already registered');
          if (attempt >= 5) throw err; // referral code collided five times: give up loudly
        }
      }
    },

    async sponsorIdForCode(code: string): Promise<number | undefined> {
      return (await membersRepository.findByReferralCode(db, code))?.id;
    },

    async listAll(): Promise<MemberRecord[]> {
      return toRecords(await membersRepository.listAll(db), true);
    },

    /** editMember: an agent changes their own personal fields; an admin anything but `manager`. */
    async edit(auth: Auth, input: EditMemberInput): Promise<MemberRecord> {
      const { id, manager, ...changes } = input;
      // Whether the caller may act on member `id` at all is decided before (the route table's owner rule).
      const admin = isAdmin(auth);
      if (manager !== undefined) {
        throw badRequest('The manager is derived from the sponsor chain and cannot be set');
      }
      const sent = Object.entries(changes).filter(([, v]) => v !== undefined);
      if (!admin) {
        const adminOnly = sent.find(([k]) => (ADMIN_ONLY_FIELDS as readonly string[]).includes(k));
        if (adminOnly) throw forbidden(`Only administrators may change ${adminOnly[0]}`);
      }
      if (sent.length === 0) throw badRequest('No changes to save');

      const { password, ...rest } = Object.fromEntries(sent) as Partial<EditMemberInput>;
      const patch: MemberPatch = { ...(rest as MemberPatch), updated_at: nowIso() };
      if (password !== undefined) patch.password_hash = await hashPassword(password);
      if (patch.reg_date) patch.reg_date = new Date(patch.reg_date).toISOString();

      try {
        await db.transaction().execute(async (trx) => {
          // A change of status or account type may take away the last approved administrator.
          const touchesAdmins = patch.status !== undefined || patch.account_type !== undefined;
          if (touchesAdmins) await membersRepository.lockApprovedAdmins(trx);
          const current = await membersRepository.findById(trx, id);
          if (!current) throw notFound('Member not found');
          if (patch.username && (await membersRepository.usernameTaken(trx, patch.username, id))) {
            throw conflict('Username is already taken');
          }
          if (patch.email && (await membersRepository.emailTaken(trx, patch.email, id))) {
            throw conflict('Email is already registered');
          }
          if (patch.referral_code && (await membersRepository.referralCodeTaken(trx, patch.referral_code, id))) {
            throw conflict('Referral code is already in use');
          }
          await membersRepository.update(trx, id, patch);
          if (touchesAdmins && !(await membersRepository.approvedAdminExists(trx))) {
            throw conflict(LAST_ADMIN);
          }
          // A new password set by someone else, or an account no longer approved, ends its sessions.
          const passwordChanged = password !== undefined;
          const deactivated = patch.status !== undefined && patch.status !== 'Approved';
          if (passwordChanged || deactivated || patch.account_type !== undefined) {
            await sessions.endAllFor(id, id === auth.memberId && !deactivated ? auth.sessionId : undefined, trx);
          }
        });
      } catch (err) {
        if (err instanceof HttpError || !isUniqueViolation(err)) throw err;
        throw conflict('That username, email or referral code is already in use');
      }
      return requireRecord(id);
    },

    /** changepassword: one's own keeps this session and ends the others; an admin's ends them all. */
    async changePassword(auth: Auth, id: number, password: string): Promise<void> {
      const password_hash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        if (!(await membersRepository.findById(trx, id))) throw notFound('Member not found');
        await membersRepository.update(trx, id, { password_hash, updated_at: nowIso() });
        await sessions.endAllFor(id, id === auth.memberId ? auth.sessionId : undefined, trx);
      });
    },

    /** An approved administrator (the start-up bootstrap and `npm run create-admin`). */
    createAdmin(username: string, password: string, email = `${username.toLowerCase()}@ahente.local`): Promise<number> {
      return this.create({
        username,
        password,
        email,
        f_name: 'Agency',
        m_name: null,
        l_name: 'Administrator',
        contact_no: '00000000000',
        referror: null,
        account_type: 'admin',
        status: 'Approved',
      });
    },

    /**
     * On start: if no approved admin exists, create one from ADMIN_USERNAME/ADMIN_PASSWORD, or `admin`
     * with a random password returned so the caller can print it once.
     */
    async ensureAdmin(): Promise<{ username: string; generatedPassword?: string } | null> {
      if (await membersRepository.approvedAdminExists(db)) return null;
      const username = config.adminUsername ?? 'admin';
      const generatedPassword = config.adminPassword ? undefined : referralCode(16);
      try {
        await this.createAdmin(username, config.adminPassword ?? generatedPassword!);
      } catch (err) {
        if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
        throw new Error(
          `No approved administrator exists, and the username "${username}" is taken. Set ADMIN_USERNAME and ADMIN_PASSWORD to another name, or run: npm run create-admin -- --username <name> --password <password>`,
        );
      }
      return { username, ...(generatedPassword ? { generatedPassword } : {}) };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
