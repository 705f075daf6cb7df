import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Every storage key a row names (decision 003): the members' photos and valid IDs, the materials'
 * files and the licences' scans. A new column that names a stored file belongs here, or the sweep
 * of files no row names (platform/orphan-files.ts) would remove its files.
 */
export async function referencedStorageKeys(db: Kysely<Database>): Promise<Set<string>> {
  const [members, materials, licences] = await Promise.all([
    db
      .selectFrom('members')
      .select(['photo', 'valid_id'])
      .where((eb) => eb.or([eb('photo', 'is not', null), eb('valid_id', 'is not', null)]))
      .execute(),
    db.selectFrom('materials').select('storage_key').execute(),
    db.selectFrom('licenses').select('scan_key').where('scan_key', 'is not', null).execute(),
  ]);
  const keys = new Set<string>();
  for (const m of members) {
    if (m.photo) keys.add(m.photo);
    if (m.valid_id) keys.add(m.valid_id);
  }
  for (const m of materials) keys.add(m.storage_key);
  for (const l of licences) if (l.scan_key) keys.add(l.scan_key);
  return keys;
}
