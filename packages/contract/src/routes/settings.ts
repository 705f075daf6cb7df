import { ownerInBody, route, type RouteDef } from './define.ts';
import { settingsPaths } from './settings.paths.ts';
import { idBody, idParams } from '../common.ts';
import { addBankRequest, addBankResponse, addCertificationRequest, bankList, certification, certificationList } from '../settings.ts';

/** The routes of bank details and certifications: the server's features/settings/ registers them. */
export const settingsRoutes = {
  getUserBanks: route({
    ...settingsPaths.getUserBanks,
    access: 'member',
    member: { in: 'params', key: 'id' },
    params: idParams,
    responses: { 200: bankList },
    sensitive: 'bank_details',
    tag: 'settings',
    summary: "A member's bank details: [] when none are saved",
  }),
  addUserBanks: route({
    ...settingsPaths.addUserBanks,
    access: 'member',
    member: ownerInBody,
    body: addBankRequest,
    responses: { 200: addBankResponse },
    idempotent: true,
    tag: 'settings',
    summary: "Saves a member's bank details: once for the member (409 after), any time for an administrator",
  }),
  getCertifications: route({
    ...settingsPaths.getCertifications,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: certificationList },
    tag: 'settings',
    summary: "A member's certifications, oldest first",
  }),
  addCertifications: route({
    ...settingsPaths.addCertifications,
    access: 'member',
    member: ownerInBody,
    body: addCertificationRequest,
    responses: { 200: certification },
    idempotent: true,
    tag: 'settings',
    summary: 'Adds a certification; saved ones are never changed',
  }),
} as const satisfies Record<string, RouteDef>;
