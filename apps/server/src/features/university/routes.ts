import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { CERTIFICATE_LINK_PREFIX } from '@ahente/contract/university';
import { apiRoute } from '../../platform/api-route.ts';
import { sendGeneratedFile as sendFile } from '../../platform/generated-file.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { UniversityService } from './service.ts';

/**
 * University (decision 039). Administrators write courses (the table's rule); a member's calls name
 * them (`id`, the table's owner rule); the report and a certificate's PDF are the service's rule.
 */
export function universityRoutes(app: FastifyInstance, university: UniversityService, options: { portalUrl: string | null }) {
  /** The portal's address for the certificate's check: PORTAL_URL, else the address this request came to. */
  const base = (request: FastifyRequest) => options.portalUrl ?? `${request.protocol}://${request.host}`;

  apiRoute(app, routes.saveCourse, async (request) => ({ course: await university.save(requireAuth(request), request.body) }));
  apiRoute(app, routes.publishCourse, async (request) => ({ course: await university.publish(request.body.course_id) }));
  apiRoute(app, routes.editCourse, async (request) => ({ course: await university.editor(request.body.course_id) }));
  apiRoute(app, routes.courseReport, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return university.report(requireAuth(request), request.body.course_id);
  });
  apiRoute(app, routes.courseCompliance, async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return university.compliance();
  });
  apiRoute(app, routes.courses, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { courses: await university.list(requireAuth(request), request.body.id) };
  });
  apiRoute(app, routes.course, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { course: await university.get(requireAuth(request), request.body.id, request.body.course_id) };
  });
  apiRoute(app, routes.completeModule, async (request) => ({
    course: await university.completeModule(requireAuth(request), request.body.id, request.body.course_id, request.body.module_id),
  }));
  apiRoute(app, routes.submitQuiz, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return university.submitQuiz(requireAuth(request), request.body);
  });
  apiRoute(app, routes.certificatePdf, async (request, reply) => {
    const { bytes, fileName } = await university.certificatePdf(
      requireAuth(request),
      request.params.certificateId,
      `${base(request)}${CERTIFICATE_LINK_PREFIX}`,
    );
    return sendFile(reply, bytes, 'application/pdf', fileName);
  });
  apiRoute(app, routes.publicCertificate, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return university.check(request.params.code, request.ip);
  });
}
