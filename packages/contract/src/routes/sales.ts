import { ownerInBody, route, type RouteDef } from './define.ts';
import { salesPaths } from './sales.paths.ts';
import { idBody } from '../common.ts';
import {
  addSaleRequest,
  cancelSaleRequest,
  cancelSaleResponse,
  saleListResponse,
  saleSavedResponse,
  salesPageRequest,
  salesPageResponse,
  salesToVerifyRequest,
  salesToVerifyResponse,
  verifySalesRequest,
  verifySalesResponse,
} from '../sales.ts';

/** The routes of sales, their verification and cancellation: the server's features/sales/ registers them. */
export const salesRoutes = {
  addSale: route({
    ...salesPaths.addSale,
    access: 'member',
    member: ownerInBody,
    body: addSaleRequest,
    responses: { 200: saleSavedResponse },
    idempotent: true,
    tag: 'sales',
    summary: 'Makes a deal into a sale',
  }),
  getSales: route({
    ...salesPaths.getSales,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: saleListResponse },
    tag: 'sales',
    summary: "A member's sales",
  }),
  salesPage: route({
    ...salesPaths.salesPage,
    access: 'member',
    member: ownerInBody,
    body: salesPageRequest,
    responses: { 200: salesPageResponse },
    tag: 'sales',
    summary:
      "A page of a member's sales in getsales' order, filtered by effective date (inclusive), with the count and totals of the whole filter",
  }),
  // Verified sales, licences and held commissions (decision 018).
  salesToVerify: route({
    ...salesPaths.salesToVerify,
    access: 'admin',
    body: salesToVerifyRequest,
    responses: { 200: salesToVerifyResponse },
    tag: 'sales',
    summary:
      "Unverified sales across the agency but the admin's own, largest TCV first, filtered by insurer, product, agent and effective date",
  }),
  verifySales: route({
    ...salesPaths.verifySales,
    access: 'admin',
    body: verifySalesRequest,
    responses: { 200: verifySalesResponse },
    tag: 'sales',
    summary:
      'Verifies or rejects up to 500 sales at once; each sale is decided once (409 naming those already decided) and never by an admin who sold it',
  }),
  // Cancellations, carry-forward, withholding tax and the BIR's forms (decision 019).
  cancelSale: route({
    ...salesPaths.cancelSale,
    access: 'admin',
    body: cancelSaleRequest,
    responses: { 200: cancelSaleResponse },
    idempotent: true,
    tag: 'sales',
    summary:
      'Cancels a sale on a date with a reason and a refund (default the whole TCV): each of its entries gets a reversal of its share of the refund (409 once cancelled)',
  }),
} as const satisfies Record<string, RouteDef>;
