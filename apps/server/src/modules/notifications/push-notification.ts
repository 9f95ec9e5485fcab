import type { FastifyInstance } from 'fastify';
import type { Notification } from '@maplesource/contracts';
import type { NotificationEvent } from '@maplesource/contracts/realtime/events';

/**
 * The live push of a new notification (the event names of docs/product.md §7), to every process holding the recipient's
 * sockets. The Socket.IO server runs with the chat backend; a process without it has no socket to push to.
 */
export function pushNotification(app: FastifyInstance, notification: Notification): void {
  if (!app.hasDecorator('realtime')) return;
  const payload: NotificationEvent = { notification };
  const names = ['notification:new', 'notificationCreated', 'notification'];
  if (notification.metadata.subjectKind === 'service') names.push('service:notification');
  for (const name of names) app.realtime.emitToUser(notification.recipientId, name, payload);
}
