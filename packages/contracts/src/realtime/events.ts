import { z } from 'zod';

/**
 * Socket.IO event names of spec §7 (chat backend). Payload schemas are filled in by the chat
 * issue; the names are fixed here so both sides spell them the same (`receipentId` included).
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
  'ping',
] as const;

export const connectionStatuses = ['connecting', 'connected', 'disconnected', 'error'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

export type ServerToClientEventName = (typeof serverToClientEventNames)[number];
export type NotificationEventName = (typeof notificationEventNames)[number];
export type ClientToServerEventName = (typeof clientToServerEventNames)[number];

/**
 * Socket.IO event maps. Payloads arrive as `unknown` and are validated with the schemas above
 * (`safeParse`) by whoever handles them; the chat issue narrows these as it defines each payload.
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
  | { ok: false; error: { code: string; message: string; fields?: Record<string, string> } };
