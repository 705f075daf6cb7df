/**
 * The method and address of each route of routes/notifications.ts, without zod (route-paths.ts
 * gathers them for the web).
 */
export const notificationsPaths = {
  notifications: { method: 'POST', path: '/api/notifications' },
  readNotifications: { method: 'POST', path: '/api/readnotifications' },
  notificationPreferences: { method: 'POST', path: '/api/notificationpreferences' },
  setNotificationPreferences: { method: 'POST', path: '/api/setnotificationpreferences' },
  mailStatus: { method: 'GET', path: '/api/mailstatus' },
} as const;
