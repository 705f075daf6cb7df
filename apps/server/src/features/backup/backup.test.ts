import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInManila } from '@ahente/contract/dates';
import { LICENSE_LINES } from '@ahente/contract/licences';
import { pathOf, routes } from '@ahente/contract/routes';
import { TestClient } from '../../../test/harness.ts';
import { startS3Server, type S3Server } from '../../../test/s3-server.ts';
import { buildApp, buildServices } from '../../app.ts';
import { loadConfig, type Config, type S3StorageConfig } from '../../config.ts';
import { connect, type Db } from '../../db/connect.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Database } from '../../db/schema.ts';
import { createS3Storage } from '../../platform/s3-storage.ts';
import { createLocalDiskStorage, type FileStorage } from '../../platform/storage.ts';
import { referencedStorageKeys } from '../../platform/stored-files-repository.ts';
import { BackupError } from './errors.ts';
import { createBackup, restoreBackup, verifyBackup, type Manifest } from './service.ts';

/**
 * Backups (decision 034): data made through the API, a backup taken while writes go on, a restore
 * into a fresh database and store compared row by row and byte by byte with the snapshot; damaged
 * archives, non-empty targets and other dialects refused, with nothing written.
 */

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-backup-test-'));
const toDrop: string[] = [];

/** A fresh, empty database of the dialect under test: a file not yet made, or a new PostgreSQL database. */
async function freshDatabaseUrl(): Promise<string> {
  const name = `bk_${randomBytes(5).toString('hex')}`;
  if (dialect === 'sqlite') return `sqlite:${path.join(work, `${name}.db`)}`;
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres project');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  toDrop.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

const freshStorage = (): { dir: string; storage: FileStorage } => {
  const dir = path.join(work, `files-${randomBytes(5).toString('hex')}`);
  return { dir, storage: createLocalDiskStorage(dir) };
};

function testConfig(storageDir: string): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test' }),
    webDist: null,
    storageDir,
    admin2fa: 'optional',
    signup: { maxPerWindow: 1_000_000, windowMs: 3_600_000 },
  };
}

/** An app over a database and store of its own (the harness's apps are in memory: nothing to back up). */
async function startApp(databaseUrl: string, storageDir: string, s3: S3StorageConfig | null = null) {
  const db = connect(databaseUrl);
  await migrateToLatest(db);
  const config = { ...testConfig(storageDir), s3 };
  const app = await buildApp({ config, db });
  const services = buildServices({ config, db });
  return { db, app, services, close: async () => (await app.close(), await db.close()) };
}

/** Every row of every table, each table's rows in a stable order. */
async function everyRow(db: Kysely<Database>, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom(table).selectAll().execute();
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

async function tableNames(db: Db): Promise<string[]> {
  const tables = await db.db.introspection.getTables({ withInternalKyselyTables: true });
  return tables.map((t) => t.name).sort();
}

async function bytesOf(storage: FileStorage, key: string): Promise<Buffer | null> {
  const got = await storage.get(key);
  if (!got) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of got.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function storedKeys(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const f of storage.list()) keys.push(f.key);
  return keys.sort();
}

const png = (tag: string) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(tag), randomBytes(2000)]);
const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes - 9)]);

/** A little agency, made through the API: admin, rates, a manager and an agent, sales with commission entries, materials and photos. */
async function agency(source: Awaited<ReturnType<typeof startApp>>) {
  const { services, app, db } = source;
  let seq = 0;
  async function member(over: Partial<Parameters<typeof services.accounts.create>[0]> = {}) {
    seq += 1;
    const username = `bk${seq}_${randomBytes(3).toString('hex')}`;
    const password = 'correct-horse-1';
    const id = await services.accounts.create({
      username,
      password,
      email: `${username}@example.ph`,
      f_name: `First${seq}`,
      m_name: null,
      l_name: `Last${seq}`,
      contact_no: '09171234567',
      referror: null,
      status: 'Approved',
      ...over,
    });
    // An agent accepted the privacy notice, as at sign-up (the API refuses them anything else first).
    if ((over.account_type ?? 'user') === 'user') {
      await db.db.transaction().execute((trx) => services.notices.recordSignUpConsent(trx, id, '127.0.0.1'));
    }
    const at = new Date().toISOString();
    for (const line of LICENSE_LINES) {
      await db.db
        .insertInto('licenses')
        .values({
          member_id: id,
          line,
          license_no: `BK-${id}-${line}`.slice(0, 40),
          insurer: null,
          issued_on: '2020-01-01',
          expires_on: '2099-12-31',
          scan_key: null,
          scan_type: null,
          status: 'verified',
          decided_by: null,
          decided_at: at,
          rejection_reason: null,
          created_by: null,
          created_at: at,
        })
        .execute();
    }
    const client = new TestClient(app);
    const res = await client.post(routes.login.path, { username, password });
    expect(res.statusCode, res.body).toBe(200);
    return { id, client };
  }
  const admin = await member({ account_type: 'admin', position: 'Agent' });
  for (const [kind, key, rate] of [
    ['product', 'Comprehensive', 10],
    ['override', 'Manager', 3],
  ] as const) {
    const res = await admin.client.post(routes.setCommissionRate.path, { kind, key, rate, effective_from: todayInManila() });
    expect(res.statusCode, res.body).toBe(200);
  }
  const manager = await member({ position: 'Manager' });
  const agent = await member({ referror: manager.id });
  const section = await admin.client.post(routes.createSection.path, { name: 'Product Guides' });
  expect(section.statusCode, section.body).toBe(200);
  const sectionId = section.json().section.id as number;

  /** A deal, its sale, verified: the sale's commission entries are written with it. */
  async function sell(tcv: string) {
    const deal = await agent.client.post(routes.addDeal.path, {
      id: agent.id,
      customerName: 'Juan dela Cruz',
      transactionType: 'New',
      product: 'Comprehensive',
      tcvValue: tcv,
      effectiveDate: '2026-03-01',
      salesType: 'Direct',
    });
    expect(deal.statusCode, deal.body).toBe(200);
    const sale = await agent.client.post(routes.addSale.path, {
      id: agent.id,
      formData: {
        dealid: deal.json().deal.id,
        customerName: 'Juan dela Cruz',
        product: 'Comprehensive',
        tcv,
        sales_type: 'Direct',
        effectiveDate: '2026-03-01',
      },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    const verified = await admin.client.post(routes.verifySales.path, { sale_ids: [sale.json().sale.id], decision: 'verified' });
    expect(verified.statusCode, verified.body).toBe(200);
  }
  async function uploadMaterial(size: number) {
    const content = pdf(size);
    const res = await admin.client.postForm(routes.uploadMaterial.path, [
      { name: 'sectionId', value: String(sectionId) },
      { name: 'file', filename: `guide-${randomBytes(3).toString('hex')}.pdf`, content },
    ]);
    expect(res.statusCode, res.body).toBe(201);
  }
  async function setPhoto(m: { id: number; client: TestClient }) {
    const res = await m.client.postForm(routes.editMember.path, [
      { name: 'id', value: String(m.id) },
      { name: 'photo', filename: 'me.png', content: png(`photo of ${m.id}`) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { admin, manager, agent, member, sell, uploadMaterial, setPhoto };
}

/** Requests made one after another until stopped; a failed one fails every wait and the stop. */
function writer(work: (i: number) => Promise<void>) {
  let stop = false;
  let done = 0;
  let failure: unknown = null;
  let waiters: { n: number; resolve: () => void; reject: (err: unknown) => void }[] = [];
  const running = (async () => {
    try {
      for (let i = 0; !stop; i++) {
        await work(i);
        done += 1;
        for (const w of waiters.filter((w) => done >= w.n)) w.resolve();
        waiters = waiters.filter((w) => done < w.n);
      }
    } catch (err) {
      failure = err;
      for (const w of waiters) w.reject(err);
      throw err;
    }
  })();
  running.catch(() => {});
  return {
    /** Resolves once `more` further steps have been answered. */
    waitFor(more: number): Promise<void> {
      if (failure) return Promise.reject(failure);
      const n = done + more;
      return new Promise((resolve, reject) => waiters.push({ n, resolve, reject }));
    },
    async stop() {
      stop = true;
      await running;
    },
  };
}

afterAll(async () => {
  if (dialect === 'postgres' && toDrop.length > 0) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    for (const name of toDrop) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  fs.rmSync(work, { recursive: true, force: true });
});

describe(`npm run backup and npm run restore (${dialect})`, () => {
  let source: Awaited<ReturnType<typeof startApp>>;
  let sourceUrl: string;
  let sourceStorage: FileStorage;
  let archive: string;
  let manifest: Manifest;
  /** Every row of every table as the snapshot held them, read in the snapshot itself. */
  let snapshotRows: Record<string, string[]>;
  let snapshotKeys: string[];
  let restoredUrl: string;
  let restoredStorage: FileStorage;

  beforeAll(async () => {
    sourceUrl = await freshDatabaseUrl();
    const files = freshStorage();
    sourceStorage = files.storage;
    source = await startApp(sourceUrl, files.dir);
  }, 120_000);
  afterAll(() => source?.close());

  it('backs up while sales, uploads and new members keep being written, and restores every row and file of the snapshot', async () => {
    const a = await agency(source);
    for (const tcv of ['12345.67', '1000', '250.5']) await a.sell(tcv);
    await a.uploadMaterial(30_000);
    await a.uploadMaterial(5_000);
    await a.setPhoto(a.agent);
    const before = {
      sales: (await source.db.db.selectFrom('sales').select('id').execute()).map((r) => r.id),
      keys: [...(await referencedStorageKeys(source.db.db))],
    };
    expect(before.keys.length).toBe(3);

    // Writes go on through the API for the whole backup: a sale with its commission entries, a
    // material upload, a new member with a photo, in turn.
    const writes = writer(async (i) => {
      if (i % 3 === 0) await a.sell(String(100 + i));
      else if (i % 3 === 1) await a.uploadMaterial(2_000 + i);
      else await a.setPhoto(await a.member());
    });
    await writes.waitFor(1);

    let snapshots = 0;
    archive = path.join(work, 'round-trip.tar');
    const written = await createBackup({
      databaseUrl: sourceUrl,
      storage: sourceStorage,
      output: archive,
      onSnapshot: async (snapshot) => {
        snapshots += 1;
        snapshotRows = await everyRow(snapshot, Object.keys(await everyRowTables(source.db)));
        snapshotKeys = [...(await referencedStorageKeys(snapshot))].sort();
        // The window a backup must survive: rows and files written after the snapshot, before
        // its files are copied. The first time, the agent's photo is replaced too, which deletes
        // the file the snapshot names: the backup must take a new snapshot, not lose the file.
        if (snapshots === 1) await a.setPhoto(a.agent);
        await writes.waitFor(2);
      },
    });
    // Steps whose writes surely came after the snapshot, of every kind.
    await writes.waitFor(4);
    await writes.stop();
    manifest = written.manifest;
    expect(snapshots).toBe(2);
    expect(manifest).toMatchObject({ format: 'ahente-backup', formatVersion: 1, dialect, missingFiles: [] });
    expect(manifest.migration).toMatch(/^\d{3}-/);
    expect(manifest.entries.map((e) => e.path)).toEqual([manifest.database.entry, ...snapshotKeys.map((k) => `files/${k}`)]);

    // The snapshot holds everything written before the backup began, and not what came after it.
    const snapshotSales = snapshotRows.sales!.map((r) => (JSON.parse(r) as { id: number }).id);
    expect(snapshotSales).toEqual(expect.arrayContaining(before.sales));
    const live = await everyRow(source.db.db, Object.keys(snapshotRows));
    expect(live.sales!.length).toBeGreaterThan(snapshotRows.sales!.length);
    expect(live.materials!.length).toBeGreaterThan(snapshotRows.materials!.length);
    expect(snapshotKeys.length).toBeGreaterThanOrEqual(before.keys.length);

    restoredUrl = await freshDatabaseUrl();
    const target = freshStorage();
    restoredStorage = target.storage;
    const lines: string[] = [];
    const restored = await restoreBackup({
      archive,
      databaseUrl: restoredUrl,
      storage: restoredStorage,
      force: false,
      log: (l) => lines.push(l),
    });
    expect(restored.files).toBe(snapshotKeys.length);
    expect(lines[0]).toMatch(/^Archive verified: \d+ entries, every checksum matches/);

    // Every row of every table, as the snapshot held it: nothing missing, nothing half-written.
    const db = connect(restoredUrl);
    try {
      const tables = await tableNames(db);
      expect(tables).toEqual(await tableNames(source.db));
      expect(await everyRow(db.db, tables)).toEqual(snapshotRows);
      // Each verified sale has its commission entries (written in the sale's transaction).
      const sales = await db.db.selectFrom('sales').select('id').where('verification', '=', 'verified').execute();
      const entries = await db.db.selectFrom('commission_entries').select('sale_id').execute();
      for (const s of sales) expect(entries.some((e) => e.sale_id === s.id)).toBe(true);
      // Every file a restored row names, byte for byte as stored; no file no row names.
      const keys = [...(await referencedStorageKeys(db.db))].sort();
      expect(keys).toEqual(snapshotKeys);
      expect(await storedKeys(restoredStorage)).toEqual(keys);
      for (const key of keys) {
        const original = await bytesOf(sourceStorage, key);
        expect(original, key).not.toBeNull();
        expect((await bytesOf(restoredStorage, key))!.equals(original!), key).toBe(true);
      }
    } finally {
      await db.close();
    }

    // The restored portal works: an agent signs in, sees the ledger and downloads a material.
    const app = await startApp(restoredUrl, target.dir);
    try {
      const row = JSON.parse(snapshotRows.materials![0]!) as { id: number; storage_key: string };
      const adminRow = JSON.parse(
        snapshotRows.members!.find((r) => (JSON.parse(r) as { username: string }).username.startsWith('bk1_'))!,
      ) as {
        username: string;
      };
      const client = new TestClient(app.app);
      expect((await client.post(routes.login.path, { username: adminRow.username, password: 'correct-horse-1' })).statusCode).toBe(200);
      const res = await client.get(pathOf(routes.downloadMaterial, { id: row.id }));
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals((await bytesOf(sourceStorage, row.storage_key))!)).toBe(true);
    } finally {
      await app.close();
    }
  }, 240_000);

  it('refuses a damaged archive with a clear message and writes nothing', async () => {
    const bytes = fs.readFileSync(archive);
    const fileEntry = manifest.entries.find((e) => e.path.startsWith('files/'))!;
    // The first byte of that file's data: after the header that names it.
    const at = bytes.indexOf(Buffer.from(fileEntry.path)) + 512;
    const damaged = Buffer.from(bytes);
    damaged[at] = damaged[at]! ^ 0xff;
    const cases: [string, Buffer, RegExp][] = [
      ['a flipped byte', damaged, new RegExp(`${fileEntry.path} does not match its SHA-256 checksum`)],
      ['cut short', bytes.subarray(0, Math.floor(bytes.length / 2)), /cut short/],
      ['not a tar at all', Buffer.from('PK\u0003\u0004 not a backup'.padEnd(2048, 'x')), /not an Ahente backup/],
    ];
    for (const [what, content, message] of cases) {
      const file = path.join(work, `damaged-${randomBytes(3).toString('hex')}.tar`);
      fs.writeFileSync(file, content);
      await expect(verifyBackup(file), what).rejects.toThrow(message);
      const url = await freshDatabaseUrl();
      const target = freshStorage();
      const err = await restoreBackup({ archive: file, databaseUrl: url, storage: target.storage, force: true }).catch((e: unknown) => e);
      expect(err, what).toBeInstanceOf(BackupError);
      expect((err as Error).message, what).toMatch(/Nothing was restored\.$/);
      expect(await storedKeys(target.storage), what).toEqual([]);
      await expectEmptyDatabase(url);
    }
  }, 120_000);

  it('refuses a non-empty target without --force and leaves it as it was; with --force wipes it and restores', async () => {
    const db = connect(restoredUrl);
    try {
      await db.db.updateTable('members').set({ f_name: 'Changed' }).execute();
      const changed = await everyRow(db.db, Object.keys(snapshotRows));
      const restore = () => restoreBackup({ archive, databaseUrl: restoredUrl, storage: restoredStorage, force: false });
      await expect(restore()).rejects.toThrow(
        /^The target is not empty: the database .* has \d+ tables and the file store has \d+ files\. .*--force/,
      );
      expect(await everyRow(db.db, Object.keys(snapshotRows))).toEqual(changed);
    } finally {
      await db.close();
    }
    // A store with a file is not empty either, even over an empty database.
    const emptyDb = await freshDatabaseUrl();
    const busy = freshStorage();
    await busy.storage.put('materials/left-over', Buffer.from('x'));
    await expect(restoreBackup({ archive, databaseUrl: emptyDb, storage: busy.storage, force: false })).rejects.toThrow(
      /^The target is not empty: the file store has 1 files/,
    );
    await expectEmptyDatabase(emptyDb);

    const lines: string[] = [];
    await restoreBackup({ archive, databaseUrl: restoredUrl, storage: restoredStorage, force: true, log: (l) => lines.push(l) });
    expect(lines).toContainEqual(expect.stringMatching(/^--force: deleting everything in the target first/));
    const again = connect(restoredUrl);
    try {
      expect(await everyRow(again.db, await tableNames(again))).toEqual(snapshotRows);
      expect(await storedKeys(restoredStorage)).toEqual(snapshotKeys);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('refuses to restore into the other dialect', async () => {
    const other = dialect === 'sqlite' ? 'postgres://nobody@127.0.0.1:1/none' : `sqlite:${path.join(work, 'other.db')}`;
    const target = freshStorage();
    await expect(restoreBackup({ archive, databaseUrl: other, storage: target.storage, force: true })).rejects.toThrow(
      `The archive holds a ${dialect} database but DATABASE_URL names a ${dialect === 'sqlite' ? 'postgres' : 'sqlite'} one: restoring across dialects is not supported. Nothing was restored.`,
    );
    expect(await storedKeys(target.storage)).toEqual([]);
  }, 60_000);
});

describe(`backup and restore with the files in S3 (${dialect})`, () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server({ prefix: 'source' });
  }, 60_000);
  afterAll(() => s3?.close());

  it('backs up the files from the bucket and restores them under an empty prefix; a prefix holding files is refused', async () => {
    const url = await freshDatabaseUrl();
    const source = await startApp(url, path.join(work, 'not-used'), s3.config);
    try {
      const a = await agency(source);
      await a.sell('500');
      await a.uploadMaterial(20_000);
      await a.setPhoto(a.agent);
      const storage = createS3Storage(s3.config);
      const archive = path.join(work, 's3.tar');
      const { manifest } = await createBackup({ databaseUrl: url, storage, output: archive });
      const keys = [...(await referencedStorageKeys(source.db.db))].sort();
      expect(keys).toHaveLength(2);
      expect(manifest.entries.map((e) => e.path)).toEqual([manifest.database.entry, ...keys.map((k) => `files/${k}`)]);

      const targetUrl = await freshDatabaseUrl();
      const target = createS3Storage({ ...s3.config, prefix: 'restored' });
      await restoreBackup({ archive, databaseUrl: targetUrl, storage: target, force: false });
      expect(await storedKeys(target)).toEqual(keys);
      for (const key of keys) expect((await bytesOf(target, key))!.equals((await bytesOf(storage, key))!), key).toBe(true);
      const restored = connect(targetUrl);
      try {
        const tables = await tableNames(source.db);
        expect(await everyRow(restored.db, tables)).toEqual(await everyRow(source.db.db, tables));
      } finally {
        await restored.close();
      }

      const another = await freshDatabaseUrl();
      await expect(restoreBackup({ archive, databaseUrl: another, storage: target, force: false })).rejects.toThrow(
        /^The target is not empty: the file store has 2 files/,
      );
      await expectEmptyDatabase(another);
    } finally {
      await source.close();
    }
  }, 180_000);
});

/** The tables of a database, as a record for everyRow. */
async function everyRowTables(db: Db): Promise<Record<string, true>> {
  return Object.fromEntries((await tableNames(db)).map((t) => [t, true as const]));
}

async function expectEmptyDatabase(url: string) {
  if (url.startsWith('sqlite:')) {
    expect(fs.existsSync(url.slice('sqlite:'.length))).toBe(false);
    return;
  }
  const db = connect(url);
  try {
    expect(await tableNames(db)).toEqual([]);
  } finally {
    await db.close();
  }
}
