import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { NotificationsService } from './service.ts';

/**
 * The bell, the e-mail preferences and the outbox's state (decision 026). Access and ownership
 * (`id` names the member: the member or an admin) come from the route table; readnotifications
 * names no member and acts on the caller's own notifications only.
 */
export function notificationsRoutes(app: FastifyInstance, notifications: NotificationsService) {
  apiRoute(app, routes.notifications, async (request) =>
    notifications.list(request.body.id, {
      unreadOnly: request.body.unread_only,
      limit: request.body.limit,
      cursor: request.body.cursor,
    }),
  );
  apiRoute(app, routes.readNotifications, async (request) => notifications.markRead(requireAuth(request).memberId, request.body));
  apiRoute(app, routes.notificationPreferences, async (request) => notifications.preferences(request.body.id));
  apiRoute(app, routes.setNotificationPreferences, async (request) => notifications.setPreferences(request.body.id, request.body.email));
  apiRoute(app, routes.mailStatus, async () => notifications.mailStatus());
}
