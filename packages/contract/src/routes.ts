import { z } from 'zod';
import { pathOf, routePaths, type RoutePathName } from './route-paths.ts';
import {
  accessLogRequest,
  accessLogResponse,
  adminAccessLogExportRequest,
  adminAccessLogRequest,
  adminAccessLogResponse,
  type AccessKind,
} from './privacy.ts';
import {
  changePasswordRequest,
  loginRequest,
  notApprovedResponse,
  referralSponsorRequest,
  referralSponsorResponse,
  registerRequest,
  registerResponse,
  sessionUser,
  setLanguageRequest,
} from './auth.ts';
import { acceptPrivacyNoticeRequest, acceptPrivacyNoticeResponse, privacyNotice, publishPrivacyNoticeRequest } from './privacy-notice.ts';
import { errorResponse, idBody, idParams, successResponse } from './common.ts';
import { adminQueuesResponse } from './admin-queues.ts';
import {
  confirmMfaRequest,
  disableMfaRequest,
  endedSessionsResponse,
  endSessionRequest,
  mfaEnrolment,
  mfaRequiredResponse,
  mfaStatus,
  recoveryCodesResponse,
  regenerateCodesRequest,
  sessionList,
  sessionsRequest,
} from './security.ts';
import { dealListResponse, dealSavedResponse, dealsPageRequest, dealsPageResponse, editDealRequest, newDealRequest } from './deals.ts';
import {
  createSectionRequest,
  createSectionResponse,
  deleteMaterialResponse,
  getMaterialRequest,
  librarySectionsParams,
  materialList,
  sectionList,
  uploadMaterialFields,
  uploadMaterialResponse,
  UPLOAD_MATERIAL_FILE_FIELD,
} from './materials.ts';
import { geoCodeParams, geoList } from './geo.ts';
import {
  EDIT_MEMBER_FILE_FIELDS,
  editMemberRequest,
  editMemberResponse,
  hierarchyResponse,
  memberActionResponse,
  memberCountsResponse,
  memberHistoryResponse,
  memberListRecord,
  memberSearchRequest,
  memberSearchResponse,
  recruitRecord,
  reportEmailChangeRequest,
  reportEmailChangeResponse,
  teamSizeResponse,
  userDetailsResponse,
} from './members.ts';
import { addBankRequest, addBankResponse, addCertificationRequest, bankList, certification, certificationList } from './settings.ts';
import {
  addTicketRequest,
  closeTicketRequest,
  editTicketRequest,
  replySavedResponse,
  replyTicketRequest,
  ticketList,
  ticketRepliesRequest,
  ticketReplyList,
  ticketSavedResponse,
} from './tickets.ts';
import {
  agencyTaxDetails,
  alphalistParams,
  alphalistResponse,
  form2307List,
  form2307Params,
  payoutSettings,
  setAgencyTaxDetailsRequest,
  setPayoutSettingsRequest,
  setWithholdingRequest,
  setWithholdingResponse,
  withholdingResponse,
} from './tax.ts';
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
} from './sales.ts';
import {
  addLicenseRequest,
  addLicenseResponse,
  complianceResponse,
  getLicensesRequest,
  licenceAlertsResponse,
  LICENSE_SCAN_FIELD,
  licenseList,
  licenseScanParams,
  verifyLicenseRequest,
} from './licences.ts';
import { setupChecklistRequest, setupChecklistResponse } from './setup-checklist.ts';
import {
  activeProposals,
  adjustmentList,
  adjustmentRequest,
  adjustmentResponse,
  closePeriodRequest,
  closePeriodResponse,
  commissionSummary,
  forfeitCommissionRequest,
  holdDecisionResponse,
  ledgerRequest,
  ledgerResponse,
  markPaidRequest,
  markPaidResponse,
  payoutParams,
  periodList,
  periodStatementsRequest,
  ratesResponse,
  releaseCommissionRequest,
  setRateRequest,
  setRateResponse,
  statementFileParams,
  statementList,
} from './commissions.ts';
import { agencySummary, reportRequest, reportResponse } from './reports.ts';
import {
  portfolioExportRequest,
  portfolioRequest,
  portfolioResponse,
  startRenewalConflict,
  startRenewalRequest,
  startRenewalResponse,
} from './portfolio.ts';
import {
  forgotPasswordRequest,
  forgotPasswordResponse,
  loginOptions,
  mailStatus,
  notificationPreferences,
  notificationsRequest,
  notificationsResponse,
  readNotificationsRequest,
  readNotificationsResponse,
  resetPasswordRequest,
  setNotificationPreferencesRequest,
} from './notifications.ts';
import {
  decideErasureRequest,
  decideErasureResponse,
  myDataParams,
  myPrivacyResponse,
  privacyRequestsResponse,
  requestErasureRequest,
  requestErasureResponse,
} from './my-data.ts';

/**
 * The route table: every API call of spec §7 and DESIGN §4, declared once. The server registers
 * its routes from it (a route not in it cannot be registered), the web calls them through it and
 * parses each answer with it, and the e2e support code and the bench take their paths from it.
 */

/** Who may call a route: anyone, a logged-in member, or an administrator. */
export type Access = 'public' | 'member' | 'admin';
export type Method = 'GET' | 'POST' | 'DELETE';

/** A body the route answers with as a file (a download), not JSON. */
export const fileResponse = z.custom<Blob>(() => true, 'a file');
/** No body at all (204). */
export const noContent = z.undefined();

export interface RouteDef {
  method: Method;
  /** Fastify syntax: `/api/downloadmaterial/:id`. */
  path: string;
  access: Access;
  /** A call that names a member: where the member's id is read, after the request is parsed. */
  member?: { in: 'body' | 'params'; key: string };
  body?: z.ZodType;
  params?: z.ZodType;
  /**
   * multipart/form-data: its text fields and the name of its file field (or the names, when the
   * request may carry one file under any of them). A route with both `body` and `multipart` takes
   * either JSON or a form: its form fields are parsed with `fields`, and its owner is read from
   * them before any file is stored (platform/uploads.ts).
   */
  multipart?: { fields: z.ZodType; file: string | readonly string[] };
  /** Per status: successes, and errors with a shape other than `errorResponse`. */
  responses: Record<number, z.ZodType>;
  /**
   * A route that answers someone's sensitive personal data (issue 24, decision 027): a read by
   * anyone but its owner, answered 2xx, is written to the access log, once. The owner is the
   * member the route names (`member`), or the one its handler reports when the route names a
   * record instead (a licence's scan).
   */
  sensitive?: AccessKind;
  /**
   * A route that creates (or changes, for the offline queue's edits) a record: it honours the
   * `Idempotency-Key` header (issue 25 §2, decision 029). The same key with the same request
   * answers the first answer again and does nothing; with another request, 422. The server's
   * plugin reads this mark from the matched route (platform/idempotency.ts).
   */
  idempotent?: true;
  /** OpenAPI grouping. */
  tag: string;
  summary: string;
}

/** Any status a route does not list answers with this shape (DESIGN §4). */
export const defaultErrorResponse = errorResponse;

const route = <const R extends RouteDef>(r: R): R => r;
const ownerInBody = { in: 'body', key: 'id' } as const;

export const routes = {
  csrfCookie: route({
    ...routePaths.csrfCookie,
    access: 'public',
    responses: { 204: noContent },
    tag: 'auth',
    summary: 'Sets the XSRF-TOKEN cookie',
  }),
  health: route({
    ...routePaths.health,
    access: 'public',
    responses: { 200: z.object({ ok: z.literal(true) }), 503: z.object({ ok: z.literal(false), error: z.string() }) },
    tag: 'health',
    summary: 'The database answers',
  }),
  login: route({
    ...routePaths.login,
    access: 'public',
    body: loginRequest,
    // 401 with `mfa_required: true`: the password is right and the member's two-factor code is needed (issue 24).
    responses: { 200: sessionUser, 401: z.union([mfaRequiredResponse, errorResponse]), 403: z.union([notApprovedResponse, errorResponse]) },
    tag: 'auth',
    summary: 'Logs in an approved member',
  }),
  me: route({
    ...routePaths.me,
    access: 'member',
    responses: { 200: sessionUser },
    tag: 'auth',
    summary: 'The current session',
  }),
  setLanguage: route({
    ...routePaths.setLanguage,
    access: 'member',
    body: setLanguageRequest,
    responses: { 204: noContent },
    tag: 'auth',
    summary: "Saves the signed-in member's language ('en' or 'fil'), for every device",
  }),
  logout: route({
    ...routePaths.logout,
    access: 'public',
    responses: { 204: noContent },
    tag: 'auth',
    summary: 'Ends the session',
  }),
  register: route({
    ...routePaths.register,
    access: 'public',
    body: registerRequest,
    responses: { 200: registerResponse },
    idempotent: true,
    tag: 'auth',
    summary: 'Signs up a Pending agent',
  }),
  referralSponsor: route({
    ...routePaths.referralSponsor,
    access: 'public',
    body: referralSponsorRequest,
    responses: { 200: referralSponsorResponse },
    tag: 'auth',
    summary:
      "The display name of a referral code's owner, for the sign-up page (issue 43 §3): nothing else; 404 for a code sign-up refuses; unknown codes limited per address",
  }),
  editMember: route({
    ...routePaths.editMember,
    access: 'member',
    member: ownerInBody,
    body: editMemberRequest,
    multipart: { fields: editMemberRequest, file: [EDIT_MEMBER_FILE_FIELDS.photo, EDIT_MEMBER_FILE_FIELDS.validId] },
    responses: { 200: editMemberResponse },
    // The answer is the member's record with their contact number and address: an administrator's
    // edit of someone else is a read of it (issue 42 §7); the handler names the member.
    sensitive: 'personal_details',
    tag: 'members',
    summary:
      "Edits a member: one's own personal fields (a new e-mail needs current_password; names once approved and a TIN once on file are an administrator's), or anything but the manager for an admin (never their own position, account type or status); as JSON, or as multipart/form-data with a photo or a valid ID file",
  }),
  getUserDetails: route({
    ...routePaths.getUserDetails,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: userDetailsResponse },
    sensitive: 'personal_details',
    tag: 'members',
    summary: "A member's personal details, photo and valid ID links (a list of one)",
  }),
  photo: route({
    ...routePaths.photo,
    access: 'member',
    member: { in: 'params', key: 'id' },
    params: idParams,
    responses: { 200: fileResponse },
    tag: 'members',
    summary: "A member's profile photo (the member and administrators only)",
  }),
  downloadValidId: route({
    ...routePaths.downloadValidId,
    access: 'member',
    member: { in: 'params', key: 'id' },
    params: idParams,
    responses: { 200: fileResponse },
    sensitive: 'valid_id',
    tag: 'members',
    summary: "Downloads a member's valid ID as valid_id_{id}.{ext} (the member and administrators only)",
  }),
  getUserBanks: route({
    ...routePaths.getUserBanks,
    access: 'member',
    member: { in: 'params', key: 'id' },
    params: idParams,
    responses: { 200: bankList },
    sensitive: 'bank_details',
    tag: 'settings',
    summary: "A member's bank details: [] when none are saved",
  }),
  addUserBanks: route({
    ...routePaths.addUserBanks,
    access: 'member',
    member: ownerInBody,
    body: addBankRequest,
    responses: { 200: addBankResponse },
    idempotent: true,
    tag: 'settings',
    summary: "Saves a member's bank details: once for the member (409 after), any time for an administrator",
  }),
  getCertifications: route({
    ...routePaths.getCertifications,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: certificationList },
    tag: 'settings',
    summary: "A member's certifications, oldest first",
  }),
  addCertifications: route({
    ...routePaths.addCertifications,
    access: 'member',
    member: ownerInBody,
    body: addCertificationRequest,
    responses: { 200: certification },
    idempotent: true,
    tag: 'settings',
    summary: 'Adds a certification; saved ones are never changed',
  }),
  geoRegions: route({
    ...routePaths.geoRegions,
    access: 'member',
    responses: { 200: geoList },
    tag: 'geo',
    summary: 'The regions of the Philippines (PSGC, PSA)',
  }),
  geoCities: route({
    ...routePaths.geoCities,
    access: 'member',
    params: geoCodeParams,
    responses: { 200: geoList },
    tag: 'geo',
    summary: "A region's cities and municipalities (PSGC, PSA)",
  }),
  geoBarangays: route({
    ...routePaths.geoBarangays,
    access: 'member',
    params: geoCodeParams,
    responses: { 200: geoList },
    tag: 'geo',
    summary: "A city's or municipality's barangays (PSGC, PSA); the City of Manila's are those of all its districts",
  }),
  changePassword: route({
    ...routePaths.changePassword,
    access: 'member',
    member: ownerInBody,
    body: changePasswordRequest,
    responses: { 200: successResponse },
    tag: 'members',
    summary: "Changes a member's password",
  }),
  adminMemberRecords: route({
    ...routePaths.adminMemberRecords,
    access: 'admin',
    body: idBody,
    responses: { 200: z.array(memberListRecord) },
    // Names and e-mails of every member listed, logged per member (issue 42 §7); no address or phone.
    sensitive: 'member_list',
    tag: 'members',
    summary: 'Every member, as administrators list them (no contact number or address: getuserdetails reads those)',
  }),
  membersRecord: route({
    ...routePaths.membersRecord,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: z.array(recruitRecord) },
    tag: 'members',
    summary: "A member's recruits: the active agents they sponsored, Pending ones included (decision 021)",
  }),
  getHierarchy: route({
    ...routePaths.getHierarchy,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: hierarchyResponse },
    tag: 'members',
    summary: "A member's sponsor, manager, agency manager and agency owner, derived from the sponsor chain",
  }),
  teamSize: route({
    ...routePaths.teamSize,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: teamSizeResponse },
    tag: 'members',
    summary: "A member's counted recruits, team members at every level, and recruits awaiting approval (decision 021)",
  }),
  adminMemberSearch: route({
    ...routePaths.adminMemberSearch,
    access: 'admin',
    body: memberSearchRequest,
    responses: { 200: memberSearchResponse },
    sensitive: 'member_list',
    tag: 'members',
    summary: 'One page of members, searched by name, filtered by status and sorted, as administrators see them',
  }),
  adminMemberCounts: route({
    ...routePaths.adminMemberCounts,
    access: 'admin',
    body: idBody,
    responses: { 200: memberCountsResponse },
    tag: 'members',
    summary: 'How many active members there are, Pending and Approved (the Admin Panel shows the Pending count)',
  }),
  approveMember: route({
    ...routePaths.approveMember,
    access: 'admin',
    body: idBody,
    responses: { 200: memberActionResponse },
    tag: 'members',
    summary: 'Approves a Pending member',
  }),
  deactivateMember: route({
    ...routePaths.deactivateMember,
    access: 'admin',
    body: idBody,
    responses: { 200: successResponse },
    tag: 'members',
    summary: 'Deactivates a member: sessions end, login refused, records and hierarchy kept',
  }),
  memberHistory: route({
    ...routePaths.memberHistory,
    access: 'admin',
    body: idBody,
    responses: { 200: memberHistoryResponse },
    // The changes it lists hold the values an edit replaced (an address, a phone, an e-mail).
    sensitive: 'personal_details',
    tag: 'members',
    summary: 'What administrators did to a member, newest first',
  }),
  addTicket: route({
    ...routePaths.addTicket,
    access: 'member',
    member: ownerInBody,
    body: addTicketRequest,
    responses: { 201: ticketSavedResponse },
    idempotent: true,
    tag: 'tickets',
    summary: 'Opens a Pending ticket',
  }),
  getMyTickets: route({
    ...routePaths.getMyTickets,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: ticketList },
    tag: 'tickets',
    summary: "A member's own tickets, newest first",
  }),
  adminTicketList: route({
    ...routePaths.adminTicketList,
    access: 'admin',
    responses: { 200: ticketList },
    tag: 'tickets',
    summary: 'Every ticket, Pending first, newest first',
  }),
  editTicket: route({
    ...routePaths.editTicket,
    access: 'admin',
    body: editTicketRequest,
    responses: { 200: ticketSavedResponse },
    tag: 'tickets',
    summary: "Changes a ticket's title, description and type",
  }),
  closeTicket: route({
    ...routePaths.closeTicket,
    access: 'admin',
    body: closeTicketRequest,
    responses: { 200: ticketSavedResponse },
    tag: 'tickets',
    summary: 'Resolves or rejects a Pending ticket with a closing message (409 once closed)',
  }),
  // A ticket's conversation (decision 020): 'member' here, and the service lets only the ticket's
  // author and admins through; anyone else is answered as for an unknown ticket (404).
  ticketReplies: route({
    ...routePaths.ticketReplies,
    access: 'member',
    body: ticketRepliesRequest,
    responses: { 200: ticketReplyList },
    tag: 'tickets',
    summary: "A ticket's conversation, oldest first (its author and admins only)",
  }),
  replyTicket: route({
    ...routePaths.replyTicket,
    access: 'member',
    body: replyTicketRequest,
    responses: { 201: replySavedResponse },
    idempotent: true,
    tag: 'tickets',
    summary: 'Adds a message to a Pending ticket (its author and admins only; 409 once closed)',
  }),
  getSections: route({
    ...routePaths.getSections,
    access: 'member',
    responses: { 200: sectionList },
    tag: 'materials',
    summary: 'Every section, with its library',
  }),
  getLibrarySections: route({
    ...routePaths.getLibrarySections,
    access: 'member',
    params: librarySectionsParams,
    responses: { 200: sectionList },
    tag: 'materials',
    summary: "One library's sections (Marketing or Learning)",
  }),
  createSection: route({
    ...routePaths.createSection,
    access: 'admin',
    body: createSectionRequest,
    responses: { 200: createSectionResponse },
    idempotent: true,
    tag: 'materials',
    summary: 'Creates a section in a library (Marketing when none is given)',
  }),
  getMaterials: route({
    ...routePaths.getMaterials,
    access: 'member',
    body: getMaterialRequest,
    responses: { 200: materialList },
    tag: 'materials',
    summary: "A section's materials",
  }),
  downloadMaterial: route({
    ...routePaths.downloadMaterial,
    access: 'member',
    params: idParams,
    responses: { 200: fileResponse },
    tag: 'materials',
    summary: 'Downloads a material under its original name',
  }),
  deleteMaterial: route({
    ...routePaths.deleteMaterial,
    access: 'admin',
    params: idParams,
    responses: { 200: deleteMaterialResponse },
    tag: 'materials',
    summary: 'Deletes a material and its file',
  }),
  uploadMaterial: route({
    ...routePaths.uploadMaterial,
    access: 'admin',
    multipart: { fields: uploadMaterialFields, file: UPLOAD_MATERIAL_FILE_FIELD },
    responses: { 201: uploadMaterialResponse },
    idempotent: true,
    tag: 'materials',
    summary: 'Uploads a material into a section (multipart/form-data)',
  }),
  addDeal: route({
    ...routePaths.addDeal,
    access: 'member',
    member: ownerInBody,
    body: newDealRequest,
    responses: { 200: dealSavedResponse },
    idempotent: true,
    tag: 'deals',
    summary: 'Records a deal',
  }),
  getDeals: route({
    ...routePaths.getDeals,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: dealListResponse },
    tag: 'deals',
    summary: "A member's deals, newest first",
  }),
  dealsPage: route({
    ...routePaths.dealsPage,
    access: 'member',
    member: ownerInBody,
    body: dealsPageRequest,
    responses: { 200: dealsPageResponse },
    tag: 'deals',
    summary:
      "A page of a member's deals in getdeals' order, filtered by effective date (inclusive), with the count and Total TCV of the whole filter",
  }),
  editDeal: route({
    ...routePaths.editDeal,
    access: 'member',
    member: ownerInBody,
    body: editDealRequest,
    responses: { 200: dealSavedResponse },
    idempotent: true,
    tag: 'deals',
    summary: 'Edits a deal',
  }),
  addSale: route({
    ...routePaths.addSale,
    access: 'member',
    member: ownerInBody,
    body: addSaleRequest,
    responses: { 200: saleSavedResponse },
    idempotent: true,
    tag: 'sales',
    summary: 'Makes a deal into a sale',
  }),
  getSales: route({
    ...routePaths.getSales,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: saleListResponse },
    tag: 'sales',
    summary: "A member's sales",
  }),
  salesPage: route({
    ...routePaths.salesPage,
    access: 'member',
    member: ownerInBody,
    body: salesPageRequest,
    responses: { 200: salesPageResponse },
    tag: 'sales',
    summary:
      "A page of a member's sales in getsales' order, filtered by effective date (inclusive), with the count and totals of the whole filter",
  }),
  activeProposals: route({
    ...routePaths.activeProposals,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: activeProposals },
    tag: 'deals',
    summary: "The number and TCV of a member's open deals: not sold, and not 'Did not Continue'",
  }),
  // Commissions (issue 12, decision 016).
  commissionSummary: route({
    ...routePaths.commissionSummary,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: commissionSummary },
    tag: 'commissions',
    summary: "A member's commissions earned this month, pending and paid to date",
  }),
  commissionLedger: route({
    ...routePaths.commissionLedger,
    access: 'member',
    member: ownerInBody,
    body: ledgerRequest,
    responses: { 200: ledgerResponse },
    tag: 'commissions',
    summary:
      "A member's ledger entries, newest first, filtered by recorded date (inclusive) and kind; with a limit, a page of them after the cursor, totals still of the whole filter",
  }),
  commissionStatements: route({
    ...routePaths.commissionStatements,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: statementList },
    tag: 'commissions',
    summary: "A member's statements, newest period first",
  }),
  statementPdf: route({
    ...routePaths.statementPdf,
    access: 'member',
    member: { in: 'params', key: 'id' },
    params: statementFileParams,
    responses: { 200: fileResponse },
    tag: 'commissions',
    summary: "Downloads one of a member's statements as a PDF",
  }),
  statementXlsx: route({
    ...routePaths.statementXlsx,
    access: 'member',
    member: { in: 'params', key: 'id' },
    params: statementFileParams,
    responses: { 200: fileResponse },
    tag: 'commissions',
    summary: "Downloads one of a member's statements as an Excel workbook",
  }),
  commissionRates: route({
    ...routePaths.commissionRates,
    access: 'admin',
    responses: { 200: ratesResponse },
    tag: 'commissions',
    summary: 'The commission schedule: each product and leadership position, its rate today and its history',
  }),
  setCommissionRate: route({
    ...routePaths.setCommissionRate,
    access: 'admin',
    body: setRateRequest,
    responses: { 200: setRateResponse },
    idempotent: true,
    tag: 'commissions',
    summary: "Sets a product's or a position's rate from a date (today or later); earlier sales keep theirs",
  }),
  commissionAdjustments: route({
    ...routePaths.commissionAdjustments,
    access: 'admin',
    responses: { 200: adjustmentList },
    tag: 'commissions',
    summary: 'Every adjustment, newest first',
  }),
  addAdjustment: route({
    ...routePaths.addAdjustment,
    access: 'admin',
    body: adjustmentRequest,
    responses: { 200: adjustmentResponse },
    idempotent: true,
    tag: 'commissions',
    summary: "Adds a positive or negative adjustment to a member's ledger, with a reason",
  }),
  commissionPeriods: route({
    ...routePaths.commissionPeriods,
    access: 'admin',
    responses: { 200: periodList },
    tag: 'commissions',
    summary: 'Every month with entries or statements, newest first: open or closed, and its totals',
  }),
  closePeriod: route({
    ...routePaths.closePeriod,
    access: 'admin',
    body: closePeriodRequest,
    responses: { 200: closePeriodResponse },
    idempotent: true,
    tag: 'commissions',
    summary: 'Closes a month: its open entries go to one statement per member (409 if closed already)',
  }),
  periodStatements: route({
    ...routePaths.periodStatements,
    access: 'admin',
    body: periodStatementsRequest,
    responses: { 200: statementList },
    tag: 'commissions',
    summary: "A closed month's statements, with whether each member has bank details on file",
  }),
  markStatementPaid: route({
    ...routePaths.markStatementPaid,
    access: 'admin',
    body: markPaidRequest,
    responses: { 200: markPaidResponse },
    tag: 'commissions',
    summary: 'Marks a statement paid, with the date and the payment reference (409 if paid already)',
  }),
  payoutExport: route({
    ...routePaths.payoutExport,
    access: 'admin',
    params: payoutParams,
    responses: { 200: fileResponse },
    sensitive: 'bank_details',
    tag: 'commissions',
    summary: "A closed month's payouts for the bank (.xlsx): member, bank name, account number, account name, amount",
  }),
  // Verified sales, licences and held commissions (issue 20, decision 018).
  salesToVerify: route({
    ...routePaths.salesToVerify,
    access: 'admin',
    body: salesToVerifyRequest,
    responses: { 200: salesToVerifyResponse },
    tag: 'sales',
    summary:
      "Unverified sales across the agency but the admin's own, largest TCV first, filtered by insurer, product, agent and effective date",
  }),
  verifySales: route({
    ...routePaths.verifySales,
    access: 'admin',
    body: verifySalesRequest,
    responses: { 200: verifySalesResponse },
    tag: 'sales',
    summary:
      'Verifies or rejects up to 500 sales at once; each sale is decided once (409 naming those already decided) and never by an admin who sold it',
  }),
  addLicense: route({
    ...routePaths.addLicense,
    access: 'member',
    member: ownerInBody,
    body: addLicenseRequest,
    multipart: { fields: addLicenseRequest, file: LICENSE_SCAN_FIELD },
    responses: { 200: addLicenseResponse },
    idempotent: true,
    tag: 'licences',
    summary:
      "Adds an Insurance Commission licence: a member's own (pending), or anyone's by an admin (verified at once); JSON, or multipart/form-data with a scan",
  }),
  getLicenses: route({
    ...routePaths.getLicenses,
    access: 'member',
    body: getLicensesRequest,
    responses: { 200: licenseList },
    sensitive: 'licences',
    tag: 'licences',
    summary:
      "A member's licences, newest first: the member, their Manager, Agency Manager and Agency Owner (no number, no scan) and admins",
  }),
  licenceAlerts: route({
    ...routePaths.licenceAlerts,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: licenceAlertsResponse },
    sensitive: 'licences',
    tag: 'licences',
    summary:
      "The lines a member sells whose verified licence expires within 60 days with no renewal on file (the dashboard's reminder): the member and admins",
  }),
  // A new member's first steps (issue 43 §3).
  setupChecklist: route({
    ...routePaths.setupChecklist,
    access: 'member',
    member: ownerInBody,
    body: setupChecklistRequest,
    responses: { 200: setupChecklistResponse },
    tag: 'licences',
    summary:
      "A member's first steps and the state of each (to do, awaiting verification, done): licences for the lines they sell, bank details, TIN, certification, profile photo; the member and admins",
  }),
  verifyLicense: route({
    ...routePaths.verifyLicense,
    access: 'admin',
    body: verifyLicenseRequest,
    responses: { 200: addLicenseResponse },
    tag: 'licences',
    summary: 'Verifies or rejects a pending licence (409 once decided)',
  }),
  licenseScan: route({
    ...routePaths.licenseScan,
    access: 'member',
    params: licenseScanParams,
    responses: { 200: fileResponse },
    sensitive: 'licence_scan',
    tag: 'licences',
    summary: "A licence's scan (the member and administrators only)",
  }),
  compliance: route({
    ...routePaths.compliance,
    access: 'admin',
    responses: { 200: complianceResponse },
    sensitive: 'licences',
    tag: 'licences',
    summary:
      'Licences to verify and expiring within 60 days, members selling a line they hold no verified licence for, held commissions, and the commission earned in each licence term',
  }),
  releaseCommission: route({
    ...routePaths.releaseCommission,
    access: 'admin',
    body: releaseCommissionRequest,
    responses: { 200: holdDecisionResponse },
    tag: 'commissions',
    summary:
      'Releases a held entry when its earner now holds a verified licence that covered its recording day (409 otherwise, or once decided)',
  }),
  forfeitCommission: route({
    ...routePaths.forfeitCommission,
    access: 'admin',
    body: forfeitCommissionRequest,
    responses: { 200: holdDecisionResponse },
    tag: 'commissions',
    summary: 'Forfeits a held entry, with a reason: it is never paid (409 once decided)',
  }),
  reports: route({
    ...routePaths.reports,
    access: 'member',
    member: ownerInBody,
    body: reportRequest,
    responses: { 200: reportResponse },
    tag: 'reports',
    summary: "Performance report: a member's own sales, a leader's downline ('team'), or the whole agency (admins)",
  }),
  agencySummary: route({
    ...routePaths.agencySummary,
    access: 'admin',
    responses: { 200: agencySummary },
    tag: 'reports',
    summary: "The admin's dashboard: members, accounts awaiting approval, this month's counted sales and commissions earned (decision 021)",
  }),
  // Cancellations, carry-forward, withholding tax and the BIR's forms (issue 21, decision 019).
  cancelSale: route({
    ...routePaths.cancelSale,
    access: 'admin',
    body: cancelSaleRequest,
    responses: { 200: cancelSaleResponse },
    idempotent: true,
    tag: 'sales',
    summary:
      'Cancels a sale on a date with a reason and a refund (default the whole TCV): each of its entries gets a reversal of its share of the refund (409 once cancelled)',
  }),
  withholding: route({
    ...routePaths.withholding,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: withholdingResponse },
    tag: 'tax',
    summary: "A member's withholding tax rate today, its ATC, and its dated history",
  }),
  setWithholding: route({
    ...routePaths.setWithholding,
    access: 'admin',
    body: setWithholdingRequest,
    responses: { 200: setWithholdingResponse },
    idempotent: true,
    tag: 'tax',
    summary: "Sets a member's withholding rate (5 or 10 %) from a date (today or later), on their sworn declaration",
  }),
  payoutSettings: route({
    ...routePaths.payoutSettings,
    access: 'member',
    responses: { 200: payoutSettings },
    tag: 'tax',
    summary: 'The minimum payout and the ATC of each withholding rate',
  }),
  setPayoutSettings: route({
    ...routePaths.setPayoutSettings,
    access: 'admin',
    body: setPayoutSettingsRequest,
    responses: { 200: payoutSettings },
    tag: 'tax',
    summary: 'Sets the minimum payout and the ATCs, from the next close on',
  }),
  agencyTaxDetails: route({
    ...routePaths.agencyTaxDetails,
    access: 'admin',
    responses: { 200: agencyTaxDetails },
    tag: 'tax',
    summary: "The agency's TIN, address and RDO for BIR Form 2307 and the alphalist, where they come from and which are missing",
  }),
  setAgencyTaxDetails: route({
    ...routePaths.setAgencyTaxDetails,
    access: 'admin',
    body: setAgencyTaxDetailsRequest,
    responses: { 200: agencyTaxDetails },
    tag: 'tax',
    summary:
      "Saves the agency's TIN with its branch code, registered address and RDO (they replace AGENCY_TIN, AGENCY_ADDRESS and AGENCY_RDO)",
  }),
  // The administrator's day (issue 43 §5).
  adminQueues: route({
    ...routePaths.adminQueues,
    access: 'admin',
    responses: { 200: adminQueuesResponse },
    tag: 'reports',
    summary:
      'The work waiting for the administrators, each a count of its queue: sales to verify, sign-ups, open tickets, licences to verify, held commissions, privacy requests (with the nearest deadline), and the set-up list',
  }),
  form2307s: route({
    ...routePaths.form2307s,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: form2307List },
    tag: 'tax',
    summary: 'The quarters a member has a BIR Form 2307 for, newest first, with the income and the tax withheld',
  }),
  form2307Pdf: route({
    ...routePaths.form2307Pdf,
    access: 'member',
    member: { in: 'params', key: 'id' },
    params: form2307Params,
    responses: { 200: fileResponse },
    sensitive: 'tin',
    tag: 'tax',
    summary: "A member's BIR Form 2307 (certificate of creditable tax withheld at source) for a quarter, as a PDF",
  }),
  alphalist: route({
    ...routePaths.alphalist,
    access: 'admin',
    params: alphalistParams,
    responses: { 200: alphalistResponse },
    sensitive: 'tin',
    tag: 'tax',
    summary: "A quarter's alphalist of payees: TIN, name, ATC, rate, income and tax withheld per payee",
  }),
  alphalistXlsx: route({
    ...routePaths.alphalistXlsx,
    access: 'admin',
    params: alphalistParams,
    responses: { 200: fileResponse },
    sensitive: 'tin',
    tag: 'tax',
    summary: "A quarter's alphalist of payees as an Excel workbook",
  }),
  alphalistDat: route({
    ...routePaths.alphalistDat,
    access: 'admin',
    params: alphalistParams,
    responses: { 200: fileResponse },
    sensitive: 'tin',
    tag: 'tax',
    summary: "A quarter's alphalist of payees as the .DAT file BIR's alphalist module reads for the 1601-EQ",
  }),
  // The book of business (issue 23, decision 025).
  portfolio: route({
    ...routePaths.portfolio,
    access: 'member',
    body: portfolioRequest,
    responses: { 200: portfolioResponse },
    tag: 'portfolio',
    summary: "One page of a member's policies (or a leader's team's, without the clients) with their derived status and counts per status",
  }),
  portfolioExport: route({
    ...routePaths.portfolioExport,
    access: 'member',
    body: portfolioExportRequest,
    responses: { 200: fileResponse },
    tag: 'portfolio',
    summary: 'The policies the Portfolio filters find, as an Excel workbook',
  }),
  startRenewal: route({
    ...routePaths.startRenewal,
    access: 'member',
    body: startRenewalRequest,
    responses: { 200: startRenewalResponse, 409: startRenewalConflict },
    idempotent: true,
    tag: 'portfolio',
    summary: 'Creates the Renewal deal of a due or lapsed policy (one per policy: 409 with its id when it exists)',
  }),
  // Notifications and e-mail (issue 23, decision 026).
  notifications: route({
    ...routePaths.notifications,
    access: 'member',
    member: ownerInBody,
    body: notificationsRequest,
    responses: { 200: notificationsResponse },
    tag: 'notifications',
    summary: "The member's notifications, newest first, and the unread count",
  }),
  readNotifications: route({
    ...routePaths.readNotifications,
    access: 'member',
    body: readNotificationsRequest,
    responses: { 200: readNotificationsResponse },
    tag: 'notifications',
    summary: "Marks the caller's own notifications read (or all of them)",
  }),
  notificationPreferences: route({
    ...routePaths.notificationPreferences,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: notificationPreferences },
    tag: 'notifications',
    summary: 'Which events the member receives by e-mail, and whether e-mail is on',
  }),
  setNotificationPreferences: route({
    ...routePaths.setNotificationPreferences,
    access: 'member',
    member: ownerInBody,
    body: setNotificationPreferencesRequest,
    responses: { 200: notificationPreferences },
    tag: 'notifications',
    summary: 'Chooses which events the member receives by e-mail (in the portal they always arrive)',
  }),
  loginOptions: route({
    ...routePaths.loginOptions,
    access: 'public',
    responses: { 200: loginOptions },
    tag: 'auth',
    summary: 'What the login page offers: a password reset by e-mail when e-mail is on',
  }),
  forgotPassword: route({
    ...routePaths.forgotPassword,
    access: 'public',
    body: forgotPasswordRequest,
    responses: { 200: forgotPasswordResponse },
    tag: 'auth',
    summary: 'E-mails a one-time reset link to the account with this username or e-mail, if any (the same answer either way)',
  }),
  resetPassword: route({
    ...routePaths.resetPassword,
    access: 'public',
    body: resetPasswordRequest,
    responses: { 204: noContent },
    tag: 'auth',
    summary: "Sets a new password with a reset link's token (once, within 30 minutes) and ends the member's sessions",
  }),
  reportEmailChange: route({
    ...routePaths.reportEmailChange,
    access: 'public',
    body: reportEmailChangeRequest,
    responses: { 200: reportEmailChangeResponse },
    tag: 'members',
    summary:
      '"This wasn\'t me" from the notice sent to a replaced e-mail address: puts it back, signs the account out everywhere and tells the administrators (once, within 7 days)',
  }),
  mailStatus: route({
    ...routePaths.mailStatus,
    access: 'admin',
    responses: { 200: mailStatus },
    tag: 'notifications',
    summary: "Whether e-mail is on, and the outbox's pending, failed and recently sent messages",
  }),

  // ---- My data and erasure (issue 24 §2, decision 027) -----------------------------------------
  myData: route({
    ...routePaths.myData,
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
    ...routePaths.requestErasure,
    access: 'member',
    member: ownerInBody,
    body: requestErasureRequest,
    responses: { 200: requestErasureResponse },
    idempotent: true,
    tag: 'privacy',
    summary: 'The member asks to be erased, confirming with their password (one open request at a time: 409)',
  }),
  myPrivacy: route({
    ...routePaths.myPrivacy,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: myPrivacyResponse },
    tag: 'privacy',
    summary: "The member's latest erasure request: its status, deadline and decision",
  }),
  decideErasure: route({
    ...routePaths.decideErasure,
    access: 'admin',
    body: decideErasureRequest,
    responses: { 200: decideErasureResponse },
    tag: 'privacy',
    summary: 'Approves (anonymises the member, for good) or refuses with a reason an open erasure request',
  }),
  privacyRequests: route({
    ...routePaths.privacyRequests,
    access: 'admin',
    responses: { 200: privacyRequestsResponse },
    tag: 'privacy',
    summary: 'Open erasure requests and privacy tickets with their deadlines (30 working days), oldest first, and the recently decided',
  }),

  // ---- The privacy notice and consent (issue 24 §1, decision 027) ------------------------------
  privacyNotice: route({
    ...routePaths.privacyNotice,
    access: 'public',
    responses: { 200: privacyNotice },
    tag: 'privacy',
    summary: 'The current privacy notice (Markdown), shown by the sign-up form and the consent page',
  }),
  publishPrivacyNotice: route({
    ...routePaths.publishPrivacyNotice,
    access: 'admin',
    body: publishPrivacyNoticeRequest,
    responses: { 200: privacyNotice },
    idempotent: true,
    tag: 'privacy',
    summary: 'Publishes a new version of the privacy notice; every agent is asked to accept it at their next login',
  }),
  acceptPrivacyNotice: route({
    ...routePaths.acceptPrivacyNotice,
    access: 'member',
    body: acceptPrivacyNoticeRequest,
    responses: { 200: acceptPrivacyNoticeResponse },
    tag: 'privacy',
    summary: "Records the member's consent to the current version of the privacy notice (again: no change)",
  }),
  // The access log of sensitive data (issue 24 §3, decision 027).
  accessLog: route({
    ...routePaths.accessLog,
    access: 'member',
    member: ownerInBody,
    body: accessLogRequest,
    responses: { 200: accessLogResponse },
    tag: 'privacy',
    summary: "Who read a member's sensitive data, what and when, newest first (the member and administrators)",
  }),
  adminAccessLog: route({
    ...routePaths.adminAccessLog,
    access: 'admin',
    body: adminAccessLogRequest,
    responses: { 200: adminAccessLogResponse },
    tag: 'privacy',
    summary: 'One page of the whole access log, newest first, filtered by reader, member, kind and day',
  }),
  adminAccessLogExport: route({
    ...routePaths.adminAccessLogExport,
    access: 'admin',
    body: adminAccessLogExportRequest,
    responses: { 200: fileResponse },
    tag: 'privacy',
    summary: 'The access-log entries the filters find, as an Excel workbook (access-log.xlsx)',
  }),

  // ---- Account security: two-factor sign-in and sessions (issue 24 §4, decision 027) -----------
  // An administrator under ADMIN_2FA=required who has not enrolled may call only mfaStatus,
  // startMfa and confirmMfa (and me, logout, csrfCookie): platform/guards.ts MFA_SETUP_ROUTES.
  mfaStatus: route({
    ...routePaths.mfaStatus,
    access: 'member',
    responses: { 200: mfaStatus },
    tag: 'security',
    summary: "Whether the caller's two-factor sign-in is on, and how many recovery codes are left",
  }),
  startMfa: route({
    ...routePaths.startMfa,
    access: 'member',
    responses: { 200: mfaEnrolment, 409: errorResponse },
    tag: 'security',
    summary: 'Starts enrolment in two-factor sign-in: a new secret, its otpauth URI and QR code (for the caller only)',
  }),
  confirmMfa: route({
    ...routePaths.confirmMfa,
    access: 'member',
    body: confirmMfaRequest,
    responses: { 200: recoveryCodesResponse, 409: errorResponse },
    tag: 'security',
    summary: 'Turns two-factor sign-in on with a first code; answers ten one-time recovery codes, shown once',
  }),
  disableMfa: route({
    ...routePaths.disableMfa,
    access: 'member',
    body: disableMfaRequest,
    responses: { 204: noContent, 409: errorResponse, 429: errorResponse },
    tag: 'security',
    summary: "Turns the caller's two-factor sign-in off (password and a code)",
  }),
  regenerateMfaCodes: route({
    ...routePaths.regenerateMfaCodes,
    access: 'member',
    body: regenerateCodesRequest,
    responses: { 200: recoveryCodesResponse, 409: errorResponse, 429: errorResponse },
    tag: 'security',
    summary: 'Replaces the recovery codes with ten new ones (a current code needed); the old ones stop working',
  }),
  resetMemberMfa: route({
    ...routePaths.resetMemberMfa,
    access: 'admin',
    body: idBody,
    responses: { 200: successResponse },
    tag: 'security',
    summary: "Turns a member's two-factor sign-in off (a lost phone) and signs them out everywhere; recorded in their history",
  }),
  sessions: route({
    ...routePaths.sessions,
    access: 'member',
    member: ownerInBody,
    body: sessionsRequest,
    responses: { 200: sessionList },
    tag: 'security',
    summary: "A member's live sessions: device, address, created, last seen, and which one is the caller's",
  }),
  endSession: route({
    ...routePaths.endSession,
    access: 'member',
    body: endSessionRequest,
    responses: { 204: noContent },
    tag: 'security',
    summary: "Ends another session of the caller's (404 for one that is not theirs)",
  }),
  endOtherSessions: route({
    ...routePaths.endOtherSessions,
    access: 'member',
    responses: { 200: endedSessionsResponse },
    tag: 'security',
    summary: "Ends every session of the caller's but the current one",
  }),
  endMemberSessions: route({
    ...routePaths.endMemberSessions,
    access: 'admin',
    body: idBody,
    responses: { 200: endedSessionsResponse },
    tag: 'security',
    summary: 'Signs a member out everywhere; recorded in their history',
  }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
/** Every address of route-paths.ts belongs to a route of this table (and each route spreads its own). */
export const EVERY_PATH_ROUTED: [Exclude<RoutePathName, RouteName>] extends [never] ? true : never = true;

/** Every route of the table, for checks that must cover them all. */
export const ROUTE_LIST: readonly RouteDef[] = Object.values(routes);

/** What a caller sends: the body and path parameters a route takes (their input types). */
export type RouteInput<R extends RouteDef> = (R['body'] extends z.ZodType ? { body: z.input<R['body']> } : { body?: never }) &
  (R['params'] extends z.ZodType ? { params: z.input<R['params']> } : { params?: never });

/** The success statuses of a route (2xx). */
export type SuccessStatus<R extends RouteDef> = Extract<keyof R['responses'], 200 | 201 | 204>;

/** What a route answers with on success, parsed. */
export type RouteOutput<R extends RouteDef> = z.output<R['responses'][SuccessStatus<R>]>;

export { pathOf };

/** The schema of the body a route answers with at `status` (the default error shape for an unlisted error). */
export function responseSchema(route: RouteDef, status: number): z.ZodType | undefined {
  return route.responses[status] ?? (status >= 400 ? defaultErrorResponse : undefined);
}
