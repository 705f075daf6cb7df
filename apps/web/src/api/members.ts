import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@ahente/contract/auth';
import type {
  EditMemberRequest,
  HierarchyResponse,
  MemberAuditEntry,
  MemberRecord,
  MemberSearchResponse,
  RecruitRecord,
  TeamSizeResponse,
} from '@ahente/contract/members';
import { routes } from '@ahente/contract/routes';
import { call } from './client';

/**
 * Members (spec §2 Agent Recruitment, Admin: Members Record, Settings Hiearchy tab, the dashboard's
 * Team Size): every key starts with 'members', so one invalidation after an admin action reloads
 * every list, hierarchy and count that may have changed.
 */
export const membersKeys = {
  all: ['members'] as const,
  recruits: (id: number) => ['members', 'recruits', id] as const,
  hierarchy: (id: number) => ['members', 'hierarchy', id] as const,
  teamSize: (id: number) => ['members', 'team-size', id] as const,
  search: (id: number, q: string, page: number, pageSize: number) => ['members', 'search', id, q, page, pageSize] as const,
  history: (id: number) => ['members', 'history', id] as const,
};

/** POST /api/membersrecord { id }: the member's direct recruits. */
export function useRecruits(id: number) {
  return useQuery({
    queryKey: membersKeys.recruits(id),
    queryFn: (): Promise<RecruitRecord[]> => call(routes.membersRecord, { body: { id } }),
  });
}

/** POST /api/gethiearchy { id }: sponsor, manager, agency manager and agency owner (derived). */
export function useHierarchy(id: number) {
  return useQuery({
    queryKey: membersKeys.hierarchy(id),
    queryFn: (): Promise<HierarchyResponse> => call(routes.getHierarchy, { body: { id } }),
  });
}

/** POST /api/teamsize { id }: Approved direct recruits and whole downline. */
export function useTeamSize(id: number) {
  return useQuery({
    queryKey: membersKeys.teamSize(id),
    queryFn: (): Promise<TeamSizeResponse> => call(routes.teamSize, { body: { id } }),
  });
}

/**
 * POST /api/adminmembersearch: one page of the Members Record, searched by name on the server.
 * The page shown stays while the next one loads (no flash of placeholders between pages).
 */
export function useMemberSearch(adminId: number, q: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: membersKeys.search(adminId, q, page, pageSize),
    queryFn: (): Promise<MemberSearchResponse> => call(routes.adminMemberSearch, { body: { id: adminId, q, page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/memberhistory { id }: what administrators did to the member, newest first. */
export function useMemberHistory(id: number) {
  return useQuery({
    queryKey: membersKeys.history(id),
    queryFn: (): Promise<MemberAuditEntry[]> => call(routes.memberHistory, { body: { id } }),
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
    mutationFn: (body: EditMemberRequest): Promise<{ success: true; member: MemberRecord }> => call(routes.editMember, { body }),
    onSettled: invalidate,
  });
}

/** POST /api/changepassword { id, password }. */
export function useChangePasswordMutation() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => call(routes.changePassword, { body }),
    onSettled: invalidate,
  });
}

/** POST /api/approvemember { id }: a Pending member becomes Approved. */
export function useApproveMemberMutation() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (id: number) => call(routes.approveMember, { body: { id } }),
    onSettled: invalidate,
  });
}

/** POST /api/deactivatemember { id }: the member can no longer log in and leaves every list. */
export function useDeactivateMemberMutation() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (id: number) => call(routes.deactivateMember, { body: { id } }),
    onSettled: invalidate,
  });
}
