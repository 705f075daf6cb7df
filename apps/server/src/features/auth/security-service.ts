import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  MFA_CODE_INVALID,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  type EndedSessionsResponse,
  type MfaEnrolment,
  type MfaStatus,
  type SessionRecord,
} from '@ahente/contract/security';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Auth, Sessions } from '../../platform/sessions.ts';
import { sha256 } from '../../platform/tokens.ts';
import type { AccountService } from '../members/account-service.ts';
import type { ProfileService } from '../members/profile-service.ts';
import type { Notifier } from '../notifications/service.ts';
import { authRepository } from './repository.ts';
import { takeSlot } from './throttle.ts';
import { securityRepository as repo } from './security-repository.ts';
import { describeDevice } from './user-agent.ts';

/** What the second step of a login found: no two-factor sign-in, a good code, none given, or a wrong one. */
export type SecondFactor = 'off' | 'ok' | 'missing' | 'wrong';

/** Recovery codes: 16 characters of an alphabet without look-alikes (0/o, 1/i/l), about 79 bits, shown in groups of four. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 16;

const WRONG_PASSWORD_OR_CODE = 'Password or code is incorrect';
const TOO_MANY = 'Too many wrong codes. Please wait a few minutes and try again.';
const SESSION_NOT_FOUND = 'Session not found';

/** A session's handle as the API shows it: the first 16 hex characters of its stored id (itself the SHA-256 of the cookie). */
export const sessionHandleOf = (id: string) => id.slice(0, 16);

/** Spaces and dashes dropped, lower case: how a recovery code is hashed and compared. */
const normaliseCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code.match(/.{4}/g)!.join('-');
}

/**
 * Account security (decision 027): TOTP (RFC 6238: SHA-1, six digits, 30 s, ±1 step of clock drift,
 * each step accepted once), ten one-time recovery codes stored as SHA-256, the ADMIN_2FA rule, the
 * member's sessions and the devices they sign in from. Secrets and codes are never logged.
 */
export function createSecurityService(
  db: Kysely<Database>,
  config: Config,
  deps: {
    members: Pick<ProfileService, 'requireMember' | 'audit'>;
    accounts: Pick<AccountService, 'passwordMatches'>;
    sessions: Sessions;
    notifier: Pick<Notifier, 'notify'>;
    now?: () => Date;
  },
) {
  const { members, accounts, sessions } = deps;
  const now = () => deps.now?.() ?? new Date();
  const { maxFailures, windowMs } = config.login;

  const totpOf = (secret: string, label = '') =>
    new TOTP({
      issuer: config.agencyName || 'Ahente',
      label,
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      secret: Secret.fromBase32(secret),
    });

  /** The time step a six-digit code belongs to (now, or one step either side), or null. */
  function stepOf(secret: string, code: string): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const at = now().getTime();
    const delta = totpOf(secret).validate({ token: code, timestamp: at, window: 1 });
    return delta === null ? null : Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
  }

  /** A code of an enabled member: a six-digit code (its step once) or an unused recovery code (once). */
  async function useCode(memberId: number, secret: string, code: string): Promise<boolean> {
    const compact = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(compact)) {
      const step = stepOf(secret, compact);
      return step !== null && (await repo.useStep(db, memberId, step));
    }
    const normalised = normaliseCode(code);
    if (normalised.length !== RECOVERY_LENGTH) return false;
    return repo.useCode(db, memberId, sha256(normalised), now().toISOString());
  }

  /** Wrong codes (and passwords) on the signed-in member's own security actions are limited like logins: per member. */
  async function limited<T>(memberId: number, attempt: () => Promise<T | null>): Promise<T> {
    const key = `mfa:${memberId}`;
    await takeSlot(db, key, { max: maxFailures, windowMs, message: TOO_MANY, now: now() });
    const result = await attempt();
    if (result === null) throw badRequest(WRONG_PASSWORD_OR_CODE);
    await authRepository.clear(db, key);
    return result;
  }

  async function newCodes(exec: Kysely<Database>, memberId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceCodes(
      exec,
      memberId,
      codes.map((c) => sha256(normaliseCode(c))),
    );
    return codes;
  }

  const mustKeep = (auth: Pick<Auth, 'accountType'>) => auth.accountType === 'admin' && config.admin2fa === 'required';

  return {
    /**
     * The second step of a login, once the password is right (auth service `login`): a member
     * without two-factor sign-in passes; one with it needs a code, accepted once. `beforeCode` runs
     * just before a code is checked (the account's limit of wrong codes: it may throw).
     */
    async atLogin(memberId: number, code: string | undefined, beforeCode?: () => Promise<void>): Promise<SecondFactor> {
      const mfa = await repo.mfaOf(db, memberId);
      if (!mfa || mfa.enabled_at === null) return 'off';
      if (!code) return 'missing';
      await beforeCode?.();
      return (await useCode(memberId, mfa.secret, code)) ? 'ok' : 'wrong';
    },

    /** Whether an administrator must enrol before anything else, for the login's answer. */
    mfaSetupRequired: (accountType: Auth['accountType'], factor: SecondFactor) =>
      accountType === 'admin' && config.admin2fa === 'required' && factor === 'off',

    codeInvalid: MFA_CODE_INVALID,

    async status(auth: Auth): Promise<MfaStatus> {
      const mfa = await repo.mfaOf(db, auth.memberId);
      const enabled = !!mfa && mfa.enabled_at !== null;
      return {
        enabled,
        enabled_at: enabled ? mfa.enabled_at : null,
        recovery_codes_left: enabled ? await repo.codesLeft(db, auth.memberId) : 0,
        required: mustKeep(auth),
      };
    },

    /** A new secret for the caller (replacing an unconfirmed one); 409 when two-factor sign-in is already on. */
    async startEnrolment(auth: Auth): Promise<MfaEnrolment> {
      const member = await members.requireMember(auth.memberId);
      const secret = new Secret({ size: 20 }).base32;
      if (!(await repo.startEnrolment(db, auth.memberId, secret, now().toISOString()))) {
        throw conflict('Two-factor sign-in is already on. Turn it off first to set it up again.');
      }
      const uri = totpOf(secret, member.username).toString();
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    /** The first code turns it on and answers ten recovery codes (only their hashes are kept). */
    async confirmEnrolment(auth: Auth, code: string): Promise<string[]> {
      const mfa = await repo.mfaOf(db, auth.memberId);
      if (!mfa) throw conflict('Start the set-up first: choose "Turn on" to get a new secret.');
      if (mfa.enabled_at !== null) throw conflict('Two-factor sign-in is already on.');
      const step = stepOf(mfa.secret, code);
      if (step === null)
        throw badRequest('That code is not right. Check that the time on your phone is correct and enter the current code.');
      return db.transaction().execute(async (trx) => {
        if (!(await repo.confirm(trx, auth.memberId, mfa.secret, step, now().toISOString()))) {
          throw conflict('The set-up changed meanwhile. Start again.');
        }
        return newCodes(trx, auth.memberId);
      });
    },

    /** Turns it off with the password and a code (wrong ones limited per member); an administrator under ADMIN_2FA=required may not. */
    async disable(auth: Auth, password: string, code: string): Promise<void> {
      if (mustKeep(auth)) throw conflict('Administrators must keep two-factor sign-in on.');
      const mfa = await repo.mfaOf(db, auth.memberId);
      if (!mfa || mfa.enabled_at === null) throw conflict('Two-factor sign-in is not on.');
      await limited(auth.memberId, async () =>
        (await accounts.passwordMatches(auth.memberId, password)) && (await useCode(auth.memberId, mfa.secret, code)) ? true : null,
      );
      await repo.remove(db, auth.memberId);
    },

    /** Ten new recovery codes for a current six-digit code; the old ones stop working. */
    async regenerateCodes(auth: Auth, code: string): Promise<string[]> {
      const mfa = await repo.mfaOf(db, auth.memberId);
      if (!mfa || mfa.enabled_at === null) throw conflict('Two-factor sign-in is not on.');
      await limited(auth.memberId, async () => ((await useCode(auth.memberId, mfa.secret, code)) ? true : null));
      return newCodes(db, auth.memberId);
    },

    /** resetmembermfa: an administrator turns a member's two-factor sign-in off (a lost phone); the member is signed out everywhere. */
    async resetForMember(admin: Auth, memberId: number): Promise<void> {
      await members.requireMember(memberId);
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        const removed = await repo.remove(trx, memberId);
        if (!removed) throw conflict("This member's two-factor sign-in is not on.");
        await sessions.endAllFor(memberId, memberId === admin.memberId ? admin.sessionId : undefined, trx);
        await members.audit(trx, { member_id: memberId, actor_id: admin.memberId, action: 'mfa_reset', changes: [], at });
      });
    },

    // ---- sessions ------------------------------------------------------------------------------

    /** sessions: a member's live sessions (the member or an admin: the route table checks). */
    async listSessions(auth: Auth, memberId: number): Promise<SessionRecord[]> {
      if (memberId !== auth.memberId) await members.requireMember(memberId);
      const rows = await sessions.listLive(memberId);
      return rows.map((r) => ({
        id: sessionHandleOf(r.id),
        device: describeDevice(r.user_agent),
        ip: r.ip,
        created_at: r.created_at,
        last_seen_at: r.last_seen_at,
        current: r.id === auth.sessionId,
      }));
    },

    /** endsession: another live session of the caller's; anything else is answered as unknown (404). */
    async endSession(auth: Auth, handle: string): Promise<void> {
      if (handle === sessionHandleOf(auth.sessionId)) throw badRequest('This is the session you are using: log out instead.');
      const match = (await sessions.listLive(auth.memberId)).filter((r) => sessionHandleOf(r.id) === handle);
      if (
        match.length === 0 ||
        (await sessions.endOfMember(
          auth.memberId,
          match.map((r) => r.id),
        )) === 0
      )
        throw notFound(SESSION_NOT_FOUND);
    },

    async endOtherSessions(auth: Auth): Promise<EndedSessionsResponse> {
      const others = (await sessions.listLive(auth.memberId)).filter((r) => r.id !== auth.sessionId);
      await sessions.endAllFor(auth.memberId, auth.sessionId);
      return { success: true, ended: others.length };
    },

    /** endmembersessions: an administrator signs a member out everywhere (their own current session kept), in the member's history. */
    async endMemberSessions(admin: Auth, memberId: number): Promise<EndedSessionsResponse> {
      await members.requireMember(memberId);
      const keep = memberId === admin.memberId ? admin.sessionId : undefined;
      const ended = (await sessions.listLive(memberId)).filter((r) => r.id !== keep).length;
      await db.transaction().execute(async (trx) => {
        await sessions.endAllFor(memberId, keep, trx);
        await members.audit(trx, {
          member_id: memberId,
          actor_id: admin.memberId,
          action: 'signed_out_everywhere',
          changes: [],
          at: now().toISOString(),
        });
      });
      return { success: true, ended };
    },

    // ---- devices -------------------------------------------------------------------------------

    /**
     * At a successful login: the device's long-lived cookie token (the one it sent, or a new one)
     * is recorded for the member. A device the member never used, unless it is their very first,
     * tells them in the portal and by e-mail (their preference), in the same transaction.
     */
    /**
     * The member's first sign-in (decision 001): read after the login recorded its device, so the
     * login's answer and every GET /api/me of that session agree, until the member signs in again.
     */
    firstSignIn: (memberId: number): Promise<boolean> => repo.signedInOnce(db, memberId),

    async recordDevice(memberId: number, token: string, userAgent: string | null, ip: string): Promise<void> {
      const hash = sha256(token);
      const at = now().toISOString();
      // The column holds 300 characters: a longer user agent (any client may send one) is cut, never a 500.
      userAgent = userAgent ? userAgent.slice(0, 300) : null;
      if (await repo.touchDevice(db, memberId, hash, userAgent, at)) return;
      await db.transaction().execute(async (trx) => {
        const first = (await repo.deviceCount(trx, memberId)) === 0;
        if (!(await repo.insertDevice(trx, memberId, hash, userAgent, at)) || first) return;
        await deps.notifier.notify(trx, memberId, 'new_device', { device: describeDevice(userAgent), ip, at });
      });
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
