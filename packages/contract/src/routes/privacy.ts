import { fileResponse, ownerInBody, route, type RouteDef } from './define.ts';
import { privacyPaths } from './privacy.paths.ts';
import {
  accessLogRequest,
  accessLogResponse,
  adminAccessLogExportRequest,
  adminAccessLogRequest,
  adminAccessLogResponse,
} from '../privacy.ts';
import { acceptPrivacyNoticeRequest, acceptPrivacyNoticeResponse, privacyNotice, publishPrivacyNoticeRequest } from '../privacy-notice.ts';
import { idBody } from '../common.ts';
import {
  decideErasureRequest,
  decideErasureResponse,
  myDataParams,
  myPrivacyResponse,
  privacyRequestsResponse,
  requestErasureRequest,
  requestErasureResponse,
} from '../my-data.ts';

/**
 * The routes of a member's data and erasure, the privacy notice and consent, and the access log:
 * the server's features/privacy/ registers them.
 */
export const privacyRoutes = {
  // ---- My data and erasure (decision 027) ------------------------------------------------------
  myData: route({
    ...privacyPaths.myData,
    access: 'member',
    member: { in: 'params', key: 'id' },
    params: myDataParams,
    responses: { 200: fileResponse },
    sensitive: 'data_export',
    tag: 'privacy',
    summary:
      "A member's copy of their data as my-data-{id}.zip: one JSON file per kind and their uploaded files (the member, or an admin: logged)",
  }),
  requestErasure: route({
    ...privacyPaths.requestErasure,
    access: 'member',
    member: ownerInBody,
    body: requestErasureRequest,
    responses: { 200: requestErasureResponse },
    idempotent: true,
    tag: 'privacy',
    summary: 'The member asks to be erased, confirming with their password (one open request at a time: 409)',
  }),
  myPrivacy: route({
    ...privacyPaths.myPrivacy,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: myPrivacyResponse },
    tag: 'privacy',
    summary: "The member's latest erasure request: its status, deadline and decision",
  }),
  decideErasure: route({
    ...privacyPaths.decideErasure,
    access: 'admin',
    body: decideErasureRequest,
    responses: { 200: decideErasureResponse },
    tag: 'privacy',
    summary: 'Approves (anonymises the member, for good) or refuses with a reason an open erasure request',
  }),
  privacyRequests: route({
    ...privacyPaths.privacyRequests,
    access: 'admin',
    responses: { 200: privacyRequestsResponse },
    tag: 'privacy',
    summary: 'Open erasure requests and privacy tickets with their deadlines (30 working days), oldest first, and the recently decided',
  }),
  // ---- The privacy notice and consent (decision 027) -------------------------------------------
  privacyNotice: route({
    ...privacyPaths.privacyNotice,
    access: 'public',
    responses: { 200: privacyNotice },
    tag: 'privacy',
    summary: 'The current privacy notice (Markdown), shown by the sign-up form and the consent page',
  }),
  publishPrivacyNotice: route({
    ...privacyPaths.publishPrivacyNotice,
    access: 'admin',
    body: publishPrivacyNoticeRequest,
    responses: { 200: privacyNotice },
    idempotent: true,
    tag: 'privacy',
    summary: 'Publishes a new version of the privacy notice; every agent is asked to accept it at their next login',
  }),
  acceptPrivacyNotice: route({
    ...privacyPaths.acceptPrivacyNotice,
    access: 'member',
    body: acceptPrivacyNoticeRequest,
    responses: { 200: acceptPrivacyNoticeResponse },
    tag: 'privacy',
    summary: "Records the member's consent to the current version of the privacy notice (again: no change)",
  }),
  // The access log of sensitive data (decision 027).
  accessLog: route({
    ...privacyPaths.accessLog,
    access: 'member',
    member: ownerInBody,
    body: accessLogRequest,
    responses: { 200: accessLogResponse },
    tag: 'privacy',
    summary: "Who read a member's sensitive data, what and when, newest first (the member and administrators)",
  }),
  adminAccessLog: route({
    ...privacyPaths.adminAccessLog,
    access: 'admin',
    body: adminAccessLogRequest,
    responses: { 200: adminAccessLogResponse },
    tag: 'privacy',
    summary: 'One page of the whole access log, newest first, filtered by reader, member, kind and day',
  }),
  adminAccessLogExport: route({
    ...privacyPaths.adminAccessLogExport,
    access: 'admin',
    body: adminAccessLogExportRequest,
    responses: { 200: fileResponse },
    tag: 'privacy',
    summary: 'The access-log entries the filters find, as an Excel workbook (access-log.xlsx)',
  }),
} as const satisfies Record<string, RouteDef>;
