import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from './orphan-files.ts';
import { newStorageKey } from './storage.ts';

/**
 * Decision 003: neither a row without its file nor a file without its row, after a crash as well.
 * The sweep removes stored files that no row names once they are older than the grace period, and
 * nothing else: not a file a row names (a photo, a valid ID, a licence scan, a material), not a
 * file just written (its row may be about to commit), not a partial write.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('photo')]);
const pdf = Buffer.from('%PDF-1.4\n% a licence scan\n');

/** Makes a stored file look `ms` old. */
function age(key: string, ms: number) {
  const when = new Date(Date.now() - ms);
  fs.utimesSync(path.join(t.config.storageDir, key), when, when);
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of t.services.storage.list()) keys.push(file.key);
  return keys.sort();
}

describe('the sweep of stored files no row names', () => {
  it('removes old files no row names, and keeps named files, recent files and partial writes', async () => {
    const agent = await t.createMember();
    const c = await t.loginAs(agent);
    // Files rows name: a photo, a valid ID (through the API) and a licence scan.
    const photo = await c.postForm(routes.editMember.path, [
      { name: 'id', value: String(agent.id) },
      { name: 'photo', filename: 'me.png', content: png },
    ]);
    expect(photo.statusCode, photo.body).toBe(200);
    const validId = await c.postForm(routes.editMember.path, [
      { name: 'id', value: String(agent.id) },
      { name: 'valid_id', filename: 'id.pdf', content: pdf },
    ]);
    expect(validId.statusCode, validId.body).toBe(200);
    const licence = await c.postForm(routes.addLicense.path, [
      ...Object.entries({
        id: agent.id,
        line: 'Non-Life',
        license_no: 'NL-2026-000777',
        insurer: 'Pioneer Insurance',
        issued_on: '2026-01-05',
        expires_on: '2029-12-31',
      }).map(([name, value]) => ({ name, value: String(value) })),
      { name: 'scan', filename: 'licence.pdf', content: pdf },
    ]);
    expect(licence.statusCode, licence.body).toBe(200);
    const named = await storedKeys();
    expect(named).toHaveLength(3);

    // Files no row names: one old (a crash left it), one just written (its row may be committing).
    const orphan = newStorageKey('photos');
    const fresh = newStorageKey('valid-ids');
    await t.services.storage.put(orphan, png);
    await t.services.storage.put(fresh, pdf);
    // A partial write a crash left: not a stored file, never listed.
    fs.writeFileSync(path.join(t.config.storageDir, '.tmp', 'left-behind.part'), 'partial');
    for (const key of [...named, orphan]) age(key, ORPHAN_GRACE_MS + 60_000);

    const result = await sweepOrphanFiles(t.db.db, t.services.storage);
    expect(result).toEqual({ checked: 5, removed: 1 });
    expect(await storedKeys()).toEqual([...named, fresh].sort());
    expect(fs.existsSync(path.join(t.config.storageDir, '.tmp', 'left-behind.part'))).toBe(true);

    // The named files still download.
    expect((await c.get(`/api/photo/${agent.id}`)).statusCode).toBe(200);

    // Once past the grace period, the file no row names goes too; a second sweep finds nothing more.
    age(fresh, ORPHAN_GRACE_MS + 60_000);
    expect(await sweepOrphanFiles(t.db.db, t.services.storage)).toEqual({ checked: 4, removed: 1 });
    expect(await sweepOrphanFiles(t.db.db, t.services.storage)).toEqual({ checked: 3, removed: 0 });
    expect(await storedKeys()).toEqual(named);
  });
});
