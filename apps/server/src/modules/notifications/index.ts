import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNotificationsService, type NotificationsService } from './notifications.service';
import { registerNotificationSubscribers } from './notifications.subscribers';
import { registerOfflineMail } from './offline-mail';
import { registerPayoutFailureNotices } from './payout-failure-notices';
import { registerRfqNotices } from './rfq-notices';
import { registerSellerApplicationNotices } from './seller-application-notices';
import { registerStorefrontClaimNotices } from './storefront-claim-notices';
import { registerBusinessMail } from './mail/business-mail';

/**
 * The notifications module's door: `app.notifications` (a recipient's notifications: list, mark read, delete;
 * `create` for subscribers), its routes and public types. It learns of business events by subscribing to them
 * (chat messages and the business actions posted into chats) and pushes new notifications to the recipient's
 * socket room through the realtime port. It also e-mails a chat message's offline recipient (offline-mail.ts), and
 * the deal's documents to its parties (mail/business-mail.ts, decision 260).
 */
declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsService;
  }
}

export type { NotificationsService } from './notifications.service';
/** The subscriber of `chat.message-created` that notifies the recipient and arms the offline e-mail. */
export const chatMessageSubscriber = 'notifications.chat-message-created';
export { notificationsRoutes } from './notifications.routes';

async function notificationsModule(app: FastifyInstance) {
  const service = createNotificationsService();
  app.decorate('notifications', service);
  const notifyChatMessages = registerNotificationSubscribers(app, service);
  registerSellerApplicationNotices(app, service);
  registerPayoutFailureNotices(app);
  registerStorefrontClaimNotices(app, service);
  registerRfqNotices(app, service);
  const armOfflineMail = registerOfflineMail(app, {
    delaySeconds: app.config.CHAT_OFFLINE_MAIL_DELAY_SECONDS,
    throttleSeconds: app.config.CHAT_OFFLINE_MAIL_THROTTLE_SECONDS,
  });
  // A chat message's two jobs here — its recipient's notification and the offline-mail check — are one subscriber
  // (decision 219): one delivery, one handled mark and one savepoint per message instead of two each. Both parts
  // are idempotent per message (the notification's source key; the pending row's upsert and the job's singleton
  // key), so a batch that fails is retried whole. Migration 0686 moved the two former subscribers' deliveries.
  app.events.subscribeBatch(chatMessageSubscriber, 'chat.message-created', async (events, ctx) => {
    await notifyChatMessages(events, ctx);
    await armOfflineMail(events, ctx);
  });
  // The business e-mails: invoice issued, accepted, rejected, payment receipt, shipped, payment review (decision 260).
  registerBusinessMail(app);
}

export const notificationsModulePlugin = fp(notificationsModule, {
  name: 'notifications-module',
  dependencies: [
    'context',
    'events',
    'jobs',
    'messaging',
    'auth-module',
    'chat-module',
    'invoices-module',
    'orders-module',
    'sellers-module',
    'rfq-module',
  ],
});
