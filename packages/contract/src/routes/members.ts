import { z } from 'zod';
import { fileResponse, ownerInBody, route, type RouteDef } from './define.ts';
import { membersPaths } from './members.paths.ts';
import { idBody, idParams, successResponse } from '../common.ts';
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
} from '../members.ts';

/**
 * The routes of members' records, profiles, hierarchy and teams, and the administrators' member
 * management: the server's features/members/ registers them.
 */
export const membersRoutes = {
  editMember: route({
    ...membersPaths.editMember,
    access: 'member',
    member: ownerInBody,
    body: editMemberRequest,
    multipart: { fields: editMemberRequest, file: [EDIT_MEMBER_FILE_FIELDS.photo, EDIT_MEMBER_FILE_FIELDS.validId] },
    responses: { 200: editMemberResponse },
    // The answer is the member's record with their contact number and address: an administrator's
    // edit of someone else is a read of it (decision 027); the handler names the member.
    sensitive: 'personal_details',
    tag: 'members',
    summary:
      "Edits a member: one's own personal fields (a new e-mail needs current_password; names once approved and a TIN once on file are an administrator's), or anything but the manager for an admin (never their own position, account type or status); as JSON, or as multipart/form-data with a photo or a valid ID file",
  }),
  getUserDetails: route({
    ...membersPaths.getUserDetails,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: userDetailsResponse },
    sensitive: 'personal_details',
    tag: 'members',
    summary: "A member's personal details, photo and valid ID links (a list of one)",
  }),
  photo: route({
    ...membersPaths.photo,
    access: 'member',
    member: { in: 'params', key: 'id' },
    params: idParams,
    responses: { 200: fileResponse },
    tag: 'members',
    summary: "A member's profile photo (the member and administrators only)",
  }),
  downloadValidId: route({
    ...membersPaths.downloadValidId,
    access: 'member',
    member: { in: 'params', key: 'id' },
    params: idParams,
    responses: { 200: fileResponse },
    sensitive: 'valid_id',
    tag: 'members',
    summary: "Downloads a member's valid ID as valid_id_{id}.{ext} (the member and administrators only)",
  }),
  adminMemberRecords: route({
    ...membersPaths.adminMemberRecords,
    access: 'admin',
    body: idBody,
    responses: { 200: z.array(memberListRecord) },
    // Names and e-mails of every member listed, logged per member (decision 027); no address or
    // phone.
    sensitive: 'member_list',
    tag: 'members',
    summary: 'Every member, as administrators list them (no contact number or address: getuserdetails reads those)',
  }),
  membersRecord: route({
    ...membersPaths.membersRecord,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: z.array(recruitRecord) },
    tag: 'members',
    summary: "A member's recruits: the active agents they sponsored, Pending ones included (decision 021)",
  }),
  getHierarchy: route({
    ...membersPaths.getHierarchy,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: hierarchyResponse },
    tag: 'members',
    summary: "A member's sponsor, manager, agency manager and agency owner, derived from the sponsor chain",
  }),
  teamSize: route({
    ...membersPaths.teamSize,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: teamSizeResponse },
    tag: 'members',
    summary: "A member's counted recruits, team members at every level, and recruits awaiting approval (decision 021)",
  }),
  adminMemberSearch: route({
    ...membersPaths.adminMemberSearch,
    access: 'admin',
    body: memberSearchRequest,
    responses: { 200: memberSearchResponse },
    sensitive: 'member_list',
    tag: 'members',
    summary: 'One page of members, searched by name, filtered by status and sorted, as administrators see them',
  }),
  adminMemberCounts: route({
    ...membersPaths.adminMemberCounts,
    access: 'admin',
    body: idBody,
    responses: { 200: memberCountsResponse },
    tag: 'members',
    summary: 'How many active members there are, Pending and Approved (the Admin Panel shows the Pending count)',
  }),
  approveMember: route({
    ...membersPaths.approveMember,
    access: 'admin',
    body: idBody,
    responses: { 200: memberActionResponse },
    tag: 'members',
    summary: 'Approves a Pending member',
  }),
  deactivateMember: route({
    ...membersPaths.deactivateMember,
    access: 'admin',
    body: idBody,
    responses: { 200: successResponse },
    tag: 'members',
    summary: 'Deactivates a member: sessions end, login refused, records and hierarchy kept',
  }),
  memberHistory: route({
    ...membersPaths.memberHistory,
    access: 'admin',
    body: idBody,
    responses: { 200: memberHistoryResponse },
    // The changes it lists hold the values an edit replaced (an address, a phone, an e-mail).
    sensitive: 'personal_details',
    tag: 'members',
    summary: 'What administrators did to a member, newest first',
  }),
  reportEmailChange: route({
    ...membersPaths.reportEmailChange,
    access: 'public',
    body: reportEmailChangeRequest,
    responses: { 200: reportEmailChangeResponse },
    tag: 'members',
    summary:
      '"This wasn\'t me" from the notice sent to a replaced e-mail address: puts it back, signs the account out everywhere and tells the administrators (once, within 7 days)',
  }),
} as const satisfies Record<string, RouteDef>;
