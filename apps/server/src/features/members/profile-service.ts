import type { Kysely, Transaction } from 'kysely';
import {
  ADMIN_ONLY_FIELDS,
  EMAIL_CHANGE_REPORT_DAYS,
  EMAIL_PASSWORD_REQUIRED,
  EMAIL_PASSWORD_WRONG,
  LOCKED_NAME_FIELDS,
  NAME_CHANGE_REFUSED,
  SELF_LOCKED_ADMIN_FIELDS,
  SELF_ROLE_CHANGE_REFUSED,
  TIN_CHANGE_REFUSED,
  editMemberRequest,
  type EditMemberInput,
  type MemberAuditAction,
  type MemberAuditEntry,
  type MemberRecord,
  type UserDetails,
} from '@ahente/contract/members';
import { fullName } from '@ahente/contract/names';
import { maskTin } from '@ahente/contract/tax';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isAdmin } from '../../platform/guards.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { Auth, Sessions } from '../../platform/sessions.ts';
import type { ReceivedUpload, StoredUpload } from '../../platform/uploads.ts';
import { nowIso, randomToken, sha256 } from '../../platform/tokens.ts';
import type { GeoService } from '../geo/service.ts';
import type { NotificationsService, Notifier } from '../notifications/service.ts';
import { LAST_ADMIN } from './account-service.ts';
import { photoUrl, validIdUrl, type MemberFilesService } from './member-files-service.ts';
import { NO_LEADERS, ref, requireActive, requireMember, type Leaders, type Log } from './model.ts';
import { membersRepository, type MemberPatch, type PublicMemberRow } from './repository.ts';
import type { TeamService } from './team-service.ts';

/** Shapes rows as admins see them, with their derived hierarchy. */
function toRecord(r: PublicMemberRow, l: Leaders): MemberRecord {
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
    manager: l.manager?.id ?? null,
    photo: photoUrl(r),
    referror_details: l.sponsor,
    manager_details: l.manager,
    agency_manager_details: l.agencyManager,
    agency_owner_details: l.agencyOwner,
    address_number: r.address_number,
    address_street: r.address_street,
    address_region: r.address_region,
    address_city: r.address_city,
    address_barangay: r.address_barangay,
  };
}

/** What an edit really changes: `[{ field, from, to }]` for each sent field whose value differs. */
function changedFields(current: Record<string, unknown>, sent: Record<string, unknown>) {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return (
    Object.entries(sent)
      .filter(([field]) => !['updated_at', 'password', 'password_hash', 'photo_type', 'valid_id_type'].includes(field))
      // A file is named, never by its storage key: 'on file', 'replaced' or nothing.
      .map(([field, to]) =>
        field === 'photo' || field === 'valid_id'
          ? { field, from: current[field] ? 'on file' : null, to: to ? (current[field] ? 'replaced' : 'on file') : null }
          : field === 'tin'
            ? // A personal number: the history names its last digits only (decision 019).
              { field, from: current[field] ? maskTin(String(current[field])) : null, to: to ? maskTin(String(to)) : null }
            : { field, from: text(current[field]), to: text(to) },
      )
      .filter((c) => c.from !== c.to)
  );
}

/** A moment as the agency reads it in an e-mail: Philippine time. */
const manilaTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { timeZone: 'Asia/Manila', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' })} (Philippine time)`;

/**
 * The notice to the address an e-mail change replaced (decision 027), sent whatever the member's
 * notification choices: what happened, when, and what to do if it was not them. A change the member
 * made themselves carries the one-time link that puts the address back; one an administrator made
 * asks them to contact the agency. Names no address and no personal number; the link carries a
 * token: this text is never logged.
 */
export function emailChangedNotice(ctx: {
  agencyName: string;
  memberName: string;
  username: string;
  at: string;
  by: 'member' | 'admin';
  reportLink: string | null;
}) {
  const lines = [`Hello ${ctx.memberName},`, ''];
  if (ctx.by === 'admin') {
    lines.push(
      `An administrator of ${ctx.agencyName} changed the e-mail address of your Ahente account (username ${ctx.username}) on ${manilaTime(ctx.at)}. From now on the portal writes to the new address, not to this one.`,
      '',
      'If you asked for this change, there is nothing to do. If you did not, contact the agency at once: reply to this e-mail or call your manager or the agency office.',
    );
  } else {
    lines.push(
      `The e-mail address of your Ahente account (username ${ctx.username}) was changed on ${manilaTime(ctx.at)}, by someone signed in with your password. From now on the portal writes to the new address, not to this one.`,
      '',
      'If you made this change, there is nothing to do.',
      '',
      ...(ctx.reportLink
        ? [
            `If you did not, someone else may be using your account. Open this link within ${EMAIL_CHANGE_REPORT_DAYS} days: it puts this address back, signs your account out everywhere and tells the agency's administrators.`,
            '',
            ctx.reportLink,
            '',
            'Then choose a new password with "Forgot your password?" on the login page: the link will come to this address again. If this link has expired, contact the agency: reply to this e-mail or call your manager or the agency office.',
          ]
        : ['If you did not, contact the agency at once: reply to this e-mail or call your manager or the agency office.']),
    );
  }
  lines.push('', ctx.agencyName);
  return { subject: `${ctx.agencyName}: The e-mail address of your account was changed`, text: lines.join('\n') };
}

/** A text the way a field compares: '' and null are both nothing. */
const comparable = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));

/**
 * What a member may not change on their own record (decisions 011 and 027): once approved, their
 * names (an administrator corrects them, asked with a Help Center ticket); their TIN once one is on
 * file; and an administrator never their own position, account type or status. Only a real change
 * is refused: the Personal Details form sends every field, unchanged ones included.
 */
function refuseLockedOwnChanges(auth: Auth, current: PublicMemberRow, patch: MemberPatch): void {
  if (current.id !== auth.memberId) return;
  const changes = (field: keyof MemberPatch & keyof PublicMemberRow) =>
    patch[field] !== undefined && comparable(patch[field]) !== comparable(current[field]);
  if (isAdmin(auth)) {
    if (SELF_LOCKED_ADMIN_FIELDS.some(changes)) throw forbidden(SELF_ROLE_CHANGE_REFUSED);
    return;
  }
  if (current.status === 'Approved' && LOCKED_NAME_FIELDS.some(changes)) throw forbidden(NAME_CHANGE_REFUSED);
  if (current.tin !== null && changes('tin')) throw forbidden(TIN_CHANGE_REFUSED);
}

/**
 * A member's record and personal details: reading them, editing them (a new photo or valid ID, a new
 * e-mail told to the address it replaced), and the history of what administrators did to them.
 */
export function createProfileService(
  db: Kysely<Database>,
  config: Pick<Config, 'agencyName' | 'smtpUrl' | 'portalUrl'>,
  deps: {
    sessions: Pick<Sessions, 'endAllFor'>;
    geo: Pick<GeoService, 'addressProblem'>;
    notifier: Pick<Notifier, 'notify'> & Pick<NotificationsService, 'enqueueEmail'>;
    files: Pick<MemberFilesService, 'discardFile'>;
    team: Pick<TeamService, 'leadersOf'>;
    /**
     * One's own password, checked and limited as for a password change (features/auth, decision
     * 027): a wrong one throws 400 with `wrongMessage`, too many 429. Needed to change one's e-mail.
     */
    checkOwnPassword: (id: number, password: string, wrongMessage: string) => Promise<void>;
  },
) {
  const { sessions, geo, notifier, files, team } = deps;
  // E-mail is on when an SMTP server is configured (PORTAL_URL is then required by config.ts).
  const portalUrl = config.smtpUrl !== null ? config.portalUrl : null;

  async function toRecords(rows: PublicMemberRow[]): Promise<MemberRecord[]> {
    const leaders = await team.leadersOf(rows.map((r) => r.id));
    return rows.map((r) => toRecord(r, leaders.get(r.id) ?? NO_LEADERS));
  }

  /**
   * After a change of a member's e-mail, in its transaction (decision 027): the member is told in
   * the portal (and at the new address, if they want this event by e-mail), and the address that
   * was replaced is told whatever their choices. Their own change carries a one-time link that
   * reports it; it is in their history (an administrator's change is, as every admin edit).
   */
  async function tellOfEmailChange(
    trx: Transaction<Database>,
    auth: Auth,
    member: PublicMemberRow,
    newEmail: string,
    at: string,
  ): Promise<void> {
    const by = member.id === auth.memberId ? 'member' : 'admin';
    let reportLink: string | null = null;
    if (by === 'member' && portalUrl !== null) {
      const token = randomToken();
      await membersRepository.insertEmailChange(trx, {
        token_hash: sha256(token),
        member_id: member.id,
        old_email: member.email,
        new_email: newEmail,
        created_at: at,
        expires_at: new Date(new Date(at).getTime() + EMAIL_CHANGE_REPORT_DAYS * 86_400_000).toISOString(),
      });
      reportLink = `${portalUrl.replace(/\/$/, '')}/report-email-change?token=${token}`;
    }
    if (portalUrl !== null) {
      const notice = emailChangedNotice({
        agencyName: config.agencyName,
        memberName: fullName(member),
        username: member.username,
        at,
        by,
        reportLink,
      });
      await notifier.enqueueEmail(trx, { memberId: member.id, recipient: member.email, ...notice });
    }
    await notifier.notify(trx, member.id, 'email_changed', { by, at });
    if (by === 'member' && !isAdmin(auth)) {
      await membersRepository.insertAudit(trx, {
        member_id: member.id,
        actor_id: member.id,
        action: 'email_changed',
        changes: [{ field: 'email', from: member.email, to: newEmail }],
        at,
      });
    }
  }

  /** The address parts after a change: each sent part replaces the saved one, the others stay. */
  function addressProblem(current: PublicMemberRow, patch: MemberPatch): string | null {
    // An edit that leaves the address alone does not need the PSGC list (nor loads it).
    if (patch.address_region === undefined && patch.address_city === undefined && patch.address_barangay === undefined) return null;
    const pick = (k: 'address_region' | 'address_city' | 'address_barangay') => (patch[k] !== undefined ? patch[k] : current[k]);
    return geo.addressProblem({ region: pick('address_region'), city: pick('address_city'), barangay: pick('address_barangay') });
  }

  async function editMember(auth: Auth, input: EditMemberInput, file: StoredUpload | null, log: Log): Promise<MemberRecord> {
    // `valid_id` as text is what the spec's client sends along: only a file changes the valid ID.
    const { id, manager, photo, valid_id: _validIdText, current_password: currentPassword, ...changes } = input;
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
    const removePhoto = photo !== undefined;
    if (removePhoto && file?.field === 'photo') throw badRequest('Send a new photo or remove it, not both');
    if (sent.length === 0 && !file && !removePhoto) throw badRequest('No changes to save');

    const { password, ...rest } = Object.fromEntries(sent) as Partial<EditMemberInput>;
    const patch: MemberPatch = { ...(rest as MemberPatch), updated_at: nowIso() };
    if (password !== undefined) patch.password_hash = await hashPassword(password);
    if (patch.reg_date) patch.reg_date = new Date(patch.reg_date).toISOString();
    if (removePhoto) Object.assign(patch, { photo: null, photo_type: null });
    if (file?.field === 'photo') Object.assign(patch, { photo: file.key, photo_type: file.contentType });
    if (file?.field === 'valid_id') Object.assign(patch, { valid_id: file.key, valid_id_type: file.contentType });

    // One's own record (decisions 011 and 027): what is locked is refused first (it costs no
    // password guess); a new e-mail then needs the current password, checked and limited as for a
    // password change, before anything is written. Both are checked again on the locked row below.
    let passwordChecked = false;
    if (id === auth.memberId) {
      const before = await requireActive(db, id);
      refuseLockedOwnChanges(auth, before, patch);
      if (patch.email !== undefined && patch.email !== before.email) {
        if (!currentPassword) throw badRequest(EMAIL_PASSWORD_REQUIRED);
        await deps.checkOwnPassword(id, currentPassword, EMAIL_PASSWORD_WRONG);
        passwordChecked = true;
      }
    }

    let replaced: string | null = null;
    try {
      await db.transaction().execute(async (trx) => {
        // A change of status or account type may take away the last approved administrator.
        const touchesAdmins = patch.status !== undefined || patch.account_type !== undefined;
        if (touchesAdmins) await membersRepository.lockApprovedAdmins(trx);
        // The member's row is locked (PostgreSQL) so that two uploads at once each replace the file
        // the other left, and no file is left behind without its row.
        // Also locked for one's own TIN or e-mail: two at once must not both find the TIN empty, nor
        // both be told from the same old address.
        const lock =
          patch.photo !== undefined ||
          patch.valid_id !== undefined ||
          patch.email !== undefined ||
          (id === auth.memberId && patch.tin !== undefined);
        const current = await requireActive(trx, id, { lock });
        refuseLockedOwnChanges(auth, current, patch);
        if (id === auth.memberId && patch.email !== undefined && patch.email !== current.email && !passwordChecked) {
          // The e-mail changed between the check above and this transaction: the password was not checked for this change.
          throw conflict('Your email changed meanwhile. Reload the page and try again.');
        }
        const problem = addressProblem(current, patch);
        if (problem) throw badRequest(problem);
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
        // An admin's edit that approves the member tells them, as approvemember does (decision 026).
        if (patch.status === 'Approved' && current.status !== 'Approved') await notifier.notify(trx, id, 'member_approved', {});
        if (patch.email !== undefined && patch.email !== current.email)
          await tellOfEmailChange(trx, auth, current, patch.email, patch.updated_at!);
        if (admin) {
          // The audit trail: the fields that really changed, and a password change on its own, never its value.
          const at = patch.updated_at!;
          const changed = changedFields(current, patch);
          if (changed.length > 0) {
            await membersRepository.insertAudit(trx, { member_id: id, actor_id: auth.memberId, action: 'edited', changes: changed, at });
          }
          if (password !== undefined) {
            await membersRepository.insertAudit(trx, {
              member_id: id,
              actor_id: auth.memberId,
              action: 'password_changed',
              changes: [],
              at,
            });
          }
        }
        // A new password set by someone else, or an account no longer approved, ends its sessions.
        const passwordChanged = password !== undefined;
        const deactivated = patch.status !== undefined && patch.status !== 'Approved';
        if (passwordChanged || deactivated || patch.account_type !== undefined) {
          await sessions.endAllFor(id, id === auth.memberId && !deactivated ? auth.sessionId : undefined, trx);
        }
        replaced = patch.photo !== undefined ? current.photo : patch.valid_id !== undefined ? current.valid_id : null;
      });
    } catch (err) {
      if (err instanceof HttpError || !isUniqueViolation(err)) throw err;
      throw conflict('That username, email or referral code is already in use');
    }
    // After the commit: the file the change replaced (or removed) is no longer anyone's.
    if (replaced) await files.discardFile(replaced, log);
    return requireRecord(id);
  }

  async function requireRecord(id: number): Promise<MemberRecord> {
    const row = await membersRepository.findById(db, id);
    if (!row) throw notFound('Member not found');
    const [record] = await toRecords([row]);
    return record!;
  }

  return {
    findById: (id: number) => membersRepository.findById(db, id),
    findByUsername: (username: string) => membersRepository.findByUsername(db, username),
    requireRecord,

    /** A member, deactivated included, or 404. */
    requireMember: (id: number) => requireMember(db, id),

    /** getuserdetails: a list of one, the files as the URLs they download from. */
    async details(id: number): Promise<UserDetails[]> {
      const m = await requireMember(db, id);
      return [
        {
          id: m.id,
          f_name: m.f_name,
          m_name: m.m_name,
          l_name: m.l_name,
          gender: m.gender,
          email: m.email,
          contact_no: m.contact_no,
          birthdate: m.birthdate,
          address_number: m.address_number,
          address_street: m.address_street,
          address_region: m.address_region,
          address_city: m.address_city,
          address_barangay: m.address_barangay,
          valid_id: validIdUrl(m),
          photo: photoUrl(m),
          tin: m.tin,
          address: m.address,
        },
      ];
    },

    /**
     * Records what an administrator did to a member in their history (decision 011), inside the
     * caller's transaction: other features' actions on a member (a licence decided, a held
     * commission released or forfeited: decision 018) read there too.
     */
    audit(
      exec: Parameters<typeof membersRepository.insertAudit>[0],
      entry: {
        member_id: number;
        actor_id: number | null;
        action: MemberAuditAction;
        changes: { field: string; from: string | null; to: string | null }[];
        at: string;
      },
    ) {
      return membersRepository.insertAudit(exec, entry);
    },

    /**
     * Records what an administrator did to a member, in the caller's transaction (another feature's
     * change, such as bank details, goes to the same trail as the member's own fields).
     */
    recordAudit(
      trx: Parameters<typeof membersRepository.insertAudit>[0],
      entry: { member_id: number; actor_id: number; action: MemberAuditEntry['action']; changes: MemberAuditEntry['changes']; at: string },
    ): Promise<void> {
      return membersRepository.insertAudit(trx, entry);
    },

    /** memberhistory: what administrators did to a member, newest first. */
    async history(id: number): Promise<MemberAuditEntry[]> {
      await requireMember(db, id);
      return (await membersRepository.historyOf(db, id)).map((h) => ({
        id: h.id,
        at: h.at,
        action: h.action,
        actor: h.actor_id !== null ? ref({ id: h.actor_id, f_name: h.f_name!, m_name: h.m_name ?? null, l_name: h.l_name! }) : null,
        changes: JSON.parse(h.changes) as MemberAuditEntry['changes'],
      }));
    },

    /**
     * editMember (JSON): an agent changes their own personal fields; an admin anything but
     * `manager`. `photo: null` removes the photo.
     */
    edit(auth: Auth, input: EditMemberInput, log: Log): Promise<MemberRecord> {
      return editMember(auth, input, null, log);
    },

    /**
     * editMember (multipart/form-data): the same fields as text, and at most one file, a photo or a
     * valid ID, already stored by platform/uploads.ts. Whatever fails, that file is removed; once
     * the change is committed, the file it replaces is removed.
     */
    async editForm(auth: Auth, upload: ReceivedUpload, log: Log): Promise<MemberRecord> {
      try {
        const parsed = editMemberRequest.safeParse(upload.fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new HttpError(400, issue?.message ?? 'Invalid form', {
            details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
          });
        }
        return await editMember(auth, parsed.data, upload.file, log);
      } catch (err) {
        if (upload.file) await files.discardFile(upload.file.key, log);
        throw err;
      }
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
