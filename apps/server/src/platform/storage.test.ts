import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../test/s3-server.ts';
import { createS3Storage } from './s3-storage.ts';
import { FileTooLargeError, createLocalDiskStorage, newStorageKey, type FileStorage } from './storage.ts';

const MiB = 1024 * 1024;

/** A driver under test: its store, and what a failed write could have left outside the listing. */
interface Driver {
  storage: FileStorage;
  /** Partial writes (local .tmp files) or multipart uploads begun and neither completed nor aborted (S3). */
  leftovers(): string[];
  close(): Promise<void>;
}

const drivers: [string, () => Promise<Driver>][] = [
  [
    'local disk',
    async () => {
      const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-storage-')), 'uploads');
      return {
        storage: createLocalDiskStorage(root),
        leftovers: () => fs.readdirSync(path.join(root, '.tmp')),
        close: async () => fs.rmSync(path.dirname(root), { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const server = await startS3Server();
      return { storage: createS3Storage(server.config), leftovers: () => server.pendingUploads(), close: () => server.close() };
    },
  ],
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** `count` chunks of `size` bytes, each filled with its index (so the order is checked too). */
function* chunks(count: number, size: number) {
  for (let i = 0; i < count; i++) yield Buffer.alloc(size, i % 251);
}

/** The same bytes as one Buffer, for comparison. */
const joined = (count: number, size: number) => Buffer.concat([...chunks(count, size)]);

async function keysOf(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list()) keys.push(file.key);
  return keys.sort();
}

describe.each(drivers)('file storage: %s', (_name, makeDriver) => {
  let driver: Driver;
  let storage: FileStorage;
  beforeAll(async () => {
    driver = await makeDriver();
    storage = driver.storage;
  });
  afterAll(() => driver.close());

  /** What is stored beyond `before`, plus any leftovers: what a failed write must not add to. */
  async function nothingAddedTo(before: string[]) {
    expect(await keysOf(storage)).toEqual(before);
    expect(driver.leftovers()).toEqual([]);
  }

  it('stores, streams back and deletes a file', async () => {
    const key = newStorageKey('materials');
    const bytes = Buffer.from('hello world');
    expect(await storage.put(key, Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]))).toEqual({ size: bytes.length });
    expect(await storage.exists(key)).toBe(true);
    const got = await storage.get(key);
    expect(got?.size).toBe(bytes.length);
    expect((await bytesOf(got!.stream)).equals(bytes)).toBe(true);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // a missing file is not an error
  });

  it('stores a Buffer and an empty file', async () => {
    const key = newStorageKey('photos');
    expect(await storage.put(key, Buffer.from([1, 2, 3]))).toEqual({ size: 3 });
    expect(await bytesOf((await storage.get(key))!.stream)).toEqual(Buffer.from([1, 2, 3]));
    const empty = newStorageKey('photos');
    expect(await storage.put(empty, Readable.from([]))).toEqual({ size: 0 });
    const got = await storage.get(empty);
    expect(got?.size).toBe(0);
    expect((await bytesOf(got!.stream)).length).toBe(0);
    await storage.delete(key);
    await storage.delete(empty);
  });

  it('answers a key never stored: not there, no file, deleting it is no error', async () => {
    const key = newStorageKey('materials');
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('lists every stored file under its key with when it was written, and no longer once deleted', async () => {
    const before = await keysOf(storage);
    const started = Date.now();
    const keys = [newStorageKey('materials'), newStorageKey('ids'), `photos/nested/${newStorageKey('x')}`];
    for (const key of keys) await storage.put(key, Buffer.from(key));
    const listed: { key: string; modifiedAt: number }[] = [];
    for await (const file of storage.list()) if (keys.includes(file.key)) listed.push(file);
    expect(listed.map((f) => f.key).sort()).toEqual([...keys].sort());
    for (const file of listed) {
      // S3 keeps whole seconds: a second's slack either side.
      expect(file.modifiedAt).toBeGreaterThanOrEqual(started - 1000);
      expect(file.modifiedAt).toBeLessThanOrEqual(Date.now() + 1000);
    }
    for (const key of keys) await storage.delete(key);
    expect(await keysOf(storage)).toEqual(before);
  });

  it('replaces nothing: a put under a key in use is refused and the stored file stays as it was', async () => {
    const key = newStorageKey('materials');
    await storage.put(key, Buffer.from('first'));
    await expect(storage.put(key, Buffer.from('second'))).rejects.toThrow('Storage key already in use');
    const got = await storage.get(key);
    expect((await bytesOf(got!.stream)).toString()).toBe('first');
    expect(driver.leftovers()).toEqual([]);
    await storage.delete(key);
  });

  it('stops a write over the limit and leaves nothing behind', async () => {
    const before = await keysOf(storage);
    const key = newStorageKey('materials');
    await expect(storage.put(key, Readable.from(chunks(10, 1000)), { maxBytes: 4500 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await storage.exists(key)).toBe(false);
    await nothingAddedTo(before);
  });

  it('stops a write over the limit after several parts and leaves no file and no parts', async () => {
    const before = await keysOf(storage);
    const key = newStorageKey('materials');
    const error = await storage.put(key, Readable.from(chunks(24, 512 * 1024)), { maxBytes: 11 * MiB }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect((error as FileTooLargeError).limitBytes).toBe(11 * MiB);
    expect(await storage.exists(key)).toBe(false);
    await nothingAddedTo(before);
  });

  it('takes a file of exactly the limit', async () => {
    const key = newStorageKey('materials');
    expect(await storage.put(key, Readable.from(chunks(9, 500)), { maxBytes: 4500 })).toEqual({ size: 4500 });
    await storage.delete(key);
  });

  it('leaves nothing behind when the source fails mid-way', async () => {
    const before = await keysOf(storage);
    const key = newStorageKey('materials');
    const source = Readable.from(
      (async function* () {
        yield Buffer.alloc(1000);
        throw new Error('client went away');
      })(),
    );
    await expect(storage.put(key, source)).rejects.toThrow('client went away');
    expect(await storage.exists(key)).toBe(false);
    await nothingAddedTo(before);
  });

  it('leaves no file and no parts when the source fails after several parts', async () => {
    const before = await keysOf(storage);
    const key = newStorageKey('materials');
    const source = Readable.from(
      (async function* () {
        yield* chunks(26, 512 * 1024); // 13 MiB: two parts sent, a third begun
        throw new Error('client went away');
      })(),
    );
    await expect(storage.put(key, source)).rejects.toThrow('client went away');
    expect(await storage.exists(key)).toBe(false);
    await nothingAddedTo(before);
  });

  it('streams a 20 MiB file in and out (several parts on S3) with the same bytes', async () => {
    const key = newStorageKey('materials');
    const expected = createHash('sha256')
      .update(joined(40, 512 * 1024))
      .digest('hex');
    expect(await storage.put(key, Readable.from(chunks(40, 512 * 1024)), { maxBytes: 50 * MiB })).toEqual({ size: 20 * MiB });
    expect(driver.leftovers()).toEqual([]);
    const got = await storage.get(key);
    expect(got?.size).toBe(20 * MiB);
    const hash = createHash('sha256');
    for await (const chunk of got!.stream) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(expected);
    await storage.delete(key);
  });

  it('refuses keys that are not its own generated shape', async () => {
    const before = await keysOf(storage);
    for (const key of ['../escape', 'materials/../../x', '/etc/passwd', 'Materials/X', 'a//b', '', 'materials/x/']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('Invalid storage key');
      await expect(storage.get(key), key).rejects.toThrow('Invalid storage key');
      await expect(storage.exists(key), key).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key), key).rejects.toThrow('Invalid storage key');
    }
    await nothingAddedTo(before);
  });
});

describe('local disk storage', () => {
  let root: string;
  beforeAll(() => {
    root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-storage-')), 'uploads');
    createLocalDiskStorage(root);
  });
  afterAll(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

  it('creates its directory', () => {
    expect(fs.statSync(root).isDirectory()).toBe(true);
  });

  it('clears partial writes a crash left behind more than a day ago, and only those', () => {
    const stale = path.join(root, '.tmp', 'stale.part');
    const fresh = path.join(root, '.tmp', 'fresh.part');
    fs.writeFileSync(stale, 'x');
    fs.writeFileSync(fresh, 'x');
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    fs.utimesSync(stale, dayAgo, dayAgo);
    createLocalDiskStorage(root);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh);
  });

  it('never writes outside its root for a bad key', async () => {
    const storage = createLocalDiskStorage(root);
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    expect(fs.existsSync(path.join(path.dirname(root), 'escape'))).toBe(false);
  });
});

describe('S3 storage', () => {
  let server: S3Server;
  let raw: S3Client;
  beforeAll(async () => {
    server = await startS3Server({ prefix: 'agency-a/files' });
    raw = new S3Client({
      endpoint: server.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    raw.destroy();
    await server.close();
  });

  it('keeps its files under its prefix and lists only those of its own shape', async () => {
    const storage = createS3Storage(server.config);
    const key = newStorageKey('materials');
    await storage.put(key, Buffer.from('ours'));
    // Another prefix's file, and one under ours that no generated key could name.
    await raw.send(new PutObjectCommand({ Bucket: server.bucket, Key: `agency-b/files/${newStorageKey('materials')}`, Body: 'theirs' }));
    await raw.send(new PutObjectCommand({ Bucket: server.bucket, Key: 'agency-a/files/Notes/README.txt', Body: 'not ours' }));
    expect(await keysOf(storage)).toEqual([key]);
    const other = createS3Storage({ ...server.config, prefix: 'agency-b/files' });
    expect(await other.exists(key)).toBe(false);
    expect(await storage.exists(key)).toBe(true);
    await storage.delete(key);
  });

  it('reads every page of the listing', async () => {
    const storage = createS3Storage({ ...server.config, prefix: 'paged' }, { listPageSize: 10 });
    const keys = Array.from({ length: 25 }, () => newStorageKey('photos'));
    for (const key of keys) await storage.put(key, Buffer.from('p'));
    expect(await keysOf(storage)).toEqual([...keys].sort());
  });

  it('fails loudly, not as a missing file, when the bucket is not there', async () => {
    const storage = createS3Storage({ ...server.config, bucket: 'no-such-bucket' });
    await expect(storage.get(newStorageKey('materials'))).rejects.toThrow();
    await expect(storage.put(newStorageKey('materials'), Buffer.from('x'))).rejects.toThrow();
  });
});
