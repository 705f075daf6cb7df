import { describe, expect, it } from 'vitest';
import { CONTENT_TYPES, fitExtension, sniffContentType } from './content-sniff.ts';
import { attachmentDisposition, sanitizeFileName } from './file-names.ts';
import { formatBytes } from './uploads.ts';

describe('sniffContentType', () => {
  const zip = Buffer.from('PK\x03\x04rest');
  const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2]);
  it.each([
    [Buffer.from('%PDF-1.4'), 'x.anything', CONTENT_TYPES.pdf],
    [zip, 'deck.PPTX', CONTENT_TYPES.pptx],
    [zip, 'archive', CONTENT_TYPES.zip],
    [ole, 'legacy.ppt', CONTENT_TYPES.ppt],
    [ole, 'legacy.msi', null],
    [Buffer.from('plain words'), 'readme.txt', CONTENT_TYPES.txt],
    [Buffer.from('plain words'), 'readme.md', null],
    [Buffer.from('plain words'), 'readme', null],
    // A multi-byte character cut at the end of the sniffed bytes is still text.
    [Buffer.concat([Buffer.from('a'.repeat(8190)), Buffer.from('ñ').subarray(0, 1)]), 'cut.txt', CONTENT_TYPES.txt],
    [Buffer.from([0xc3, 0x28]), 'bad.txt', null],
    [Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypheic')]), 'photo.mp4', null],
    [Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42')]), 'video', CONTENT_TYPES.mp4],
    [Buffer.alloc(0), 'empty.pdf', null],
  ])('%#: decides from the bytes and, for containers and text, the extension', (head, name, expected) => {
    expect(sniffContentType(head, name)).toBe(expected);
  });

  // Inputs file-type 21 names otherwise (in order: image/bmp, audio/mpeg, .exe, nothing, video/x-m4v,
  // video/quicktime, .exe): our text rule, signatures and allow-list decide (decision 006).
  it.each([
    [Buffer.from('BMI,weight,height\n22,60,165\n'), 'rates.csv', CONTENT_TYPES.csv],
    [Buffer.from('ID3 tags, explained\n'), 'notes.txt', CONTENT_TYPES.txt],
    [Buffer.from('MZ branch visit notes\n'), 'notes.txt', CONTENT_TYPES.txt],
    [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]), 'chart.png', CONTENT_TYPES.png],
    [Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypM4V ')]), 'clip.m4v', CONTENT_TYPES.mp4],
    [Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypqt  ')]), 'clip.mp4', null],
    [Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), 'setup.txt', null],
  ])('%#: text and signatures a general-purpose detector reads otherwise', (head, name, expected) => {
    expect(sniffContentType(head, name)).toBe(expected);
  });

  it('fits the extension to the type', () => {
    expect(fitExtension('a.PDF', CONTENT_TYPES.pdf)).toBe('a.PDF');
    expect(fitExtension('photo.jpeg', CONTENT_TYPES.jpeg)).toBe('photo.jpeg');
    expect(fitExtension('photo', CONTENT_TYPES.jpeg)).toBe('photo.jpg');
    expect(fitExtension('page.html', CONTENT_TYPES.pdf)).toBe('page.html.pdf');
  });
});

describe('sanitizeFileName and attachmentDisposition', () => {
  it.each([
    ['../../x.pdf', 'x.pdf'],
    ['C:\\Users\\ana\\Q1 report.xlsx', 'Q1 report.xlsx'],
    ['Gabay sa Pagbebenta – ñ.pdf', 'Gabay sa Pagbebenta – ñ.pdf'],
    ['n\u0303.txt', 'ñ.txt'],
    ['tab\there\nnewline.pdf', 'tab here newline.pdf'],
    ['bidi\u202Etxt.exe', 'biditxt.exe'],
    ['..', ''],
    ['   ', ''],
    ['nul', '_nul'],
  ])('%j → %j', (raw, clean) => {
    expect(sanitizeFileName(raw)).toBe(clean);
  });

  it('caps a long name and keeps its extension', () => {
    const name = sanitizeFileName(`${'ñ'.repeat(300)}.pdf`);
    expect([...name]).toHaveLength(200);
    expect(name.endsWith('ñ.pdf')).toBe(true);
  });

  it('writes an ASCII fallback and an RFC 5987 UTF-8 name that round-trips', () => {
    const name = "Ano'ng (bago)* – ñ 100%.pdf";
    const header = attachmentDisposition(name);
    expect(header).toBe(
      `attachment; filename="Ano'ng (bago)* _ n 100%.pdf"; filename*=UTF-8''Ano%27ng%20%28bago%29%2A%20%E2%80%93%20%C3%B1%20100%25.pdf`,
    );
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(header)![1]!)).toBe(name);
  });

  it('names an ASCII file plainly, and adds filename* whenever the plain name is not exact', () => {
    expect(attachmentDisposition('Q1 report.xlsx')).toBe('attachment; filename="Q1 report.xlsx"');
    expect(attachmentDisposition('report.pdf')).toBe('attachment; filename=report.pdf');
    // A browser may percent-decode `filename`: a %XX in the name is kept exact in filename* only.
    expect(attachmentDisposition('a%41.pdf')).toBe(`attachment; filename=a_41.pdf; filename*=UTF-8''a%2541.pdf`);
    const header = attachmentDisposition('名前.pdf');
    expect(header).toBe(`attachment; filename=__.pdf; filename*=UTF-8''%E5%90%8D%E5%89%8D.pdf`);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(header)![1]!)).toBe('名前.pdf');
  });

  it('formats limits as a person reads them', () => {
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatBytes(64 * 1024)).toBe('64 KB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
    expect(formatBytes(100)).toBe('100 bytes');
  });
});
