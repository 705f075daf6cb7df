/**
 * The method and address of each route of routes/geo.ts, without zod (route-paths.ts gathers them
 * for the web).
 */
export const geoPaths = {
  geoRegions: { method: 'GET', path: '/api/geo/regions' },
  geoCities: { method: 'GET', path: '/api/geo/regions/:code/cities' },
  geoBarangays: { method: 'GET', path: '/api/geo/cities/:code/barangays' },
} as const;
