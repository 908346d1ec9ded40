// A player's notifications, read from other modules through functions the composition root injects.
export { notificationRoutes } from './routes';
export { createNotificationsService, type NotificationsDeps } from './service';
