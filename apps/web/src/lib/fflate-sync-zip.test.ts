import { strFromU8, strToU8, unzipSync, type FlateCallback } from 'fflate/browser';
import { describe, expect, it, vi } from 'vitest';
import { zip } from './fflate-sync-zip';

/** zip() as a promise: its error, or the archive's files read back. */
const zipped = (run: (cb: FlateCallback) => void) =>
  new Promise<Record<string, string>>((resolve, reject) => {
    run((error, data) => {
      if (error) reject(error);
      else resolve(Object.fromEntries(Object.entries(unzipSync(data)).map(([name, bytes]) => [name, strFromU8(bytes)])));
    });
  });

describe('zip (synchronous compression behind the asynchronous API)', () => {
  it('answers an archive of the files given, with or without options', async () => {
    const files = { 'a.txt': strToU8('first'), 'dir/b.xml': strToU8('<x/>'.repeat(1000)) };
    await expect(zipped((cb) => zip(files, cb))).resolves.toEqual({ 'a.txt': 'first', 'dir/b.xml': '<x/>'.repeat(1000) });
    await expect(zipped((cb) => zip(files, { level: 9 }, cb))).resolves.toMatchObject({ 'a.txt': 'first' });
  });

  it('calls back only after zip() has returned, as the original does', async () => {
    const cb = vi.fn();
    zip({ 'a.txt': strToU8('x') }, cb);
    expect(cb).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(cb).toHaveBeenCalledOnce(), { timeout: 5000 });
    expect(cb.mock.calls[0]?.[0]).toBeNull();
  });

  it('never calls back once terminated', async () => {
    const cb = vi.fn();
    const terminate = zip({ 'a.txt': strToU8('x') }, cb);
    terminate();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cb).not.toHaveBeenCalled();
  });

  it('hands a compression error to the callback, and refuses a call without one', async () => {
    // A zip entry's date cannot be before 1980.
    await expect(zipped((cb) => zip({ 'a.txt': strToU8('x') }, { mtime: new Date('1970-01-02T00:00:00Z') }, cb))).rejects.toThrow(/1980/);
    // Options and no callback: a caller's mistake, said at once.
    expect(() => (zip as (data: object, opts: object) => void)({}, {})).toThrow(TypeError);
  });
});
