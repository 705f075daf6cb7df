import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import type { Config } from '../../config.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { attachmentDisposition } from '../../platform/file-names.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { receiveUpload } from '../../platform/uploads.ts';
import { MATERIAL_KEY_PREFIX, type MaterialsService } from './service.ts';

export function materialsRoutes(app: FastifyInstance, materials: MaterialsService, deps: { storage: FileStorage; config: Config }) {
  apiRoute(app, routes.getSections, async () => materials.listSections());

  apiRoute(app, routes.getLibrarySections, async (request) => materials.listSections(request.params.library));

  apiRoute(app, routes.createSection, async (request) => ({
    success: true as const,
    section: await materials.createSection(request.body),
  }));

  apiRoute(app, routes.getMaterials, async (request) => materials.listMaterials(request.body.sectionId));

  apiRoute(app, routes.downloadMaterial, async (request, reply) => {
    const { material, stream, size } = await materials.open(request.params.id);
    return reply
      .header('content-type', material.type)
      .header('content-length', size)
      .header('content-disposition', attachmentDisposition(material.title))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(stream);
  });

  apiRoute(app, routes.deleteMaterial, async (request) => {
    await materials.remove(request.params.id, request.log);
    return { success: true as const };
  });

  /** multipart/form-data: sectionId and one file under `file` (title, type and size are hints). */
  apiRoute(app, routes.uploadMaterial, async (request, reply) => {
    const auth = requireAuth(request);
    const upload = await receiveUpload(request, deps.storage, {
      fileField: routes.uploadMaterial.multipart.file,
      maxBytes: deps.config.uploads.materialBytes,
      keyPrefix: MATERIAL_KEY_PREFIX,
    });
    const material = await materials.create(auth, upload, request.log);
    return reply.code(201).send({ success: true as const, material });
  });
}
