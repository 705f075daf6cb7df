import { fileResponse, route, type RouteDef } from './define.ts';
import { materialsPaths } from './materials.paths.ts';
import { idParams } from '../common.ts';
import {
  createSectionRequest,
  createSectionResponse,
  deleteMaterialResponse,
  getMaterialRequest,
  librarySectionsParams,
  materialList,
  sectionList,
  uploadMaterialFields,
  uploadMaterialResponse,
  UPLOAD_MATERIAL_FILE_FIELD,
} from '../materials.ts';

/** The routes of the Marketing and Learning libraries: the server's features/materials/ registers them. */
export const materialsRoutes = {
  getSections: route({
    ...materialsPaths.getSections,
    access: 'member',
    responses: { 200: sectionList },
    tag: 'materials',
    summary: 'Every section, with its library',
  }),
  getLibrarySections: route({
    ...materialsPaths.getLibrarySections,
    access: 'member',
    params: librarySectionsParams,
    responses: { 200: sectionList },
    tag: 'materials',
    summary: "One library's sections (Marketing or Learning)",
  }),
  createSection: route({
    ...materialsPaths.createSection,
    access: 'admin',
    body: createSectionRequest,
    responses: { 200: createSectionResponse },
    idempotent: true,
    tag: 'materials',
    summary: 'Creates a section in a library (Marketing when none is given)',
  }),
  getMaterials: route({
    ...materialsPaths.getMaterials,
    access: 'member',
    body: getMaterialRequest,
    responses: { 200: materialList },
    tag: 'materials',
    summary: "A section's materials",
  }),
  downloadMaterial: route({
    ...materialsPaths.downloadMaterial,
    access: 'member',
    params: idParams,
    responses: { 200: fileResponse },
    tag: 'materials',
    summary: 'Downloads a material under its original name',
  }),
  deleteMaterial: route({
    ...materialsPaths.deleteMaterial,
    access: 'admin',
    params: idParams,
    responses: { 200: deleteMaterialResponse },
    tag: 'materials',
    summary: 'Deletes a material and its file',
  }),
  uploadMaterial: route({
    ...materialsPaths.uploadMaterial,
    access: 'admin',
    multipart: { fields: uploadMaterialFields, file: UPLOAD_MATERIAL_FILE_FIELD },
    responses: { 201: uploadMaterialResponse },
    idempotent: true,
    tag: 'materials',
    summary: 'Uploads a material into a section (multipart/form-data)',
  }),
} as const satisfies Record<string, RouteDef>;
