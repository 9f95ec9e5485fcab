import { z } from 'zod';
import {
  chatAttachmentSchema,
  chatLimits,
  chatListItemSchema,
  chatMessageSchema,
  clientMessageIdSchema,
} from '../chat';
import { notificationSchema } from '../notifications';

/**
 * Socket.IO events of docs/product.md §7 (chat backend), spelled as the spec spells them (`receipentId` in typing events,
 * `chatId`/`receiverId` in chat events). Every client→server payload has a zod schema here; the server checks
 * it with `safeParse`. The `service:` variants carry the same payloads for service conversations.
 */
export const typingEventSchema = z.object({
  chatId: z.string().min(1).max(100),
  receipentId: z.string().min(1).max(100),
});
export type TypingEvent = z.infer<typeof typingEventSchema>;
export const chatEventSchema = z.object({
  chatId: z.string().min(1).max(100),
  receiverId: z.string().min(1).max(100),
});
export type ChatEvent = z.infer<typeof chatEventSchema>;
export const chatIdPayloadSchema = z.object({ chatId: z.string().min(1).max(100) });
export const pingPayloadSchema = z.object({ timestamp: z.number() });

// ---- client → server payloads ----

/**
 * `sendMessage` / `service:sendMessage`. The message is stored (with the next per-chat `seq`) before the ack;
 * a repeated `clientMessageId` is stored once and answered with the stored message. `receiverId`, when given,
 * must be the other participant. Images are uploaded first over HTTP (`upload`) and referenced here.
 */
export const sendMessagePayloadSchema = z
  .object({
    chatId: z.uuid('errors:CHAT_NOT_FOUND'),
    receiverId: z.uuid().optional(),
    clientMessageId: clientMessageIdSchema,
    text: z.string().max(chatLimits.maxTextLength).default(''),
    attachmentIds: z.array(z.uuid()).max(chatLimits.maxAttachmentsPerMessage).default([]),
  })
  .refine((m) => m.text.trim().length > 0 || m.attachmentIds.length > 0, {
    message: 'errors:MESSAGE_EMPTY',
    path: ['text'],
  });
export type SendMessagePayload = z.input<typeof sendMessagePayloadSchema>;

/**
 * Why an event was refused. `RATE_LIMITED` (too many events from this user in a short time, decision 242) says
 * after how many seconds the same event will be accepted again.
 */
export const socketErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  retryAfterSeconds: z.number().int().positive().optional(),
});
export type SocketError = z.infer<typeof socketErrorSchema>;
/** The ack of `sendMessage`: the stored message, or why it was refused (show "failed" with retry). */
export const sendMessageAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), message: chatMessageSchema }),
  z.object({ ok: z.literal(false), error: socketErrorSchema }),
]);
export type SendMessageAck = z.infer<typeof sendMessageAckSchema>;

/** `openChat` / `service:openChat` / `switchChat`: the chat this socket looks at (answered with `chatOpened`). */
export const openChatPayloadSchema = z.object({ chatId: z.uuid('errors:CHAT_NOT_FOUND') });
export type OpenChatPayload = z.infer<typeof openChatPayloadSchema>;
export const openChatAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), chat: chatListItemSchema, otherPartyOnline: z.boolean() }),
  z.object({ ok: z.literal(false), error: socketErrorSchema }),
]);
export type OpenChatAck = z.infer<typeof openChatAckSchema>;

/** `markAsRead`: everything up to `upToSeq` (default: all) is seen; the sender hears `messageDelivered` with `seen`. */
export const markAsReadPayloadSchema = z.object({
  chatId: z.uuid('errors:CHAT_NOT_FOUND'),
  upToSeq: z.number().int().positive().optional(),
});
export type MarkAsReadPayload = z.infer<typeof markAsReadPayloadSchema>;

/** `messageDelivered` (client → server): the recipient's client holds every message up to `upToSeq`. */
export const deliveredPayloadSchema = z.object({
  chatId: z.uuid('errors:CHAT_NOT_FOUND'),
  upToSeq: z.number().int().positive(),
});
export type DeliveredPayload = z.infer<typeof deliveredPayloadSchema>;

/** The ack of `openChat`, `switchChat`, `markAsRead`, `messageDelivered`, typing events when refused or done. */
export const simpleAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: socketErrorSchema }),
]);
export type SimpleAck = z.infer<typeof simpleAckSchema>;

// ---- server → client payloads ----

/** `messageReceived` (to the recipient) and `messageSent` (to the sender's sockets): the stored message. */
export const messageEventSchema = z.object({
  chatId: z.uuid(),
  receiverId: z.uuid(),
  message: chatMessageSchema,
});
export type MessageEvent = z.infer<typeof messageEventSchema>;

/** `messageDelivered` (server → sender): the recipient's client has (`delivered`) or has seen (`seen`) up to `upToSeq`. */
export const messageStatusEventSchema = z.object({
  chatId: z.uuid(),
  receiverId: z.uuid(),
  upToSeq: z.number().int().nonnegative(),
  status: z.enum(['delivered', 'seen']),
});
export type MessageStatusEvent = z.infer<typeof messageStatusEventSchema>;

/** `messageFailed` (to the sender): a send was refused; the ack carries the same. */
export const messageFailedEventSchema = z.object({
  chatId: z.string(),
  clientMessageId: z.string().nullable(),
  error: socketErrorSchema,
});
export type MessageFailedEvent = z.infer<typeof messageFailedEventSchema>;

/** `chatOpened`: the conversation the socket now looks at, and whether the other party is online. */
export const chatOpenedEventSchema = z.object({
  chatId: z.uuid(),
  chat: chatListItemSchema,
  otherPartyOnline: z.boolean(),
});
export type ChatOpenedEvent = z.infer<typeof chatOpenedEventSchema>;

/** `startTyping` / `stopTyping` (to the recipient): `senderId` is who types; hide it after 6 s without news. */
export const typingNoticeSchema = typingEventSchema.extend({ senderId: z.string() });
export type TypingNotice = z.infer<typeof typingNoticeSchema>;

/** `image_upload_start` (to the other participant while images are being stored) and `image_upload_complete`. */
export const imageUploadStartEventSchema = z.object({
  chatId: z.uuid(),
  receiverId: z.uuid(),
  senderId: z.uuid(),
  count: z.number().int().positive(),
});
export type ImageUploadStartEvent = z.infer<typeof imageUploadStartEventSchema>;
export const imageUploadCompleteEventSchema = z.object({
  chatId: z.uuid(),
  receiverId: z.uuid(),
  senderId: z.uuid(),
  ok: z.boolean(),
  attachments: z.array(chatAttachmentSchema),
});
export type ImageUploadCompleteEvent = z.infer<typeof imageUploadCompleteEventSchema>;

/** `order-created`: an order came out of the conversation. */
export const orderCreatedEventSchema = z.object({
  chatId: z.uuid(),
  receiverId: z.uuid(),
  orderId: z.string(),
});
export type OrderCreatedEvent = z.infer<typeof orderCreatedEventSchema>;

/** `presence`: a user that the socket looks at (the other party of an opened chat) came online or went offline. */
export const presenceEventSchema = z.object({ userId: z.uuid(), online: z.boolean() });
export type PresenceEvent = z.infer<typeof presenceEventSchema>;

/** Notification events (`notification:new`, `notificationCreated`, `notification`, `service:notification`). */
export const notificationEventSchema = z.object({ notification: notificationSchema });
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

export const serverToClientEventNames = [
  'messageReceived',
  'messageSent',
  'messageDelivered',
  'messageFailed',
  'chatOpened',
  'startTyping',
  'stopTyping',
  'image_upload_start',
  'image_upload_complete',
  'order-created',
  'presence',
] as const;
export const notificationEventNames = [
  'notification:new',
  'notificationCreated',
  'notification',
  'service:notification',
] as const;
export const clientToServerEventNames = [
  'sendMessage',
  'service:sendMessage',
  'userTyping',
  'userStoppedTyping',
  'service:userTyping',
  'service:userStoppedTyping',
  'openChat',
  'service:openChat',
  'switchChat',
  'markAsRead',
  'messageDelivered',
  'service:messageDelivered',
  'service:markAsRead',
  'ping',
] as const;

export const connectionStatuses = ['connecting', 'connected', 'disconnected', 'error'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

export type ServerToClientEventName = (typeof serverToClientEventNames)[number];
export type NotificationEventName = (typeof notificationEventNames)[number];
export type ClientToServerEventName = (typeof clientToServerEventNames)[number];

/** What each server → client event carries (the `service:` variants carry the same). */
export type ServerToClientPayloads = {
  messageReceived: MessageEvent;
  messageSent: MessageEvent;
  messageDelivered: MessageStatusEvent;
  messageFailed: MessageFailedEvent;
  chatOpened: ChatOpenedEvent;
  startTyping: TypingNotice;
  stopTyping: TypingNotice;
  image_upload_start: ImageUploadStartEvent;
  image_upload_complete: ImageUploadCompleteEvent;
  'order-created': OrderCreatedEvent;
  presence: PresenceEvent;
};

/** The server → client event name for a conversation of this kind (`service:` prefix for services). */
export function chatEventName<E extends ServerToClientEventName>(
  kind: 'product' | 'service',
  event: E,
): E | `service:${E}` {
  return kind === 'service' ? `service:${event}` : event;
}

/**
 * Socket.IO event maps. Payloads arrive as `unknown` and are validated with the schemas above
 * (`safeParse`) by whoever handles them.
 */
export type ServerToClientEvents = {
  pong(payload: { timestamp: number; serverTime: number }): void;
} & {
  [K in ServerToClientEventName | NotificationEventName | `service:${ServerToClientEventName}`]: (
    payload: unknown,
  ) => void;
};
export type ClientToServerEvents = {
  [K in ClientToServerEventName]: (payload: unknown, ack?: (response: unknown) => void) => void;
};

/**
 * What the server answers through a Socket.IO acknowledgement: the handler's result, or an error
 * shaped like the HTTP API's (`code` maps to an `errors:<CODE>` text; `fields` name bad payload fields).
 */
export type SocketAck<T = unknown> =
  | { ok: true; data: T }
  | {
      ok: false;
      error: { code: string; message: string; fields?: Record<string, string>; retryAfterSeconds?: number };
    };
