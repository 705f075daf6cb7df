import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATERIAL_ERRORS } from '@ahente/contract/materials';
import { MSG } from '@ahente/contract/messages';
import { startTestApp, type FormPart, type TestApp, type TestClient } from '../../../test/harness.ts';

/** A small configured limit keeps the oversize tests quick. */
const LIMIT = 64 * 1024;

let t: TestApp;
let admin: TestClient;
let agent: TestClient;
let sectionId: number;

beforeAll(async () => {
  t = await startTestApp({ uploads: { materialBytes: LIMIT, photoBytes: 5 * 1024 * 1024 } });
  admin = await t.loginAs(await t.createAdmin());
  agent = await t.loginAs(await t.createMember());
  sectionId = (await admin.post('/api/createsection', { name: 'Product Guides' })).json().section.id;
});
afterAll(() => t.close());

// ---- helpers ---------------------------------------------------------------------------------

/** Every regular file under the test's STORAGE_DIR, as paths relative to it. */
function storedFiles(): string[] {
  const root = t.config.storageDir;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .sort();
}

async function materialRows(): Promise<number> {
  const row = await t.db.db
    .selectFrom('materials')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function sectionRows(): Promise<number> {
  const row = await t.db.db
    .selectFrom('sections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const pdf = (bytes = 40_000) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes - 9)]);

/** The form the spec's client sends: title, type, size, sectionId, file. */
function form(
  file: { filename: string; content: Buffer | string; contentType?: string } | null,
  fields: Record<string, string> = {},
): FormPart[] {
  const base: Record<string, string> = {
    title: file?.filename ?? '',
    type: file?.contentType ?? 'application/pdf',
    size: String(file ? Buffer.byteLength(file.content) : 0),
    sectionId: String(sectionId),
    ...fields,
  };
  const parts: FormPart[] = Object.entries(base).map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: 'file', ...file });
  return parts;
}

const upload = (client: TestClient, file: Parameters<typeof form>[0], fields?: Record<string, string>) =>
  client.postForm('/api/uploadmaterial', form(file, fields));

/** Runs a request that must be refused and checks it left no row and no file behind. */
async function expectRefusedAndNothingSaved(
  send: () => Promise<{ statusCode: number; json: () => unknown }>,
  status: number,
  error: string,
) {
  const rowsBefore = await materialRows();
  const filesBefore = storedFiles();
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ error });
  expect(await materialRows()).toBe(rowsBefore);
  expect(storedFiles()).toEqual(filesBefore);
}

/** The file name a browser would save a download as: RFC 6266 filename*, decoded. */
function downloadName(disposition: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  return decodeURIComponent(star![1]!);
}

// ---- sections ----------------------------------------------------------------------------------

describe('POST /api/createsection and GET /api/getsection', () => {
  it('creates sections that every member then sees, ordered by name', async () => {
    const res = await admin.post('/api/createsection', { name: '  marketing Kits ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, section: { id: expect.any(Number), name: 'marketing Kits', library: 'Marketing' } });
    await admin.post('/api/createsection', { name: 'Agency Forms' });

    const list = await agent.get('/api/getsection');
    expect(list.statusCode).toBe(200);
    const names = (list.json() as { id: number; name: string }[]).map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toEqual(expect.arrayContaining(['Agency Forms', 'marketing Kits', 'Product Guides']));
    expect(list.json()[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      library: expect.stringMatching(/^(Marketing|Learning)$/),
    });
  });

  it('answers 409 to a name already used, whatever its case (non-ASCII letters too), and saves nothing', async () => {
    expect((await admin.post('/api/createsection', { name: 'Ñandú Training' })).statusCode).toBe(200);
    const before = await sectionRows();
    for (const name of ['PRODUCT GUIDES', 'product guides', 'ñANDÚ training', 'N\u0303andu\u0301 Training']) {
      const res = await admin.post('/api/createsection', { name });
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toEqual({ error: MATERIAL_ERRORS.sectionExists });
    }
    expect(await sectionRows()).toBe(before);
  });

  it.each([
    ['a name only (the spec client): Marketing', { name: 'Spec Client Kit' }, 'Marketing'],
    ['Marketing', { name: 'Flyers to Share', library: 'Marketing' }, 'Marketing'],
    ['Learning', { name: 'Underwriting Basics', library: 'Learning' }, 'Learning'],
  ] as const)('creates a section in its library: %s', async (_label, body, library) => {
    const res = await admin.post('/api/createsection', body);
    expect(res.statusCode).toBe(200);
    const section = res.json().section;
    expect(section).toEqual({ id: expect.any(Number), name: body.name, library });
    const row = await t.db.db.selectFrom('sections').select(['name', 'library']).where('id', '=', section.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: body.name, library });
  });

  it('lists one library with getsection/{library}: /learning and /marketing each get only their own', async () => {
    const learning = (await admin.post('/api/createsection', { name: 'Claims Handling 101', library: 'Learning' })).json().section;
    const marketing = (await admin.post('/api/createsection', { name: 'Holiday Posts', library: 'Marketing' })).json().section;

    const learningList = await agent.get('/api/getsection/Learning');
    expect(learningList.statusCode).toBe(200);
    const learningSections = learningList.json() as { id: number; name: string; library: string }[];
    expect(learningSections).toContainEqual(learning);
    expect(learningSections.map((s) => s.id)).not.toContain(marketing.id);
    expect(learningSections.every((s) => s.library === 'Learning')).toBe(true);
    const names = learningSections.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    const marketingSections = (await agent.get('/api/getsection/Marketing')).json() as { id: number; library: string }[];
    expect(marketingSections).toContainEqual(marketing);
    expect(marketingSections.map((s) => s.id)).not.toContain(learning.id);
    expect(marketingSections.every((s) => s.library === 'Marketing')).toBe(true);

    // getsection still gives every section, each with its library.
    const all = (await agent.get('/api/getsection')).json() as { id: number }[];
    expect(all).toEqual(expect.arrayContaining([learning, marketing]));
    expect(all).toHaveLength(learningSections.length + marketingSections.length);
  });

  it.each([
    ['lower case', 'learning'],
    ['unknown', 'University'],
    ['blank', '%20'],
  ])('answers 400 to a %s library on getsection/{library}', async (_label, library) => {
    const res = await agent.get(`/api/getsection/${library}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(library === '%20' ? MATERIAL_ERRORS.libraryRequired : MATERIAL_ERRORS.libraryInvalid);
  });

  it('keeps one name for one section across both libraries (409, nothing saved)', async () => {
    await admin.post('/api/createsection', { name: 'Rate Cards', library: 'Learning' });
    const before = await sectionRows();
    const res = await admin.post('/api/createsection', { name: 'rate cards', library: 'Marketing' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: MATERIAL_ERRORS.sectionExists });
    expect(await sectionRows()).toBe(before);
  });

  it('a CHECK keeps the library to the two names on the database itself', async () => {
    const insert = t.db.db
      .insertInto('sections')
      .values({ name: 'Direct', name_key: 'direct', library: 'University' as 'Learning', createdat: new Date().toISOString() })
      .execute();
    await expect(insert).rejects.toThrow(/check/i);
  });

  it.each([
    ['empty', { name: 'Empty Library', library: '' }, MATERIAL_ERRORS.libraryRequired],
    ['null', { name: 'Null Library', library: null }, MATERIAL_ERRORS.libraryRequired],
    ['unknown', { name: 'Unknown Library', library: 'University' }, MATERIAL_ERRORS.libraryInvalid],
    ['lower case', { name: 'Lower Library', library: 'learning' }, MATERIAL_ERRORS.libraryInvalid],
    ['a number', { name: 'Number Library', library: 1 }, MATERIAL_ERRORS.libraryInvalid],
  ])('answers 400 to a library that is %s and saves nothing', async (_label, body, error) => {
    const before = await sectionRows();
    const res = await admin.post('/api/createsection', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(error);
    expect(await sectionRows()).toBe(before);
  });

  it.each([
    ['empty', { name: '' }, MSG.typeSectionName],
    ['blank', { name: '   ' }, MSG.typeSectionName],
    ['missing', {}, MSG.typeSectionName],
    ['too long', { name: 'x'.repeat(101) }, MATERIAL_ERRORS.sectionNameTooLong],
    ['with control characters', { name: 'Bad\u0000Name' }, MATERIAL_ERRORS.sectionNameInvalid],
  ])('answers 400 to a %s name and saves nothing', async (_label, body, error) => {
    const before = await sectionRows();
    const res = await admin.post('/api/createsection', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(error);
    expect(await sectionRows()).toBe(before);
  });
});

// ---- upload, list, download, delete --------------------------------------------------------------

describe('uploadmaterial → getmaterial → downloadmaterial → deletematerial', () => {
  it('keeps the bytes and the non-ASCII name end to end, then removes row and file', async () => {
    const bytes = pdf(40_000);
    const name = 'Gabay sa Pagbebenta – ñ.pdf';
    const up = await upload(admin, { filename: name, content: bytes, contentType: 'application/pdf' });
    expect(up.statusCode).toBe(201);
    const material = up.json().material;
    expect(up.json()).toEqual({
      success: true,
      material: {
        id: expect.any(Number),
        title: name,
        sectionId,
        size: bytes.length,
        type: 'application/pdf',
        createdat: expect.any(String),
      },
    });
    expect(new Date(material.createdat).toISOString()).toBe(material.createdat);

    // Stored once, under a generated key, never under the client's name.
    const files = storedFiles();
    const mine = files.filter((f) => fs.readFileSync(path.join(t.config.storageDir, f)).equals(bytes));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatch(/^materials\/[0-9a-f-]{36}$/);

    for (const body of [{ sectionId }, { sectionId: String(sectionId) }]) {
      const list = await agent.post('/api/getmaterial', body);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toContainEqual(material);
    }

    const dl = await agent.get(`/api/downloadmaterial/${material.id}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(bytes)).toBe(true);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-length']).toBe(String(bytes.length));
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(dl.headers['content-disposition']);
    expect(disposition).toBe(
      `attachment; filename="Gabay sa Pagbebenta _ n.pdf"; filename*=UTF-8''Gabay%20sa%20Pagbebenta%20%E2%80%93%20%C3%B1.pdf`,
    );
    expect(downloadName(disposition)).toBe(name);

    const del = await admin.delete(`/api/deletematerial/${material.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true });
    expect((await agent.post('/api/getmaterial', { sectionId })).json()).not.toContainEqual(material);
    expect(storedFiles()).toEqual(files.filter((f) => f !== mine[0]));
    const gone = await agent.get(`/api/downloadmaterial/${material.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: MATERIAL_ERRORS.materialNotFound });
    const again = await admin.delete(`/api/deletematerial/${material.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: MATERIAL_ERRORS.materialNotFound });
  });

  it('lists a section newest first, and an empty section as []', async () => {
    const { id: otherSection } = (await admin.post('/api/createsection', { name: `Order ${Date.now()}` })).json().section;
    const empty = await agent.post('/api/getmaterial', { sectionId: otherSection });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const first = (await upload(admin, { filename: 'first.pdf', content: pdf(100) }, { sectionId: String(otherSection) })).json().material;
    const second = (await upload(admin, { filename: 'second.pdf', content: pdf(100) }, { sectionId: String(otherSection) })).json()
      .material;
    const list = await agent.post('/api/getmaterial', { sectionId: otherSection });
    expect(list.json().map((m: { id: number }) => m.id)).toEqual([second.id, first.id]);
  });

  it('accepts a file exactly at the limit and one whose parts come in another order', async () => {
    const atLimit = await upload(admin, { filename: 'exact.pdf', content: pdf(LIMIT) });
    expect(atLimit.statusCode).toBe(201);
    expect(atLimit.json().material.size).toBe(LIMIT);
    const bytes = pdf(1000);
    const res = await admin.postForm('/api/uploadmaterial', [
      { name: 'file', filename: 'file-first.pdf', content: bytes },
      { name: 'sectionId', value: String(sectionId) },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().material).toMatchObject({ title: 'file-first.pdf', size: 1000, sectionId });
  });

  it.each([
    ['PNG', 'chart.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]), 'image/png'],
    ['JPEG', 'photo.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]), 'image/jpeg'],
    ['GIF', 'anim.gif', Buffer.concat([Buffer.from('GIF89a'), randomBytes(200)]), 'image/gif'],
    [
      'WebP',
      'pic.webp',
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 1, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(200)]),
      'image/webp',
    ],
    ['MP4', 'clip.mp4', Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), randomBytes(200)]), 'video/mp4'],
    ['ZIP', 'bundle.zip', Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(200)]), 'application/zip'],
    [
      'Word (docx)',
      'Policy.docx',
      Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(200)]),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'Excel (xlsx)',
      'Rates.XLSX',
      Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(200)]),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [
      'PowerPoint (pptx)',
      'Pitch.pptx',
      Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(200)]),
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    [
      'Word (doc)',
      'old.doc',
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(200)]),
      'application/msword',
    ],
    [
      'Excel (xls)',
      'old.xls',
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(200)]),
      'application/vnd.ms-excel',
    ],
    ['text', 'Mga Paalala.txt', Buffer.from('Magandang araw! Piso: ₱1,000 — señor\n'.repeat(500)), 'text/plain; charset=utf-8'],
    ['CSV', 'rates.csv', Buffer.from('product,rate\nCTPL,560\n'), 'text/csv; charset=utf-8'],
  ])('accepts %s and stores the type decided from its bytes', async (_label, filename, content, type) => {
    // The client's declared type is ignored.
    const res = await upload(admin, { filename, content, contentType: 'application/x-whatever' }, { type: 'text/html', size: '1' });
    expect(res.statusCode).toBe(201);
    expect(res.json().material).toMatchObject({ title: filename, type, size: content.length });
    const dl = await agent.get(`/api/downloadmaterial/${res.json().material.id}`);
    expect(dl.headers['content-type']).toBe(type);
    expect(dl.rawPayload.equals(content)).toBe(true);
  });

  it('gives a name an extension that fits its content, so a PDF never saves as .html', async () => {
    const res = await upload(admin, { filename: 'notes.html', content: pdf(500) });
    expect(res.statusCode).toBe(201);
    expect(res.json().material.title).toBe('notes.html.pdf');
  });
});

// ---- bad input -----------------------------------------------------------------------------------

describe('POST /api/uploadmaterial refuses bad input and leaves no row and no file', () => {
  it('answers 400 "Please Select File First" without a file', async () => {
    await expectRefusedAndNothingSaved(() => upload(admin, null), 400, MSG.selectFileFirst);
    // What a browser sends for an empty file input: a file part without a name or bytes.
    await expectRefusedAndNothingSaved(() => upload(admin, { filename: '', content: '' }), 400, MSG.selectFileFirst);
    // Not multipart at all.
    await expectRefusedAndNothingSaved(() => admin.post('/api/uploadmaterial', { sectionId }), 400, MSG.selectFileFirst);
  });

  it('answers 400 to a missing or non-numeric sectionId', async () => {
    const parts = form({ filename: 'a.pdf', content: pdf(500) }).filter((p) => p.name !== 'sectionId');
    await expectRefusedAndNothingSaved(() => admin.postForm('/api/uploadmaterial', parts), 400, MATERIAL_ERRORS.sectionRequired);
    await expectRefusedAndNothingSaved(
      () => upload(admin, { filename: 'a.pdf', content: pdf(500) }, { sectionId: '' }),
      400,
      MATERIAL_ERRORS.sectionRequired,
    );
    for (const bad of ['abc', '1.5', '-3', '0', '12abc']) {
      await expectRefusedAndNothingSaved(
        () => upload(admin, { filename: 'a.pdf', content: pdf(500) }, { sectionId: bad }),
        400,
        MATERIAL_ERRORS.sectionIdInvalid,
      );
    }
  });

  it('answers 404 "Section not found" to an unknown section (after the file was stored: it is removed)', async () => {
    await expectRefusedAndNothingSaved(
      () => upload(admin, { filename: 'a.pdf', content: pdf(20_000) }, { sectionId: '987654' }),
      404,
      MATERIAL_ERRORS.sectionNotFound,
    );
  });

  it('answers 413 naming the limit to a file over it', async () => {
    await expectRefusedAndNothingSaved(
      () => upload(admin, { filename: 'big.pdf', content: pdf(LIMIT + 1) }),
      413,
      'The file is too large (limit 64 KB)',
    );
    await expectRefusedAndNothingSaved(
      () => upload(admin, { filename: 'huge.pdf', content: pdf(LIMIT * 3) }),
      413,
      'The file is too large (limit 64 KB)',
    );
  });

  it.each([
    ['an ELF executable named .pdf', 'report.pdf', Buffer.concat([Buffer.from('\x7fELF'), randomBytes(300)])],
    ['a Windows executable named .pdf', 'setup.pdf', Buffer.concat([Buffer.from('MZ'), randomBytes(300)])],
    ['HTML named .pdf', 'invoice.pdf', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['HTML named .html', 'page.html', Buffer.from('<html><body>hi</body></html>')],
    ['SVG', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['text with NUL bytes', 'notes.txt', Buffer.from('abc\u0000def')],
    ['text that is not UTF-8', 'notes.txt', Buffer.from([0x61, 0xff, 0xfe, 0x62])],
    ['an OLE2 installer', 'setup.msi', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(300)])],
    ['a QuickTime movie', 'clip.mov', Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), randomBytes(300)])],
    ['a large unknown file', 'data.bin', randomBytes(50_000)],
  ])('answers 415 to %s', async (_label, filename, content) => {
    await expectRefusedAndNothingSaved(
      () => upload(admin, { filename, content, contentType: 'application/pdf' }),
      415,
      'This file type is not allowed',
    );
  });

  it('answers 400 to an empty file and to a name with nothing usable in it', async () => {
    await expectRefusedAndNothingSaved(() => upload(admin, { filename: 'empty.pdf', content: '' }), 400, 'The file is empty');
    for (const filename of ['...', '\u0001\u0002', '<>:|?*', '../../', ' . ']) {
      await expectRefusedAndNothingSaved(
        () => upload(admin, { filename, content: pdf(300) }),
        400,
        'The file name is empty or has no usable characters',
      );
    }
  });

  it('answers 400 to a second file or a file under another field name', async () => {
    await expectRefusedAndNothingSaved(
      () =>
        admin.postForm('/api/uploadmaterial', [
          ...form({ filename: 'one.pdf', content: pdf(300) }),
          { name: 'file', filename: 'two.pdf', content: pdf(300) },
        ]),
      400,
      'Send one file only',
    );
    await expectRefusedAndNothingSaved(
      () =>
        admin.postForm('/api/uploadmaterial', [
          { name: 'sectionId', value: String(sectionId) },
          { name: 'photo', filename: 'x.pdf', content: pdf(300) },
        ]),
      400,
      'Unexpected file field "photo"',
    );
  });

  it('answers 400 to a malformed or cut-off body', async () => {
    const good = form({ filename: 'cut.pdf', content: pdf(20_000) });
    const { multipartBody } = await import('../../../test/harness.ts');
    const { body, contentType } = multipartBody(good);
    await expectRefusedAndNothingSaved(
      () =>
        admin.post('/api/uploadmaterial', undefined, {
          rawBody: body.subarray(0, body.length - 5000),
          headers: { 'content-type': contentType },
        }),
      400,
      'The upload could not be read. Please try again.',
    );
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=']) {
      await expectRefusedAndNothingSaved(
        () => admin.post('/api/uploadmaterial', undefined, { rawBody: 'garbage', headers: { 'content-type': contentType } }),
        400,
        'The upload could not be read. Please try again.',
      );
    }
    await expectRefusedAndNothingSaved(
      () => admin.post('/api/uploadmaterial', undefined, { rawBody: 'garbage', headers: { 'content-type': contentType + 'x' } }),
      400,
      'The upload could not be read. Please try again.',
    );
  });

  it('stores a traversal name as its last component and writes nothing outside STORAGE_DIR', async () => {
    const root = t.config.storageDir;
    const cases: [string, string][] = [
      ['../../x.pdf', 'x.pdf'],
      ['..\\..\\evil.pdf', 'evil.pdf'],
      ['/etc/passwd.pdf', 'passwd.pdf'],
      ['a<b>:c|d?*.pdf', 'abcd.pdf'],
      ['invoice\u202Efdp.exe', 'invoicefdp.exe.pdf'],
      ['  .hidden report .pdf. ', 'hidden report .pdf'],
      ['CON.pdf', '_CON.pdf'],
    ];
    for (const [filename, title] of cases) {
      const res = await upload(admin, { filename, content: pdf(300) });
      expect(res.statusCode, filename).toBe(201);
      expect(res.json().material.title).toBe(title);
    }
    for (const outside of ['../x.pdf', '../../x.pdf', 'materials/../../x.pdf', 'x.pdf', '../evil.pdf']) {
      expect(fs.existsSync(path.resolve(root, outside)), outside).toBe(false);
    }
    expect(storedFiles().every((f) => /^materials\/[0-9a-f-]{36}$/.test(f))).toBe(true);
  });
});

// ---- reads ---------------------------------------------------------------------------------------

describe('getmaterial and downloadmaterial with bad ids', () => {
  it('answers 404 to an unknown section and 400 to a bad sectionId', async () => {
    const unknown = await agent.post('/api/getmaterial', { sectionId: 987654 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: MATERIAL_ERRORS.sectionNotFound });
    const missing = await agent.post('/api/getmaterial', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(MATERIAL_ERRORS.sectionRequired);
    const bad = await agent.post('/api/getmaterial', { sectionId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(MATERIAL_ERRORS.sectionIdInvalid);
  });

  it('answers 400 to a non-numeric id and 404 to an unknown one', async () => {
    expect((await agent.get('/api/downloadmaterial/abc')).statusCode).toBe(400);
    expect((await admin.delete('/api/deletematerial/abc')).statusCode).toBe(400);
    const dl = await agent.get('/api/downloadmaterial/987654');
    expect(dl.statusCode).toBe(404);
    expect(dl.json()).toEqual({ error: MATERIAL_ERRORS.materialNotFound });
  });

  it('answers 404 when the file is gone from storage, and still deletes the row', async () => {
    const material = (await upload(admin, { filename: 'lost.pdf', content: pdf(300) })).json().material;
    const key = (await t.db.db.selectFrom('materials').select('storage_key').where('id', '=', material.id).executeTakeFirstOrThrow())
      .storage_key;
    fs.rmSync(path.join(t.config.storageDir, key));
    const dl = await agent.get(`/api/downloadmaterial/${material.id}`);
    expect(dl.statusCode).toBe(404);
    expect(dl.json()).toEqual({ error: MATERIAL_ERRORS.fileMissing });
    const del = await admin.delete(`/api/deletematerial/${material.id}`);
    expect(del.statusCode).toBe(200);
    expect((await agent.post('/api/getmaterial', { sectionId })).json()).not.toContainEqual(material);
  });
});

// ---- callers -------------------------------------------------------------------------------------

describe('who may call', () => {
  let materialId: number;
  beforeAll(async () => {
    materialId = (await upload(admin, { filename: 'shared.pdf', content: pdf(300) })).json().material.id;
  });

  it('answers 401 to every materials call when logged out, saving nothing', async () => {
    const anon = t.client();
    const sections = await sectionRows();
    const calls = [
      () => anon.get('/api/getsection'),
      () => anon.get('/api/getsection/Learning'),
      () => anon.post('/api/getmaterial', { sectionId }),
      () => anon.get(`/api/downloadmaterial/${materialId}`),
      () => anon.delete(`/api/deletematerial/${materialId}`),
      () => anon.post('/api/createsection', { name: 'Anonymous' }),
      () => anon.post('/api/createsection', { name: 'Anonymous Learning', library: 'Learning' }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Please log in first' });
    }
    await expectRefusedAndNothingSaved(() => upload(anon, { filename: 'anon.pdf', content: pdf(300) }), 401, 'Please log in first');
    expect(await sectionRows()).toBe(sections);
    expect((await agent.get(`/api/downloadmaterial/${materialId}`)).statusCode).toBe(200);
  });

  it('lets an agent read and download, and answers 403 to their upload, delete and createsection', async () => {
    expect((await agent.get('/api/getsection')).statusCode).toBe(200);
    expect((await agent.get('/api/getsection/Marketing')).statusCode).toBe(200);
    expect((await agent.post('/api/getmaterial', { sectionId })).statusCode).toBe(200);
    expect((await agent.get(`/api/downloadmaterial/${materialId}`)).statusCode).toBe(200);

    const forbidden = { error: 'Only administrators may do this' };
    await expectRefusedAndNothingSaved(() => upload(agent, { filename: 'agent.pdf', content: pdf(300) }), 403, forbidden.error);
    await expectRefusedAndNothingSaved(() => agent.delete(`/api/deletematerial/${materialId}`), 403, forbidden.error);
    const sections = await sectionRows();
    for (const body of [{ name: 'Agent Section' }, { name: 'Agent Learning', library: 'Learning' }]) {
      const create = await agent.post('/api/createsection', body);
      expect(create.statusCode).toBe(403);
      expect(create.json()).toEqual(forbidden);
    }
    expect(await sectionRows()).toBe(sections);
    expect((await agent.get(`/api/downloadmaterial/${materialId}`)).statusCode).toBe(200);
  });

  it('answers 403 to an admin upload, delete or createsection without the CSRF token', async () => {
    for (const csrf of ['omit', 'wrong'] as const) {
      await expectRefusedAndNothingSaved(
        () => admin.postForm('/api/uploadmaterial', form({ filename: 'csrf.pdf', content: pdf(300) }), { csrf }),
        403,
        'Missing or invalid CSRF token. Reload the page and try again.',
      );
      await expectRefusedAndNothingSaved(
        () => admin.delete(`/api/deletematerial/${materialId}`, { csrf }),
        403,
        'Missing or invalid CSRF token. Reload the page and try again.',
      );
      const sections = await sectionRows();
      expect((await admin.post('/api/createsection', { name: 'CSRF Section' }, { csrf })).statusCode).toBe(403);
      expect(await sectionRows()).toBe(sections);
    }
  });
});
