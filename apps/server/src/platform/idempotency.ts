import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  IDEMPOTENCY_ERRORS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@ahente/contract/idempotency';
import type { Database } from '../db/schema.ts';
import { HttpError, PreparedAnswer, badRequest, conflict } from './errors.ts';
import { idempotencyRepository as repo, type KeyId, type KeyRow } from './idempotency-repository.ts';

/** What the plugin knows of a request that sent a key to an idempotent route. */
interface KeyState {
  id: KeyId;
  /** 'deferred': a form, claimed once its fields and file are read (platform/uploads.ts). */
  state: 'deferred' | 'claimed' | 'replayed';
  /** The claim's created_at, which identifies it (a takeover after a crash changes it). */
  claimedAt: string | null;
  claim: (fingerprint: string) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for a request with an Idempotency-Key to a route marked `idempotent` (decision 029). */
    idempotency: KeyState | null;
  }
}

export interface IdempotencyOptions {
  now?: () => Date;
  /** How long a second request waits for the first one's answer before a 409. */
  waitMs?: number;
  /** An unfinished key older than this was abandoned (its instance crashed) and may be taken over. */
  staleMs?: number;
}

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const POLL_MS = 50;
/** Answers that say "try again later": the key is freed rather than the answer remembered. */
const NOT_REMEMBERED = new Set([408, 425, 429]);

/**
 * The `Idempotency-Key` header (decision 029), for the API scope. Decided from the matched route's
 * table entry (`idempotent`), never from the URL:
 *
 * - onRequest: a key that is not 1–255 visible ASCII characters is 400 before anything is read.
 * - preHandler (after ownership): the key's row is inserted with the request's fingerprint before
 *   the handler works. When the row exists: another fingerprint is 422; a finished one is answered
 *   again as it was, with `Idempotent-Replayed: true`; an unfinished one is waited for (up to
 *   `waitMs`), then replayed, or 409 if it is still at work. A form is claimed once its fields and
 *   file are read (platform/uploads.ts calls `claimUpload`), before any record is written.
 * - onSend: the answer is remembered (any status below 500 but 408, 425 and 429); a 5xx frees the key.
 */
export function installIdempotency(api: FastifyInstance, db: Kysely<Database>, options: IdempotencyOptions = {}) {
  const now = options.now ?? (() => new Date());
  const waitMs = options.waitMs ?? 10_000;
  const staleMs = options.staleMs ?? 15 * 60_000;
  api.decorateRequest('idempotency', null);

  api.addHook('onRequest', async (request) => {
    const def = request.routeOptions.config.route;
    if (!def?.idempotent) return;
    const key = keyOf(request);
    if (key === null) return;
    const scope = request.auth ? `member:${request.auth.memberId}` : 'public';
    const id: KeyId = { scope, route: `${def.method} ${def.path}`, idemKey: key };
    const state: KeyState = {
      id,
      state: 'deferred',
      claimedAt: null,
      claim: async (fingerprint) => {
        const answer = await claim(id, fingerprint, state);
        if (answer) {
          state.state = 'replayed';
          throw answer;
        }
      },
    };
    request.idempotency = state;
  });

  api.addHook('preHandler', async (request, reply) => {
    const state = request.idempotency;
    if (!state || request.isMultipart()) return; // a form is claimed by receiveUpload
    try {
      await state.claim(requestFingerprint(request));
    } catch (err) {
      if (err instanceof PreparedAnswer) return err.send(reply);
      throw err;
    }
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const state = request.idempotency;
    if (!state || state.state !== 'claimed' || state.claimedAt === null) return payload;
    const claimedAt = state.claimedAt;
    state.state = 'replayed'; // once per request, whatever follows
    try {
      const status = reply.statusCode;
      const body =
        typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : null;
      if (status >= 500 || NOT_REMEMBERED.has(status) || body === null) {
        await repo.release(db, state.id, claimedAt);
      } else {
        const type = reply.getHeader('content-type');
        await repo.complete(db, state.id, claimedAt, { status, contentType: typeof type === 'string' ? type : null, body }, iso());
      }
    } catch (err) {
      // The work is done and its answer goes out; the key stays unfinished until it goes stale.
      request.log.error({ err }, 'idempotency: the answer could not be remembered');
    }
    return payload;
  });

  const iso = () => now().toISOString();

  /** Claims the key for this request (null: go on and work), or the answer to give instead. */
  async function claim(id: KeyId, fingerprint: string, state: KeyState): Promise<PreparedAnswer | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const at = iso();
      if (await repo.claim(db, id, fingerprint, at)) {
        state.state = 'claimed';
        state.claimedAt = at;
        return null;
      }
      const row = await repo.find(db, id);
      if (!row) continue; // the first request failed and freed the key meanwhile: claim it again
      if (row.fingerprint !== fingerprint) throw new HttpError(422, IDEMPOTENCY_ERRORS.otherRequest);
      if (row.status_code !== null) return replay(row);
      if (now().getTime() - Date.parse(row.created_at) > staleMs) {
        if (await repo.takeOver(db, id, row.created_at, fingerprint, at)) {
          state.state = 'claimed';
          state.claimedAt = at;
          return null;
        }
        continue;
      }
      if (Date.now() >= deadline) throw conflict(IDEMPOTENCY_ERRORS.inProgress);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/** The first answer, given again. */
function replay(row: KeyRow): PreparedAnswer {
  const headers: Record<string, string> = { [IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]: 'true' };
  if (row.content_type) headers['content-type'] = row.content_type;
  return new PreparedAnswer(row.status_code ?? 200, row.body ?? '', headers);
}

/** The header's key; null without one; 400 when it is not 1–255 visible ASCII characters. */
function keyOf(request: FastifyRequest): string | null {
  const value = request.headers[HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) throw badRequest(IDEMPOTENCY_ERRORS.badKey);
  return value;
}

/** SHA-256 of the request as the route parsed it: its params and body, keys in a stable order. */
function requestFingerprint(request: FastifyRequest): string {
  return sha256(stableJson({ params: request.params ?? null, body: request.body ?? null }));
}

/**
 * For platform/uploads.ts, once a form's fields are read and its file stored (its SHA-256 taken
 * while it streamed): claims the key with the form's fingerprint. Throws the answer to give
 * instead (a replay, 422 or 409); the caller deletes the stored file first. Without a key, nothing.
 */
export async function claimUpload(
  request: FastifyRequest,
  form: { fields: Record<string, string>; file: { field: string; name: string; sha256: string } | null },
): Promise<void> {
  const state = request.idempotency;
  if (!state || state.state !== 'deferred') return;
  await state.claim(sha256(stableJson(form)));
}

/** The hourly purge (main.ts): keys made more than `hours` ago. */
export async function purgeIdempotencyKeys(db: Kysely<Database>, hours: number, now: Date = new Date()): Promise<number> {
  return repo.purgeBefore(db, new Date(now.getTime() - hours * 3_600_000).toISOString());
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
