import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordRequest } from '@ahente/contract/auth';
import { idBody, successResponse } from '@ahente/contract/common';
import { editMemberRequest, editMemberResponse, memberRecord } from '@ahente/contract/members';
import { requireAuth, requireSelfOrAdmin } from '../../platform/guards.ts';
import type { MembersService } from './service.ts';

export function membersRoutes(app: FastifyInstance, members: MembersService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/editMember', {
    config: { access: 'member' },
    schema: { tags: ['members'], body: editMemberRequest, response: { 200: editMemberResponse } },
    handler: async (request) => ({ success: true as const, member: await members.edit(requireAuth(request), request.body) }),
  });

  r.post('/api/changepassword', {
    config: { access: 'member' },
    schema: { tags: ['members'], body: changePasswordRequest, response: { 200: successResponse } },
    handler: async (request) => {
      await members.changePassword(requireAuth(request), request.body.id, request.body.password);
      return { success: true as const };
    },
  });

  r.post('/api/adminmemberrecords', {
    config: { access: 'admin' },
    schema: { tags: ['members'], body: idBody, response: { 200: z.array(memberRecord) } },
    handler: async (request) => {
      requireSelfOrAdmin(request, request.body.id);
      return members.listAll();
    },
  });
}
