import { fileResponse, ownerInBody, route, type RouteDef } from './define.ts';
import { licencesPaths } from './licences.paths.ts';
import { idBody } from '../common.ts';
import {
  addLicenseRequest,
  addLicenceResponse,
  complianceResponse,
  getLicencesRequest,
  licenceAlertsResponse,
  LICENSE_SCAN_FIELD,
  licenceList,
  licenceScanParams,
  verifyLicenceRequest,
} from '../licences.ts';

/**
 * Verified licences (decision 018). The routes of Insurance Commission licences, their scans,
 * alerts and compliance: the server's features/licences/ registers them.
 */
export const licencesRoutes = {
  addLicense: route({
    ...licencesPaths.addLicense,
    access: 'member',
    member: ownerInBody,
    body: addLicenseRequest,
    multipart: { fields: addLicenseRequest, file: LICENSE_SCAN_FIELD },
    responses: { 200: addLicenceResponse },
    idempotent: true,
    tag: 'licences',
    summary:
      "Adds an Insurance Commission licence: a member's own (pending), or anyone's by an admin (verified at once); JSON, or multipart/form-data with a scan",
  }),
  getLicenses: route({
    ...licencesPaths.getLicenses,
    access: 'member',
    body: getLicencesRequest,
    responses: { 200: licenceList },
    sensitive: 'licences',
    tag: 'licences',
    summary:
      "A member's licences, newest first: the member, their Manager, Agency Manager and Agency Owner (no number, no scan) and admins",
  }),
  licenceAlerts: route({
    ...licencesPaths.licenceAlerts,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: licenceAlertsResponse },
    sensitive: 'licences',
    tag: 'licences',
    summary:
      "The lines a member sells whose verified licence expires within 60 days with no renewal on file (the dashboard's reminder): the member and admins",
  }),
  verifyLicense: route({
    ...licencesPaths.verifyLicense,
    access: 'admin',
    body: verifyLicenceRequest,
    responses: { 200: addLicenceResponse },
    tag: 'licences',
    summary: 'Verifies or rejects a pending licence (409 once decided)',
  }),
  licenseScan: route({
    ...licencesPaths.licenseScan,
    access: 'member',
    params: licenceScanParams,
    responses: { 200: fileResponse },
    sensitive: 'licence_scan',
    tag: 'licences',
    summary: "A licence's scan (the member and administrators only)",
  }),
  compliance: route({
    ...licencesPaths.compliance,
    access: 'admin',
    responses: { 200: complianceResponse },
    sensitive: 'licences',
    tag: 'licences',
    summary:
      'Licences to verify and expiring within 60 days, members selling a line they hold no verified licence for, held commissions, and the commission earned in each licence term',
  }),
} as const satisfies Record<string, RouteDef>;
