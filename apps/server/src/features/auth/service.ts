import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { registerRequest, SessionUser } from '@ahente/contract/auth';
import { MSG } from '@ahente/contract/messages';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Auth } from '../../platform/sessions.ts';
import { HttpError, badRequest } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { fullName, photoUrl, type MembersService } from '../members/service.ts';
import { authRepository } from './repository.ts';

type RegisterInput = z.output<typeof registerRequest>;

export function toSessionUser(m: {
  id: number;
  f_name: string;
  l_name: string;
  account_type: SessionUser['account_type'];
  referral_code: string;
  status: SessionUser['status'];
  photo: string | null;
}): SessionUser {
  return {
    user: m.id,
    name: fullName({ f_name: m.f_name, l_name: m.l_name }),
    account_type: m.account_type,
    referral_code: m.referral_code,
    status: m.status,
    photo: photoUrl(m),
  };
}

export function createAuthService(db: Kysely<Database>, config: Config, members: MembersService) {
  const { maxFailures, maxPerIp, windowMs } = config.login;

  return {
    /**
     * Checks credentials under the login limits of DESIGN §5: failures are counted per
     * username+IP and per IP; while either is over its limit every attempt is 429, the right
     * password included, until the window passes. Success and a Pending account never count.
     *
     * Counting and deciding are one atomic step: each attempt first takes a slot (an atomic
     * increment that returns the new count) and only an attempt whose slot is within the limit
     * is checked. A refused attempt, a success and a right password on a Pending account give
     * their slot back; a failure keeps it. So a burst of parallel attempts checks at most the
     * limit's number of passwords, on either database.
     */
    async login(username: string, password: string, ip: string): Promise<SessionUser & { id: number }> {
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
      await authRepository.clear(db, userKey);
      await authRepository.release(db, [ipKey]);
      if (member.status !== 'Approved') {
        throw new HttpError(403, MSG.loginNotApproved, { status: member.status });
      }
      return { ...toSessionUser(member), id: member.id };
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
        const key = `pw:${id}`;
        const now = new Date();
        const counts = await authRepository.hit(db, [key], now.toISOString(), new Date(now.getTime() - windowMs).toISOString());
        if (counts.get(key)! > maxFailures) {
          await authRepository.release(db, [key]);
          throw new HttpError(429, 'Too many wrong passwords. Please wait a few minutes and try again.');
        }
        if (!(await members.passwordMatches(id, currentPassword))) throw badRequest('Current password is incorrect');
        await authRepository.clear(db, key);
        if (password === currentPassword) throw badRequest('New password must differ from the current one');
      }
      await members.changePassword(who, id, password);
    },

    async me(memberId: number): Promise<SessionUser> {
      const member = await members.findById(memberId);
      if (!member || member.deactivated_at !== null) throw new HttpError(401, 'Please log in first');
      return toSessionUser(member);
    },

    /** registeraccounts: a Pending agent under the sponsor whose referral code was given. */
    async register(input: RegisterInput): Promise<number> {
      let referror: number | null = null;
      if (input.refCode) {
        const sponsor = await members.sponsorIdForCode(input.refCode);
        if (sponsor === undefined) throw badRequest(MSG.registerInvalidReferral);
        referror = sponsor;
      }
      try {
        return await members.create({
          username: input.username,
          password: input.password,
          email: input.email,
          f_name: input.fname,
          m_name: input.mname,
          l_name: input.lname,
          contact_no: input.contact,
          referror,
        });
      } catch (err) {
        // The spec's client reads 400s from registeraccounts: a taken username or email is one.
        if (err instanceof HttpError && err.statusCode === 409) throw badRequest(err.message);
        throw err;
      }
    },

    purgeThrottle: () => authRepository.purge(db, new Date(Date.now() - windowMs).toISOString()),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
