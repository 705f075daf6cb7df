/**
 * Decides a file's content type from its first bytes against an allow-list (decision 003): the
 * client's declared type is never trusted. ZIP and OLE2 containers are told apart by the original
 * file name's extension (an Office document is a container of a known kind); plain text is accepted
 * only as valid UTF-8 without NUL bytes and with a .txt or .csv name. Anything else is refused.
 * Used by every upload (materials now; photos and valid IDs later).
 *
 * Kept rather than `file-type` (decision 006): for this allow-list every rule that decides (text,
 * OLE2 and ZIP by extension) would stay ours, file-type refuses inputs the API tests accept and
 * reads some text files as other things, and its API is asynchronous where every caller is not.
 */

/** How many leading bytes the sniffer looks at. */
export const SNIFF_BYTES = 8192;

export const CONTENT_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const;

export type ContentType = (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES];

/** Kinds of file an upload may accept; each upload names the ones it allows. */
export const IMAGE_TYPES: readonly ContentType[] = [CONTENT_TYPES.png, CONTENT_TYPES.jpeg, CONTENT_TYPES.gif, CONTENT_TYPES.webp];
export const ALL_TYPES: readonly ContentType[] = Object.values(CONTENT_TYPES);

/** The extensions a stored name may end in for each type; the first is the one added when missing. */
const EXTENSIONS: Record<ContentType, readonly string[]> = {
  [CONTENT_TYPES.pdf]: ['pdf'],
  [CONTENT_TYPES.png]: ['png'],
  [CONTENT_TYPES.jpeg]: ['jpg', 'jpeg', 'jpe', 'jfif'],
  [CONTENT_TYPES.gif]: ['gif'],
  [CONTENT_TYPES.webp]: ['webp'],
  [CONTENT_TYPES.mp4]: ['mp4', 'm4v'],
  [CONTENT_TYPES.zip]: ['zip'],
  [CONTENT_TYPES.docx]: ['docx'],
  [CONTENT_TYPES.xlsx]: ['xlsx'],
  [CONTENT_TYPES.pptx]: ['pptx'],
  [CONTENT_TYPES.doc]: ['doc'],
  [CONTENT_TYPES.xls]: ['xls'],
  [CONTENT_TYPES.ppt]: ['ppt'],
  [CONTENT_TYPES.txt]: ['txt'],
  [CONTENT_TYPES.csv]: ['csv'],
};

/** ISO base-media brands that are MP4 video (QuickTime, HEIF/AVIF images and the like are not). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
  'MSNV',
  'f4v ',
]);

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const ZIP_LOCAL = ascii('PK\x03\x04');
const ZIP_EMPTY = ascii('PK\x05\x06');
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** True when `head` (the first bytes of a file, possibly cut mid-character) is UTF-8 without NULs. */
function isUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // stream: true tolerates a multi-byte character cut at the end of the sniffed bytes.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The content type of a file whose first bytes are `head` (up to SNIFF_BYTES of them, all of them
 * for a shorter file) and whose original name is `fileName`, or null when it is not allowed.
 */
export function sniffContentType(head: Buffer, fileName: string): ContentType | null {
  if (head.length === 0) return null;
  const ext = extensionOf(fileName);
  if (startsWith(head, ascii('%PDF-'))) return CONTENT_TYPES.pdf;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return CONTENT_TYPES.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return CONTENT_TYPES.jpeg;
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return CONTENT_TYPES.gif;
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return CONTENT_TYPES.webp;
  if (startsWith(head, ascii('ftyp'), 4) && MP4_BRANDS.has(head.subarray(8, 12).toString('latin1'))) return CONTENT_TYPES.mp4;
  if (startsWith(head, ZIP_LOCAL) || startsWith(head, ZIP_EMPTY)) {
    if (ext === 'docx') return CONTENT_TYPES.docx;
    if (ext === 'xlsx') return CONTENT_TYPES.xlsx;
    if (ext === 'pptx') return CONTENT_TYPES.pptx;
    return CONTENT_TYPES.zip;
  }
  if (startsWith(head, OLE2)) {
    // OLE2 also carries installers (.msi) and other things: only the three Office kinds pass.
    if (ext === 'doc') return CONTENT_TYPES.doc;
    if (ext === 'xls') return CONTENT_TYPES.xls;
    if (ext === 'ppt') return CONTENT_TYPES.ppt;
    return null;
  }
  if ((ext === 'txt' || ext === 'csv') && isUtf8Text(head)) return ext === 'txt' ? CONTENT_TYPES.txt : CONTENT_TYPES.csv;
  return null;
}

/** The usual extension of a content type (`jpg` for a JPEG), or `bin` for one not on the list. */
export function extensionForType(contentType: string): string {
  return EXTENSIONS[contentType as ContentType]?.[0] ?? 'bin';
}

/**
 * The name with an extension that fits its content type: `report.pdf` stays, `evil.html` holding
 * a PDF becomes `evil.html.pdf`, so a saved download never opens as something it is not.
 */
export function fitExtension(fileName: string, contentType: ContentType): string {
  const allowed = EXTENSIONS[contentType];
  return allowed.includes(extensionOf(fileName)) ? fileName : `${fileName}.${allowed[0]}`;
}
