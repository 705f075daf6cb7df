import { PHOTO_MAX_BYTES } from '@ahente/contract/members';

/**
 * An identity document a member uploads (the valid ID, a licence scan): a JPG, PNG, WebP or PDF of
 * at most PHOTO_MAX_BYTES. The browser checks the name and size before sending; the server checks
 * the bytes too.
 */
export const ID_DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf';
const EXTENSIONS = ID_DOCUMENT_ACCEPT.split(',');

/** Why `file` cannot be sent as an identity document, or null. */
export function idDocumentProblem(file: File): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot).toLowerCase() : '';
  if (!EXTENSIONS.includes(extension)) return 'Choose a JPG, PNG, WebP or PDF file.';
  if (file.size > PHOTO_MAX_BYTES) return 'This file is larger than 5 MB. Choose a smaller one.';
  if (file.size === 0) return 'This file is empty. Choose another one.';
  return null;
}
