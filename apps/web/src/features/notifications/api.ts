import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@ahente/contract/paging-rules';
import type {
  MailStatus,
  NotificationPreferences,
  NotificationsResponse,
  ReadNotificationsRequest,
  SetNotificationPreferencesRequest,
} from '@ahente/contract/notifications';
import { call } from '../../api/client';

/**
 * Notifications (decision 026): the bell's list and unread count, the member's e-mail choices, and
 * the admin's view of the mail outbox.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (id: number) => ['notifications', 'list', id] as const,
  pages: (id: number) => ['notifications', 'pages', id] as const,
  preferences: (id: number) => ['notifications', 'preferences', id] as const,
  mailStatus: () => ['notifications', 'mail-status'] as const,
};

/** How often the bell asks for new notifications while the page is open. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

/**
 * POST /api/notifications { id }: the member's newest notifications and their unread count. Read
 * again every minute while the tab is visible and when the window regains focus, so the bell
 * catches up with what happened elsewhere (an approval, a reminder of the daily job).
 */
export function useNotifications(id: number) {
  return useQuery({
    queryKey: notificationKeys.list(id),
    queryFn: (): Promise<NotificationsResponse> => call('notifications', { body: { id } }),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
}

/**
 * POST /api/notifications { id, limit, cursor }: every notification of the member, newest first, a
 * page of DEFAULT_PAGE_SIZE at a time (the page of all notifications, decision 036).
 */
export function useNotificationPages(id: number) {
  return useInfiniteQuery({
    queryKey: notificationKeys.pages(id),
    queryFn: ({ pageParam }): Promise<NotificationsResponse> =>
      call('notifications', { body: { id, limit: DEFAULT_PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/readnotifications { ids } or { all: true }: the bell shows them read at once (the
 * answer's unread count then replaces the guess), and the list is read again afterwards.
 */
export function useReadNotifications(memberId: number) {
  const queryClient = useQueryClient();
  const key = notificationKeys.list(memberId);
  return useMutation({
    mutationFn: (body: ReadNotificationsRequest) => call('readNotifications', { body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationsResponse>(key);
      if (previous) {
        const ids = new Set(body.ids ?? []);
        const at = new Date().toISOString();
        let marked = 0;
        const rows = previous.rows.map((row) => {
          if (row.read_at !== null || !(body.all || ids.has(row.id))) return row;
          marked += 1;
          return { ...row, read_at: at };
        });
        queryClient.setQueryData<NotificationsResponse>(key, {
          rows,
          unread: body.all ? 0 : Math.max(0, previous.unread - marked),
        });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: ({ unread }) => {
      queryClient.setQueryData<NotificationsResponse>(key, (current) => (current ? { ...current, unread } : current));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.pages(memberId) }),
      ]),
  });
}

/** POST /api/notificationpreferences { id }: which events the member wants by e-mail, and whether e-mail is on. */
export function useNotificationPreferences(id: number) {
  return useQuery({
    queryKey: notificationKeys.preferences(id),
    queryFn: (): Promise<NotificationPreferences> => call('notificationPreferences', { body: { id } }),
  });
}

/** POST /api/setnotificationpreferences: the saved choices replace the cached ones. */
export function useSetNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetNotificationPreferencesRequest) => call('setNotificationPreferences', { body }),
    onSuccess: (saved, body) => {
      queryClient.setQueryData(notificationKeys.preferences(Number(body.id)), saved);
    },
  });
}

/** GET /api/mailstatus (admins): whether e-mail is on, and the outbox's pending and failed messages. */
export function useMailStatus() {
  return useQuery({
    queryKey: notificationKeys.mailStatus(),
    queryFn: (): Promise<MailStatus> => call('mailStatus', {}),
    staleTime: 60_000,
  });
}
