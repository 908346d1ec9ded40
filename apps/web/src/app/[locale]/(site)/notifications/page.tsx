import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { NotificationInbox } from '@/features/notifications/notification-inbox';

export const generateMetadata = translatedTitle('common', 'notifications.inboxTitle');

export default messagesPage('common', 'notifications.inboxTitle', NotificationInbox, 'notifications.inboxSubtitle');
