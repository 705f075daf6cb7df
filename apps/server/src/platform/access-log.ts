import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccessKind } from '@ahente/contract/privacy';
import type { Database } from '../db/schema.ts';
import { accessLogWriter } from './access-log-repository.ts';
import { nowIso } from './tokens.ts';

/** One read the answer holds: whose data, and which record or file when the kind alone does not say. */
export interface AccessRead {
  subject: number;
  detail: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * For a sensitive route (the route table's `sensitive`): names whose data this answer holds,
     * when the route names a record rather than a member (a licence's scan), when it holds many
     * members' (an alphalist), or to add a detail. Called before the answer is sent; each call adds.
     */
    accessSubject(memberId: number | readonly number[], detail?: string | null): void;
    /** What accessSubject named so far; null when it was not called. */
    accessReads: AccessRead[] | null;
  }
}

/** The columns of the detail (access_log.detail). */
const DETAIL_MAX = 200;
const IP_MAX = 45;

/**
 * The access log of sensitive data (decision 027), for the API scope. Decided from the matched
 * route's table entry, never from the URL: when the route is `sensitive`, its answer is 2xx, and
 * the data is not the caller's own, one entry per member whose data the answer holds is written,
 * with who read, what, the detail, when and from which address.
 *
 * Written in onSend, before a byte of the answer leaves: a failure to log fails the read (500, the
 * answer and its file dropped), so no sensitive read goes unrecorded (fail closed). Once per
 * request: the error answer that follows a failure is not 2xx, and the request is marked.
 */
export function installAccessLog(api: FastifyInstance, db: Kysely<Database>) {
  api.decorateRequest('accessReads', null);
  api.decorateRequest('accessSubject', function (this: FastifyRequest, memberId: number | readonly number[], detail?: string | null) {
    const ids = typeof memberId === 'number' ? [memberId] : memberId;
    const text = detail ? detail.slice(0, DETAIL_MAX) : null;
    this.accessReads = [...(this.accessReads ?? []), ...ids.map((subject) => ({ subject, detail: text }))];
  });

  const logged = new WeakSet<FastifyRequest>();

  api.addHook('onSend', async (request, reply, payload) => {
    const def = request.routeOptions.config.route;
    const what: AccessKind | undefined = def?.sensitive;
    if (!def || !what || logged.has(request)) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    logged.add(request);
    try {
      const auth = request.auth;
      if (!auth) throw new Error(`${def.method} ${def.path} answered sensitive data without a session`);
      const reads = request.accessReads ?? (def.member ? [{ subject: namedMember(request), detail: null }] : null);
      if (reads === null) throw new Error(`${def.method} ${def.path} is sensitive but its handler named no subject`);
      const seen = new Set<string>();
      const at = nowIso();
      const ip = request.ip.slice(0, IP_MAX);
      const rows = reads
        .filter((r) => r.subject !== auth.memberId)
        .filter((r) => {
          const key = `${r.subject}\u0000${r.detail ?? ''}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        })
        .map((r) => ({ actor_id: auth.memberId, subject_id: r.subject, what, detail: r.detail, ip, at }));
      await accessLogWriter.insert(db, rows);
    } catch (err) {
      dropAnswer(reply, payload);
      throw err;
    }
    return payload;
  });
}

/** The member the route table's `member` names (ownership was enforced on it before the handler). */
function namedMember(request: FastifyRequest): number {
  const where = request.routeOptions.config.route!.member!;
  const source = (where.in === 'body' ? request.body : request.params) as Record<string, unknown> | undefined;
  const id = source?.[where.key];
  if (typeof id !== 'number') throw new Error('a sensitive route named no member');
  return id;
}

/** The answer that could not be logged is never sent: its file closed, its download headers gone. */
function dropAnswer(reply: FastifyReply, payload: unknown) {
  const stream = payload as { destroy?: () => void } | null;
  if (stream && typeof stream.destroy === 'function') stream.destroy();
  for (const header of ['content-disposition', 'content-length', 'content-type']) reply.removeHeader(header);
}
