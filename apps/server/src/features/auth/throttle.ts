import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../platform/errors.ts';
import { authRepository } from './repository.ts';

/**
 * Takes one slot of `key` in the current window (an atomic increment on either database): over
 * `max`, the slot is given back and the attempt is refused with 429 and `message`. The caller
 * clears the key on success (`authRepository.clear`) or keeps the slot as a failure. The login's
 * own two-key version is in service.ts.
 */
export async function takeSlot(
  db: Kysely<Database>,
  key: string,
  limit: { max: number; windowMs: number; message: string; now?: Date },
): Promise<void> {
  const at = limit.now ?? new Date();
  const counts = await authRepository.hit(db, [key], at.toISOString(), new Date(at.getTime() - limit.windowMs).toISOString());
  if (counts.get(key)! > limit.max) {
    await authRepository.release(db, [key]);
    throw new HttpError(429, limit.message);
  }
}
