import { route, type RouteDef } from './define.ts';
import { geoPaths } from './geo.paths.ts';
import { geoCodeParams, geoList } from '../geo.ts';

/** The routes of the Philippine places of the address fields: the server's features/geo/ registers them. */
export const geoRoutes = {
  geoRegions: route({
    ...geoPaths.geoRegions,
    access: 'member',
    responses: { 200: geoList },
    tag: 'geo',
    summary: 'The regions of the Philippines (PSGC, PSA)',
  }),
  geoCities: route({
    ...geoPaths.geoCities,
    access: 'member',
    params: geoCodeParams,
    responses: { 200: geoList },
    tag: 'geo',
    summary: "A region's cities and municipalities (PSGC, PSA)",
  }),
  geoBarangays: route({
    ...geoPaths.geoBarangays,
    access: 'member',
    params: geoCodeParams,
    responses: { 200: geoList },
    tag: 'geo',
    summary: "A city's or municipality's barangays (PSGC, PSA); the City of Manila's are those of all its districts",
  }),
} as const satisfies Record<string, RouteDef>;
