import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

/**
 * POST /api/referralsponsor { code } (public, decision 001): the display name of the member whose
 * referral code the sign-up page holds, or a 404 for a code sign-up would refuse. Asked once per
 * code; null asks nothing.
 */
export function useReferralSponsor(code: string | null) {
  return useQuery({
    queryKey: ['referral-sponsor', code ?? ''] as const,
    queryFn: () => call('referralSponsor', { body: { code: code as string } }),
    enabled: code !== null,
    staleTime: Infinity,
  });
}
