import type { Kysely, Transaction } from 'kysely';
import type { RegisterInput, SessionUser } from '@ahente/contract/auth';
import { MSG } from '@ahente/contract/messages';
import { FORGOT_PASSWORD_SENT, RESET_LINK_INVALID, RESET_LINK_MINUTES, type LoginOptions } from '@ahente/contract/notifications';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, badRequest } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { randomToken, sha256 } from '../../platform/tokens.ts';
import { fullName } from '@ahente/contract/names';
import type { AccountService } from '../members/account-service.ts';
import { photoUrl } from '../members/member-files-service.ts';
import type { ProfileService } from '../members/profile-service.ts';
import type { NotificationsService, Notifier } from '../notifications/service.ts';
import type { NoticeService } from '../privacy/notice-service.ts';
import { MFA_CODE_INVALID, MFA_CODE_NEEDED, MFA_CODES_LIMITED } from '@ahente/contract/security';
import type { Auth } from '../../platform/sessions.ts';
import type { SecurityService } from './security-service.ts';
import { authRepository } from './repository.ts';
import { takeSlot } from './throttle.ts';

export function toSessionUser(
  m: {
    id: number;
    f_name: string;
    l_name: string;
    account_type: SessionUser['account_type'];
    referral_code: string;
    status: SessionUser['status'];
    photo: string | null;
    language: SessionUser['language'];
  },
  flags: { consentRequired: boolean; mfaSetupRequired: boolean },
): Omit<SessionUser, 'first_login'> {
  return {
    user: m.id,
    name: fullName({ f_name: m.f_name, l_name: m.l_name }),
    account_type: m.account_type,
    referral_code: m.referral_code,
    status: m.status,
    photo: photoUrl(m),
    consent_required: flags.consentRequired,
    mfa_setup_required: flags.mfaSetupRequired,
    language: m.language,
  };
}

/** What a forgotten password's request is answered with when too many came from one address or for one account. */
export const RESET_RATE_LIMITED = 'Too many password reset requests. Please wait a few minutes and try again.';

/** Over SIGNUP_MAX_PER_HOUR sign-ups from one client address (decision 027). */
/** Over LOGIN_MAX_FAILURES wrong guesses of one's own password in a window. */
export const TOO_MANY_PASSWORDS = 'Too many wrong passwords. Please wait a few minutes and try again.';

export const SIGNUP_RATE_LIMITED = 'Too many sign-ups from this network. Please try again in an hour.';

/**
 * Unknown referral codes looked up from one address over SIGNUP_MAX_PER_HOUR in the hour
 * (decision 001).
 */
export const SPONSOR_LOOKUPS_LIMITED = 'Too many referral codes tried from this network. Please try again in an hour.';

/**
 * The reset e-mail (decision 026): the agency's name, the member's name and username, the one link;
 * no personal number. The link carries the token: this text is never logged.
 */
export function resetEmail(ctx: { agencyName: string; memberName: string; username: string; link: string }) {
  return {
    subject: `${ctx.agencyName}: Reset your password`,
    text: [
      `Hello ${ctx.memberName},`,
      '',
      `Someone asked to reset the password of your Ahente account (username ${ctx.username}).`,
      `To choose a new password, open this link within ${RESET_LINK_MINUTES} minutes. It works once:`,
      '',
      ctx.link,
      '',
      'If you did not ask for it, ignore this e-mail: your password stays as it is.',
      '',
      ctx.agencyName,
    ].join('\n'),
  };
}

export function createAuthService(
  db: Kysely<Database>,
  config: Config,
  members: Pick<ProfileService, 'findById' | 'findByUsername'>,
  deps: {
    accounts: Pick<
      AccountService,
      'passwordMatches' | 'sponsorNameOf' | 'changePassword' | 'sponsorNameForCode' | 'sponsorIdForCode' | 'create' | 'resetPassword'
    >;
    notifier: Pick<Notifier, 'notify' | 'notifyAdmins'> & Pick<NotificationsService, 'enqueueEmail'>;
    notices: Pick<NoticeService, 'consentRequired' | 'recordSignUpConsent'>;
    security: Pick<SecurityService, 'atLogin' | 'mfaSetupRequired' | 'firstSignIn'>;
    now?: () => Date;
  },
) {
  const { accounts } = deps;
  const { maxFailures, maxPerIp, windowMs } = config.login;
  const now = () => deps.now?.() ?? new Date();
  // E-mail is on when an SMTP server is configured (PORTAL_URL is then required by config.ts).
  const portalUrl = config.smtpUrl !== null ? config.portalUrl : null;

  /**
   * One's own password, for a change of it or an erasure request (decision 027): wrong guesses are
   * limited per member (a stolen session may come from any address), `LOGIN_MAX_FAILURES` per
   * window in one `pw:<id>` slot, then 429 until the window passes, the right password included.
   */
  async function checkOwnPassword(id: number, password: string, wrongMessage: string): Promise<void> {
    const key = `pw:${id}`;
    await takeSlot(db, key, { max: maxFailures, windowMs, message: TOO_MANY_PASSWORDS });
    if (!(await accounts.passwordMatches(id, password))) throw badRequest(wrongMessage);
    await authRepository.clear(db, key);
  }

  return {
    /**
     * Checks credentials under the login limits of decision 001: failures are counted per
     * username+IP and per IP; while either is over its limit every attempt is 429, the right
     * password included, until the window passes. Success and a Pending account never count.
     *
     * Counting and deciding are one atomic step: each attempt first takes a slot (an atomic
     * increment that returns the new count) and only an attempt whose slot is within the limit
     * is checked. A refused attempt, a success and a right password on a Pending account give
     * their slot back; a failure keeps it. So a burst of parallel attempts checks at most the
     * limit's number of passwords, on either database.
     */
    async login(username: string, password: string, ip: string, code?: string): Promise<Omit<SessionUser, 'first_login'> & { id: number }> {
      const userKey = `u:${username.toLowerCase()}|${ip}`;
      const ipKey = `ip:${ip}`;
      const now = new Date();
      const cutoff = new Date(now.getTime() - windowMs).toISOString();
      const counts = await authRepository.hit(db, [userKey, ipKey], now.toISOString(), cutoff);
      if (counts.get(userKey)! > maxFailures || counts.get(ipKey)! > maxPerIp) {
        await authRepository.release(db, [userKey, ipKey]);
        throw new HttpError(429, MSG.loginRateLimited);
      }
      const member = await members.findByUsername(username);
      // A deactivated member is answered exactly like wrong credentials (and counts as a failure).
      if (!(await verifyPassword(member?.password_hash ?? null, password)) || !member || member.deactivated_at !== null) {
        throw new HttpError(401, MSG.loginInvalid);
      }
      if (member.status !== 'Approved') {
        await authRepository.clear(db, userKey);
        await authRepository.release(db, [ipKey]);
        // The spec's text, and who sponsored the sign-up: their agency reviews it (decision 001).
        throw new HttpError(403, MSG.loginNotApproved, { status: member.status, sponsor: await accounts.sponsorNameOf(member.referror) });
      }
      // The second step (decision 027): a wrong code is a failure like a wrong password (its slot
      // is kept); a right password without a code gives its slot back and asks for the code. Wrong
      // codes are limited per account too, from any addresses (decision 027): before a code is
      // checked the account's `mfa:<id>` slot is taken, atomically as above; over
      // LOGIN_MAX_FAILURES in the window every code is 429 until it ends, the right one included.
      // Only a wrong code keeps the slot (a success does not wipe the wrong ones out), and the one
      // that reaches the limit tells the member, in the portal and by e-mail (once per window).
      const codeKey = `mfa:${member.id}`;
      let wrongCodes = 0;
      const factor = await deps.security.atLogin(member.id, code, async () => {
        wrongCodes = (await authRepository.hit(db, [codeKey], now.toISOString(), cutoff)).get(codeKey)!;
        if (wrongCodes > maxFailures) {
          await authRepository.release(db, [codeKey, userKey, ipKey]);
          throw new HttpError(429, MFA_CODES_LIMITED);
        }
      });
      if (factor === 'wrong') {
        if (wrongCodes === maxFailures) {
          const told = { failures: maxFailures, minutes: Math.round(windowMs / 60_000), at: now.toISOString() };
          await db.transaction().execute((trx) => deps.notifier.notify(trx, member.id, 'mfa_codes_limited', told));
        }
        throw new HttpError(401, MFA_CODE_INVALID);
      }
      if (factor === 'ok') await authRepository.release(db, [codeKey]);
      if (factor === 'missing') {
        await authRepository.release(db, [userKey, ipKey]);
        throw new HttpError(401, MFA_CODE_NEEDED, { mfa_required: true });
      }
      await authRepository.clear(db, userKey);
      await authRepository.release(db, [ipKey]);
      return {
        ...toSessionUser(member, {
          consentRequired: await deps.notices.consentRequired(member),
          mfaSetupRequired: deps.security.mfaSetupRequired(member.account_type, factor),
        }),
        id: member.id,
      };
    },

    /**
     * changepassword. One's own change needs the current password, and wrong guesses are limited
     * like logins: per member (a stolen session may come from any address), `LOGIN_MAX_FAILURES`
     * per window, then 429 until the window passes, the right password included. The slot is taken
     * before the check, atomically, as in `login`, so parallel guesses check at most the limit.
     * An admin changing another member's password needs none (the route table allows only that).
     */
    async changePassword(who: Auth, id: number, password: string, currentPassword: string | undefined): Promise<void> {
      if (id === who.memberId) {
        if (!currentPassword) throw badRequest('Current password is required');
        await checkOwnPassword(id, currentPassword, 'Current password is incorrect');
        if (password === currentPassword) throw badRequest('New password must differ from the current one');
      }
      await accounts.changePassword(who, id, password);
    },

    checkOwnPassword,

    /**
     * An erasure's part (decision 027), in its transaction: the login throttles that name the
     * member go, whatever keys this feature gave them: `pw:<id>` (checkOwnPassword), `mfa:<id>`
     * (a two-factor code), and every key in which their username or e-mail is a whole segment.
     */
    forgetThrottles(trx: Transaction<Database>, member: { id: number; username: string; email: string }): Promise<void> {
      return authRepository.deleteThrottlesNaming(trx, [member.username, member.email], [`pw:${member.id}`, `mfa:${member.id}`]);
    },

    /** setlanguage: the signed-in member's language, remembered for every device (decision 030). */
    async setLanguage(who: Auth, language: SessionUser['language']): Promise<void> {
      await authRepository.setLanguage(db, who.memberId, language);
    },

    async me(who: Auth): Promise<SessionUser> {
      const member = await members.findById(who.memberId);
      if (!member || member.deactivated_at !== null) throw new HttpError(401, 'Please log in first');
      // Both flags as the session's load decided them, the guard's very answer (platform/guards.ts).
      return {
        ...toSessionUser(member, {
          consentRequired: who.consentRequired === true,
          mfaSetupRequired: who.mfaSetupRequired === true,
        }),
        first_login: await deps.security.firstSignIn(member.id),
      };
    },

    /**
     * referralsponsor (decision 001): the display name of the member whose code sign-up would
     * accept, and nothing else. Every lookup takes a slot of its address's `SIGNUP_MAX_PER_HOUR`,
     * as a sign-up does; a code found gives it back, so only unknown codes count: guessing codes
     * (32⁸ of them) stops after that many a hour, while a recruit opening their sponsor's link
     * never meets the limit. An unknown code and one of a deactivated member answer alike (404).
     */
    async referralSponsor(code: string, ip: string): Promise<{ name: string }> {
      const key = `sponsor:ip:${ip}`;
      await takeSlot(db, key, { max: config.signup.maxPerWindow, windowMs: config.signup.windowMs, message: SPONSOR_LOOKUPS_LIMITED });
      const name = await accounts.sponsorNameForCode(code);
      if (name === undefined) throw new HttpError(404, MSG.registerInvalidReferral);
      await authRepository.release(db, [key]);
      return { name };
    },

    /**
     * registeraccounts: a Pending agent under the sponsor whose referral code was given, with their
     * consent to the current privacy notice. Every attempt counts against its client address
     * (`config.signup`, atomically as logins are): over the limit, 429 and nothing is saved. A taken
     * username or e-mail is refused before the password is hashed (accounts.create).
     */
    async register(input: RegisterInput, ip: string): Promise<number> {
      await takeSlot(db, `signup:ip:${ip}`, {
        max: config.signup.maxPerWindow,
        windowMs: config.signup.windowMs,
        message: SIGNUP_RATE_LIMITED,
      });
      let referror: number | null = null;
      if (input.refCode) {
        const sponsor = await accounts.sponsorIdForCode(input.refCode);
        if (sponsor === undefined) throw badRequest(MSG.registerInvalidReferral);
        referror = sponsor;
      }
      const name = fullName({ f_name: input.fname, m_name: input.mname, l_name: input.lname });
      try {
        return await accounts.create(
          {
            username: input.username,
            password: input.password,
            email: input.email,
            f_name: input.fname,
            m_name: input.mname,
            l_name: input.lname,
            contact_no: input.contact,
            referror,
          },
          {
            // In the sign-up's transaction (decision 026): the administrators who approve, and the sponsor.
            inTransaction: async (trx, id) => {
              await deps.notices.recordSignUpConsent(trx, id, ip);
              await deps.notifier.notifyAdmins(trx, 'signup_pending', { memberId: id, name });
              if (referror !== null) await deps.notifier.notify(trx, referror, 'new_recruit', { memberId: id, name });
            },
          },
        );
      } catch (err) {
        // The spec's client reads 400s from registeraccounts: a taken username or email is one.
        if (err instanceof HttpError && err.statusCode === 409) throw badRequest(err.message);
        throw err;
      }
    },

    purgeThrottle: async () => {
      await authRepository.purge(db, new Date(Date.now() - windowMs).toISOString());
      // Reset links a day past their expiry: used or not, nothing reads them any more.
      await authRepository.purgeResets(db, new Date(now().getTime() - 24 * 3_600_000).toISOString());
    },

    /**
     * For a public call another feature serves (a proposal's link, decision 038): one request of
     * the client address counted against `scope`, in the login throttle's table (atomic on either
     * database, shared by every instance); over `max` in the window, 429 with `message`.
     */
    async limitAddress(scope: string, ip: string, limit: { max: number; windowMs: number; message: string }): Promise<void> {
      await takeSlot(db, `${scope}:ip:${ip}`.slice(0, 300), { ...limit, now: now() });
    },

    /** The same limit on a key that is not an address (an E-Store's requests per store, decision 040). */
    async limitKey(key: string, limit: { max: number; windowMs: number; message: string }): Promise<void> {
      await takeSlot(db, key.slice(0, 300), { ...limit, now: now() });
    },

    /** loginoptions: whether "Forgot your password?" can e-mail a link (e-mail is on). */
    loginOptions(): LoginOptions {
      return { password_reset: portalUrl !== null };
    },

    /**
     * forgotpassword (decision 026): the same answer whether the username or e-mail names an
     * account or not; only an approved, active account gets a link. Every request counts against its
     * client address and against the account it names (LOGIN_MAX_FAILURES per LOGIN_WINDOW_MINUTES
     * each, counted atomically as logins are): over either, 429 until the window passes. The link's
     * token is random (256 bits); only its SHA-256 is stored; the e-mail goes to the outbox in the
     * same transaction as the link, and neither is ever logged.
     */
    async forgotPassword(login: string, ip: string): Promise<{ message: string }> {
      if (portalUrl === null) throw new HttpError(409, MSG.forgotPassword);
      const at = now();
      const keys = [`reset:ip:${ip}`, `reset:to:${login.toLowerCase()}`.slice(0, 300)];
      const counts = await authRepository.hit(db, keys, at.toISOString(), new Date(at.getTime() - windowMs).toISOString());
      if (keys.some((k) => counts.get(k)! > maxFailures)) {
        await authRepository.release(db, keys);
        throw new HttpError(429, RESET_RATE_LIMITED);
      }
      const member = await authRepository.memberByLogin(db, login);
      if (member && member.status === 'Approved' && member.deactivated_at === null) {
        const token = randomToken();
        const mail = resetEmail({
          agencyName: config.agencyName,
          memberName: fullName(member),
          username: member.username,
          link: `${portalUrl}/reset-password?token=${token}`,
        });
        await db.transaction().execute(async (trx) => {
          await authRepository.insertReset(trx, {
            token_hash: sha256(token),
            member_id: member.id,
            created_at: at.toISOString(),
            expires_at: new Date(at.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
          });
          await deps.notifier.enqueueEmail(trx, { memberId: member.id, recipient: member.email, ...mail });
        });
      }
      return { message: FORGOT_PASSWORD_SENT };
    },

    /**
     * resetpassword: a link unused, unexpired, of an approved and active member sets the password
     * (hashed as every password), ends every session of the member and is used, with every other
     * link of theirs, in one transaction. Anything else: 400 RESET_LINK_INVALID and nothing changes.
     */
    async resetPassword(token: string, password: string): Promise<void> {
      const hash = sha256(token);
      const at = now().toISOString();
      const link = await authRepository.usableReset(db, hash, at);
      if (!link) throw badRequest(RESET_LINK_INVALID);
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        // Read again inside: a member deactivated meanwhile, or the link used by a call at the same time, fails here.
        const still = await authRepository.usableReset(trx, hash, at);
        if (!still || !(await authRepository.useReset(trx, hash, link.member_id, at))) throw badRequest(RESET_LINK_INVALID);
        await accounts.resetPassword(trx, link.member_id, passwordHash, at);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
