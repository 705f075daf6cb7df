/**
 * The method and address of each route of routes/materials.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const materialsPaths = {
  getSections: { method: 'GET', path: '/api/getsection' },
  getLibrarySections: { method: 'GET', path: '/api/getsection/:library' },
  createSection: { method: 'POST', path: '/api/createsection' },
  getMaterials: { method: 'POST', path: '/api/getmaterial' },
  downloadMaterial: { method: 'GET', path: '/api/downloadmaterial/:id' },
  deleteMaterial: { method: 'DELETE', path: '/api/deletematerial/:id' },
  uploadMaterial: { method: 'POST', path: '/api/uploadmaterial' },
} as const;
