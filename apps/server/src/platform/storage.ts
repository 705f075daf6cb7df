import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live (DESIGN §3, docs/decisions/003-file-storage.md). Keys are generated
 * by the server (`newStorageKey`), never taken from a client. The local-disk store below is the
 * default; the S3-compatible store (s3-storage.ts, decision 033) implements the same interface to
 * scale out, chosen by STORAGE_URL in one place (`storageOf`, storage-of.ts).
 */
export interface FileStorage {
  /**
   * Writes the whole body under `key`, replacing nothing: the file appears only once it is
   * complete. Over `maxBytes` the write stops, nothing is left behind and a FileTooLargeError is
   * thrown. On any failure nothing is left under `key`.
   */
  put(key: string, body: Readable | Buffer, options?: { maxBytes?: number }): Promise<{ size: number }>;
  /** A stream of the stored file and its size, or null when nothing is stored under `key`. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the file; a key with nothing stored under it is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored file's key and when it was last written (ms since the epoch); partial writes are not files. */
  list(): AsyncIterable<{ key: string; modifiedAt: number }>;
}

export class FileTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The file is larger than ${limitBytes} bytes`);
  }
}

/** A fresh key under a prefix such as `materials`: `materials/0b7c…`. */
export function newStorageKey(prefix: string): string {
  return `${prefix}/${randomUUID()}`;
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** Whether `key` has the shape of a generated key (lower-case segments of `[a-z0-9-]`): every driver refuses any other. */
export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Files under `root` (STORAGE_DIR), created if missing; partial writes go to `root/.tmp`. */
export function createLocalDiskStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const tmpDir = path.join(base, '.tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  removeStaleParts(tmpDir);

  /** The file of a key. Keys are ours, but a bad one must never reach outside `base`. */
  function fileOf(key: string): string {
    const file = path.resolve(base, key);
    if (!KEY_PATTERN.test(key) || !file.startsWith(base + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  }

  return {
    async put(key, body, options = {}) {
      const target = fileOf(key);
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      let size = 0;
      const limit = options.maxBytes;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (limit !== undefined && size > limit) callback(new FileTooLargeError(limit));
          else callback(null, chunk);
        },
      });
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, counter, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o640 }));
        await fsp.mkdir(path.dirname(target), { recursive: true });
        if (await exists(target)) throw new Error(`Storage key already in use: ${key}`);
        await fsp.rename(tmp, target);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
      return { size };
    },

    async get(key) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(fileOf(key), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream({ autoClose: true }), size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },

    exists: async (key) => exists(fileOf(key)),

    async *list() {
      const entries = await fsp.readdir(base, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(base, file).split(path.sep).join('/');
        // Partial writes (.tmp) and anything not named like a key are not ours to list.
        if (!KEY_PATTERN.test(key)) continue;
        try {
          yield { key, modifiedAt: (await fsp.stat(file)).mtimeMs };
        } catch {
          // Removed in the meantime.
        }
      }
    },
  };
}

/** Partial writes a crash left behind; a day old at least, so no other instance is still writing them. */
function removeStaleParts(tmpDir: string, maxAgeMs = 24 * 3_600_000) {
  for (const name of fs.readdirSync(tmpDir)) {
    const file = path.join(tmpDir, name);
    try {
      if (name.endsWith('.part') && Date.now() - fs.statSync(file).mtimeMs > maxAgeMs) fs.rmSync(file, { force: true });
    } catch {
      // Gone already, or not ours to remove: leave it.
    }
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fsp.access(file);
    return true;
  } catch {
    return false;
  }
}
