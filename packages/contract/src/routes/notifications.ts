import { ownerInBody, route, type RouteDef } from './define.ts';
import { notificationsPaths } from './notifications.paths.ts';
import { idBody } from '../common.ts';
import {
  mailStatus,
  notificationPreferences,
  notificationsRequest,
  notificationsResponse,
  readNotificationsRequest,
  readNotificationsResponse,
  setNotificationPreferencesRequest,
} from '../notifications.ts';

/**
 * The routes of notifications, e-mail preferences and the outbox: the server's
 * features/notifications/ registers them.
 */
export const notificationsRoutes = {
  // Notifications and e-mail (decision 026).
  notifications: route({
    ...notificationsPaths.notifications,
    access: 'member',
    member: ownerInBody,
    body: notificationsRequest,
    responses: { 200: notificationsResponse },
    tag: 'notifications',
    summary: "The member's notifications, newest first, and the unread count",
  }),
  readNotifications: route({
    ...notificationsPaths.readNotifications,
    access: 'member',
    body: readNotificationsRequest,
    responses: { 200: readNotificationsResponse },
    tag: 'notifications',
    summary: "Marks the caller's own notifications read (or all of them)",
  }),
  notificationPreferences: route({
    ...notificationsPaths.notificationPreferences,
    access: 'member',
    member: ownerInBody,
    body: idBody,
    responses: { 200: notificationPreferences },
    tag: 'notifications',
    summary: 'Which events the member receives by e-mail, and whether e-mail is on',
  }),
  setNotificationPreferences: route({
    ...notificationsPaths.setNotificationPreferences,
    access: 'member',
    member: ownerInBody,
    body: setNotificationPreferencesRequest,
    responses: { 200: notificationPreferences },
    tag: 'notifications',
    summary: 'Chooses which events the member receives by e-mail (in the portal they always arrive)',
  }),
  mailStatus: route({
    ...notificationsPaths.mailStatus,
    access: 'admin',
    responses: { 200: mailStatus },
    tag: 'notifications',
    summary: "Whether e-mail is on, and the outbox's pending, failed and recently sent messages",
  }),
} as const satisfies Record<string, RouteDef>;
