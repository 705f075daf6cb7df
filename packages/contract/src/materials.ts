import { z } from 'zod';
import { LIMITS, idField, isBlank } from './common.ts';
import { MSG } from './messages.ts';

/** Texts the server answers with on the materials calls, as `{ error }` (not spec texts). */
export const MATERIAL_ERRORS = {
  sectionNotFound: 'Section not found',
  materialNotFound: 'Material not found',
  fileMissing: 'The file of this material is missing',
  sectionExists: 'A section with that name already exists',
  sectionRequired: 'Please choose a section',
  sectionIdInvalid: 'sectionId must be a number',
  sectionNameTooLong: `Section name must be at most ${LIMITS.name} characters`,
  sectionNameInvalid: 'Section name may not contain control characters',
  libraryRequired: 'Please choose a library',
  libraryInvalid: 'Library must be one of Marketing, Learning',
} as const;

/**
 * The two libraries a section belongs to (decision 022): Marketing (/marketing) and Learning
 * (/learning, 'Learning Resources'). Chosen when the section is created and fixed after.
 */
export const MATERIAL_LIBRARIES = ['Marketing', 'Learning'] as const;
export type MaterialLibrary = (typeof MATERIAL_LIBRARIES)[number];
/**
 * The library of a section created without one (a client of the spec's createsection, which
 * sends only a name) and of the sections made before libraries existed (migration 012): the
 * spec's sidebar reaches materials through Marketing only (decision 022).
 */
export const DEFAULT_LIBRARY: MaterialLibrary = 'Marketing';
/** The screen each library is shown on, by its title. */
export const LIBRARY_TITLES: Record<MaterialLibrary, string> = { Marketing: 'Marketing', Learning: 'Learning Resources' };

const libraryField = z.enum(MATERIAL_LIBRARIES, {
  error: (iss) => (isBlank(iss.input) ? MATERIAL_ERRORS.libraryRequired : MATERIAL_ERRORS.libraryInvalid),
});

/** A section id as the client sends it: a number or a numeric string (JSON or a multipart field). */
export const sectionIdSchema = idField('sectionId', { requiredMessage: MATERIAL_ERRORS.sectionRequired });

/** A section (id and name), with the library it belongs to. */
export const section = z.object({ id: z.number(), name: z.string(), library: z.enum(MATERIAL_LIBRARIES) });
export type Section = z.infer<typeof section>;

/** GET getsection: every section, by name; GET getsection/{library}: that library's sections, by name. */
export const sectionList = z.array(section);
export const librarySectionsParams = z.object({ library: libraryField });
export type LibrarySectionsParams = z.input<typeof librarySectionsParams>;

const sectionName = z
  .string({ error: MSG.typeSectionName })
  .normalize('NFC')
  .trim()
  .min(1, MSG.typeSectionName)
  .max(LIMITS.name, MATERIAL_ERRORS.sectionNameTooLong)
  .refine((v) => !/\p{Cc}/u.test(v), MATERIAL_ERRORS.sectionNameInvalid);

/**
 * POST createsection. An empty name answers the spec's 'Type Section Name'. `library` may be
 * left out by a client of the spec's call (it sends only a name): the section is then a
 * Marketing one (DEFAULT_LIBRARY); any other value than the two libraries is refused.
 */
export const createSectionRequest = z.object({ name: sectionName, library: libraryField.default(DEFAULT_LIBRARY) });
export type CreateSectionRequest = z.input<typeof createSectionRequest>;
export type NewSection = z.output<typeof createSectionRequest>;
/** The Create New Section form: there the library must be chosen ('Please choose a library'). */
export const createSectionForm = z.object({ name: sectionName, library: libraryField });
export const createSectionResponse = z.object({ success: z.literal(true), section });
export type CreateSectionResponse = z.infer<typeof createSectionResponse>;

/** POST getmaterial. */
export const getMaterialRequest = z.object({ sectionId: sectionIdSchema });
export type GetMaterialRequest = z.input<typeof getMaterialRequest>;

/**
 * A material as the server returns it. `title` is the sanitised original file name and the name a
 * download is saved under; `type` is the content type decided from the file's bytes; `size` is in
 * bytes; `createdat` is a UTC ISO-8601 timestamp.
 */
export const material = z.object({
  id: z.number(),
  title: z.string(),
  sectionId: z.number(),
  size: z.number(),
  type: z.string(),
  createdat: z.string(),
});
export type Material = z.infer<typeof material>;
export const materialList = z.array(material);

/**
 * POST uploadmaterial is multipart/form-data with these text fields and one file field, `file`.
 * Only `sectionId` is used: the title is the sanitised name of the uploaded file and type and size
 * are decided by the server, so `title`, `type` and `size` are accepted as hints, otherwise unused.
 */
export const uploadMaterialFields = z.object({
  sectionId: sectionIdSchema,
  title: z.string().optional(),
  type: z.string().optional(),
  size: z.string().optional(),
});
export type UploadMaterialFields = z.input<typeof uploadMaterialFields>;
/** The name of the file field of uploadmaterial. */
export const UPLOAD_MATERIAL_FILE_FIELD = 'file';
/** 201 on success. */
export const uploadMaterialResponse = z.object({ success: z.literal(true), material });
export type UploadMaterialResponse = z.infer<typeof uploadMaterialResponse>;

/** DELETE deletematerial/{id}: 200 on success. */
export const deleteMaterialResponse = z.object({ success: z.literal(true) });
