import type { FastifyInstance } from 'fastify';
import { chatEventName, type ServerToClientPayloads } from '@maplesource/contracts/realtime/events';
import type { ChatSubjectKind } from '@maplesource/contracts';
import type { SendMessageInput, StoredMessage } from './chat.types';

/**
 * One user message, sent over the socket or over HTTP (decision 244): stored first (a repeated client message id
 * answers the stored message and announces nothing again), then `messageReceived` to the recipient's user room
 * and `messageSent` to the sender's (their other tabs and devices).
 */
export async function sendAndAnnounce(
  app: FastifyInstance,
  userId: string,
  kind: ChatSubjectKind,
  input: SendMessageInput,
): Promise<StoredMessage> {
  const stored = await app.chat.sendMessage(app.db, userId, kind, input);
  if (stored.created) {
    app.metrics.chatMessagesSent.inc({ kind });
    const event: ServerToClientPayloads['messageReceived'] = {
      chatId: input.chatId,
      receiverId: stored.recipientId,
      message: stored.message,
    };
    app.realtime.emitToUser(stored.recipientId, chatEventName(kind, 'messageReceived'), event);
    app.realtime.emitToUser(userId, chatEventName(kind, 'messageSent'), event);
  }
  return stored;
}
