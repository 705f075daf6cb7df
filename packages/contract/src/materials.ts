import { z } from 'zod';
import { LIMITS, idField } from './common.ts';
import { MSG } from './messages.ts';

/** Texts the server answers with on the materials calls (spec §7; DESIGN §4). */
export const MATERIAL_ERRORS = {
  sectionNotFound: 'Section not found',
  materialNotFound: 'Material not found',
  fileMissing: 'The file of this material is missing',
  sectionExists: 'A section with that name already exists',
  sectionRequired: 'Please choose a section',
  sectionIdInvalid: 'sectionId must be a number',
  sectionNameTooLong: `Section name must be at most ${LIMITS.name} characters`,
  sectionNameInvalid: 'Section name may not contain control characters',
} as const;

/** A section id as the client sends it: a number or a numeric string (JSON or a multipart field). */
export const sectionIdSchema = idField('sectionId', { requiredMessage: MATERIAL_ERRORS.sectionRequired });

/** Section (spec §3). */
export const section = z.object({ id: z.number(), name: z.string() });
export type Section = z.infer<typeof section>;

/** GET getsection: every section, by name. */
export const sectionList = z.array(section);

/** POST createsection. An empty name answers the spec's 'Type Section Name'. */
export const createSectionRequest = z.object({
  name: z
    .string({ error: MSG.typeSectionName })
    .normalize('NFC')
    .trim()
    .min(1, MSG.typeSectionName)
    .max(LIMITS.name, MATERIAL_ERRORS.sectionNameTooLong)
    .refine((v) => !/\p{Cc}/u.test(v), MATERIAL_ERRORS.sectionNameInvalid),
});
export type CreateSectionRequest = z.input<typeof createSectionRequest>;
export const createSectionResponse = z.object({ success: z.literal(true), section });
export type CreateSectionResponse = z.infer<typeof createSectionResponse>;

/** POST getmaterial. */
export const getMaterialRequest = z.object({ sectionId: sectionIdSchema });
export type GetMaterialRequest = z.input<typeof getMaterialRequest>;

/**
 * Material (spec §3) as the server returns it. `title` is the sanitised original file name and
 * the name a download is saved under; `type` is the content type decided from the file's bytes;
 * `size` is in bytes; `createdat` is a UTC ISO-8601 timestamp.
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
 * POST uploadmaterial is multipart/form-data with these text fields and one file field, `file`
 * (spec §7). Only `sectionId` is used: the title is the sanitised name of the uploaded file and
 * type and size are decided by the server, so `title`, `type` and `size` are accepted as hints
 * and otherwise ignored.
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
