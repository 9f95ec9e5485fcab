import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNotificationsService, type NotificationsService } from './notifications.service';
import { registerNotificationSubscribers } from './notifications.subscribers';
import { registerOfflineMail } from './offline-mail';

/**
 * The notifications module's door: `app.notifications` (a recipient's notifications: list, mark read, delete;
 * `create` for subscribers), its routes and public types. It learns of business events by subscribing to them
 * (chat messages and the business actions posted into chats) and pushes new notifications to the recipient's
 * socket room through the realtime port. It also e-mails a chat message's offline recipient (offline-mail.ts).
 */
declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsService;
  }
}

export type { NotificationsService } from './notifications.service';
export { notificationsRoutes } from './notifications.routes';

async function notificationsModule(app: FastifyInstance) {
  const service = createNotificationsService();
  app.decorate('notifications', service);
  registerNotificationSubscribers(app, service);
  registerOfflineMail(app, {
    delaySeconds: app.config.CHAT_OFFLINE_MAIL_DELAY_SECONDS,
    throttleSeconds: app.config.CHAT_OFFLINE_MAIL_THROTTLE_SECONDS,
  });
}

export const notificationsModulePlugin = fp(notificationsModule, {
  name: 'notifications-module',
  dependencies: ['context', 'events', 'jobs', 'messaging', 'auth-module', 'chat-module'],
});
