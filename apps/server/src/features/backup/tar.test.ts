import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readTar, tarHeader, TarFormatError, TarWriter } from './tar.ts';

/** The backup archive's tar (decision 034): what it writes, GNU tar reads, and what it reads back. */

const longName = `files/${'a'.repeat(60)}/${'b'.repeat(60)}/${'c'.repeat(40)}`;

async function archiveOf(entries: [string, Buffer][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const tar = new TarWriter(out);
  for (const [name, body] of entries) {
    const sha = await tar.add(name, body.length, [body.subarray(0, 100), body.subarray(100)]);
    expect(sha).toBe(createHash('sha256').update(body).digest('hex'));
  }
  const bytes = await tar.finish();
  out.end();
  const all = Buffer.concat(chunks);
  expect(all.length).toBe(bytes);
  return all;
}

async function entriesOf(archive: Buffer): Promise<[string, Buffer][]> {
  const out: [string, Buffer][] = [];
  for await (const entry of readTar(Readable.from([archive]))) {
    const parts: Buffer[] = [];
    for await (const chunk of entry.body) parts.push(chunk);
    out.push([entry.name, Buffer.concat(parts)]);
  }
  return out;
}

describe('the backup tar', () => {
  const entries: [string, Buffer][] = [
    ['database.sqlite', randomBytes(513)],
    ['files/materials/empty', Buffer.alloc(0)],
    [longName, randomBytes(1024)],
    ['manifest.json', Buffer.from('{}\n')],
  ];

  it('reads back what it writes: names past 100 bytes, an empty entry, sizes off the 512-byte block', async () => {
    const archive = await archiveOf(entries);
    expect(archive.length % 512).toBe(0);
    expect(await entriesOf(archive)).toEqual(entries);
  });

  it('writes archives GNU tar lists and extracts byte for byte', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-tar-'));
    try {
      const file = path.join(dir, 'a.tar');
      fs.writeFileSync(file, await archiveOf(entries));
      expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual(entries.map(([n]) => n));
      execFileSync('tar', ['-xf', file, '-C', dir]);
      for (const [name, body] of entries) expect(fs.readFileSync(path.join(dir, name)).equals(body), name).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('announces sizes past 8 GiB in the base-256 field and reads them back', async () => {
    const size = 2 ** 33 + 5;
    const header = tarHeader('database.pgdump', size, Date.now());
    expect(header[124]).toBe(0x80);
    const reader = readTar(Readable.from([header]));
    const first = await reader.next();
    expect(first.done).toBe(false);
    expect(first.value).toMatchObject({ name: 'database.pgdump', size });
  });

  it('refuses what it cannot write or read: a name too long, a body of another size, a damaged header, an archive cut short', async () => {
    expect(() => tarHeader(`files/${'x'.repeat(120)}`, 1, 0)).toThrow(TarFormatError);
    const tar = new TarWriter(new PassThrough());
    await expect(tar.add('files/a', 10, [Buffer.alloc(9)])).rejects.toThrow('files/a has 9 bytes where 10 were announced');
    await expect(new TarWriter(new PassThrough()).add('files/b', 10, [Buffer.alloc(11)])).rejects.toThrow(
      'files/b grew while it was copied',
    );

    const archive = await archiveOf(entries);
    const damaged = Buffer.from(archive);
    damaged[3] = damaged[3]! ^ 0x01; // inside the first header's name
    await expect(entriesOf(damaged)).rejects.toThrow('a header checksum does not match');
    await expect(entriesOf(archive.subarray(0, 1024))).rejects.toThrow('cut short');
    await expect(entriesOf(archive.subarray(0, archive.length - 1024))).rejects.toThrow('its end marker is missing');
  });
});
