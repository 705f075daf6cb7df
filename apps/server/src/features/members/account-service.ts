import type { Kysely, Transaction } from 'kysely';
import { EMAIL_CHANGE_LINK_INVALID, type MemberListRecord } from '@ahente/contract/members';
import { fullName } from '@ahente/contract/names';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation, violatedName } from '../../db/errors.ts';
import { withAdvisoryLock } from '../../db/locks.ts';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { isAdmin } from '../../platform/guards.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { Auth, Sessions } from '../../platform/sessions.ts';
import { nowIso, referralCode, sha256 } from '../../platform/tokens.ts';
import type { Notifier } from '../notifications/service.ts';
import { requireActive } from './model.ts';
import { membersRepository, type NewMember } from './repository.ts';
import type { TeamService } from './team-service.ts';

export const LAST_ADMIN = 'At least one approved administrator must remain';

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

/**
 * A member's account: its creation (a sign-up, an administrator, the first one at start), its
 * approval and deactivation, its password, and the report of an e-mail change that was not theirs.
 */
export function createAccountService(
  db: Kysely<Database>,
  config: Pick<Config, 'adminUsername' | 'adminPassword'>,
  deps: {
    sessions: Pick<Sessions, 'endAllFor'>;
    notifier: Pick<Notifier, 'notify' | 'notifyAdmins'>;
    team: Pick<TeamService, 'listRecord'>;
  },
) {
  const { sessions, notifier, team } = deps;

  /**
   * Creates a member with a fresh unique referral code; 409 names the taken username or email.
   * `inTransaction` runs in the creating transaction (a sign-up's notifications, features/auth).
   */
  async function create(
    input: NewMemberInput,
    options: { inTransaction?: (trx: Transaction<Database>, id: number) => Promise<void> } = {},
  ): Promise<number> {
    // Refused before hashing (decision 027): a taken name must not cost an argon2 hash. Checked
    // again in the transaction, and by the unique indexes, for a sign-up at the same moment.
    if (await membersRepository.usernameTaken(db, input.username)) throw conflict('Username is already taken');
    if (await membersRepository.emailTaken(db, input.email)) throw conflict('Email is already registered');
    const password_hash = await hashPassword(input.password);
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction().execute(async (trx) => {
          if (await membersRepository.usernameTaken(trx, input.username)) throw conflict('Username is already taken');
          if (await membersRepository.emailTaken(trx, input.email)) throw conflict('Email is already registered');
          const now = nowIso();
          const id = await membersRepository.insert(trx, {
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
            photo_type: null,
            gender: null,
            birthdate: null,
            address_number: null,
            address_street: null,
            address_region: null,
            address_city: null,
            address_barangay: null,
            valid_id: null,
            valid_id_type: null,
            updated_at: now,
            tin: null,
            erased_at: null,
          });
          await options.inTransaction?.(trx, id);
          return id;
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const name = violatedName(err);
        if (name.includes('username')) throw conflict('Username is already taken');
        if (name.includes('email')) throw conflict('Email is already registered');
        if (attempt >= 5) throw err; // referral code collided five times: give up loudly
      }
    }
  }

  /** An approved administrator (the start-up bootstrap and `npm run create-admin`). */
  function createAdmin(username: string, password: string, email = `${username.toLowerCase()}@ahente.local`): Promise<number> {
    return create({
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
  }

  return {
    create,
    createAdmin,

    async sponsorIdForCode(code: string): Promise<number | undefined> {
      return (await membersRepository.findByReferralCode(db, code))?.id;
    },

    /**
     * The display name (first and last name, as the header shows a member) of the member whose
     * referral code sign-up accepts (the same lookup as sponsorIdForCode), for the sign-up page
     * (decision 001); undefined for any other code.
     */
    async sponsorNameForCode(code: string): Promise<string | undefined> {
      const row = await membersRepository.findByReferralCode(db, code);
      return row ? fullName({ f_name: row.f_name, l_name: row.l_name }) : undefined;
    },

    /**
     * The sponsor's display name, for their recruit's own login while the sign-up waits
     * (decision 001).
     */
    async sponsorNameOf(referror: number | null): Promise<string | null> {
      if (referror === null) return null;
      const row = await membersRepository.findById(db, referror);
      return row ? fullName({ f_name: row.f_name, l_name: row.l_name }) : null;
    },

    /** approvemember: Pending → Approved, recorded in the same transaction. */
    async approve(auth: Auth, id: number): Promise<MemberListRecord> {
      await db.transaction().execute(async (trx) => {
        const current = await requireActive(trx, id);
        const at = nowIso();
        if (!(await membersRepository.approve(trx, id, at))) {
          // Approved already (or by another admin a moment ago).
          if (current.status === 'Approved' || (await requireActive(trx, id)).status === 'Approved') {
            throw conflict('Member is already approved');
          }
          throw notFound('Member not found');
        }
        await membersRepository.insertAudit(trx, { member_id: id, actor_id: auth.memberId, action: 'approved', changes: [], at });
        await notifier.notify(trx, id, 'member_approved', {});
      });
      return team.listRecord(id);
    },

    /**
     * deactivatemember: the member can no longer log in and leaves the lists; their sessions end;
     * their deals, sales, recruits and place in the hierarchy are kept (decision 011).
     */
    async deactivate(auth: Auth, id: number): Promise<void> {
      if (id === auth.memberId) throw conflict('You cannot deactivate your own account');
      await db.transaction().execute(async (trx) => {
        await membersRepository.lockApprovedAdmins(trx);
        await requireActive(trx, id);
        const at = nowIso();
        if (!(await membersRepository.deactivate(trx, id, at))) throw notFound('Member not found');
        if (!(await membersRepository.approvedAdminExists(trx))) throw conflict(LAST_ADMIN);
        await sessions.endAllFor(id, undefined, trx);
        await membersRepository.insertAudit(trx, { member_id: id, actor_id: auth.memberId, action: 'deactivated', changes: [], at });
      });
    },

    /**
     * reportemailchange (decision 027): the link sent to the address a member's own e-mail change
     * replaced, used once within EMAIL_CHANGE_REPORT_DAYS. In one transaction: the old address is
     * put back (unless another account holds it now), every other open link of the member ends
     * (none can put the other address back), their unused reset links end, every session ends,
     * their history says so and the administrators are told. Anything else: 400.
     */
    async reportEmailChange(token: string): Promise<{ restored: boolean }> {
      const hash = sha256(token);
      try {
        return await db.transaction().execute(async (trx) => {
          const at = nowIso();
          const change = await membersRepository.usableEmailChange(trx, hash, at);
          if (!change) throw badRequest(EMAIL_CHANGE_LINK_INVALID);
          const member = await membersRepository.findById(trx, change.member_id, { lock: true });
          if (!member || member.deactivated_at !== null) throw badRequest(EMAIL_CHANGE_LINK_INVALID);
          await membersRepository.endEmailChanges(trx, member.id, at);
          const restored = member.email === change.old_email || !(await membersRepository.emailTaken(trx, change.old_email, member.id));
          if (restored && member.email !== change.old_email) {
            await membersRepository.update(trx, member.id, { email: change.old_email, updated_at: at });
          }
          await membersRepository.endResetLinks(trx, member.id, at);
          await sessions.endAllFor(member.id, undefined, trx);
          await membersRepository.insertAudit(trx, {
            member_id: member.id,
            actor_id: member.id,
            action: 'email_change_reported',
            changes: restored && member.email !== change.old_email ? [{ field: 'email', from: member.email, to: change.old_email }] : [],
            at,
          });
          await notifier.notifyAdmins(trx, 'email_change_reported', { memberId: member.id, name: fullName(member), restored });
          return { restored };
        });
      } catch (err) {
        // The old address taken by a sign-up at this very moment: nothing was changed.
        if (err instanceof HttpError || !isUniqueViolation(err)) throw err;
        throw conflict('That address now belongs to another account. Contact the agency.');
      }
    },

    /** The links of e-mail changes a day past their expiry (the hourly housekeeping). */
    purgeEmailChanges: () => membersRepository.purgeEmailChanges(db, new Date(Date.now() - 86_400_000).toISOString()),

    /** Whether `password` is the member's current one (false for a deactivated or unknown member). */
    async passwordMatches(id: number, password: string): Promise<boolean> {
      const stored = await membersRepository.passwordHashOf(db, id);
      return !!stored && stored.deactivated_at === null && (await verifyPassword(stored.password_hash, password));
    },

    /**
     * Sets a member's password and ends their sessions: all of them, or all but `auth`'s own when
     * members change their own. The auth service checks one's own current password first
     * (`auth.changePassword`, throttled); an admin changing another member's needs none.
     */
    async changePassword(auth: Auth, id: number, password: string): Promise<void> {
      const password_hash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        await requireActive(trx, id);
        const at = nowIso();
        await membersRepository.update(trx, id, { password_hash, updated_at: at });
        await sessions.endAllFor(id, id === auth.memberId ? auth.sessionId : undefined, trx);
        if (isAdmin(auth)) {
          await membersRepository.insertAudit(trx, { member_id: id, actor_id: auth.memberId, action: 'password_changed', changes: [], at });
        }
      });
    },

    /**
     * A password set with an e-mailed reset link (features/auth checked and used the link), in the
     * caller's transaction: every session of the member ends, and their history says so (the member
     * is the actor).
     */
    async resetPassword(trx: Transaction<Database>, id: number, passwordHash: string, at: string): Promise<void> {
      await membersRepository.update(trx, id, { password_hash: passwordHash, updated_at: at });
      await sessions.endAllFor(id, undefined, trx);
      await membersRepository.insertAudit(trx, {
        member_id: id,
        actor_id: id,
        action: 'password_changed',
        changes: [{ field: 'password', from: null, to: 'Reset with an e-mailed link' }],
        at,
      });
    },

    /**
     * On start: if no approved admin exists, create one from ADMIN_USERNAME/ADMIN_PASSWORD, or `admin`
     * with a random password returned so the caller can print it once. Several instances starting
     * at once on PostgreSQL (decision 032): the 'first-admin' advisory lock lets one look and
     * create at a time, so the others find the admin made and answer null.
     */
    ensureAdmin(): Promise<{ username: string; generatedPassword?: string } | null> {
      return withAdvisoryLock(db, 'first-admin', async () => {
        if (await membersRepository.approvedAdminExists(db)) return null;
        const username = config.adminUsername ?? 'admin';
        const generatedPassword = config.adminPassword ? undefined : referralCode(16);
        try {
          await createAdmin(username, config.adminPassword ?? generatedPassword!);
        } catch (err) {
          if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
          throw new Error(
            `No approved administrator exists, and the username "${username}" is taken. Set ADMIN_USERNAME and ADMIN_PASSWORD to another name, or run: npm run create-admin -- --username <name> --password <password>`,
          );
        }
        return { username, ...(generatedPassword ? { generatedPassword } : {}) };
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
