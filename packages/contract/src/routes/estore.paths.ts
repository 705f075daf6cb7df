/**
 * The method and address of each route of routes/estore.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const estorePaths = {
  storeRequests: { method: 'POST', path: '/api/storerequests' },
  setStoreRequest: { method: 'POST', path: '/api/setstorerequest' },
  storeSettings: { method: 'POST', path: '/api/storesettings' },
  storeProducts: { method: 'POST', path: '/api/storeproducts' },
  saveStoreProduct: { method: 'POST', path: '/api/savestoreproduct' },
  storePage: { method: 'GET', path: '/s/:code' },
  storeRequestForm: { method: 'POST', path: '/s/:code/request' },
  storeImage: { method: 'GET', path: '/api/public/storeimage/:id' },
  storePhoto: { method: 'GET', path: '/api/public/storephoto/:code' },
} as const;
