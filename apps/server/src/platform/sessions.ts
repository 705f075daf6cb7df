import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { sessionRepository, type SessionRow } from './session-repository.ts';
import { randomToken, sha256 } from './tokens.ts';

export const SESSION_COOKIE = 'ahente_sid';
/**
 * A device's long-lived random token, so a login from a new device is told to the member
 * (decision 027).
 */
export const DEVICE_COOKIE = 'ahente_device';
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;
const TOUCH_EVERY_MS = 60_000;

export interface Auth {
  memberId: number;
  accountType: Database['members']['account_type'];
  sessionId: string;
  /**
   * An administrator under ADMIN_2FA=required whose two-factor sign-in is not on: only enrolment is
   * allowed (platform/guards.ts, decision 027).
   */
  mfaSetupRequired?: boolean;
  /**
   * An agent who has not accepted the privacy notice current when the session began: only who they
   * are, the notice, its acceptance and logging out are allowed (platform/guards.ts, decision 027).
   */
  consentRequired?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** Database-backed sessions: every instance sees the same sessions, nothing lives in memory. */
export function createSessions(db: Kysely<Database>, config: Config) {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure,
  };

  /**
   * The lookups waiting for a connection, by session id. Requests that arrive together with the
   * same cookie (the dashboard asks nine things at once) share one lookup instead of one each: on
   * PostgreSQL each lookup is a round trip through the pool and the event loop, and under load the
   * nine queued behind each other for connections (decision 035). A request joins a lookup only
   * until its statement is sent: what it then reads is the database as it was after the request
   * arrived, as its own lookup would have read it; a request arriving later starts another. Nothing
   * is kept after the answer.
   */
  const waiting = new Map<string, Promise<SessionRow | undefined>>();
  const usable = (row: SessionRow | undefined): row is SessionRow =>
    row !== undefined && row.status === 'Approved' && row.deactivated_at === null;
  const lookUp = (id: string): Promise<SessionRow | undefined> => {
    const joined = waiting.get(id);
    if (joined) return joined;
    // Once its statement goes out, or if no connection could be had, no later request joins it.
    const closeToJoiners = () => {
      if (waiting.get(id) === lookup) waiting.delete(id);
    };
    const lookup = db.connection().execute(async (connection) => {
      closeToJoiners();
      const now = new Date();
      const row = await sessionRepository.findLive(
        connection,
        id,
        now.toISOString(),
        new Date(now.getTime() - config.sessionIdleMs).toISOString(),
      );
      if (usable(row) && now.getTime() - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
        await sessionRepository.touch(connection, row.session_id, now.toISOString());
      }
      return row;
    });
    waiting.set(id, lookup);
    lookup.catch(closeToJoiners);
    return lookup;
  };

  return {
    /** Resolves the request's session (if any) into `request.auth`. */
    async load(request: FastifyRequest): Promise<void> {
      request.auth = null;
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const row = await lookUp(sha256(token));
      // Deactivation ends the sessions too; this is the second lock on the door.
      if (!usable(row)) return;
      request.auth = {
        memberId: row.member_id,
        accountType: row.account_type,
        sessionId: row.session_id,
        mfaSetupRequired: row.account_type === 'admin' && config.admin2fa === 'required' && row.mfa_enabled_at === null,
        // Administrators are never asked (features/privacy/notice-service.ts).
        consentRequired: row.account_type === 'user' && Boolean(row.consent_missing),
      };
    },

    /** A fresh session for a member: a new id at every login, the old one ended. */
    async start(request: FastifyRequest, reply: FastifyReply, memberId: number): Promise<string> {
      const old = request.cookies[SESSION_COOKIE];
      if (old) await sessionRepository.delete(db, sha256(old));
      const token = randomToken();
      const now = new Date();
      const id = sha256(token);
      await sessionRepository.insert(db, {
        id,
        member_id: memberId,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + config.sessionAbsoluteMs).toISOString(),
        // For the member's list of sessions (Settings → Security): the device and the address.
        user_agent: (request.headers['user-agent'] ?? '').slice(0, 300) || null,
        ip: request.ip.slice(0, 45),
      });
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: Math.ceil(config.sessionAbsoluteMs / 1000) });
      return id;
    },

    /**
     * The device's long-lived random token (its cookie, set for a year at each login): the one the
     * browser sent, or a new one. Only its SHA-256 is stored (member_devices).
     */
    deviceToken(request: FastifyRequest, reply: FastifyReply): string {
      const sent = request.cookies[DEVICE_COOKIE];
      const token = sent && /^[A-Za-z0-9_-]{20,100}$/.test(sent) ? sent : randomToken();
      reply.setCookie(DEVICE_COOKIE, token, { ...cookieOptions, maxAge: DEVICE_COOKIE_MAX_AGE_S });
      return token;
    },

    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await sessionRepository.delete(db, sha256(token));
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },

    /** Ends every session of a member but `keep`; inside the caller's transaction when one is given. */
    endAllFor: (memberId: number, keep?: string, executor: Kysely<Database> = db) =>
      sessionRepository.deleteForMember(executor, memberId, keep),

    /** A member's live sessions, newest first (Settings → Security). */
    listLive(memberId: number) {
      const now = new Date();
      return sessionRepository.listLive(db, memberId, now.toISOString(), new Date(now.getTime() - config.sessionIdleMs).toISOString());
    },

    /** Ends these sessions of the member (ids of other members' are ignored); answers how many ended. */
    endOfMember: (memberId: number, ids: string[]) => sessionRepository.deleteOfMember(db, memberId, ids),

    purgeExpired() {
      const now = new Date();
      return sessionRepository.deleteExpired(db, now.toISOString(), new Date(now.getTime() - config.sessionIdleMs).toISOString());
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

/**
 * The id of the session the request's cookie names (the SHA-256 of its token), live or not, or ''
 * without one: what a CSRF token is bound to.
 */
export function sessionBinding(request: FastifyRequest): string {
  const token = request.cookies[SESSION_COOKIE];
  return token ? sha256(token) : '';
}
