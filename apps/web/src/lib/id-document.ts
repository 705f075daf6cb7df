import { PHOTO_MAX_BYTES } from '@ahente/contract/files';

/**
 * An identity document a member uploads (the valid ID, a licence scan): a JPG, PNG, WebP or PDF of
 * at most PHOTO_MAX_BYTES. The browser checks the name and size before sending; the server checks
 * the bytes too.
 */
export const ID_DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf';
const EXTENSIONS = ID_DOCUMENT_ACCEPT.split(',');

/** What the screens say of a file that cannot be sent (in English; the screens' catalogues translate them). */
export const ID_DOCUMENT_PROBLEMS = {
  type: 'Choose a JPG, PNG, WebP or PDF file.',
  size: 'This file is larger than 5 MB. Choose a smaller one.',
  empty: 'This file is empty. Choose another one.',
};
export type IdDocumentProblem = keyof typeof ID_DOCUMENT_PROBLEMS;

/** Why `file` cannot be sent as an identity document (a key of ID_DOCUMENT_PROBLEMS), or null. */
export function idDocumentProblem(file: File): IdDocumentProblem | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot).toLowerCase() : '';
  if (!EXTENSIONS.includes(extension)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  if (file.size === 0) return 'empty';
  return null;
}
