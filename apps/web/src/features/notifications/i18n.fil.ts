import type { Texts } from '../../i18n/texts';
import type { notificationsEn } from './i18n.en';

/** The page of all notifications in Filipino (see notifications.en.ts). */
export const notificationsFil: Texts<typeof notificationsEn> = {
  title: 'Mga Notification',
  description: 'Lahat ng sinabi sa iyo ng portal, pinakabago muna. Buksan ang isa para pumunta sa screen nito.',
  list: 'Lahat ng notification',
  noun: 'notification',
  emptyTitle: 'Wala pang notification',
  unread: 'Hindi pa nababasa',
};
