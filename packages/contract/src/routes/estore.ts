import { fileResponse, ownerInBody, route, type RouteDef } from './define.ts';
import { estorePaths } from './estore.paths.ts';
import { idParams } from '../common.ts';
import {
  saveStoreProductFields,
  saveStoreProductResponse,
  setStoreRequestRequest,
  setStoreRequestResponse,
  storeCodeParams,
  storeProductsResponse,
  storeRequestFields,
  storeRequestsRequest,
  storeRequestsResponse,
  storeSettingsRequest,
  storeSettingsResponse,
  STORE_IMAGE_FIELD,
} from '../estore.ts';

/**
 * The E-Store's routes (issue 48, decision 040): the server's features/estore/ registers them.
 * The store page and its form answer HTML (declared as files: not JSON); they and the store's
 * images are public and load no session (platform/guards.ts TOKEN_ROUTES).
 */
export const estoreRoutes = {
  storeRequests: route({
    ...estorePaths.storeRequests,
    access: 'member',
    member: ownerInBody,
    body: storeRequestsRequest,
    responses: { 200: storeRequestsResponse },
    tag: 'estore',
    summary: "A member's store, its requests and its figures by month (a leader's team's, or the agency's for an administrator)",
  }),
  setStoreRequest: route({
    ...estorePaths.setStoreRequest,
    access: 'member',
    body: setStoreRequestRequest,
    responses: { 200: setStoreRequestResponse },
    tag: 'estore',
    summary: 'Moves a store request to another state (its agent or an administrator; anyone else: 404)',
  }),
  storeSettings: route({
    ...estorePaths.storeSettings,
    access: 'member',
    member: ownerInBody,
    body: storeSettingsRequest,
    responses: { 200: storeSettingsResponse },
    tag: 'estore',
    summary: "What a member's store shows of them: their photo, their contact number",
  }),
  storeProducts: route({
    ...estorePaths.storeProducts,
    access: 'admin',
    responses: { 200: storeProductsResponse },
    tag: 'estore',
    summary: "The agency's store catalogue",
  }),
  saveStoreProduct: route({
    ...estorePaths.saveStoreProduct,
    access: 'admin',
    multipart: { fields: saveStoreProductFields, file: STORE_IMAGE_FIELD },
    responses: { 200: saveStoreProductResponse },
    idempotent: true,
    tag: 'estore',
    summary: 'Adds a product to the store catalogue or changes one, with its image (multipart/form-data)',
  }),
  storePage: route({
    ...estorePaths.storePage,
    access: 'public',
    params: storeCodeParams,
    responses: { 200: fileResponse },
    tag: 'estore',
    summary: "An agent's store page (server-rendered HTML); an unknown, disabled or unlicensed store answers a short page",
  }),
  storeRequestForm: route({
    ...estorePaths.storeRequestForm,
    access: 'public',
    params: storeCodeParams,
    body: storeRequestFields,
    responses: { 200: fileResponse },
    tag: 'estore',
    summary: "A client's quote request from a store page (an HTML form): makes the agent's deal, answers a thank-you page",
  }),
  storeImage: route({
    ...estorePaths.storeImage,
    access: 'public',
    params: idParams,
    responses: { 200: fileResponse },
    tag: 'estore',
    summary: "A store product's image",
  }),
  storePhoto: route({
    ...estorePaths.storePhoto,
    access: 'public',
    params: storeCodeParams,
    responses: { 200: fileResponse },
    tag: 'estore',
    summary: "An open store's agent's photo, when they chose to show it (404 otherwise)",
  }),
} as const satisfies Record<string, RouteDef>;
