import type { FastifyInstance, FastifyReply } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { notFound } from '../../platform/errors.ts';
import type { GeoService } from './service.ts';

/**
 * The lists change only with a new release of the PSGC package, so the browser keeps them a day;
 * private, because they are answered to a session only.
 */
const cacheForADay = (reply: FastifyReply) => reply.header('cache-control', 'private, max-age=86400');

export function geoRoutes(app: FastifyInstance, geo: GeoService) {
  apiRoute(app, routes.geoRegions, async (_request, reply) => {
    cacheForADay(reply);
    return geo.regions();
  });

  apiRoute(app, routes.geoCities, async (request, reply) => {
    const cities = geo.cities(request.params.code);
    if (!cities) throw notFound('Region not found');
    cacheForADay(reply);
    return cities;
  });

  apiRoute(app, routes.geoBarangays, async (request, reply) => {
    const barangays = geo.barangays(request.params.code);
    if (!barangays) throw notFound('City or municipality not found');
    cacheForADay(reply);
    return barangays;
  });
}
