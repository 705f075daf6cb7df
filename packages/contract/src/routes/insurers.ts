import { route, type RouteDef } from './define.ts';
import { insurersPaths } from './insurers.paths.ts';
import {
  adminInsurersResponse,
  insurerRatesRequest,
  insurerRatesResponse,
  insurersResponse,
  linkInsurerNameRequest,
  saveInsurerRequest,
  saveInsurerResponse,
  setInsurerRateRequest,
  setInsurerRateResponse,
} from '../insurers.ts';

/**
 * Insurers and the agency's own commission schedule (decision 037): the server's features/insurers/
 * registers them.
 */
export const insurersRoutes = {
  insurers: route({
    ...insurersPaths.insurers,
    access: 'member',
    responses: { 200: insurersResponse },
    tag: 'insurers',
    summary: 'The active insurers, by name: what the sale form offers (any text is still accepted)',
  }),
  adminInsurers: route({
    ...insurersPaths.adminInsurers,
    access: 'admin',
    responses: { 200: adminInsurersResponse },
    tag: 'insurers',
    summary: 'Every insurer with its code, aliases, state and sales, and the insurer names of sales that name none',
  }),
  saveInsurer: route({
    ...insurersPaths.saveInsurer,
    access: 'admin',
    body: saveInsurerRequest,
    responses: { 200: saveInsurerResponse },
    idempotent: true,
    tag: 'insurers',
    summary:
      'Adds an insurer (no id) or changes one; its name and aliases link the sales that name them (409 when another insurer has the name, an alias or the code)',
  }),
  linkInsurerName: route({
    ...insurersPaths.linkInsurerName,
    access: 'admin',
    body: linkInsurerNameRequest,
    responses: { 200: saveInsurerResponse },
    tag: 'insurers',
    summary: "Makes a sales' insurer name an alias of an insurer and links those sales (409 when another insurer has it)",
  }),
  setInsurerRate: route({
    ...insurersPaths.setInsurerRate,
    access: 'admin',
    body: setInsurerRateRequest,
    responses: { 200: setInsurerRateResponse },
    idempotent: true,
    tag: 'insurers',
    summary: "Sets the agency's commission rate on an insurer's product from a date (a percentage of the premium; only added to)",
  }),
  insurerRates: route({
    ...insurersPaths.insurerRates,
    access: 'admin',
    body: insurerRatesRequest,
    responses: { 200: insurerRatesResponse },
    tag: 'insurers',
    summary: "An insurer's commission schedule for the agency: the rates in force today and every rate set, newest first, with who set it",
  }),
} as const satisfies Record<string, RouteDef>;
