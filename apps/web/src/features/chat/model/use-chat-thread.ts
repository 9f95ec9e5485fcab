import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  chatLimits,
  type ChatAttachment,
  type ChatListItem,
  type ChatMessage,
} from '@maplesource/contracts/chat';
import {
  chatEventName,
  type MessageEvent,
  type MessageStatusEvent,
  type PresenceEvent,
  type SendMessageAck,
  type TypingNotice,
} from '@maplesource/contracts/realtime/events';
import { errorMessage } from '../../../lib/http';
import { socketConnection, useSocketStatus, type SocketConnection } from '../../../lib/socket';
import { toast } from '../../../lib/toast-store';
import { clientEvent } from '../api/chat-paths';
import { getMessages, getMessagesAfter } from '../api/get-messages';
import { chatKeys } from '../api/get-chats';
import {
  emptyThread,
  lastSeqOfOtherParty,
  resyncAfterSeq,
  threadReducer,
  type PendingMessage,
} from './thread';

/** A client message id: unique forever (the server stores a repeated one once). */
export function newClientMessageId(): string {
  return `web-${crypto.randomUUID()}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * One open conversation over the shared socket (spec §2 chat screen, §4): history over HTTP, live messages
 * and statuses over the socket, and after every (re)connect everything after the last `seq` held is asked for
 * over HTTP, so nothing depends on Socket.IO's best-effort recovery.
 */
export function useChatThread(
  chat: ChatListItem,
  meId: string,
  connection: SocketConnection = socketConnection,
) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const kind = chat.subject.kind;
  const chatId = chat.id;
  const otherId = chat.otherParty.id;
  const status = useSocketStatus(connection);
  const [thread, dispatch] = useReducer(threadReducer, emptyThread);
  const threadRef = useRef(thread);
  threadRef.current = thread;
  const [history, setHistory] = useState<{ state: 'loading' | 'ready' | 'error'; hasMore: boolean }>({
    state: 'loading',
    hasMore: false,
  });
  const [attempt, setAttempt] = useState(0);
  const [otherTyping, setOtherTyping] = useState(false);
  const [otherOnline, setOtherOnline] = useState(false);
  const [otherUploading, setOtherUploading] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTypingSent = useRef(0);

  useEffect(() => connection.acquire(), [connection]);

  /** Tells the server what this client holds and has seen, and refreshes the unread counts. */
  const acknowledge = useCallback(
    (messages: readonly ChatMessage[]) => {
      const upToSeq = lastSeqOfOtherParty(messages, meId);
      if (!upToSeq) return;
      connection.send(clientEvent(kind, 'messageDelivered'), { chatId, upToSeq });
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') {
        connection.send(clientEvent(kind, 'markAsRead'), { chatId, upToSeq });
        void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      }
    },
    [connection, kind, chatId, meId, queryClient],
  );

  // First page (the latest messages).
  useEffect(() => {
    const controller = new AbortController();
    dispatch({ type: 'reset' });
    setHistory({ state: 'loading', hasMore: false });
    getMessages(kind, chatId, {}, controller.signal).then(
      (page) => {
        dispatch({ type: 'received', messages: page.items });
        setHistory({ state: 'ready', hasMore: page.hasMore });
        acknowledge(page.items);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setHistory({ state: 'error', hasMore: false });
        void error;
      },
    );
    return () => controller.abort();
  }, [kind, chatId, attempt, acknowledge]);

  // On every connect: open the chat on this socket, fetch what came (and what changed status) while we were
  // away, acknowledge everything held (an acknowledgement sent just before a drop may be lost), then send again
  // what failed for want of a connection — with the same client ids, so the server stores each at most once.
  useEffect(() => {
    if (status !== 'connected' || history.state !== 'ready') return;
    const controller = new AbortController();
    connection.send(clientEvent(kind, 'openChat'), { chatId }, (ack: unknown) => {
      if (isObject(ack) && ack.ok === true && typeof ack.otherPartyOnline === 'boolean') {
        setOtherOnline(ack.otherPartyOnline);
      }
    });
    getMessagesAfter(kind, chatId, resyncAfterSeq(threadRef.current, meId), controller.signal)
      .then(
        (items) => {
          dispatch({ type: 'received', messages: items });
          acknowledge([...threadRef.current.messages, ...items]);
        },
        () => undefined, // the next reconnect asks again
      )
      .then(() => {
        if (!controller.signal.aborted) dispatch({ type: 'resendAfterReconnect' });
      });
    return () => controller.abort();
  }, [status, history.state, connection, kind, chatId, meId, acknowledge]);

  // Live events of this conversation.
  useEffect(() => {
    const mine = (payload: unknown): payload is { chatId: string } =>
      isObject(payload) && payload.chatId === chatId;
    const onMessage = (payload: unknown) => {
      if (!mine(payload)) return;
      const { message } = payload as MessageEvent;
      dispatch({ type: 'received', messages: [message] });
      if (message.senderId !== meId) {
        setOtherTyping(false);
        acknowledge([message]);
      }
    };
    const onStatus = (payload: unknown) => {
      if (!mine(payload)) return;
      const event = payload as MessageStatusEvent;
      dispatch({ type: 'status', senderId: meId, upToSeq: event.upToSeq, status: event.status });
    };
    const onTyping = (typing: boolean) => (payload: unknown) => {
      if (!mine(payload) || (payload as TypingNotice).senderId === meId) return;
      clearTimeout(typingTimer.current);
      setOtherTyping(typing);
      // Nobody said stop: the indicator goes away by itself (spec: within 6 s).
      if (typing)
        typingTimer.current = setTimeout(() => setOtherTyping(false), chatLimits.typingIndicatorTimeoutMs);
    };
    const onPresence = (payload: unknown) => {
      if (isObject(payload) && (payload as PresenceEvent).userId === otherId) {
        setOtherOnline((payload as PresenceEvent).online);
      }
    };
    const onUpload = (uploading: boolean) => (payload: unknown) => {
      if (mine(payload) && (payload as { senderId?: unknown }).senderId !== meId)
        setOtherUploading(uploading);
    };
    const offs = [
      connection.on(chatEventName(kind, 'image_upload_start'), onUpload(true)),
      connection.on(chatEventName(kind, 'image_upload_complete'), onUpload(false)),
      connection.on(chatEventName(kind, 'messageReceived'), onMessage),
      connection.on(chatEventName(kind, 'messageSent'), onMessage),
      connection.on(chatEventName(kind, 'messageDelivered'), onStatus),
      connection.on(chatEventName(kind, 'startTyping'), onTyping(true)),
      connection.on(chatEventName(kind, 'stopTyping'), onTyping(false)),
      connection.on('presence', onPresence),
    ];
    return () => {
      offs.forEach((off) => off());
      clearTimeout(typingTimer.current);
    };
  }, [connection, kind, chatId, meId, otherId, acknowledge]);

  // The user's messages go out one at a time, oldest first, each after the previous one's ack: what was typed
  // in order is stored in order, also when several go out again after a reconnect. Without a connection, or
  // when it drops before the ack (Socket.IO then drops the ack handler: no answer will come), every message
  // still `sending` turns `failed` until the next connect sends it again.
  const inFlight = useRef<string | null>(null);
  useEffect(() => {
    if (status !== 'connected') inFlight.current = null;
    if (inFlight.current) return;
    const next = thread.pending.find((p) => p.status === 'sending');
    if (!next) return;
    const { clientMessageId } = next;
    inFlight.current = clientMessageId;
    const sent = connection.send(
      clientEvent(kind, 'sendMessage'),
      {
        chatId,
        receiverId: otherId,
        clientMessageId,
        text: next.text,
        attachmentIds: next.attachments.map((a) => a.id),
      },
      (raw: unknown) => {
        if (inFlight.current === clientMessageId) inFlight.current = null;
        const ack = raw as SendMessageAck;
        if (isObject(ack) && ack.ok === true) {
          dispatch({ type: 'received', messages: [ack.message] });
          void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
        } else {
          dispatch({ type: 'failed', clientMessageId, reason: 'refused' });
          const code = isObject(ack) && isObject(ack.error) ? String(ack.error.code) : 'MESSAGE_SEND_FAILED';
          toast.error(t(`errors:${code}`, { defaultValue: t('errors:MESSAGE_SEND_FAILED') }));
        }
      },
    );
    if (!sent) {
      inFlight.current = null;
      dispatch({ type: 'connectionLost' });
      toast.error(t('connectionLost'));
    }
  }, [status, thread.pending, connection, kind, chatId, otherId, queryClient, t]);

  const send = useCallback(
    (text: string, attachments: ChatAttachment[] = []) => {
      const pending: PendingMessage = {
        clientMessageId: newClientMessageId(),
        text,
        attachments,
        status: 'sending',
        createdAt: new Date().toISOString(),
      };
      dispatch({ type: 'sending', message: pending });
      lastTypingSent.current = 0;
      connection.send(clientEvent(kind, 'userStoppedTyping'), { chatId, receipentId: otherId });
    },
    [connection, kind, chatId, otherId],
  );

  /** Sends the same client message id again: the server stores it at most once. */
  const retry = useCallback((clientMessageId: string) => {
    dispatch({ type: 'retrying', clientMessageId });
  }, []);

  /** Typing notices, at most one every 3 s (the server throttles too). */
  const typing = useCallback(
    (isTyping: boolean) => {
      const payload = { chatId, receipentId: otherId };
      if (!isTyping) {
        if (lastTypingSent.current) connection.send(clientEvent(kind, 'userStoppedTyping'), payload);
        lastTypingSent.current = 0;
        return;
      }
      const now = Date.now();
      if (now - lastTypingSent.current < chatLimits.typingThrottleMs) return;
      if (connection.send(clientEvent(kind, 'userTyping'), payload)) lastTypingSent.current = now;
    },
    [connection, kind, chatId, otherId],
  );

  const loadOlder = useCallback(async () => {
    const first = threadRef.current.messages[0];
    if (!first) return;
    try {
      const page = await getMessages(kind, chatId, { beforeSeq: first.seq });
      dispatch({ type: 'received', messages: page.items });
      setHistory({ state: 'ready', hasMore: page.hasMore });
    } catch (error) {
      toast.error(errorMessage(t, error));
    }
  }, [kind, chatId, t]);

  return {
    thread,
    history,
    retryHistory: () => setAttempt((n) => n + 1),
    loadOlder,
    send,
    retry,
    typing,
    otherTyping,
    otherUploading,
    otherOnline: status === 'connected' && otherOnline,
    connectionStatus: status,
    reconnect: () => connection.reconnect(),
  };
}
