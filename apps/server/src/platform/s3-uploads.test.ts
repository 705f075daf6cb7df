import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type FormPart, type TestApp, type TestClient } from '../../test/harness.ts';
import { startS3Server, type S3Server } from '../../test/s3-server.ts';

/**
 * The API's uploads and downloads with STORAGE_URL=s3://… (decision 033): the same answers, headers
 * and bytes as on local disk (the materials and profile tests cover local disk in full), a file of
 * several multipart parts, and a refused upload that leaves no row, no object and no parts in the
 * bucket.
 */

const MiB = 1024 * 1024;
const LIMIT = 8 * MiB;

let s3: S3Server;
let onS3: TestApp;
let onDisk: TestApp;

beforeAll(async () => {
  s3 = await startS3Server({ prefix: 'api-test' });
  const uploads = { materialBytes: LIMIT, photoBytes: 5 * MiB };
  onS3 = await startTestApp({ s3: s3.config, uploads });
  onDisk = await startTestApp({ uploads });
});
afterAll(async () => {
  await onS3?.close();
  await onDisk?.close();
  await s3?.close();
});

const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes - 9)]);
const png = (tag: string) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(tag)]);

async function storedKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of t.services.storage.list()) keys.push(file.key);
  return keys.sort();
}

async function materialRows(t: TestApp): Promise<number> {
  const row = await t.db.db
    .selectFrom('materials')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An admin and a section to upload into, on the given app. */
async function setUp(t: TestApp) {
  const admin = await t.loginAs(await t.createAdmin());
  const agent = await t.loginAs(await t.createMember());
  const sectionId: number = (await admin.post('/api/createsection', { name: `Guides ${randomBytes(3).toString('hex')}` })).json().section
    .id;
  const upload = (filename: string, content: Buffer) =>
    admin.postForm('/api/uploadmaterial', [
      { name: 'title', value: filename },
      { name: 'sectionId', value: String(sectionId) },
      { name: 'file', filename, content, contentType: 'application/pdf' },
    ]);
  return { admin, agent, upload };
}

/** The headers a download answers with, less those that differ by nature (date, connection). */
function downloadHeaders(headers: Record<string, unknown>) {
  const { date: _date, connection: _connection, ...rest } = headers;
  return rest;
}

describe('materials on S3: uploadmaterial → downloadmaterial → deletematerial', () => {
  it('answers, stores and serves as on local disk: the same headers and bytes, the object under the prefix', async () => {
    const bytes = pdf(40_000);
    const name = 'Gabay sa Pagbebenta – ñ.pdf';
    const answers: Record<string, { up: unknown; headers: unknown }> = {};
    for (const [label, t] of [
      ['s3', onS3],
      ['disk', onDisk],
    ] as const) {
      const { admin, agent, upload } = await setUp(t);
      const before = await storedKeys(t);
      const up = await upload(name, bytes);
      expect(up.statusCode, up.body).toBe(201);
      const material = up.json().material as { id: number };
      const added = (await storedKeys(t)).filter((k) => !before.includes(k));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^materials\/[0-9a-f-]{36}$/);

      const dl = await agent.get(`/api/downloadmaterial/${material.id}`);
      expect(dl.statusCode).toBe(200);
      expect(dl.rawPayload.equals(bytes)).toBe(true);
      expect(dl.headers['content-length']).toBe(String(bytes.length));
      answers[label] = {
        up: { ...(up.json() as object), material: { ...material, id: 0, sectionId: 0, createdat: '' } },
        headers: downloadHeaders(dl.headers),
      };

      const del = await admin.delete(`/api/deletematerial/${material.id}`);
      expect(del.statusCode).toBe(200);
      expect(await storedKeys(t)).toEqual(before);
      expect((await agent.get(`/api/downloadmaterial/${material.id}`)).statusCode).toBe(404);
    }
    expect(answers.s3).toEqual(answers.disk);
    // On S3 the object is in the bucket under the prefix; nothing went to the local directory.
    expect(fs.existsSync(onS3.config.storageDir) ? fs.readdirSync(onS3.config.storageDir) : []).toEqual([]);
  });

  it('streams a file of several multipart parts up and back whole', async () => {
    const { agent, upload } = await setUp(onS3);
    const bytes = pdf(7 * MiB + 123);
    const up = await upload('big.pdf', bytes);
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().material.size).toBe(bytes.length);
    const dl = await agent.get(`/api/downloadmaterial/${up.json().material.id}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-length']).toBe(String(bytes.length));
    expect(dl.rawPayload.equals(bytes)).toBe(true);
    expect(s3.pendingUploads()).toEqual([]);
  });

  it('answers 413 to a file over the limit after several parts: no row, no object, no parts left', async () => {
    const { upload } = await setUp(onS3);
    const rows = await materialRows(onS3);
    const keys = await storedKeys(onS3);
    const res = await upload('huge.pdf', pdf(LIMIT + 3 * MiB));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The file is too large (limit 8 MB)' });
    expect(await materialRows(onS3)).toBe(rows);
    expect(await storedKeys(onS3)).toEqual(keys);
    expect(s3.pendingUploads()).toEqual([]);
  });
});

describe('the profile photo on S3: editMember with `photo`, /api/photo/{id}', () => {
  const photoForm = (id: number, content: Buffer): FormPart[] => [
    { name: 'id', value: String(id) },
    { name: 'photo', filename: 'me.png', content },
  ];
  const memberPhoto = async (t: TestApp, id: number) =>
    (await t.db.db.selectFrom('members').select('photo').where('id', '=', id).executeTakeFirstOrThrow()).photo;

  it('stores, serves with its type, caching headers and ETag, and replaces the old object', async () => {
    const m = await onS3.createMember();
    const c: TestClient = await onS3.loginAs(m);
    const bytes = png('the photo');
    const res = await c.postForm(routes.editMember.path, photoForm(m.id, bytes));
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().member.photo;
    const firstKey = await memberPhoto(onS3, m.id);
    expect(firstKey).toMatch(/^photos\/[0-9a-f-]{36}$/);
    expect(await onS3.services.storage.exists(firstKey!)).toBe(true);

    const served = await c.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, no-cache');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect((await c.get(url, { headers: { 'if-none-match': String(served.headers.etag) } })).statusCode).toBe(304);

    const second = await c.postForm(routes.editMember.path, photoForm(m.id, png('second')));
    expect(second.statusCode, second.body).toBe(200);
    const secondKey = await memberPhoto(onS3, m.id);
    expect(secondKey).not.toBe(firstKey);
    expect(await onS3.services.storage.exists(firstKey!)).toBe(false);
    expect((await c.get(second.json().member.photo)).rawPayload.equals(png('second'))).toBe(true);
  });
});
