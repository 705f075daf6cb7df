import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcceptPrivacyNoticeRequest, PrivacyNotice } from '@ahente/contract/privacy-notice';
import { call } from './client';

/**
 * The query key of the current privacy notice (GET /api/privacynotice), the one the admin's Privacy
 * notice screen invalidates after publishing a version (api/privacy.ts `privacyKeys.notice()`).
 */
export const PRIVACY_NOTICE_QUERY_KEY = ['privacy', 'notice'] as const;

/** GET /api/privacynotice (public): the current version, its Markdown and when it was published. */
export function fetchPrivacyNotice(): Promise<PrivacyNotice> {
  return call('privacyNotice', {}, { ignoreUnauthorized: true });
}

/** The current privacy notice, for the sign-up form and the consent page (issue 24 §1). */
export function usePrivacyNotice() {
  return useQuery({ queryKey: PRIVACY_NOTICE_QUERY_KEY, queryFn: fetchPrivacyNotice });
}

/** POST /api/acceptprivacynotice { version }: the member's consent to the version they read. */
export function useAcceptPrivacyNoticeMutation() {
  return useMutation({
    mutationFn: (body: AcceptPrivacyNoticeRequest) => call('acceptPrivacyNotice', { body }),
  });
}
