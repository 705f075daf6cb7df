import type { FastifyInstance } from 'fastify';
import { LICENSE_SCAN_FIELD } from '@ahente/contract/licences';
import { VALID_ID_CONTENT_TYPES } from '@ahente/contract/members';
import { routes } from '@ahente/contract/routes';
import type { Config } from '../../config.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { attachmentDisposition } from '../../platform/file-names.ts';
import { isAdmin, requireAuth } from '../../platform/guards.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { receiveUpload } from '../../platform/uploads.ts';
import { LICENCE_SCAN_KEY_PREFIX, type LicencesService } from './service.ts';

/**
 * Licences (decision 018). addlicense names its member (the route table's owner rule; for a form,
 * receiveUpload applies it before storing the scan); getlicenses and licensescan decide in the
 * service (leaders read a recruit's licences without number or scan; a scan is its holder's and the
 * admins' only).
 */
export function licencesRoutes(app: FastifyInstance, licences: LicencesService, deps: { storage: FileStorage; config: Config }) {
  apiRoute(app, routes.addLicense, async (request) => {
    const auth = requireAuth(request);
    if (!request.isMultipart()) return { license: await licences.add(auth, request.body) };
    const upload = await receiveUpload(request, deps.storage, {
      fileField: LICENSE_SCAN_FIELD,
      keyPrefix: LICENCE_SCAN_KEY_PREFIX,
      allowedTypes: VALID_ID_CONTENT_TYPES,
      maxBytes: deps.config.uploads.photoBytes,
    });
    return { license: await licences.addForm(auth, upload) };
  });

  apiRoute(app, routes.licenceAlerts, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return licences.alerts(request.body.id);
  });

  apiRoute(app, routes.getLicenses, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const auth = requireAuth(request);
    const list = await licences.list(auth, request.body.id);
    // A leader reads a recruit's licences without numbers or scans: still a read of them (decision 027).
    request.accessSubject(request.body.id, isAdmin(auth) ? null : 'As their leader: lines and dates, no numbers or scans');
    return list;
  });

  apiRoute(app, routes.verifyLicense, async (request) => ({ license: await licences.verify(requireAuth(request), request.body) }));

  apiRoute(app, routes.licenseScan, async (request, reply) => {
    const file = await licences.openScan(requireAuth(request), request.params.licenseId);
    request.accessSubject(file.memberId, `Licence #${request.params.licenseId}`);
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });

  apiRoute(app, routes.compliance, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const page = await licences.compliance();
    // The licences to verify and those expiring are listed with their numbers: each holder's are read.
    request.accessSubject(
      [...page.to_verify, ...page.expiring].map((l) => l.member_id),
      'Compliance page',
    );
    return page;
  });
}
