import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChangePasswordRequest } from '@ahente/contract/auth';
import type {
  EditMemberRequest,
  HierarchyResponse,
  MemberAuditEntry,
  MemberCountsResponse,
  MemberRecord,
  MemberSearchRequest,
  MemberSearchResponse,
  PersonalFieldName,
  RecruitRecord,
  TeamSizeResponse,
  UserDetails,
} from '@ahente/contract/members';
import { EDIT_MEMBER_FILE_FIELDS } from '@ahente/contract/files';
import { fullName } from '@ahente/contract/names';
import { call, callForm, downloadFile } from '../../api/client';
import { useCurrentUser, useSession } from '../../api/session';

/**
 * Members (Agent Recruitment, the Members Record, Settings Hiearchy tab, the dashboard's Team
 * Size): every key starts with 'members', so one invalidation after an admin action reloads every
 * list, hierarchy and count that may have changed.
 */
export const membersKeys = {
  all: ['members'] as const,
  recruits: (id: number) => ['members', 'recruits', id] as const,
  hierarchy: (id: number) => ['members', 'hierarchy', id] as const,
  teamSize: (id: number) => ['members', 'team-size', id] as const,
  search: (id: number, q: string, page: number, pageSize: number, noCertification: boolean, order: MemberListOrder) =>
    ['members', 'search', id, q, page, pageSize, noCertification, order.status ?? null, order.sort ?? null, order.dir ?? null] as const,
  counts: (id: number) => ['members', 'counts', id] as const,
  history: (id: number) => ['members', 'history', id] as const,
  details: (id: number) => ['members', 'details', id] as const,
};

/** POST /api/membersrecord { id }: the member's direct recruits. */
export function useRecruits(id: number) {
  return useQuery({
    queryKey: membersKeys.recruits(id),
    queryFn: (): Promise<RecruitRecord[]> => call('membersRecord', { body: { id } }),
  });
}

/** POST /api/gethiearchy { id }: sponsor, manager, agency manager and agency owner (derived). */
export function useHierarchy(id: number) {
  return useQuery({
    queryKey: membersKeys.hierarchy(id),
    queryFn: (): Promise<HierarchyResponse> => call('getHierarchy', { body: { id } }),
  });
}

/** POST /api/teamsize { id }: Approved direct recruits and whole downline. */
export function useTeamSize(id: number) {
  return useQuery({
    queryKey: membersKeys.teamSize(id),
    queryFn: (): Promise<TeamSizeResponse> => call('teamSize', { body: { id } }),
  });
}

/** The Members Record's status filter and sort (none: every status, Pending first, then newest). */
export type MemberListOrder = Pick<MemberSearchRequest, 'status' | 'sort' | 'dir'>;

/**
 * POST /api/adminmembersearch: one page of the Members Record, searched by name on the server,
 * optionally only the members with no certification on file, of one status, sorted by a column.
 * The page shown stays while the next one loads (no flash of placeholders between pages).
 */
export function useMemberSearch(
  adminId: number,
  q: string,
  page: number,
  pageSize: number,
  noCertification = false,
  order: MemberListOrder = {},
) {
  return useQuery({
    queryKey: membersKeys.search(adminId, q, page, pageSize, noCertification, order),
    queryFn: (): Promise<MemberSearchResponse> =>
      call('adminMemberSearch', { body: { id: adminId, q, page, pageSize, noCertification, ...order } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/adminmembercounts: how many active members are Pending and Approved (the Admin Panel's
 * badge). Reloaded with every member list (its key starts with 'members') and when the window
 * comes back to the front: a sign-up happens in someone else's browser.
 */
export function useMemberCounts(adminId: number) {
  return useQuery({
    queryKey: membersKeys.counts(adminId),
    queryFn: (): Promise<MemberCountsResponse> => call('adminMemberCounts', { body: { id: adminId } }),
    refetchOnWindowFocus: true,
  });
}

/**
 * The member picker of the admins' forms (ui/member-select.tsx): what the admin searched for, set
 * with `onSearch`, and up to 25 matches of the member search.
 */
export function useMemberMatches() {
  const admin = useCurrentUser();
  const [q, setQ] = useState('');
  return { matches: useMemberSearch(admin.memberId, q, 1, 25), onSearch: setQ };
}

/** POST /api/memberhistory { id }: what administrators did to the member, newest first. */
export function useMemberHistory(id: number) {
  return useQuery({
    queryKey: membersKeys.history(id),
    queryFn: (): Promise<MemberAuditEntry[]> => call('memberHistory', { body: { id } }),
  });
}

/** After any admin action: every member list, hierarchy, count and history is reloaded. */
function useInvalidateMembers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: membersKeys.all });
}

/** POST /api/editMember: the member's id plus only the changed fields. */
export function useEditMemberMutation() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (body: EditMemberRequest): Promise<{ success: true; member: MemberRecord }> => call('editMember', { body }),
    onSettled: invalidate,
  });
}

/** POST /api/changepassword { id, password }. */
export function useChangePasswordMutation() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => call('changePassword', { body }),
    onSettled: invalidate,
  });
}

/** POST /api/approvemember { id }: a Pending member becomes Approved. */
export function useApproveMemberMutation() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (id: number) => call('approveMember', { body: { id } }),
    onSettled: invalidate,
  });
}

/** POST /api/deactivatemember { id }: the member can no longer log in and leaves every list. */
export function useDeactivateMemberMutation() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (id: number) => call('deactivateMember', { body: { id } }),
    onSettled: invalidate,
  });
}

/**
 * POST /api/getuserdetails { id }: the member's personal details, photo and valid ID link (the
 * first item of the list, as the spec's client reads it).
 */
export function useUserDetails(id: number) {
  return useQuery({
    queryKey: membersKeys.details(id),
    queryFn: async (): Promise<UserDetails> => {
      const [details] = await call('getUserDetails', { body: { id } });
      if (!details) throw new Error('No details were found for this member.');
      return details;
    },
  });
}

/**
 * After a member's own record changed: the header's name and the avatar follow at once (the
 * session holds them), and every member query (the details among them) is reloaded. The promise
 * ends when the reload has, so a form reset afterwards shows the saved values.
 */
function useAfterOwnEdit() {
  const queryClient = useQueryClient();
  const { user, update } = useSession();
  return async (member: MemberRecord) => {
    if (user && user.memberId === member.id)
      update({ name: fullName({ f_name: member.f_name, l_name: member.l_name }), photo: member.photo });
    await queryClient.invalidateQueries({ queryKey: membersKeys.all });
  };
}

/** The personal fields of the Personal Details tab, as text ('' for none), and the current password a new e-mail needs. */
export type PersonalDetailsFields = Partial<Record<PersonalFieldName | 'current_password', string>>;

export interface SavePersonalDetailsInput {
  id: number;
  fields: PersonalDetailsFields;
  /** A new valid ID, already renamed (`valid_id_{id}.{ext}`); null keeps the one on file. */
  validId: File | null;
}

/**
 * POST /api/editMember as multipart/form-data (decision 015): the id, every personal field ('' for
 * an empty one) and, when one was chosen, the valid ID file.
 */
export function useSavePersonalDetailsMutation() {
  const afterEdit = useAfterOwnEdit();
  return useMutation({
    mutationFn: ({ id, fields, validId }: SavePersonalDetailsInput) => {
      const form = new FormData();
      form.append('id', String(id));
      for (const [name, value] of Object.entries(fields)) form.append(name, value ?? '');
      if (validId) form.append(EDIT_MEMBER_FILE_FIELDS.validId, validId, validId.name);
      return callForm('editMember', form);
    },
    onSuccess: ({ member }) => afterEdit(member),
  });
}

/**
 * The profile picture (decision 015): a file is sent as multipart/form-data under `photo`; null
 * removes the photo (JSON `photo: null`). The answer's member.photo is the new photo URL, or null.
 */
export function useProfilePhotoMutation() {
  const afterEdit = useAfterOwnEdit();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => {
      if (!file) return call('editMember', { body: { id, photo: null } });
      const form = new FormData();
      form.append('id', String(id));
      form.append(EDIT_MEMBER_FILE_FIELDS.photo, file, file.name);
      return callForm('editMember', form);
    },
    onSuccess: ({ member }) => afterEdit(member),
  });
}

/**
 * GET /api/downloadvalidid/{id} as a blob, saved under the name of its Content-Disposition header
 * (`valid_id_{id}.{ext}`; `valid_id_{id}.jpg` when the header names nothing). Returns the name it
 * was saved under.
 */
export function downloadValidId(id: number): Promise<string> {
  return downloadFile('downloadValidId', { params: { id } }, `valid_id_${id}.jpg`);
}

export function useDownloadValidIdMutation() {
  return useMutation({ mutationFn: downloadValidId });
}
