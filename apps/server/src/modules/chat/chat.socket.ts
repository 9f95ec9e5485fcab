import type { FastifyInstance } from 'fastify';
import {
  chatEventName,
  chatIdPayloadSchema,
  deliveredPayloadSchema,
  markAsReadPayloadSchema,
  openChatPayloadSchema,
  pingPayloadSchema,
  sendMessagePayloadSchema,
  typingEventSchema,
  type ClientToServerEventName,
  type ServerToClientEventName,
  type ServerToClientPayloads,
} from '@maplesource/contracts/realtime/events';
import { chatLimits, type ChatSubjectKind } from '@maplesource/contracts';
import { AppError } from '../../plugins/errors';
import type { RealtimeSocket } from '../../plugins/realtime';
import { chatNotFound } from './chat.access';
import { sendAndAnnounce } from './chat.send';

/**
 * The chat backend's socket handlers (docs/product.md §7), on the realtime port (payloads checked with their contracts
 * schemas there). Everything goes to user rooms (`user:<id>`) so whichever process holds the recipient's
 * sockets delivers it (Redis Streams adapter); presence goes to `presence:<id>` rooms, joined by sockets that
 * opened a chat with that user. A message is stored before it is acknowledged (decision 101).
 */

interface SocketState {
  openChatId: string | null;
  presenceRoom: string | null;
  /** chatId → the other participant, for typing events (checked once per socket). */
  others: Map<string, { otherId: string; kind: ChatSubjectKind }>;
}

export function registerChatSocketHandlers(app: FastifyInstance): void {
  const { realtime } = app;
  const states = new WeakMap<RealtimeSocket, SocketState>();
  /** One startTyping per sender and chat per 3 s (docs/product.md §2), shared by every process with Redis. */
  const typingKey = (userId: string, chatId: string) => `typing:${chatId}:${userId}`;

  const stateOf = (socket: RealtimeSocket): SocketState => {
    let state = states.get(socket);
    if (!state) {
      state = { openChatId: null, presenceRoom: null, others: new Map() };
      states.set(socket, state);
    }
    return state;
  };

  function emitTo<E extends ServerToClientEventName>(
    userId: string,
    kind: ChatSubjectKind,
    event: E,
    payload: ServerToClientPayloads[E],
  ): void {
    app.realtime.emitToUser(userId, chatEventName(kind, event), payload);
  }

  async function isOnline(userId: string): Promise<boolean> {
    try {
      return await app.realtime.isOnline(userId);
    } catch {
      return false; // another process did not answer in time: shown offline until it says otherwise
    }
  }

  async function otherParticipant(socket: RealtimeSocket, chatId: string) {
    const state = stateOf(socket);
    const known = state.others.get(chatId);
    if (known) return known;
    const participants = await app.chat.participants(chatId);
    const userId = socket.data.user.id;
    if (!participants || (participants.buyerId !== userId && participants.sellerUserId !== userId))
      throw chatNotFound();
    const other = {
      otherId: participants.buyerId === userId ? participants.sellerUserId : participants.buyerId,
      kind: participants.subjectKind,
    };
    state.others.set(chatId, other);
    return other;
  }

  realtime.handle('ping', pingPayloadSchema, (socket, { timestamp }) => {
    socket.emit('pong', { timestamp, serverTime: Date.now() });
  });

  for (const kind of ['product', 'service'] as const) {
    const name = (event: string) =>
      (kind === 'service' ? `service:${event}` : event) as ClientToServerEventName;

    realtime.handle(
      name('sendMessage'),
      sendMessagePayloadSchema,
      async (socket, payload) => {
        try {
          const stored = await sendAndAnnounce(app, socket.data.user.id, kind, payload);
          return { message: stored.message };
        } catch (error) {
          const appError =
            error instanceof AppError
              ? error
              : new AppError(500, 'MESSAGE_SEND_FAILED', 'Failed to send message');
          socket.emit(chatEventName(kind, 'messageFailed'), {
            chatId: payload.chatId,
            clientMessageId: payload.clientMessageId,
            error: { code: appError.code, message: appError.message },
          });
          throw error;
        }
      },
      {
        ack: 'fields',
        rateLimit: 'messages',
        // Refused before it was read: said for the message it names, when it names one (decision 242).
        onRateLimited: (socket, raw, error) => {
          const parsed = sendMessagePayloadSchema.safeParse(raw);
          if (parsed.success)
            socket.emit(chatEventName(kind, 'messageFailed'), {
              chatId: parsed.data.chatId,
              clientMessageId: parsed.data.clientMessageId,
              error,
            });
        },
      },
    );

    realtime.handle(
      name('openChat'),
      openChatPayloadSchema,
      async (socket, { chatId }) => openChat(socket, chatId, kind),
      { ack: 'fields' },
    );

    realtime.handle(name('markAsRead'), markAsReadPayloadSchema, async (socket, { chatId, upToSeq }) => {
      const userId = socket.data.user.id;
      const read = await app.chat.markRead(app.db, userId, chatId, upToSeq, kind);
      if (read.changed)
        emitTo(read.otherId, kind, 'messageDelivered', {
          chatId,
          receiverId: userId,
          upToSeq: read.lastReadSeq,
          status: 'seen',
        });
      return { lastReadSeq: read.lastReadSeq, unreadCount: read.unreadCount };
    });

    realtime.handle(name('messageDelivered'), deliveredPayloadSchema, async (socket, { chatId, upToSeq }) => {
      const userId = socket.data.user.id;
      const delivered = await app.chat.markDelivered(app.db, userId, chatId, upToSeq);
      if (delivered.changed)
        emitTo(delivered.otherId, delivered.subjectKind, 'messageDelivered', {
          chatId,
          receiverId: userId,
          upToSeq: delivered.upToSeq,
          status: 'delivered',
        });
      return null;
    });

    realtime.handle(name('userTyping'), typingEventSchema, async (socket, { chatId, receipentId }) => {
      const userId = socket.data.user.id;
      const { otherId } = await otherParticipant(socket, chatId);
      if (receipentId !== otherId) throw chatNotFound();
      if (!(await realtime.claimWindow(typingKey(userId, chatId), chatLimits.typingThrottleMs)))
        return { throttled: true };
      emitTo(otherId, kind, 'startTyping', { chatId, receipentId, senderId: userId });
      return { throttled: false };
    });

    realtime.handle(name('userStoppedTyping'), typingEventSchema, async (socket, { chatId, receipentId }) => {
      const userId = socket.data.user.id;
      const { otherId } = await otherParticipant(socket, chatId);
      if (receipentId !== otherId) throw chatNotFound();
      await realtime.releaseWindow(typingKey(userId, chatId));
      emitTo(otherId, kind, 'stopTyping', { chatId, receipentId, senderId: userId });
      return null;
    });
  }

  realtime.handle(
    'switchChat',
    chatIdPayloadSchema,
    async (socket, { chatId }) => {
      const participants = await app.chat.participants(chatId).catch(() => null);
      if (!participants) throw chatNotFound();
      return openChat(socket, chatId, participants.subjectKind);
    },
    { ack: 'fields' },
  );

  /** The socket now looks at this chat: its presence room follows the other party. */
  async function openChat(socket: RealtimeSocket, chatId: string, kind: ChatSubjectKind) {
    const userId = socket.data.user.id;
    const { item, otherId } = await app.chat.chatItem(app.db, userId, chatId, kind);
    const state = stateOf(socket);
    state.others.set(chatId, { otherId, kind });
    const room = `presence:${otherId}`;
    if (state.presenceRoom && state.presenceRoom !== room) await socket.leave(state.presenceRoom);
    await socket.join(room);
    state.presenceRoom = room;
    state.openChatId = chatId;
    const otherPartyOnline = await isOnline(otherId);
    socket.emit(chatEventName(kind, 'chatOpened'), { chatId, chat: item, otherPartyOnline });
    return { chat: item, otherPartyOnline };
  }

  realtime.onConnection(async (socket) => {
    const userId = socket.data.user.id;
    app.io.to(`presence:${userId}`).emit('presence', { userId, online: true });
    socket.on('disconnect', () => {
      void isOnline(userId).then((online) => {
        if (!online) app.io.to(`presence:${userId}`).emit('presence', { userId, online: false });
      });
    });
  });
}
