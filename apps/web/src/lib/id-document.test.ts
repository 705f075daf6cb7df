import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '@ahente/contract/files';
import { ID_DOCUMENT_PROBLEMS, idDocumentProblem } from './id-document';

/** A file of `size` bytes named `name` (its bytes are not read: only its name and size). */
const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('idDocumentProblem', () => {
  it('accepts a JPG, PNG, WebP or PDF of at most 5 MB, whatever the case of its extension', () => {
    for (const name of ['id.jpg', 'id.JPEG', 'scan.png', 'scan.webp', 'licence.Pdf', 'my.id.card.jpg']) {
      expect(idDocumentProblem(file(name, 10)), name).toBeNull();
    }
    expect(idDocumentProblem(file('id.png', PHOTO_MAX_BYTES))).toBeNull();
  });

  it('refuses another type, a name with no extension, or only one', () => {
    for (const name of ['id.gif', 'id.jpg.exe', 'jpg', '.jpg', 'id']) {
      expect(idDocumentProblem(file(name, 10)), name).toBe('type');
    }
  });

  it('refuses a file over 5 MB, and an empty one', () => {
    expect(idDocumentProblem(file('id.png', PHOTO_MAX_BYTES + 1))).toBe('size');
    expect(idDocumentProblem(file('id.png', 0))).toBe('empty');
  });

  it('has a sentence for every problem it answers', () => {
    expect(Object.keys(ID_DOCUMENT_PROBLEMS).sort()).toEqual(['empty', 'size', 'type']);
  });
});
