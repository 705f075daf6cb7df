import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DecideErasureRequest, MyPrivacyResponse, RequestErasureRequest } from '@ahente/contract/my-data';
import { myDataFileName } from '@ahente/contract/files';
import type { AccessLogResponse, AdminAccessLogExportRequest, AdminAccessLogResponse } from '@ahente/contract/privacy';
import { ACCESS_LOG_EXPORT_FILE_NAME } from '@ahente/contract/files';
import type { AcceptPrivacyNoticeRequest, PrivacyNotice, PublishPrivacyNoticeRequest } from '@ahente/contract/privacy-notice';
import { call, downloadFile } from '../../api/client';

/**
 * Privacy (decision 027): a member's copy of their data, their erasure request, who read their
 * sensitive data; the administrators' queue of privacy requests, the whole access log and the
 * privacy notice.
 */
export const privacyKeys = {
  all: ['privacy'] as const,
  mine: (id: number) => ['privacy', 'mine', id] as const,
  accessLog: (id: number, page: number, pageSize: number) => ['privacy', 'access-log', id, page, pageSize] as const,
  requests: () => ['privacy', 'requests'] as const,
  adminAccessLog: (query: AdminAccessLogQuery) =>
    ['privacy', 'admin-access-log', query.actor, query.subject, query.what, query.from, query.to, query.page, query.pageSize] as const,
  /** The notice's query (the sign-up and the consent page read it too). */
  notice: () => PRIVACY_NOTICE_QUERY_KEY,
};

/**
 * The query key of the current privacy notice (GET /api/privacynotice), the one the admin's Privacy
 * notice screen invalidates after publishing a version (`privacyKeys.notice()`).
 */
export const PRIVACY_NOTICE_QUERY_KEY = ['privacy', 'notice'] as const;

/** GET /api/privacynotice (public): the current version, its Markdown and when it was published. */
export function fetchPrivacyNotice(): Promise<PrivacyNotice> {
  return call('privacyNotice', {}, { ignoreUnauthorized: true });
}

/** The current privacy notice, for the sign-up form and the consent page (decision 027). */
export function usePrivacyNotice() {
  return useQuery({ queryKey: PRIVACY_NOTICE_QUERY_KEY, queryFn: fetchPrivacyNotice });
}

/** POST /api/acceptprivacynotice { version }: the member's consent to the version they read. */
export function useAcceptPrivacyNoticeMutation() {
  return useMutation({
    mutationFn: (body: AcceptPrivacyNoticeRequest) => call('acceptPrivacyNotice', { body }),
  });
}

/** The admin's filters of the access log as the page holds them ('' for none), with the page. */
export interface AdminAccessLogFilters {
  actor: string;
  subject: string;
  what: string;
  from: string;
  to: string;
}
export type AdminAccessLogQuery = AdminAccessLogFilters & { page: number; pageSize: number };

/** The filters in the contract's shape: an empty one is left out. */
function filterBody(filters: AdminAccessLogFilters): AdminAccessLogExportRequest {
  const body: AdminAccessLogExportRequest = {};
  if (filters.actor.trim()) body.actor = filters.actor.trim();
  if (filters.subject.trim()) body.subject = filters.subject.trim();
  if (filters.what) body.what = filters.what as AdminAccessLogExportRequest['what'];
  if (filters.from) body.from = filters.from;
  if (filters.to) body.to = filters.to;
  return body;
}

// ---------------------------------------------------------------- the member's own (Settings → Privacy)

/** GET /api/mydata/{id}: the member's copy of their data, saved as my-data-{id}.zip. */
export function downloadMyData(id: number): Promise<string> {
  return downloadFile('myData', { params: { id } }, myDataFileName(id));
}

/** POST /api/myprivacy { id }: the member's latest erasure request (open or decided), or null. */
export function useMyPrivacy(id: number) {
  return useQuery({
    queryKey: privacyKeys.mine(id),
    queryFn: (): Promise<MyPrivacyResponse> => call('myPrivacy', { body: { id } }),
    // An administrator decides elsewhere: read again when the member comes back to the page.
    refetchOnWindowFocus: true,
  });
}

/** POST /api/requesterasure { id, password }: the new request replaces what the tab shows. */
export function useRequestErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestErasureRequest) => call('requestErasure', { body }),
    onSuccess: ({ request }, body) => queryClient.setQueryData<MyPrivacyResponse>(privacyKeys.mine(Number(body.id)), { request }),
    // A 409 (one already open): what the server has is shown.
    onError: (_error, body) => queryClient.invalidateQueries({ queryKey: privacyKeys.mine(Number(body.id)) }),
  });
}

/** POST /api/accesslog { id, page, pageSize }: who read the member's sensitive data, newest first; the page shown stays while the next loads. */
export function useAccessLog(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: privacyKeys.accessLog(id, page, pageSize),
    queryFn: (): Promise<AccessLogResponse> => call('accessLog', { body: { id, page, pageSize } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

// ---------------------------------------------------------------- administrators (Admin Panel → Privacy)

/** POST /api/privacyrequests: the open requests oldest first with their deadlines, and the recently decided. */
export function usePrivacyRequests() {
  return useQuery({
    queryKey: privacyKeys.requests(),
    queryFn: () => call('privacyRequests', {}),
    refetchOnWindowFocus: true,
  });
}

/** POST /api/decideerasure { member_id, decision, reason }: the queue (and the access log an erasure changes) reloads. */
export function useDecideErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideErasureRequest) => call('decideErasure', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}

/** POST /api/adminaccesslog: one page of the whole log, filtered, newest first; the page shown stays while the next loads. */
export function useAdminAccessLog(query: AdminAccessLogQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: privacyKeys.adminAccessLog(query),
    queryFn: (): Promise<AdminAccessLogResponse> =>
      call('adminAccessLog', { body: { ...filterBody(query), page: query.page, pageSize: query.pageSize } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

/** POST /api/adminaccesslogexport: every entry the filters find, saved as access-log.xlsx. */
export function exportAccessLog(filters: AdminAccessLogFilters): Promise<string> {
  return downloadFile('adminAccessLogExport', { body: filterBody(filters) }, ACCESS_LOG_EXPORT_FILE_NAME);
}

/** POST /api/publishprivacynotice { body }: the new version becomes the current one. */
export function usePublishPrivacyNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishPrivacyNoticeRequest) => call('publishPrivacyNotice', { body }),
    onSuccess: (notice) => queryClient.setQueryData(privacyKeys.notice(), notice),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKeys.notice() }),
  });
}
