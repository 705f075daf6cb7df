import { createHash } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';

/**
 * A minimal streaming tar (POSIX ustar) writer and reader for backup archives (decision 034):
 * regular files only, names up to 255 bytes (ustar's prefix + name), sizes of any length (GNU's
 * base-256 size field past 8 GiB). No dependency, no whole entry in memory, and any `tar tf` can
 * list what it writes.
 */

const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777; // 8 GiB - 1, the most 11 octal digits hold

export class TarFormatError extends Error {}

function writeString(header: Buffer, offset: number, length: number, value: string) {
  header.write(value, offset, length, 'utf8');
}

function writeOctal(header: Buffer, offset: number, length: number, value: number) {
  header.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

/** ustar splits a long name at a slash into prefix (155) and name (100). */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100 && base !== '') return { prefix, base };
  }
  throw new TarFormatError(`The name is too long for a tar entry: ${name}`);
}

export function tarHeader(name: string, size: number, mtimeMs: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  writeString(header, 0, 100, base);
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  if (size <= MAX_OCTAL_SIZE) writeOctal(header, 124, 12, size);
  else {
    // GNU base-256: the top bit of the first byte set, the size big-endian in the rest.
    header[124] = 0x80;
    let rest = BigInt(size);
    for (let i = 135; i > 124; i--) {
      header[i] = Number(rest & 0xffn);
      rest >>= 8n;
    }
  }
  writeOctal(header, 136, 12, Math.floor(mtimeMs / 1000));
  header.fill(0x20, 148, 156); // the checksum counts itself as spaces
  header[156] = 0x30; // '0': a regular file
  writeString(header, 257, 6, 'ustar');
  writeString(header, 263, 2, '00');
  writeString(header, 345, 155, prefix);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return header;
}

function readSize(header: Buffer): number {
  if ((header[124]! & 0x80) !== 0) {
    let size = 0n;
    for (let i = 125; i < 136; i++) size = (size << 8n) | BigInt(header[i]!);
    return Number(size);
  }
  return parseOctal(header, 124, 12);
}

function parseOctal(header: Buffer, offset: number, length: number): number {
  const text = header
    .subarray(offset, offset + length)
    .toString('ascii')
    .replace(/[\0 ]+$/, '')
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('Not a tar archive (a header field is not a number)');
  return text === '' ? 0 : parseInt(text, 8);
}

function readName(header: Buffer): string {
  const field = (offset: number, length: number) => {
    const raw = header.subarray(offset, offset + length);
    const end = raw.indexOf(0);
    return raw.subarray(0, end === -1 ? length : end).toString('utf8');
  };
  const base = field(0, 100);
  const prefix = header.subarray(257, 262).toString('ascii') === 'ustar' ? field(345, 155) : '';
  return prefix ? `${prefix}/${base}` : base;
}

function checksumMatches(header: Buffer): boolean {
  const stored = parseOctal(header, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum === stored;
}

/** Writes to a stream with its backpressure respected. */
async function writeAll(out: Writable, chunk: Buffer): Promise<void> {
  if (out.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      out.off('error', onError);
      resolve();
    };
    const onError = (err: Error) => {
      out.off('drain', onDrain);
      reject(err);
    };
    out.once('drain', onDrain);
    out.once('error', onError);
  });
}

/** An archive being written: entries one after the other, then `finish()`. */
export class TarWriter {
  private bytes = 0;
  constructor(private readonly out: Writable) {}

  /** Adds one entry of exactly `size` bytes read from `body`; answers the SHA-256 of those bytes. */
  async add(
    name: string,
    size: number,
    body: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer>,
    mtimeMs = Date.now(),
  ): Promise<string> {
    await this.write(tarHeader(name, size, mtimeMs));
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of body) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      written += buf.length;
      if (written > size) throw new TarFormatError(`${name} grew while it was copied (over ${size} bytes)`);
      hash.update(buf);
      await this.write(buf);
    }
    if (written !== size) throw new TarFormatError(`${name} has ${written} bytes where ${size} were announced`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await this.write(Buffer.alloc(pad));
    return hash.digest('hex');
  }

  /** The two empty blocks that end an archive; answers the archive's length. */
  async finish(): Promise<number> {
    await this.write(Buffer.alloc(BLOCK * 2));
    return this.bytes;
  }

  private async write(chunk: Buffer) {
    this.bytes += chunk.length;
    await writeAll(this.out, chunk);
  }
}

/** Exact-length reads from a stream. */
class ByteReader {
  private readonly iterator: AsyncIterator<Buffer>;
  private pending: Buffer = Buffer.alloc(0);
  private done = false;

  constructor(source: Readable) {
    this.iterator = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  /** Up to `max` bytes (fewer only at the end of the stream; empty at its end). */
  async readSome(max: number): Promise<Buffer> {
    while (this.pending.length === 0 && !this.done) {
      const next = await this.iterator.next();
      if (next.done) this.done = true;
      else this.pending = next.value;
    }
    const out = this.pending.subarray(0, max);
    this.pending = this.pending.subarray(out.length);
    return out;
  }

  /** Exactly `n` bytes, or an error saying the archive is cut short. */
  async readExactly(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < n) {
      const part = await this.readSome(n - got);
      if (part.length === 0) throw new TarFormatError('The archive is cut short (it ends inside an entry)');
      parts.push(part);
      got += part.length;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  async atEnd(): Promise<boolean> {
    const part = await this.readSome(1);
    if (part.length === 0) return true;
    this.pending = Buffer.concat([part, this.pending]);
    return false;
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; must be read (or `skip`ped) before the next entry. */
  body: AsyncIterable<Buffer>;
}

/**
 * The archive's entries in order. Refuses what is not a well-formed archive: a header whose
 * checksum is wrong, an entry that is not a regular file, an archive cut short or without its end.
 */
export async function* readTar(source: Readable): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source);
  for (;;) {
    if (await reader.atEnd()) throw new TarFormatError('The archive is cut short (its end marker is missing)');
    const header = await reader.readExactly(BLOCK);
    if (header.every((b) => b === 0)) {
      // The end: a second empty block follows (some writers pad further; what follows is ignored).
      const second = await reader.readExactly(BLOCK);
      if (!second.every((b) => b === 0)) throw new TarFormatError('Not a tar archive (an empty block in the middle)');
      return;
    }
    if (!checksumMatches(header)) throw new TarFormatError('Not a tar archive, or a damaged one (a header checksum does not match)');
    const type = header[156];
    if (type !== 0x30 && type !== 0) throw new TarFormatError(`Unexpected entry type ${String.fromCharCode(type ?? 0)} in the archive`);
    const name = readName(header);
    const size = readSize(header);
    let left = size;
    let consumed = false;
    const body = (async function* () {
      if (consumed) throw new Error(`${name} was read already`);
      consumed = true;
      while (left > 0) {
        const part = await reader.readSome(Math.min(left, 1 << 16));
        if (part.length === 0) throw new TarFormatError('The archive is cut short (it ends inside an entry)');
        left -= part.length;
        yield part;
      }
    })();
    yield { name, size, body };
    if (!consumed) for await (const _ of body) void _;
    else if (left > 0) throw new Error(`${name} was not read to its end`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await reader.readExactly(pad);
  }
}
