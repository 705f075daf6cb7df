import { create as contentDisposition } from 'content-disposition';

/**
 * File names a client sent, made safe to keep and to hand back in a download. A name is only
 * ever a label: files are stored under generated keys (platform/storage.ts), never under it.
 */

/** Longest stored name, in characters, extension included. */
export const MAX_FILE_NAME = 200;

/** Characters Windows, macOS or a shell reserve in a file name. */
const RESERVED = /[<>:"/\\|?*]/g;
/** Control characters and invisible format characters (bidi overrides that disguise `exe.pdf`). */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * The original file name with any path dropped (`../../x.pdf` → `x.pdf`, `C:\a\b.doc` →
 * `b.doc`), control, format and reserved characters removed, whitespace collapsed, leading dots
 * and trailing dots or spaces trimmed, Windows device names defused and the length capped
 * (keeping the extension). Unicode letters are kept. '' when nothing usable is left.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = base
    .replace(/\s+/gu, ' ')
    .replace(INVISIBLE, '')
    .replace(RESERVED, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '')
    .trim();
  if (WINDOWS_DEVICE.test(name)) name = `_${name}`;
  const chars = [...name];
  if (chars.length > MAX_FILE_NAME) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 ? [...name.slice(dot)] : [];
    const keep = ext.length > 0 && ext.length <= 16 ? ext : [];
    name = (
      chars
        .slice(0, MAX_FILE_NAME - keep.length)
        .join('')
        .trimEnd() + keep.join('')
    ).trim();
  }
  return name;
}

/**
 * An ASCII stand-in for old clients: accents dropped (ñ → n), anything else non-ASCII → '_', and
 * the '%' of a `%XX` sequence → '_' (some browsers percent-decode `filename`, so `a%41.pdf` would
 * save as `aA.pdf`; such a name then also goes in `filename*`, which is never misread).
 */
function asciiFallback(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_')
    .replace(/%(?=[0-9A-Fa-f]{2})/g, '_');
}

/**
 * `Content-Disposition: attachment` naming the file (RFC 6266), written by the `content-disposition`
 * package: an ASCII `filename` for old clients (quoted when it must be) and, whenever that is not
 * the exact name, `filename*` (RFC 8187 UTF-8) that modern browsers prefer, so non-ASCII names
 * survive the round trip. Our fallback drops accents (ñ → n) where the package's would write '?'.
 */
export function attachmentDisposition(fileName: string): string {
  return contentDisposition(fileName, { type: 'attachment', fallback: asciiFallback(fileName) });
}
