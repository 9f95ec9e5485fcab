import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from './common';

/**
 * Notifications (docs/product.md §3 Notification, §7 notifications and notifications/mark-all-as-read, real-time
 * `notification:new` …). Created by subscribers of business events, never called from routes.
 */

export const notificationSenderModels = ['system', 'user', 'seller'] as const;
export const notificationSenderSchema = z.object({
  model: z.enum(notificationSenderModels),
  id: z.string().nullable(),
  name: z.string(),
});
export type NotificationSender = z.infer<typeof notificationSenderSchema>;

/** docs/product.md §3 defaults: the sender is the system, type `system`, message "You have a new notification". */
export const notificationDefaults = {
  sender: { model: 'system', id: null, name: 'System' } as NotificationSender,
  type: 'system',
  message: 'You have a new notification',
} as const;

export const notificationTypes = [
  'system',
  'chat_message',
  'quotation_created',
  'quotation_accepted',
  'quotation_rejected',
  'invoice_sent',
  'invoice_accepted',
  'invoice_rejected',
  'invoice_expired',
  'invoice_withdrawn',
  'order_created',
  'order_updated',
  'order_cancelled',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/**
 * What a notification's `metadata` may hold (decision 193): the link (`chatId`, `subjectKind`, `messageId`, `seq`,
 * `invoiceToken`) and the facts its text names, so the web renders every type in the reader's language instead
 * of the stored English `message`. Every field is optional: rows stored before a field existed lack it, and the
 * web then shows the type's generic text.
 */
export const notificationMetadataSchema = z.looseObject({
  chatId: z.string().optional(),
  messageId: z.string().optional(),
  seq: z.number().optional(),
  subjectKind: z.enum(['product', 'service']).optional(),
  /** The product or service the conversation is about. */
  subjectName: z.string().optional(),
  /** Its French name (decision 233), when the conversation knows it. */
  subjectNameFr: z.string().optional(),
  /** The quotation's short reference (`quotation_*`). */
  requestId: z.string().optional(),
  invoiceId: z.string().optional(),
  invoiceToken: z.string().optional(),
  orderId: z.string().optional(),
  /** The order's status after the change (`order_*`; an `orderStatuses` value). */
  orderStatus: z.string().optional(),
  /** The order's payment status after the change, when the change was about the payment. */
  paymentStatus: z.string().optional(),
  /** Why MapleSource itself acted (an order cancelled for want of payment, decision 166). */
  cause: z.enum(['payment_not_received']).optional(),
});
export type NotificationMetadata = z.infer<typeof notificationMetadataSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  sender: notificationSenderSchema,
  recipientId: z.uuid(),
  type: notificationTypeSchema,
  message: z.string(),
  isRead: z.boolean(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Small JSON for the link (e.g. `{ chatId }`). */
  metadata: z.record(z.string(), z.unknown()),
});
export type Notification = z.infer<typeof notificationSchema>;

/** What a subscriber passes to create one; the spec's defaults fill what is left out. */
export const createNotificationInputSchema = z.object({
  recipientId: z.uuid(),
  sender: notificationSenderSchema.default(notificationDefaults.sender),
  type: notificationTypeSchema.default('system'),
  message: z.string().min(1).max(1000).default(notificationDefaults.message),
  metadata: z.record(z.string(), z.unknown()).default({}),
});
export type CreateNotificationInput = z.input<typeof createNotificationInputSchema>;

export const notificationListQuerySchema = pageQuerySchema.extend({
  unreadOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export const notificationListResponseSchema = pagedSchema(notificationSchema).extend({
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;
export const notificationParamsSchema = z.object({ id: z.uuid('errors:NOTIFICATION_NOT_FOUND') });
export const notificationResponseSchema = z.object({ notification: notificationSchema });
export const markAllNotificationsReadResponseSchema = z.object({ updated: z.number().int().nonnegative() });

export const notificationErrorCodes = ['NOTIFICATION_NOT_FOUND'] as const;
