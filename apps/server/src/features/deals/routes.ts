import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idBody } from '@ahente/contract/common';
import { dealListResponse, dealSavedResponse, editDealRequest, newDealRequest } from '@ahente/contract/deals';
import { requireSelfOrAdmin } from '../../platform/guards.ts';
import type { DealsService } from './service.ts';

export function dealsRoutes(app: FastifyInstance, deals: DealsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/adddeals', {
    config: { access: 'member' },
    schema: { tags: ['deals'], body: newDealRequest, response: { 200: dealSavedResponse } },
    handler: async (request) => {
      requireSelfOrAdmin(request, request.body.id);
      return { success: true as const, deal: await deals.add(request.body) };
    },
  });

  r.post('/api/getdeals', {
    config: { access: 'member' },
    schema: { tags: ['deals'], body: idBody, response: { 200: dealListResponse } },
    handler: async (request) => {
      requireSelfOrAdmin(request, request.body.id);
      return deals.list(request.body.id);
    },
  });

  r.post('/api/editdeals', {
    config: { access: 'member' },
    schema: { tags: ['deals'], body: editDealRequest, response: { 200: dealSavedResponse } },
    handler: async (request) => {
      requireSelfOrAdmin(request, request.body.id);
      return { success: true as const, deal: await deals.edit(request.body) };
    },
  });
}
