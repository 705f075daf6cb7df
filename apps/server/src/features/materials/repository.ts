import type { MaterialLibrary } from '@ahente/contract/materials';
import type { MaterialsTable, SectionsTable } from '../../db/schema.ts';
import type { Exec } from '../../db/exec.ts';

export type SectionRow = Omit<SectionsTable, 'id'> & { id: number };
export type MaterialRow = Omit<MaterialsTable, 'id'> & { id: number };
export type NewMaterial = Omit<MaterialRow, 'id'>;

export const materialsRepository = {
  /** Every section, or one library's, by name. */
  listSections(db: Exec, library?: MaterialLibrary) {
    let query = db.selectFrom('sections').select(['id', 'name', 'library']);
    if (library) query = query.where('library', '=', library);
    return query.orderBy('name_key').orderBy('id').execute();
  },

  findSection(db: Exec, id: number) {
    return db.selectFrom('sections').select(['id', 'name', 'library']).where('id', '=', id).executeTakeFirst();
  },

  async sectionNameTaken(db: Exec, nameKey: string) {
    return (await db.selectFrom('sections').select('id').where('name_key', '=', nameKey).executeTakeFirst()) !== undefined;
  },

  async insertSection(db: Exec, row: Omit<SectionRow, 'id'>): Promise<number> {
    return (await db.insertInto('sections').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  /** A section's materials, newest first. */
  listMaterials(db: Exec, sectionId: number) {
    return db
      .selectFrom('materials')
      .selectAll()
      .where('section_id', '=', sectionId)
      .orderBy('createdat', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  findMaterial(db: Exec, id: number): Promise<MaterialRow | undefined> {
    return db.selectFrom('materials').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async insertMaterial(db: Exec, row: NewMaterial): Promise<number> {
    return (await db.insertInto('materials').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  async deleteMaterial(db: Exec, id: number) {
    await db.deleteFrom('materials').where('id', '=', id).execute();
  },
};
