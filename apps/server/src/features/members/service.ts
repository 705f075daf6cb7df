import type { Kysely, Transaction } from 'kysely';
import {
  ADMIN_ONLY_FIELDS,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_REPORT_DAYS,
  EMAIL_PASSWORD_REQUIRED,
  EMAIL_PASSWORD_WRONG,
  LOCKED_NAME_FIELDS,
  NAME_CHANGE_REFUSED,
  SELF_LOCKED_ADMIN_FIELDS,
  SELF_ROLE_CHANGE_REFUSED,
  TIN_CHANGE_REFUSED,
  type MemberAuditAction,
  type MemberListRecord,
  type HierarchyResponse,
  type MemberAuditEntry,
  type MemberCountsResponse,
  type MemberRecord,
  type MemberSearchResponse,
  type PersonRef,
  type RecruitRecord,
  type TeamSizeResponse,
} from '@ahente/contract/members';
import type { LeaderPosition } from '@ahente/contract/commissions';
import { maskTin } from '@ahente/contract/tax';
import type { z } from 'zod';
import { editMemberRequest, type memberSearchRequest, type UserDetails } from '@ahente/contract/members';
import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation, violatedName } from '../../db/errors.ts';
import { withAdvisoryLock } from '../../db/locks.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isAdmin } from '../../platform/guards.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { Auth, Sessions } from '../../platform/sessions.ts';
import { extensionForType } from '../../platform/content-sniff.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { ReceivedUpload, StoredUpload } from '../../platform/uploads.ts';
import type { GeoService } from '../geo/service.ts';
import type { NotificationsService, Notifier } from '../notifications/service.ts';
import { nowIso, randomToken, referralCode, sha256 } from '../../platform/tokens.ts';
import { MAX_CHAIN_DEPTH } from '../../db/limits.ts';
import {
  membersRepository,
  type AncestorRow,
  type ListMemberRow,
  type MemberPatch,
  type NewMember,
  type PublicMemberRow,
} from './repository.ts';

type EditMemberInput = z.output<typeof editMemberRequest>;
type MemberSearchInput = z.output<typeof memberSearchRequest>;

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

function ref(row: { id: number; f_name: string; m_name: string | null; l_name: string }): PersonRef {
  return { id: row.id, f_name: row.f_name, m_name: row.m_name, l_name: row.l_name };
}

/** A member up someone's sponsor chain; `depth` 1 is the sponsor. */
type ChainLink = Pick<AncestorRow, 'depth' | 'id' | 'f_name' | 'm_name' | 'l_name' | 'position' | 'deactivated_at'>;

/** A member's hierarchy (spec §3), derived from the sponsor chain (DESIGN §6). */
interface Leaders {
  sponsor: PersonRef | null;
  manager: PersonRef | null;
  agencyManager: PersonRef | null;
  agencyOwner: PersonRef | null;
}
/** A leader above a member, with the position they lead as. */
export interface LeaderRef extends PersonRef {
  position: LeaderPosition;
}
const NO_LEADERS: Leaders = { sponsor: null, manager: null, agencyManager: null, agencyOwner: null };
const ROLE = { Manager: 'manager', AgencyManager: 'agencyManager', AgencyOwner: 'agencyOwner' } as const;

/**
 * The rule (DESIGN §6, decision 011), over the chain nearest first, the member excluded: the sponsor
 * is whoever sponsored them, deactivated or not (recruits keep their sponsor); the manager, agency
 * manager and agency owner are the nearest ACTIVE members with that position. A deactivated
 * leader stays in the chain (the walk goes through them to the leaders above) but leads no more.
 */
function pickLeaders(links: Iterable<ChainLink>): Leaders {
  const out: Leaders = { ...NO_LEADERS };
  let found = 0;
  for (const l of links) {
    if (l.depth === 1) out.sponsor = ref(l);
    const role = ROLE[l.position as keyof typeof ROLE];
    if (role && l.deactivated_at === null && out[role] === null) {
      out[role] = ref(l);
      if (++found === 3) break; // nothing further up can change the answer
    }
  }
  return out;
}

/**
 * The same walk over members already in memory (adminmemberrecords loads them all anyway): up to
 * MAX_CHAIN_DEPTH sponsors, never a member twice, as the recursive query does.
 */
function* chainInMemory(start: { id: number; referror: number | null }, byId: Map<number, ListMemberRow>): Generator<ChainLink> {
  const seen = new Set([start.id]);
  let next = start.referror;
  for (let depth = 1; depth <= MAX_CHAIN_DEPTH && next !== null && !seen.has(next); depth++) {
    const m = byId.get(next);
    if (!m) return;
    seen.add(m.id);
    yield { depth, id: m.id, f_name: m.f_name, m_name: m.m_name, l_name: m.l_name, position: m.position, deactivated_at: m.deactivated_at };
    next = m.referror;
  }
}

export const LAST_ADMIN = 'At least one approved administrator must remain';

/** Where profile photos and valid IDs are stored (keys `photos/<uuid>`, `valid-ids/<uuid>`). */
export const PHOTO_KEY_PREFIX = 'photos';
export const VALID_ID_KEY_PREFIX = 'valid-ids';

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** A short tag of a stored file's key: it changes when the file does, so the browser fetches the new one. */
export const fileTag = (key: string) => key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('/') + 13);

/**
 * The URL a member's photo is served from (owner and admins only): `/api/photo/{id}?v={tag}`, a
 * new URL for each new photo, so headers and popups show it at once. Null when there is none.
 */
export function photoUrl(m: { id: number; photo: string | null }): string | null {
  return m.photo ? `/api/photo/${m.id}?v=${fileTag(m.photo)}` : null;
}

/** A stored file opened for download. */
export interface OpenedFile {
  stream: Readable;
  size: number;
  contentType: string;
  /** Changes with the file (an ETag). */
  tag: string;
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

/** First, middle and last name joined; a missing part (a left join's null too) is left out. */
export function fullName(m: { f_name: string | null; m_name?: string | null; l_name: string | null }): string {
  return [m.f_name, m.m_name, m.l_name].filter(Boolean).join(' ');
}

/** A moment as the agency reads it in an e-mail: Philippine time. */
const manilaTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { timeZone: 'Asia/Manila', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' })} (Philippine time)`;

/**
 * The notice to the address an e-mail change replaced (issue 42 §3, decision 027), sent whatever
 * the member's notification choices: what happened, when, and what to do if it was not them. A
 * change the member made themselves carries the one-time link that puts the address back; one an
 * administrator made asks them to contact the agency. Names no address and no personal number; the
 * link carries a token: this text is never logged.
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
 * What a member may not change on their own record (issue 42 §4 and §8, decision 027): once approved,
 * their names (an administrator corrects them, asked with a Help Center ticket); their TIN once one
 * is on file; and an administrator never their own position, account type or status. Only a real
 * change is refused: the Personal Details form sends every field, unchanged ones included.
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

export function createMembersService(
  db: Kysely<Database>,
  config: Config,
  sessions: Sessions,
  files: {
    storage: FileStorage;
    geo: GeoService;
    notifier: Pick<Notifier, 'notify' | 'notifyAdmins'> & Pick<NotificationsService, 'enqueueEmail'>;
    /**
     * One's own password, checked and limited as for a password change (features/auth, decision
     * 027): a wrong one throws 400 with `wrongMessage`, too many 429. Needed to change one's e-mail.
     */
    checkOwnPassword: (id: number, password: string, wrongMessage: string) => Promise<void>;
  },
) {
  const { storage, geo, notifier } = files;
  // E-mail is on when an SMTP server is configured (PORTAL_URL is then required by config.ts).
  const portalUrl = config.smtpUrl !== null ? config.portalUrl : null;

  /** Removes a stored file; a failure is logged with its key only, never thrown (the record is what counts). */
  async function discardFile(key: string, log: Log) {
    try {
      await storage.delete(key);
    } catch (err) {
      log.warn({ err, key }, 'could not remove a stored member file');
    }
  }

  async function openFile(key: string | null, contentType: string | null, missing: string): Promise<OpenedFile> {
    const file = key ? await storage.get(key) : null;
    if (!key || !file) throw notFound(missing);
    return { ...file, contentType: contentType ?? 'application/octet-stream', tag: fileTag(key) };
  }

  /** The leaders of each given member: one recursive query for them all (a page, or one member). */
  async function leadersOf(ids: number[]): Promise<Map<number, Leaders>> {
    const byMember = new Map<number, AncestorRow[]>();
    for (const a of await membersRepository.leadersAbove(db, ids)) {
      const list = byMember.get(a.member_id) ?? [];
      list.push(a); // nearest first
      byMember.set(a.member_id, list);
    }
    return new Map(ids.map((id) => [id, pickLeaders(byMember.get(id) ?? [])]));
  }

  /**
   * The leaders of one member as they stand in `exec` (a sale's transaction: the hierarchy the
   * commissions of the sale are computed from, decision 016), nearest Manager first.
   */
  async function leadersIn(exec: Parameters<typeof membersRepository.leadersAbove>[0], id: number): Promise<LeaderRef[]> {
    const l = pickLeaders(await membersRepository.leadersAbove(exec, [id]));
    const out: LeaderRef[] = [];
    if (l.manager) out.push({ position: 'Manager', ...l.manager });
    if (l.agencyManager) out.push({ position: 'AgencyManager', ...l.agencyManager });
    if (l.agencyOwner) out.push({ position: 'AgencyOwner', ...l.agencyOwner });
    return out.filter((leader) => leader.id !== id);
  }

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

  async function toRecords(rows: PublicMemberRow[]): Promise<MemberRecord[]> {
    const leaders = await leadersOf(rows.map((r) => r.id));
    return rows.map((r) => toRecord(r, leaders.get(r.id) ?? NO_LEADERS));
  }

  /** A member as the admin's lists carry them: no contact number, no address (issue 42 §7). */
  function toListRecord(r: ListMemberRow, l: Leaders): MemberListRecord {
    return {
      id: r.id,
      username: r.username,
      email: r.email,
      f_name: r.f_name,
      m_name: r.m_name,
      l_name: r.l_name,
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
    };
  }

  async function toListRecords(rows: ListMemberRow[]): Promise<MemberListRecord[]> {
    const leaders = await leadersOf(rows.map((r) => r.id));
    return rows.map((r) => toListRecord(r, leaders.get(r.id) ?? NO_LEADERS));
  }

  /**
   * After a change of a member's e-mail, in its transaction (issue 42 §3, decision 027): the member
   * is told in the portal (and at the new address, if they want this event by e-mail), and the
   * address that was replaced is told whatever their choices. Their own change carries a one-time
   * link that reports it; it is in their history (an administrator's change is, as every admin edit).
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

  /** An active member, or 404: a deactivated member can no longer be edited, approved or given a password. */
  async function requireActive(exec: Parameters<typeof membersRepository.findById>[0], id: number, options: { lock?: boolean } = {}) {
    const row = await membersRepository.findById(exec, id, options);
    if (!row || row.deactivated_at !== null) throw notFound('Member not found');
    return row;
  }

  /** Any member, deactivated included (their recruits, hierarchy and history are kept), or 404. */
  async function requireMember(id: number) {
    const row = await membersRepository.findById(db, id);
    if (!row) throw notFound('Member not found');
    return row;
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

    // One's own record (issue 42 §3, §4, §8): what is locked is refused first (it costs no password
    // guess); a new e-mail then needs the current password, checked and limited as for a password
    // change, before anything is written. Both are checked again on the locked row below.
    let passwordChecked = false;
    if (id === auth.memberId) {
      const before = await requireActive(db, id);
      refuseLockedOwnChanges(auth, before, patch);
      if (patch.email !== undefined && patch.email !== before.email) {
        if (!currentPassword) throw badRequest(EMAIL_PASSWORD_REQUIRED);
        await files.checkOwnPassword(id, currentPassword, EMAIL_PASSWORD_WRONG);
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
    if (replaced) await discardFile(replaced, log);
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

    /**
     * Creates a member with a fresh unique referral code; 409 names the taken username or email.
     * `inTransaction` runs in the creating transaction (a sign-up's notifications, features/auth).
     */
    async create(
      input: NewMemberInput,
      options: { inTransaction?: (trx: Transaction<Database>, id: number) => Promise<void> } = {},
    ): Promise<number> {
      // Refused before hashing (issue 24 §4): a taken name must not cost an argon2 hash. Checked
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
    },

    async sponsorIdForCode(code: string): Promise<number | undefined> {
      return (await membersRepository.findByReferralCode(db, code))?.id;
    },

    /**
     * The display name (first and last name, as the header shows a member) of the member whose
     * referral code sign-up accepts (the same lookup as sponsorIdForCode), for the sign-up page
     * (issue 43 §3); undefined for any other code.
     */
    async sponsorNameForCode(code: string): Promise<string | undefined> {
      const row = await membersRepository.findByReferralCode(db, code);
      return row ? fullName({ f_name: row.f_name, l_name: row.l_name }) : undefined;
    },

    /** The sponsor's display name, for their recruit's own login while the sign-up waits (issue 43 §3). */
    async sponsorNameOf(referror: number | null): Promise<string | null> {
      if (referror === null) return null;
      const row = await membersRepository.findById(db, referror);
      return row ? fullName({ f_name: row.f_name, l_name: row.l_name }) : null;
    },

    /**
     * adminmemberrecords: every active member, newest first. One query loads them all (deactivated
     * included: they keep their place in the chains), and the hierarchy is walked in memory, in
     * O(members × depth), instead of one recursive row per member and ancestor.
     */
    async listAll(): Promise<MemberListRecord[]> {
      const all = await membersRepository.listAll(db);
      const byId = new Map(all.map((m) => [m.id, m]));
      return all.filter((m) => m.deactivated_at === null).map((m) => toListRecord(m, pickLeaders(chainInMemory(m, byId))));
    },

    /**
     * adminmembersearch: one page of active members, the name search, the status filter and the
     * sort on the server (by default Pending first, then newest), leaders for that page only.
     */
    async search(input: MemberSearchInput): Promise<MemberSearchResponse> {
      const { total, counts, rows } = await membersRepository.searchPage(
        db,
        input.q,
        input.pageSize,
        (input.page - 1) * input.pageSize,
        { noCertification: input.noCertification, status: input.status },
        input.sort ? { sort: input.sort, dir: input.dir ?? 'asc' } : null,
      );
      return { total, page: input.page, pageSize: input.pageSize, rows: await toListRecords(rows), counts };
    },

    /** adminmembercounts: the active members, and how many are Pending or Approved. */
    async counts(): Promise<MemberCountsResponse> {
      const { byStatus } = await membersRepository.agencyCounts(db);
      return { total: Object.values(byStatus).reduce((sum, n) => sum + n, 0), byStatus };
    },

    /** getuserdetails: a list of one (spec §7), the files as the URLs they download from. */
    async details(id: number): Promise<UserDetails[]> {
      const m = await requireMember(id);
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
          valid_id: m.valid_id ? `/api/downloadvalidid/${m.id}` : null,
          photo: photoUrl(m),
          tin: m.tin,
          address: m.address,
        },
      ];
    },

    /** /api/photo/{id}: the stored photo; 404 when there is none. */
    async openPhoto(id: number): Promise<OpenedFile> {
      const m = await requireMember(id);
      return openFile(m.photo, m.photo_type, 'No photo on file');
    },

    /** downloadvalidid/{id}: the stored valid ID and its download name, `valid_id_{id}.{ext}`. */
    async openValidId(id: number): Promise<OpenedFile & { fileName: string }> {
      const m = await requireMember(id);
      const file = await openFile(m.valid_id, m.valid_id_type, 'No valid ID on file');
      return { ...file, fileName: `valid_id_${id}.${extensionForType(file.contentType)}` };
    },

    /** membersrecord: a member's recruits (DESIGN §4, decision 021): active agents, Pending ones included. */
    async recruits(id: number): Promise<RecruitRecord[]> {
      await requireMember(id);
      return membersRepository.recruitsOf(db, id);
    },

    leadersIn,

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

    /** A member, deactivated included, or 404. */
    requireMember,

    /** gethiearchy: sponsor, manager, agency manager and agency owner, as ids and full names. */
    async hierarchy(id: number): Promise<HierarchyResponse> {
      await requireMember(id);
      const l = (await leadersOf([id])).get(id) ?? NO_LEADERS;
      const name = (p: PersonRef | null) => (p ? fullName(p) : null);
      return {
        referror: l.sponsor?.id ?? null,
        referror_name: name(l.sponsor),
        manager: l.manager?.id ?? null,
        manager_name: name(l.manager),
        agency_manager: l.agencyManager?.id ?? null,
        agency_manager_name: name(l.agencyManager),
        agency_owner: l.agencyOwner?.id ?? null,
        agency_owner_name: name(l.agencyOwner),
      };
    },

    /**
     * teamsize (decision 021): the member's counted recruits, their team members at every level
     * and their recruits awaiting approval. Performance Reports count a team with the same query.
     */
    async teamSize(id: number): Promise<TeamSizeResponse> {
      await requireMember(id);
      const t = await membersRepository.teamSize(db, id);
      return { direct: t.direct, downline: t.team, pending: t.pending };
    },

    /** The agency's members (counted members, decision 021) and the accounts awaiting approval. */
    agencyCounts: () => membersRepository.agencyCounts(db),

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
      const row = await requireActive(db, id);
      const [record] = await toListRecords([row]);
      return record!;
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
      await requireMember(id);
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
     * editMember (multipart/form-data, spec §7): the same fields as text, and at most one file,
     * a photo or a valid ID, already stored by platform/uploads.ts. Whatever fails, that file is
     * removed; once the change is committed, the file it replaces is removed.
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
        if (upload.file) await discardFile(upload.file.key, log);
        throw err;
      }
    },
    /**
     * reportemailchange (issue 42 §3, decision 027): the link sent to the address a member's own
     * e-mail change replaced, used once within EMAIL_CHANGE_REPORT_DAYS. In one transaction: the old
     * address is put back (unless another account holds it now), every other open link of the
     * member ends (none can put the other address back), their unused reset links end, every
     * session ends, their history says so and the administrators are told. Anything else: 400.
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
          await this.createAdmin(username, config.adminPassword ?? generatedPassword!);
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

export type MembersService = ReturnType<typeof createMembersService>;
