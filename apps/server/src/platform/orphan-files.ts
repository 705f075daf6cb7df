import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FileStorage } from './storage.ts';
import { referencedStorageKeys } from './stored-files-repository.ts';

/**
 * Files older than this that no row names are removed. Longer than any upload takes (the request
 * limit is 5 minutes plus the time a 50 MB file takes at 500 kbit/s, about 18 minutes), so a file
 * written just before its row commits is never taken for an orphan, on this instance or another.
 * The default; ORPHAN_FILE_GRACE_SECONDS sets it (main.ts), shorter only for a test such as the
 * crash test (bench/crashtest.ts).
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;

/**
 * Decision 003 promises neither a row without its file nor a file without its row. Writes keep the
 * first (the file is complete before its row commits); a crash between a file's write and its row's
 * commit, or between a replaced file's row update and its deletion, can leave the second. This
 * sweep, at start and hourly (main.ts), removes those files: stored, older than the grace period,
 * named by no row. The keys are read after the listing, so a row committed meanwhile still protects
 * its file.
 */
export async function sweepOrphanFiles(
  db: Kysely<Database>,
  storage: FileStorage,
  options: { graceMs?: number; now?: () => number } = {},
): Promise<{ checked: number; removed: number }> {
  const cutoff = (options.now ?? Date.now)() - (options.graceMs ?? ORPHAN_GRACE_MS);
  const old: string[] = [];
  let checked = 0;
  for await (const file of storage.list()) {
    checked += 1;
    if (file.modifiedAt < cutoff) old.push(file.key);
  }
  if (old.length === 0) return { checked, removed: 0 };
  const referenced = await referencedStorageKeys(db);
  let removed = 0;
  for (const key of old) {
    if (referenced.has(key)) continue;
    await storage.delete(key);
    removed += 1;
  }
  return { checked, removed };
}
