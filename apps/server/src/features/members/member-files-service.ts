import type { Kysely } from 'kysely';
import { pathOf, routePaths } from '@ahente/contract/route-paths';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/schema.ts';
import { extensionForType } from '../../platform/content-sniff.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { requireMember, type Log } from './model.ts';

/** Where profile photos and valid IDs are stored (keys `photos/<uuid>`, `valid-ids/<uuid>`). */
export const PHOTO_KEY_PREFIX = 'photos';
export const VALID_ID_KEY_PREFIX = 'valid-ids';

/** A short tag of a stored file's key: it changes when the file does, so the browser fetches the new one. */
export const fileTag = (key: string) => key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('/') + 13);

/**
 * The URL a member's photo is served from (owner and admins only): `/api/photo/{id}?v={tag}`, a
 * new URL for each new photo, so headers and popups show it at once. Null when there is none.
 */
export function photoUrl(m: { id: number; photo: string | null }): string | null {
  return m.photo ? `${pathOf(routePaths.photo, { id: m.id })}?v=${fileTag(m.photo)}` : null;
}

/** The URL a member's valid ID downloads from (owner and admins only); null when there is none. */
export function validIdUrl(m: { id: number; valid_id: string | null }): string | null {
  return m.valid_id ? pathOf(routePaths.downloadValidId, { id: m.id }) : null;
}

/** A stored file opened for download. */
export interface OpenedFile {
  stream: Readable;
  size: number;
  contentType: string;
  /** Changes with the file (an ETag). */
  tag: string;
}

/** A member's profile photo and valid ID: served to the owner and admins, removed once replaced. */
export function createMemberFilesService(db: Kysely<Database>, storage: Pick<FileStorage, 'get' | 'delete'>) {
  async function openFile(key: string | null, contentType: string | null, missing: string): Promise<OpenedFile> {
    const file = key ? await storage.get(key) : null;
    if (!key || !file) throw notFound(missing);
    return { ...file, contentType: contentType ?? 'application/octet-stream', tag: fileTag(key) };
  }

  return {
    /** Removes a stored file; a failure is logged with its key only, never thrown (the record is what counts). */
    async discardFile(key: string, log: Log): Promise<void> {
      try {
        await storage.delete(key);
      } catch (err) {
        log.warn({ err, key }, 'could not remove a stored member file');
      }
    },

    /** /api/photo/{id}: the stored photo; 404 when there is none. */
    async openPhoto(id: number): Promise<OpenedFile> {
      const m = await requireMember(db, id);
      return openFile(m.photo, m.photo_type, 'No photo on file');
    },

    /** downloadvalidid/{id}: the stored valid ID and its download name, `valid_id_{id}.{ext}`. */
    async openValidId(id: number): Promise<OpenedFile & { fileName: string }> {
      const m = await requireMember(db, id);
      const file = await openFile(m.valid_id, m.valid_id_type, 'No valid ID on file');
      return { ...file, fileName: `valid_id_${id}.${extensionForType(file.contentType)}` };
    },
  };
}

export type MemberFilesService = ReturnType<typeof createMemberFilesService>;
