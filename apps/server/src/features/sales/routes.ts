import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idBody } from '@ahente/contract/common';
import { addSaleRequest, saleListResponse, saleSavedResponse } from '@ahente/contract/sales';
import { requireSelfOrAdmin } from '../../platform/guards.ts';
import type { SalesService } from './service.ts';

export function salesRoutes(app: FastifyInstance, sales: SalesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/addsales', {
    config: { access: 'member' },
    schema: { tags: ['sales'], body: addSaleRequest, response: { 200: saleSavedResponse } },
    handler: async (request) => {
      requireSelfOrAdmin(request, request.body.id);
      return { success: true as const, sale: await sales.add(request.body) };
    },
  });

  r.post('/api/getsales', {
    config: { access: 'member' },
    schema: { tags: ['sales'], body: idBody, response: { 200: saleListResponse } },
    handler: async (request) => {
      requireSelfOrAdmin(request, request.body.id);
      return sales.list(request.body.id);
    },
  });
}
