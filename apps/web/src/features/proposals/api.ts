import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProposalStatus } from '@ahente/contract/proposal-rules';
import type {
  ProposalResponse,
  ProposalsResponse,
  SaveCtplPremiumRequest,
  SaveProposalRequest,
  SaveProposalSettingsRequest,
} from '@ahente/contract/proposals';
import { DEFAULT_PAGE_SIZE } from '@ahente/contract/paging-rules';
import { call } from '../../api/client';

/**
 * Insurance proposals (issue 46): the agent's list, one proposal, its changes and the agency's tax
 * settings and CTPL table. Every key starts with 'proposals', so one invalidation after a change
 * reloads the list, the proposal and the dashboard's card.
 */
export const proposalKeys = {
  all: ['proposals'] as const,
  pages: (id: number, status: string, from: string, to: string) => ['proposals', 'pages', id, status, from, to] as const,
  one: (proposalId: number) => ['proposals', 'one', proposalId] as const,
  settings: ['proposals', 'settings'] as const,
  ctpl: ['proposals', 'ctpl'] as const,
};

/** POST /api/proposals: the member's proposals, newest first, 100 a page (decision 036). */
export function useProposalPages(id: number, status: ProposalStatus | '', from: string, to: string, enabled = true) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: proposalKeys.pages(id, status, from, to),
      queryFn: ({ pageParam }): Promise<ProposalsResponse> =>
        call('proposals', {
          body: { id, status: status || undefined, from: from || null, to: to || null, limit: DEFAULT_PAGE_SIZE, cursor: pageParam },
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_cursor,
    }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /api/proposal { proposal_id }: one proposal, its latest version with its history. */
export function useProposal(proposalId: number) {
  return useQuery({
    queryKey: proposalKeys.one(proposalId),
    queryFn: () => call('proposal', { body: { proposal_id: proposalId } }),
    enabled: proposalId > 0,
  });
}

/** GET /api/proposalsettings: the rates a proposal made today uses, and their history. */
export function useProposalSettings() {
  return useQuery({ queryKey: proposalKeys.settings, queryFn: () => call('proposalSettings', {}), staleTime: 60_000 });
}

/** GET /api/ctplpremiums: the CTPL basic premiums in force, per vehicle type and term. */
export function useCtplPremiums() {
  return useQuery({ queryKey: proposalKeys.ctpl, queryFn: () => call('ctplPremiums', {}), staleTime: 60_000 });
}

function useProposalMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}

/** POST /api/saveproposal with its Idempotency-Key (the form's save and the outbox's resend). */
export function saveProposal(body: SaveProposalRequest, key: string): Promise<ProposalResponse> {
  return call('saveProposal', { body }, { idempotencyKey: key });
}

/** POST /api/sendproposal: the client's link (a new one each time). */
export function useSendProposal() {
  return useProposalMutation(({ proposalId, key }: { proposalId: number; key: string }) =>
    call('sendProposal', { body: { proposal_id: proposalId } }, { idempotencyKey: key }),
  );
}

/** POST /api/withdrawproposal: its link then answers 410. */
export function useWithdrawProposal() {
  return useProposalMutation((proposalId: number) => call('withdrawProposal', { body: { proposal_id: proposalId } }));
}

/** POST /api/acceptproposal: the agent accepts an option for the client; answers the one deal's id. */
export function useAcceptProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ proposalId, option, key }: { proposalId: number; option: number; key: string }) =>
      call('acceptProposal', { body: { proposal_id: proposalId, option } }, { idempotencyKey: key }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: proposalKeys.all }), queryClient.invalidateQueries({ queryKey: ['deals'] })]),
  });
}

/** POST /api/saveproposalsettings (admins): new rates from a day on. */
export function useSaveProposalSettings() {
  return useProposalMutation((body: SaveProposalSettingsRequest) => call('saveProposalSettings', { body }));
}

/** POST /api/savectplpremium (admins): a vehicle type's premium from a day on. */
export function useSaveCtplPremium() {
  return useProposalMutation((body: SaveCtplPremiumRequest) => call('saveCtplPremium', { body }));
}

/**
 * The dashboard's Active Proposals card (issue 46): the member's sent, unexpired proposals (the
 * list's `sent` status is exactly those) counted and their amount due summed, from one row of the
 * list's first page: `count` and `amount_due` cover the whole filter.
 */
export function useActiveProposalsSummary(id: number) {
  return useQuery({
    queryKey: ['proposals', 'active', id] as const,
    queryFn: async () => {
      const page = await call('proposals', { body: { id, status: 'sent', limit: 1 } });
      return { count: page.count, amount_due: page.amount_due };
    },
  });
}
