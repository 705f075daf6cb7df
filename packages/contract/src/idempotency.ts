/**
 * The `Idempotency-Key` request header (decision 029). A route of the table marked `idempotent`
 * honours it: the same key with the same request answers the first answer again (with
 * `Idempotent-Replayed: true`) and does nothing more; with another request it is 422. Without the
 * header a request is handled as always.
 */

/** The request header, as HTTP spells it (Fastify reads headers in lower case). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The response header of an answer given again from the first request. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** 1 to 255 visible ASCII characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_ERRORS = {
  badKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID, for example)',
  otherRequest: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  inProgress: 'A request with this Idempotency-Key is still in progress. Try again in a moment.',
} as const;
