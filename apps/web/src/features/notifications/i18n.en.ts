/** The page of all notifications (decision 036): /notifications, linked from the bell's "See all notifications". */
export const notificationsEn = {
  title: 'Notifications',
  description: 'Everything the portal has told you, newest first. Open one to go to its screen.',
  list: 'All notifications',
  noun: 'notifications',
  emptyTitle: 'No notifications yet',
  unread: 'Unread',
};
