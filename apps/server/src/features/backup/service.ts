import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { connect, type DialectName } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { referencedStorageKeys } from '../../platform/stored-files-repository.ts';
import { BackupError } from './errors.ts';
import { checkToolFits, pgDump, pgRestore, shownUrl } from './postgres-tools.ts';
import { backupRepository as repo } from './repository.ts';
import { readTar, TarFormatError, TarWriter } from './tar.ts';

/**
 * Backups and restores (decision 034): one tar archive holding a consistent snapshot of the
 * database, every stored file a row of that snapshot names, and a manifest with each entry's size
 * and SHA-256, written last.
 */

export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'ahente-backup';
export const FORMAT_VERSION = 1;
const DATABASE_ENTRY: Record<DialectName, string> = { sqlite: 'database.sqlite', postgres: 'database.pgdump' };
const FILES_PREFIX = 'files/';
/** A stored file's key, as every storage driver accepts it (platform/storage.ts). */
const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;
/** A manifest of a million files is some 150 MB; anything larger is not one of ours. */
const MAX_MANIFEST_BYTES = 512 * 1024 * 1024;
/** A file named by the snapshot and gone from the store means it was replaced meanwhile: take a new snapshot, this many times at most. */
const ATTEMPTS = 3;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  migration: z.string().nullable(),
  app: z.object({ version: z.string().nullable(), commit: z.string().nullable() }),
  database: z.object({ entry: z.string(), tool: z.string().nullable() }),
  entries: z.array(z.object({ path: z.string(), size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  /** Keys a row of the snapshot names whose file was not in the store (lost before the backup). */
  missingFiles: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function dialectOf(databaseUrl: string): DialectName {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return 'postgres';
  if (databaseUrl.startsWith('sqlite:')) return 'sqlite';
  throw new BackupError('DATABASE_URL must start with sqlite: or postgres://');
}

function sqliteFile(databaseUrl: string): string {
  const file = databaseUrl.slice('sqlite:'.length);
  if (file === '' || file === ':memory:')
    throw new BackupError('DATABASE_URL names an in-memory SQLite database: there is nothing on disk to back up or restore into');
  return path.resolve(file);
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${(n / 1024 ** 3).toFixed(2)} GiB`;
}

// ---- backup ------------------------------------------------------------------------------------

export interface BackupOptions {
  databaseUrl: string;
  storage: FileStorage;
  /** The archive to write; it appears under this name only once complete (written as `<output>.part`). */
  output: string;
  app?: { version: string | null; commit: string | null };
  log?: (line: string) => void;
  /** Tests: called with a read-only view of the snapshot (the copy, or the exporting transaction) before it is archived. */
  onSnapshot?: (db: Kysely<Database>) => Promise<void>;
}

interface Snapshot {
  file: string;
  migration: string | null;
  keys: string[];
  tool: string | null;
  takenAt: string;
}

/** SQLite's online backup API: a page-by-page copy that restarts if another connection writes meanwhile, so what it ends with is one consistent state. */
async function sqliteSnapshot(options: BackupOptions, dir: string): Promise<Snapshot> {
  const source = sqliteFile(options.databaseUrl);
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}`);
  const file = path.join(dir, DATABASE_ENTRY.sqlite);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // All remaining pages in one step after the first: a step holds a read transaction only, which
    // in WAL mode blocks no writer, and a copy made in one step never has to restart.
    await db.backup(file, { progress: () => 2 ** 30 });
  } finally {
    db.close();
  }
  const takenAt = new Date().toISOString();
  const copy = connect(`sqlite:${file}`);
  try {
    const migration = await repo.migrationLevel(copy.db, 'sqlite');
    const keys = [...(await referencedStorageKeys(copy.db))].sort();
    await options.onSnapshot?.(copy.db);
    return { file, migration, keys, tool: null, takenAt };
  } finally {
    await copy.close();
  }
}

/**
 * PostgreSQL: a repeatable-read transaction exports its snapshot; pg_dump reads that same snapshot
 * (--snapshot), and the keys of the files are read in it too, so dump and file list agree.
 */
async function postgresSnapshot(options: BackupOptions, dir: string): Promise<Snapshot> {
  const file = path.join(dir, DATABASE_ENTRY.postgres);
  const db = connect(options.databaseUrl);
  try {
    const tool = await checkToolFits('pg_dump', await repo.serverVersionNum(db.db));
    return await db.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const snapshot = await repo.exportSnapshot(trx);
        const takenAt = new Date().toISOString();
        const migration = await repo.migrationLevel(trx, 'postgres');
        const keys = [...(await referencedStorageKeys(trx))].sort();
        await options.onSnapshot?.(trx);
        await pgDump(options.databaseUrl, file, snapshot);
        return { file, migration, keys, tool, takenAt };
      });
  } finally {
    await db.close();
  }
}

/**
 * Writes a backup archive: the database snapshot first, then each file a row of that snapshot
 * names (files are never changed under a key, so any later read of one is the snapshot's), then the
 * manifest. Files written after the snapshot belong to rows it does not hold and are left out.
 */
export async function createBackup(options: BackupOptions): Promise<{ manifest: Manifest; bytes: number; output: string }> {
  const log = options.log ?? (() => {});
  const dialect = dialectOf(options.databaseUrl);
  const output = path.resolve(options.output);
  await fsp.mkdir(path.dirname(output), { recursive: true });
  if (fs.existsSync(output)) throw new BackupError(`${output} exists already: give another name, or remove it first`);
  const dir = await fsp.mkdtemp(path.join(path.dirname(output), '.ahente-backup-'));
  const part = `${output}.part`;
  try {
    for (let attempt = 1; ; attempt++) {
      const snapshot = dialect === 'sqlite' ? await sqliteSnapshot(options, dir) : await postgresSnapshot(options, dir);
      const dbSize = (await fsp.stat(snapshot.file)).size;
      log(
        `Database snapshot taken (${dialect}, migration ${snapshot.migration ?? 'none'}, ${formatBytes(dbSize)}); ${snapshot.keys.length} files to copy`,
      );
      const result = await writeArchive(part, dialect, snapshot, options);
      await fsp.rm(snapshot.file, { force: true });
      if (result.missing.length > 0 && attempt < ATTEMPTS) {
        log(`${result.missing.length} files named by the snapshot were replaced or removed meanwhile: taking a new snapshot`);
        await fsp.rm(part, { force: true });
        continue;
      }
      if (result.missing.length > 0) {
        log(`Warning: ${result.missing.length} files named by rows are not in the store (listed in the manifest's missingFiles)`);
      }
      await fsp.rename(part, output);
      return { manifest: result.manifest, bytes: result.bytes, output };
    }
  } catch (err) {
    await fsp.rm(part, { force: true });
    throw err;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

async function writeArchive(
  part: string,
  dialect: DialectName,
  snapshot: Snapshot,
  options: BackupOptions,
): Promise<{ manifest: Manifest; bytes: number; missing: string[] }> {
  const out = fs.createWriteStream(part, { flags: 'w', mode: 0o600 });
  const closed = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
  });
  try {
    const tar = new TarWriter(out);
    const entries: Manifest['entries'] = [];
    const databaseEntry = DATABASE_ENTRY[dialect];
    const dbSize = (await fsp.stat(snapshot.file)).size;
    entries.push({ path: databaseEntry, size: dbSize, sha256: await tar.add(databaseEntry, dbSize, fs.createReadStream(snapshot.file)) });
    const missing: string[] = [];
    for (const key of snapshot.keys) {
      const stored = await options.storage.get(key);
      if (!stored) {
        missing.push(key);
        continue;
      }
      const name = FILES_PREFIX + key;
      entries.push({ path: name, size: stored.size, sha256: await tar.add(name, stored.size, stored.stream) });
    }
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: snapshot.takenAt,
      dialect,
      migration: snapshot.migration,
      app: options.app ?? { version: null, commit: null },
      database: { entry: databaseEntry, tool: snapshot.tool },
      entries,
      missingFiles: missing,
    };
    const body = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
    await tar.add(MANIFEST_NAME, body.length, [body]);
    const bytes = await tar.finish();
    out.end();
    await closed;
    return { manifest, bytes, missing };
  } catch (err) {
    out.destroy();
    await closed.catch(() => {});
    throw err;
  }
}

// ---- verify ------------------------------------------------------------------------------------

async function sha256Of(body: AsyncIterable<Buffer>): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

function openArchive(archive: string): fs.ReadStream {
  if (!fs.existsSync(archive)) throw new BackupError(`There is no archive at ${archive}`);
  return fs.createReadStream(archive, { highWaterMark: 1 << 16 });
}

/**
 * Reads the whole archive and checks every entry against the manifest: the same entries, none more,
 * each of its size and SHA-256, the manifest last and well-formed. Writes nothing.
 */
export async function verifyBackup(archive: string): Promise<Manifest> {
  const damaged = (why: string) =>
    new BackupError(`The archive ${archive} is damaged or not an Ahente backup: ${why}. Nothing was restored.`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  try {
    for await (const entry of readTar(openArchive(archive))) {
      if (manifestText !== null) throw damaged(`${entry.name} follows the manifest`);
      if (entry.name === MANIFEST_NAME) {
        if (entry.size > MAX_MANIFEST_BYTES) throw damaged('its manifest is too large');
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      if (seen.has(entry.name)) throw damaged(`${entry.name} appears twice`);
      seen.set(entry.name, await sha256Of(entry.body));
    }
  } catch (err) {
    if (err instanceof TarFormatError) throw damaged(err.message.replace(/^./, (c) => c.toLowerCase()));
    throw err;
  }
  if (manifestText === null) throw damaged('it has no manifest.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestText);
  } catch {
    throw damaged('its manifest is not JSON');
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw damaged(`its manifest is not one this version reads (${result.error.issues[0]?.path.join('.') ?? ''})`);
  const manifest = result.data;
  if (manifest.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `The archive is of backup format ${manifest.formatVersion}, newer than this Ahente reads (${FORMAT_VERSION}): restore it with a newer version`,
    );
  }
  if (manifest.database.entry !== DATABASE_ENTRY[manifest.dialect]) throw damaged('its manifest names no database');
  const listed = new Set<string>();
  for (const e of manifest.entries) {
    const found = seen.get(e.path);
    if (!found) throw damaged(`${e.path} is missing`);
    if (found.size !== e.size) throw damaged(`${e.path} has ${found.size} bytes where the manifest says ${e.size}`);
    if (found.sha256 !== e.sha256) throw damaged(`${e.path} does not match its SHA-256 checksum`);
    if (e.path !== manifest.database.entry && !(e.path.startsWith(FILES_PREFIX) && KEY_PATTERN.test(e.path.slice(FILES_PREFIX.length)))) {
      throw damaged(`${e.path} is not a database or a stored file`);
    }
    listed.add(e.path);
  }
  if (!listed.has(manifest.database.entry)) throw damaged('it holds no database');
  for (const name of seen.keys()) if (!listed.has(name)) throw damaged(`${name} is not in the manifest`);
  return manifest;
}

// ---- restore -----------------------------------------------------------------------------------

export interface RestoreOptions {
  archive: string;
  databaseUrl: string;
  storage: FileStorage;
  /** Wipe a non-empty target (every table of the database, every stored file) before restoring. */
  force: boolean;
  log?: (line: string) => void;
}

interface TargetState {
  tables: string[];
  files: string[];
}

async function targetState(databaseUrl: string, dialect: DialectName, storage: FileStorage): Promise<TargetState> {
  const files: string[] = [];
  for await (const f of storage.list()) files.push(f.key);
  if (dialect === 'sqlite') {
    const file = sqliteFile(databaseUrl);
    if (!fs.existsSync(file)) return { tables: [], files };
  }
  const db = connect(databaseUrl);
  try {
    return { tables: await repo.tables(db.db, dialect), files };
  } finally {
    await db.close();
  }
}

/**
 * Restores an archive into the database of `databaseUrl` and the store: verifies it whole first,
 * then refuses a target that holds anything unless `force` (which wipes it first), then restores the
 * database and then the files, checking each against the manifest again as it is written.
 */
export async function restoreBackup(options: RestoreOptions): Promise<{ manifest: Manifest; files: number; bytes: number }> {
  const log = options.log ?? (() => {});
  const archive = path.resolve(options.archive);
  const dialect = dialectOf(options.databaseUrl);
  const manifest = await verifyBackup(archive);
  log(
    `Archive verified: ${manifest.entries.length} entries, every checksum matches (a ${manifest.dialect} backup of ${manifest.createdAt}, migration ${manifest.migration ?? 'none'})`,
  );
  if (manifest.dialect !== dialect) {
    throw new BackupError(
      `The archive holds a ${manifest.dialect} database but DATABASE_URL names a ${dialect} one: restoring across dialects is not supported. Nothing was restored.`,
    );
  }
  const target = await targetState(options.databaseUrl, dialect, options.storage);
  const where = dialect === 'sqlite' ? sqliteFile(options.databaseUrl) : shownUrl(options.databaseUrl);
  if (target.tables.length > 0 || target.files.length > 0) {
    const what = [
      target.tables.length > 0 ? `the database ${where} has ${target.tables.length} tables` : null,
      target.files.length > 0 ? `the file store has ${target.files.length} files` : null,
    ]
      .filter(Boolean)
      .join(' and ');
    if (!options.force) {
      throw new BackupError(
        `The target is not empty: ${what}. Restore into an empty database and store, or give --force to delete everything in them first. Nothing was restored.`,
      );
    }
    log(`--force: deleting everything in the target first (${what})`);
    await wipe(options.databaseUrl, dialect, options.storage, target);
  }

  if (dialect === 'sqlite') {
    // An SQLite file without a table (made by a tool, or left by a failed start) is empty: replaced.
    const file = sqliteFile(options.databaseUrl);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    for (const suffix of ['', '-wal', '-shm', '-journal']) await fsp.rm(file + suffix, { force: true });
  }

  const expected = new Map(manifest.entries.map((e) => [e.path, e]));
  const changed = (name: string) =>
    new BackupError(`${name} changed since the archive was verified: the restore stopped; restore again with --force`);
  let files = 0;
  let bytes = 0;
  const work = await fsp.mkdtemp(
    path.join(dialect === 'sqlite' ? path.dirname(sqliteFile(options.databaseUrl)) : path.dirname(archive), '.ahente-restore-'),
  );
  try {
    for await (const entry of readTar(openArchive(archive))) {
      const want = expected.get(entry.name);
      if (entry.name === MANIFEST_NAME || !want) continue;
      const hash = createHash('sha256');
      const checked = (async function* () {
        for await (const chunk of entry.body) {
          hash.update(chunk);
          yield chunk;
        }
      })();
      if (entry.name === manifest.database.entry) {
        const file = path.join(work, entry.name);
        await fsp.writeFile(file, Readable.from(checked), { mode: 0o600 });
        if (hash.digest('hex') !== want.sha256) throw changed(entry.name);
        await restoreDatabase(options.databaseUrl, dialect, file);
        log(`Database restored into ${where}`);
      } else {
        const key = entry.name.slice(FILES_PREFIX.length);
        await options.storage.put(key, Readable.from(checked));
        if (hash.digest('hex') !== want.sha256) {
          await options.storage.delete(key);
          throw changed(entry.name);
        }
        files += 1;
        bytes += entry.size;
      }
    }
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
  log(`${files} files restored (${formatBytes(bytes)})`);
  return { manifest, files, bytes };
}

async function wipe(databaseUrl: string, dialect: DialectName, storage: FileStorage, target: TargetState) {
  for (const key of target.files) await storage.delete(key);
  if (dialect === 'sqlite') {
    const file = sqliteFile(databaseUrl);
    for (const suffix of ['', '-wal', '-shm', '-journal']) await fsp.rm(file + suffix, { force: true });
    return;
  }
  const db = connect(databaseUrl);
  try {
    await repo.wipePostgres(db.db);
  } finally {
    await db.close();
  }
}

async function restoreDatabase(databaseUrl: string, dialect: DialectName, file: string) {
  if (dialect === 'postgres') {
    const db = connect(databaseUrl);
    try {
      await checkToolFits('pg_restore', await repo.serverVersionNum(db.db));
    } finally {
      await db.close();
    }
    await pgRestore(databaseUrl, file);
    return;
  }
  const check = new SQLite(file, { fileMustExist: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`The database in the archive fails SQLite's integrity check (${String(result)})`);
  } finally {
    check.close();
  }
  const target = sqliteFile(databaseUrl);
  if (fs.existsSync(target))
    throw new BackupError(`${target} appeared while restoring: is a server running on it? Stop it and restore again`);
  // Written beside the target (the work folder is in its folder), then renamed: the database appears whole or not at all.
  await fsp.rename(file, target);
}
