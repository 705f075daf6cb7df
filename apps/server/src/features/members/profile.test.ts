import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@ahente/contract/routes';
import type { UserDetails } from '@ahente/contract/members';
import { startTestApp, type FormPart, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * Personal details, the profile photo and the valid ID (decision 015): getuserdetails, editMember
 * as a form, /api/photo/{id} and downloadvalidid/{id}, for every caller, with the files on disk
 * checked.
 */
let t: TestApp;
type Member = Awaited<ReturnType<TestApp['createMember']>>;
let agent: Member;
let agentClient: TestClient;
let other: Member;
let otherClient: TestClient;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  ({ agent, other, agentClient, otherClient, adminClient } = await t.callers());
});
afterAll(() => t.close());

// ---- helpers ---------------------------------------------------------------------------------

let seq = 0;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (tag = `png ${seq++}`) => Buffer.concat([Buffer.from(PNG_MAGIC), Buffer.from(tag)]);
const jpeg = (tag = `jpeg ${seq++}`) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(tag)]);
const pdf = (tag = `pdf ${seq++}`) => Buffer.from(`%PDF-1.7\n${tag}`);

/** NCR → Quezon City → Alicia, and the City of Manila → Barangay 1 (Tondo), as PSGC codes. */
const NCR = '1300000000';
const QUEZON_CITY = '1381300000';
const ALICIA = '1381300001';
const MANILA = '1380600000';
const TONDO_BARANGAY_1 = '1380601001';
const CAR = '1400000000';
const BAGUIO = '1430300000';

/** Every regular file under the test's STORAGE_DIR, relative to it. */
function storedFiles(): string[] {
  const root = t.config.storageDir;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile() && !d.parentPath.includes('.tmp'))
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .sort();
}

/**
 * An approved agent named as PERSONAL names them: the form sends their names unchanged
 * (decision 027 locks them).
 */
async function fresh(): Promise<{ m: Member; c: TestClient }> {
  const m = await t.createMember({ f_name: 'Ana', l_name: 'Reyes' });
  return { m, c: await t.loginAs(m) };
}

async function details(client: TestClient, id: number): Promise<UserDetails> {
  const res = await client.post(routes.getUserDetails.path, { id });
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json() as UserDetails[];
  expect(list).toHaveLength(1);
  return list[0]!;
}

const form = (
  id: number | string,
  fields: Record<string, string>,
  file?: { name: string; filename: string; content: Buffer },
): FormPart[] => [
  { name: 'id', value: String(id) },
  ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ...(file ? [file] : []),
];
const sendForm = (client: TestClient, parts: FormPart[]) => client.postForm(routes.editMember.path, parts);
const photoForm = (id: number, content: Buffer = png(), filename = 'me.png') => form(id, {}, { name: 'photo', filename, content });
const validIdForm = (id: number, content: Buffer = jpeg(), filename = `${id}_Ana__Reyes.jpg`) =>
  form(id, {}, { name: 'valid_id', filename, content });

const PERSONAL = {
  f_name: 'Ana',
  m_name: '',
  l_name: 'Reyes',
  gender: 'female',
  email: 'ana.reyes@example.ph',
  contact_no: '09171234567',
  birthdate: '1990-02-28',
  address_number: 'Unit 4B',
  address_street: 'Rizal St',
  address_region: NCR,
  address_city: QUEZON_CITY,
  address_barangay: ALICIA,
};

async function memberRow(id: number) {
  return t.db.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

// ---- getuserdetails ----------------------------------------------------------------------------

describe('POST /api/getuserdetails', () => {
  it('answers a list of one: the personal fields, no photo and no valid ID yet', async () => {
    const d = await details(agentClient, agent.id);
    expect(d).toMatchObject({
      id: agent.id,
      email: `${agent.username}@example.ph`,
      contact_no: '09171234567',
      gender: null,
      birthdate: null,
    });
    expect(d.photo).toBeNull();
    expect(d.valid_id).toBeNull();
    expect(Object.keys(d)).not.toContain('password_hash');
  });

  it("is the member's own or an admin's: another agent 403, anonymous 401, an unknown id 404", async () => {
    expect((await otherClient.post(routes.getUserDetails.path, { id: agent.id })).statusCode).toBe(403);
    expect((await t.client().post(routes.getUserDetails.path, { id: agent.id })).statusCode).toBe(401);
    expect((await adminClient.post(routes.getUserDetails.path, { id: agent.id })).statusCode).toBe(200);
    expect((await adminClient.post(routes.getUserDetails.path, { id: 999_999 })).statusCode).toBe(404);
    expect((await agentClient.post(routes.getUserDetails.path, { id: '000' })).statusCode).toBe(403);
  });
});

// ---- personal details -------------------------------------------------------------------------

describe('POST /api/editMember as a form: personal details', () => {
  it("saves every personal field, '' as none, and getuserdetails reads them back", async () => {
    const { m, c } = await fresh();
    // A new e-mail needs the current password (decision 027).
    const res = await sendForm(c, form(m.id, { ...PERSONAL, current_password: m.password }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member).toMatchObject({ id: m.id, f_name: 'Ana', m_name: null, l_name: 'Reyes', email: 'ana.reyes@example.ph' });
    expect(await details(c, m.id)).toMatchObject({ ...PERSONAL, m_name: null, valid_id: null });
  });

  it('reaches the City of Manila (one city for all its districts) and highly urbanised cities of other regions', async () => {
    const { m, c } = await fresh();
    const manila = await sendForm(c, form(m.id, { address_region: NCR, address_city: MANILA, address_barangay: TONDO_BARANGAY_1 }));
    expect(manila.statusCode, manila.body).toBe(200);
    const baguio = await sendForm(c, form(m.id, { address_region: CAR, address_city: BAGUIO, address_barangay: '' }));
    expect(baguio.statusCode, baguio.body).toBe(200);
    expect(await details(c, m.id)).toMatchObject({ address_region: CAR, address_city: BAGUIO, address_barangay: null });
  });

  it.each([
    ['a city outside the region', { address_region: CAR, address_city: QUEZON_CITY, address_barangay: '' }, /City is not in/],
    ['a barangay outside the city', { address_region: NCR, address_city: MANILA, address_barangay: ALICIA }, /Barangay is not in/],
    ['a barangay without a city', { address_region: NCR, address_city: '', address_barangay: ALICIA }, /city/i],
    ['a city without a region', { address_region: '', address_city: QUEZON_CITY, address_barangay: '' }, /region/i],
    ['an unknown region', { address_region: '9900000000' }, /Region/],
    ['a region that is not a code', { address_region: 'NCR' }, /Region must be a 10-digit PSGC code/],
    ['a Manila district as a city', { address_region: NCR, address_city: '1380601000', address_barangay: '' }, /City/],
    ['an impossible birthday', { birthdate: '2026-02-30' }, /Birthday must be a real date/],
    ['a malformed email', { email: 'ana.example.ph' }, /Email is not a valid email address/],
    ['a contact number with letters', { contact_no: '0917-123' }, /Contact number must be digits only, at most 11/],
    ['a contact number of 12 digits', { contact_no: '091712345678' }, /Contact number must be digits only, at most 11/],
    ['a gender outside the list', { gender: 'other' }, /Gender must be male or female/],
    ['a blank first name', { f_name: '  ' }, /First name is required/],
    ['a street of 201 characters', { address_street: 'x'.repeat(201) }, /Street must be at most 200 characters/],
  ])('refuses %s with a clear 400 and saves nothing', async (_what, fields, message) => {
    const { m, c } = await fresh();
    const before = await memberRow(m.id);
    const res = await sendForm(c, form(m.id, fields));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(message);
    expect(await memberRow(m.id)).toEqual(before);
  });

  it('the same address rules hold for JSON, and a change of city alone is checked against the saved region', async () => {
    const { m, c } = await fresh();
    expect((await c.post(routes.editMember.path, { id: m.id, address_region: NCR, address_city: MANILA })).statusCode).toBe(200);
    const wrong = await c.post(routes.editMember.path, { id: m.id, address_city: BAGUIO });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/City is not in/);
    expect((await c.post(routes.editMember.path, { id: m.id, address_city: QUEZON_CITY })).statusCode).toBe(200);
  });

  it('refuses admin-only fields from an agent (403), an unknown field (400), and a form with no change (400)', async () => {
    const { m, c } = await fresh();
    expect((await sendForm(c, form(m.id, { status: 'Approved' }))).statusCode).toBe(403);
    expect((await sendForm(c, form(m.id, { position: 'Manager' }))).statusCode).toBe(403);
    const unknown = await sendForm(c, form(m.id, { salary: '1' }));
    expect(unknown.statusCode).toBe(400);
    const none = await sendForm(c, form(m.id, {}));
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('No changes to save');
  });

  it('acts on the member the form names only for that member or an admin', async () => {
    const before = await memberRow(agent.id);
    const res = await sendForm(otherClient, form(agent.id, { f_name: 'Hijacked' }));
    expect(res.statusCode).toBe(403);
    expect(await memberRow(agent.id)).toEqual(before);
    expect((await sendForm(t.client(), form(agent.id, { f_name: 'Hijacked' }))).statusCode).toBe(401);
    const byAdmin = await sendForm(adminClient, form(other.id, { address_street: 'Mabini St' }));
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });

  it('answers 400 for a request that is neither a JSON object nor a form, and checks JSON with a charset as JSON', async () => {
    const before = await memberRow(agent.id);
    expect((await agentClient.post(routes.editMember.path, undefined, { headers: {} })).statusCode).toBe(400);
    const text = await agentClient.post(routes.editMember.path, undefined, {
      headers: { 'content-type': 'text/plain' },
      rawBody: `id=${agent.id}&f_name=Plain`,
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe('Request body must be a JSON object or multipart/form-data');
    const array = await agentClient.post(routes.editMember.path, [{ id: agent.id }]);
    expect(array.statusCode).toBe(400);
    const charset = await agentClient.post(routes.editMember.path, undefined, {
      headers: { 'content-type': 'application/json; charset=utf-8' },
      rawBody: JSON.stringify({ id: agent.id, gender: 'other' }),
    });
    expect(charset.statusCode).toBe(400);
    expect(charset.json().error).toBe('Gender must be male or female');
    expect(await memberRow(agent.id)).toEqual(before);
  });
});

// ---- the profile photo ------------------------------------------------------------------------

describe('the profile photo: editMember with `photo`, /api/photo/{id}', () => {
  it('stores a photo under a generated key, answers its URL, and serves its bytes and type', async () => {
    const { m, c } = await fresh();
    const bytes = png('the photo');
    const res = await sendForm(c, photoForm(m.id, bytes, '../../etc/passwd.png'));
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().member.photo;
    expect(url).toMatch(new RegExp(`^/api/photo/${m.id}\\?v=[0-9a-f-]+$`));
    // The photo is in the answer at the top level too.
    expect(res.json().photo).toBe(url);
    const row = await memberRow(m.id);
    expect(row.photo).toMatch(/^photos\/[0-9a-f-]{36}$/);
    expect(row.photo_type).toBe('image/png');

    const served = await c.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, no-cache');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    // The browser asks again with the ETag: nothing is sent twice.
    const again = await c.get(url, { headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // Login and /api/me give the same URL.
    expect((await c.get(routes.me.path)).json().photo).toBe(url);
    expect((await details(c, m.id)).photo).toBe(url);
  });

  it('replacing the photo gives a new URL and removes the old file; removing it removes the file', async () => {
    const { m, c } = await fresh();
    const first = (await sendForm(c, photoForm(m.id))).json().member.photo as string;
    const firstKey = (await memberRow(m.id)).photo!;
    const second = await sendForm(c, photoForm(m.id, jpeg('second'), 'me.jpg'));
    expect(second.statusCode).toBe(200);
    expect(second.json().member.photo).not.toBe(first);
    expect(storedFiles()).not.toContain(firstKey);
    const secondKey = (await memberRow(m.id)).photo!;
    expect(storedFiles()).toContain(secondKey);
    expect((await c.get(first)).headers['content-type']).toBe('image/jpeg');

    const removed = await c.post(routes.editMember.path, { id: m.id, photo: null });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().member.photo).toBeNull();
    expect(removed.json()).toMatchObject({ success: true, photo: null });
    expect(storedFiles()).not.toContain(secondKey);
    expect(await memberRow(m.id)).toMatchObject({ photo: null, photo_type: null });
    expect((await c.get(`/api/photo/${m.id}`)).statusCode).toBe(404);
  });

  it('is served to its owner and admins only, never to another agent or a stranger', async () => {
    const { m, c } = await fresh();
    const url = (await sendForm(c, photoForm(m.id))).json().member.photo as string;
    expect((await adminClient.get(url)).statusCode).toBe(200);
    expect((await otherClient.get(url)).statusCode).toBe(403);
    expect((await t.client().get(url)).statusCode).toBe(401);
  });

  it.each([
    ['a PDF', pdf(), 'me.pdf', 415],
    ['a GIF', Buffer.from('GIF89a....'), 'me.gif', 415],
    ['HTML named .png', Buffer.from('<html><script>alert(1)</script>'), 'me.png', 415],
    ['an empty file', Buffer.alloc(0), 'me.png', 400],
  ])('refuses %s (%#) and keeps the old photo and no new file', async (_what, content, filename, status) => {
    const { m, c } = await fresh();
    await sendForm(c, photoForm(m.id));
    const before = await memberRow(m.id);
    const files = storedFiles();
    const res = await sendForm(c, photoForm(m.id, content, filename));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error).toEqual(expect.any(String));
    expect(await memberRow(m.id)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  it('refuses a photo over the limit with 413, leaving nothing behind', async () => {
    const small = await startTestApp({ uploads: { materialBytes: 50 * 1024 * 1024, photoBytes: 1024 } });
    try {
      const m = await small.createMember();
      const c = await small.loginAs(m);
      const res = await c.postForm(routes.editMember.path, photoForm(m.id, Buffer.concat([Buffer.from(PNG_MAGIC), Buffer.alloc(4096)])));
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBe('The file is too large (limit 1 KB)');
      const row = await small.db.db.selectFrom('members').select(['photo']).where('id', '=', m.id).executeTakeFirstOrThrow();
      expect(row.photo).toBeNull();
      const root = small.config.storageDir;
      const left = fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => /[0-9a-f]{8}-/.test(f)) : [];
      expect(left).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('stores no byte of a file whose form names another member, or names it after the file', async () => {
    const files = storedFiles();
    expect((await sendForm(otherClient, photoForm(agent.id))).statusCode).toBe(403);
    const late: FormPart[] = [
      { name: 'photo', filename: 'me.png', content: png() },
      { name: 'id', value: String(other.id) },
    ];
    const res = await sendForm(otherClient, late);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/send it before the file/);
    expect(storedFiles()).toEqual(files);
  });

  it('removes the new file when the rest of the form is refused', async () => {
    const { m, c } = await fresh();
    const files = storedFiles();
    const res = await sendForm(c, form(m.id, { email: 'not-an-email' }, { name: 'photo', filename: 'me.png', content: png() }));
    expect(res.statusCode).toBe(400);
    expect(storedFiles()).toEqual(files);
    expect((await memberRow(m.id)).photo).toBeNull();
  });

  it('two photos sent at once: one of them is kept, and no file is left without its row', async () => {
    const { m, c } = await fresh();
    const results = await Promise.all([sendForm(c, photoForm(m.id)), sendForm(c, photoForm(m.id)), sendForm(c, photoForm(m.id))]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const key = (await memberRow(m.id)).photo!;
    expect(storedFiles().filter((f) => f.startsWith('photos/'))).toContain(key);
    const photosOfOthers = await t.db.db.selectFrom('members').select('photo').where('photo', 'is not', null).execute();
    const known = new Set(photosOfOthers.map((r) => r.photo));
    expect(storedFiles().filter((f) => f.startsWith('photos/') && !known.has(f))).toEqual([]);
  });
});

// ---- the valid ID -----------------------------------------------------------------------------

describe('the valid ID: editMember with `valid_id`, downloadvalidid/{id}', () => {
  it('saves the ID with the personal details and downloads it as valid_id_{id}.jpg with its bytes', async () => {
    const { m, c } = await fresh();
    const bytes = jpeg('my id');
    const personal = { ...PERSONAL, email: `ana.${m.id}@example.ph`, current_password: m.password };
    const res = await sendForm(c, form(m.id, personal, { name: 'valid_id', filename: `${m.id}_Ana__Reyes.jpg`, content: bytes }));
    expect(res.statusCode, res.body).toBe(200);
    const d = await details(c, m.id);
    expect(d.valid_id).toBe(`/api/downloadvalidid/${m.id}`);
    expect(d.f_name).toBe('Ana');
    const row = await memberRow(m.id);
    expect(row.valid_id).toMatch(/^valid-ids\/[0-9a-f-]{36}$/);

    const dl = await c.get(`/api/downloadvalidid/${m.id}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/jpeg');
    expect(dl.headers['content-disposition']).toBe(`attachment; filename=valid_id_${m.id}.jpg`);
    expect(dl.headers['cache-control']).toBe('private, no-store');
    expect(dl.rawPayload.equals(bytes)).toBe(true);
  });

  it('accepts a PDF (valid_id_{id}.pdf), replaces the old file, and refuses anything but images and PDFs', async () => {
    const { m, c } = await fresh();
    expect((await sendForm(c, validIdForm(m.id))).statusCode).toBe(200);
    const oldKey = (await memberRow(m.id)).valid_id!;
    const res = await sendForm(c, validIdForm(m.id, pdf('scan'), 'scan.pdf'));
    expect(res.statusCode, res.body).toBe(200);
    expect(storedFiles()).not.toContain(oldKey);
    const dl = await c.get(`/api/downloadvalidid/${m.id}`);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe(`attachment; filename=valid_id_${m.id}.pdf`);

    const before = await memberRow(m.id);
    const zip = await sendForm(c, validIdForm(m.id, Buffer.from('PK\x03\x04zip'), 'id.zip'));
    expect(zip.statusCode).toBe(415);
    expect(await memberRow(m.id)).toEqual(before);
  });

  it('is downloaded by its owner and admins only; 404 when none is on file', async () => {
    const { m, c } = await fresh();
    expect((await c.get(`/api/downloadvalidid/${m.id}`)).statusCode).toBe(404);
    await sendForm(c, validIdForm(m.id));
    expect((await adminClient.get(`/api/downloadvalidid/${m.id}`)).statusCode).toBe(200);
    expect((await otherClient.get(`/api/downloadvalidid/${m.id}`)).statusCode).toBe(403);
    expect((await t.client().get(`/api/downloadvalidid/${m.id}`)).statusCode).toBe(401);
  });

  it('ignores a valid_id text field (only a file changes the ID), and refuses two files in one form', async () => {
    const { m, c } = await fresh();
    await sendForm(c, validIdForm(m.id));
    const key = (await memberRow(m.id)).valid_id;
    expect((await sendForm(c, form(m.id, { valid_id: 'something.jpg', address_street: 'Luna St' }))).statusCode).toBe(200);
    expect((await memberRow(m.id)).valid_id).toBe(key);
    const files = storedFiles();
    const two = await sendForm(c, [
      { name: 'id', value: String(m.id) },
      { name: 'photo', filename: 'a.png', content: png() },
      { name: 'valid_id', filename: 'b.png', content: png() },
    ]);
    expect(two.statusCode).toBe(400);
    expect(storedFiles()).toEqual(files);
  });

  it('never writes the file name or its bytes to the log', async () => {
    const lines: string[] = [];
    const { Writable } = await import('node:stream');
    const logged = await startTestApp();
    const { buildApp } = await import('../../app.ts');
    const app = await buildApp({
      config: { ...logged.config, logLevel: 'info' },
      db: logged.db,
      logStream: new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    try {
      const m = await logged.createMember();
      const { TestClient } = await import('../../../test/harness.ts');
      const c = new TestClient(app);
      await c.post(routes.login.path, { username: m.username, password: m.password });
      const res = await c.postForm(routes.editMember.path, validIdForm(m.id, jpeg('SECRET-ID-BYTES'), `${m.id}_Secret__Name.jpg`));
      expect(res.statusCode).toBe(200);
      await c.get(`/api/downloadvalidid/${m.id}`);
      expect(lines.length).toBeGreaterThan(0);
      const text = lines.join('');
      expect(text).not.toContain('SECRET-ID-BYTES');
      expect(text).not.toContain('Secret__Name');
    } finally {
      await app.close();
      await logged.close();
    }
  });
});
