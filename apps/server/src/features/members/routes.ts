import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { MembersService } from './service.ts';

/** Ownership (`id` names the member) is enforced by the API scope from the route table. */
export function membersRoutes(app: FastifyInstance, members: MembersService) {
  apiRoute(app, routes.editMember, async (request) => ({
    success: true as const,
    member: await members.edit(requireAuth(request), request.body),
  }));

  apiRoute(app, routes.changePassword, async (request) => {
    await members.changePassword(requireAuth(request), request.body.id, request.body.password);
    return { success: true as const };
  });

  apiRoute(app, routes.adminMemberRecords, async () => members.listAll());

  apiRoute(app, routes.adminMemberSearch, async (request) => members.search(request.body));

  apiRoute(app, routes.membersRecord, async (request) => members.recruits(request.body.id));

  apiRoute(app, routes.getHierarchy, async (request) => members.hierarchy(request.body.id));

  apiRoute(app, routes.teamSize, async (request) => members.teamSize(request.body.id));

  apiRoute(app, routes.approveMember, async (request) => ({
    success: true as const,
    member: await members.approve(requireAuth(request), request.body.id),
  }));

  apiRoute(app, routes.deactivateMember, async (request) => {
    await members.deactivate(requireAuth(request), request.body.id);
    return { success: true as const };
  });

  apiRoute(app, routes.memberHistory, async (request) => members.history(request.body.id));
}
