import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmMfaRequest,
  DisableMfaRequest,
  EndedSessionsResponse,
  MfaEnrolment,
  MfaStatus,
  RecoveryCodesResponse,
  RegenerateCodesRequest,
  SessionRecord,
} from '@ahente/contract/security';
import { call } from '../../api/client';
import { membersKeys } from '../members';

/** Account security (decision 027): the caller's two-factor sign-in and sessions, and an admin's actions on a member's. */
export const securityKeys = {
  all: ['security'] as const,
  mfaStatus: () => ['security', 'mfa-status'] as const,
  sessions: (id: number) => ['security', 'sessions', id] as const,
};

/** POST /api/mfastatus: whether the caller's two-factor sign-in is on, since when, and the recovery codes left. */
export function useMfaStatus() {
  return useQuery({
    queryKey: securityKeys.mfaStatus(),
    queryFn: (): Promise<MfaStatus> => call('mfaStatus', {}),
  });
}

/** POST /api/startmfa: a new secret with its otpauth URI and QR code, for the caller only, until confirmed. */
export function useStartMfaMutation() {
  return useMutation({
    mutationFn: (): Promise<MfaEnrolment> => call('startMfa', {}),
  });
}

/** POST /api/confirmmfa { code }: two-factor sign-in is on; the ten recovery codes answered are shown once. */
export function useConfirmMfaMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmMfaRequest): Promise<RecoveryCodesResponse> => call('confirmMfa', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.mfaStatus() }),
  });
}

/** POST /api/disablemfa { password, code } (204). */
export function useDisableMfaMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DisableMfaRequest): Promise<void> => {
      await call('disableMfa', { body });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.mfaStatus() }),
  });
}

/** POST /api/regeneratemfacodes { code }: ten new recovery codes (shown once); the old ones stop working. */
export function useRegenerateMfaCodesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegenerateCodesRequest): Promise<RecoveryCodesResponse> => call('regenerateMfaCodes', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.mfaStatus() }),
  });
}

/** POST /api/sessions { id }: the member's live sessions, with the caller's own marked `current`. */
export function useSessions(id: number) {
  return useQuery({
    queryKey: securityKeys.sessions(id),
    queryFn: (): Promise<SessionRecord[]> => call('sessions', { body: { id } }),
    enabled: id > 0,
  });
}

/** POST /api/endsession { session_id } (204): another session of the caller's ends. */
export function useEndSessionMutation(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string): Promise<void> => {
      await call('endSession', { body: { session_id: sessionId } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions(memberId) }),
  });
}

/** POST /api/endothersessions: every session of the caller's but this one ends; answers how many. */
export function useEndOtherSessionsMutation(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<EndedSessionsResponse> => call('endOtherSessions', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions(memberId) }),
  });
}

/** POST /api/endmembersessions { id } (admin): the member is signed out everywhere; recorded in their history. */
export function useEndMemberSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<EndedSessionsResponse> => call('endMemberSessions', { body: { id } }),
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: membersKeys.history(id) }),
  });
}

/** POST /api/resetmembermfa { id } (admin): the member's two-factor sign-in is off and they are signed out everywhere. */
export function useResetMemberMfaMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('resetMemberMfa', { body: { id } }),
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: membersKeys.history(id) }),
  });
}
