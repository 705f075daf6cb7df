import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '@ahente/contract/common';
import {
  UPLOAD_MATERIAL_FILE_FIELD,
  createSectionRequest,
  createSectionResponse,
  deleteMaterialResponse,
  getMaterialRequest,
  materialList,
  sectionList,
  uploadMaterialResponse,
} from '@ahente/contract/materials';
import type { Config } from '../../config.ts';
import { attachmentDisposition } from '../../platform/file-names.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { receiveUpload } from '../../platform/uploads.ts';
import { MATERIAL_KEY_PREFIX, type MaterialsService } from './service.ts';

export function materialsRoutes(app: FastifyInstance, materials: MaterialsService, deps: { storage: FileStorage; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/getsection', {
    config: { access: 'member' },
    schema: { tags: ['materials'], response: { 200: sectionList } },
    handler: async () => materials.listSections(),
  });

  r.post('/api/createsection', {
    config: { access: 'admin' },
    schema: { tags: ['materials'], body: createSectionRequest, response: { 200: createSectionResponse } },
    handler: async (request) => ({ success: true as const, section: await materials.createSection(request.body.name) }),
  });

  r.post('/api/getmaterial', {
    config: { access: 'member' },
    schema: { tags: ['materials'], body: getMaterialRequest, response: { 200: materialList } },
    handler: async (request) => materials.listMaterials(request.body.sectionId),
  });

  r.get('/api/downloadmaterial/:id', {
    config: { access: 'member' },
    schema: { tags: ['materials'], params: idParams },
    handler: async (request, reply) => {
      const { material, stream, size } = await materials.open(request.params.id);
      return reply
        .header('content-type', material.type)
        .header('content-length', size)
        .header('content-disposition', attachmentDisposition(material.title))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .send(stream);
    },
  });

  r.delete('/api/deletematerial/:id', {
    config: { access: 'admin' },
    schema: { tags: ['materials'], params: idParams, response: { 200: deleteMaterialResponse } },
    handler: async (request) => {
      await materials.remove(request.params.id, request.log);
      return { success: true as const };
    },
  });

  /** multipart/form-data: sectionId and one file under `file` (title, type and size are hints). */
  r.post('/api/uploadmaterial', {
    config: { access: 'admin' },
    schema: { tags: ['materials'], consumes: ['multipart/form-data'], response: { 201: uploadMaterialResponse } },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const upload = await receiveUpload(request, deps.storage, {
        fileField: UPLOAD_MATERIAL_FILE_FIELD,
        maxBytes: deps.config.uploads.materialBytes,
        keyPrefix: MATERIAL_KEY_PREFIX,
      });
      const material = await materials.create(auth, upload, request.log);
      return reply.code(201).send({ success: true as const, material });
    },
  });
}
