import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import {
  MATERIAL_ERRORS,
  uploadMaterialFields,
  type Material,
  type MaterialLibrary,
  type NewSection,
  type Section,
} from '@ahente/contract/materials';
import { MSG } from '@ahente/contract/messages';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Auth } from '../../platform/sessions.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { nowIso } from '../../platform/tokens.ts';
import type { ReceivedUpload } from '../../platform/uploads.ts';
import { materialsRepository, type MaterialRow } from './repository.ts';

/** Where material files are stored (their keys are `materials/<uuid>`). */
export const MATERIAL_KEY_PREFIX = 'materials';

type Log = Pick<FastifyBaseLogger, 'warn'>;

function toMaterial(row: MaterialRow): Material {
  return {
    id: row.id,
    title: row.title,
    sectionId: row.section_id,
    size: Number(row.size),
    type: row.content_type,
    createdat: row.createdat,
  };
}

/** Section names are unique whatever their case; the key is computed here, the same on both databases. */
export const sectionNameKey = (name: string) => name.normalize('NFC').toLowerCase();

export function createMaterialsService(db: Kysely<Database>, storage: FileStorage) {
  async function requireSection(exec: Kysely<Database>, id: number) {
    const found = await materialsRepository.findSection(exec, id);
    if (!found) throw notFound(MATERIAL_ERRORS.sectionNotFound);
    return found;
  }

  /** Removes a stored file that lost its row (or never got one); a failure is logged, not thrown. */
  async function discardFile(key: string, log: Log) {
    try {
      await storage.delete(key);
    } catch (err) {
      log.warn({ err, key }, 'could not remove a material file');
    }
  }

  return {
    /** getsection (every section) and getsection/{library} (that library's), by name. */
    listSections: (library?: MaterialLibrary): Promise<Section[]> => materialsRepository.listSections(db, library),

    /**
     * createsection: a section in its library, which stays fixed (decision 022). 409 when a
     * section of that name exists in either library, whatever its case: an admin's Section
     * select lists both, so one name names one section.
     */
    async createSection({ name, library }: NewSection): Promise<Section> {
      const name_key = sectionNameKey(name);
      try {
        return await db.transaction().execute(async (trx) => {
          if (await materialsRepository.sectionNameTaken(trx, name_key)) throw conflict(MATERIAL_ERRORS.sectionExists);
          const id = await materialsRepository.insertSection(trx, { name, name_key, library, createdat: nowIso() });
          return { id, name, library };
        });
      } catch (err) {
        // Two admins creating the same name at once: the unique index decides.
        if (isUniqueViolation(err)) throw conflict(MATERIAL_ERRORS.sectionExists);
        throw err;
      }
    },

    /** getmaterial: a section's materials, newest first; 404 for an unknown section. */
    async listMaterials(sectionId: number): Promise<Material[]> {
      await requireSection(db, sectionId);
      return (await materialsRepository.listMaterials(db, sectionId)).map(toMaterial);
    },

    /**
     * uploadmaterial, after the file was stored (platform/uploads.ts): checks the form and inserts
     * the row in a transaction. Whatever fails, the stored file is removed, so there is never a
     * row without its file nor a file without its row.
     */
    async create(auth: Auth, upload: ReceivedUpload, log: Log): Promise<Material> {
      const { file } = upload;
      if (!file) throw badRequest(MSG.selectFileFirst);
      try {
        const parsed = uploadMaterialFields.safeParse(upload.fields);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid upload');
        const row = await db.transaction().execute(async (trx) => {
          await requireSection(trx, parsed.data.sectionId);
          const values = {
            section_id: parsed.data.sectionId,
            title: file.fileName,
            storage_key: file.key,
            content_type: file.contentType,
            size: file.size,
            uploaded_by: auth.memberId,
            createdat: nowIso(),
          };
          return { id: await materialsRepository.insertMaterial(trx, values), ...values };
        });
        return toMaterial(row);
      } catch (err) {
        await discardFile(file.key, log);
        throw err;
      }
    },

    /** downloadmaterial: the material and a stream of its file; 404 when either is missing. */
    async open(id: number): Promise<{ material: Material; stream: Readable; size: number }> {
      const row = await materialsRepository.findMaterial(db, id);
      if (!row) throw notFound(MATERIAL_ERRORS.materialNotFound);
      const file = await storage.get(row.storage_key);
      if (!file) throw notFound(MATERIAL_ERRORS.fileMissing);
      return { material: toMaterial(row), ...file };
    },

    /**
     * deletematerial: the row goes in a transaction, the file after the commit (a file already
     * missing is fine; one that cannot be removed is logged and left, the row stays deleted).
     */
    async remove(id: number, log: Log): Promise<void> {
      const key = await db.transaction().execute(async (trx) => {
        const row = await materialsRepository.findMaterial(trx, id);
        if (!row) throw notFound(MATERIAL_ERRORS.materialNotFound);
        await materialsRepository.deleteMaterial(trx, id);
        return row.storage_key;
      });
      await discardFile(key, log);
    },
  };
}

export type MaterialsService = ReturnType<typeof createMaterialsService>;
