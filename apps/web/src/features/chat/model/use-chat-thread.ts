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
  type ChatOpenedEvent,
  type MessageEvent,
  type MessageFailedEvent,
  type OrderCreatedEvent,
  type MessageStatusEvent,
  type PresenceEvent,
  type SendMessageAck,
  type TypingNotice,
} from '@maplesource/contracts/realtime/events';
import { errorMessage, isApiError } from '../../../lib/http';
import {
  socketConnection,
  useSocketProblem,
  useSocketStatus,
  type SocketConnection,
} from '../../../lib/socket';
import { toast } from '../../../lib/toast-store';
import { announcesSent } from './sent-notice';
import { clientEvent } from '../api/chat-paths';
import { getMessages, getMessagesAfter } from '../api/get-messages';
import { chatKeys } from '../api/get-chats';
import { forgetUnread, withChat } from './chat-cache';
import { markChatRead } from '../api/mark-read';
import { sendMessageOverHttp } from '../api/send-message';
import {
  emptyThread,
  firstGapAfterSeq,
  lastSeqOfOtherParty,
  rateLimitedUntil,
  resyncAfterSeq,
  sendFailureOf,
  threadReducer,
  type FailureReason,
  type PendingMessage,
} from './thread';

/**
 * A client message id: unique forever (the server stores a repeated one once). 128 random bits from
 * `getRandomValues`: `crypto.randomUUID` exists only in secure contexts, and a page on plain http under a
 * name other than localhost (decision 244's e2e alias, a LAN address) threw on every send.
 */
export function newClientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The first wait before a failed catch-up after a connect is asked again (then doubling). */
const catchUpRetryFirstDelayMs = 1_000;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * One open conversation over the shared socket (docs/product.md §2 chat screen, §4): history over HTTP, live messages
 * and statuses over the socket, and after every (re)connect everything after the last `seq` held is asked for
 * over HTTP, so nothing depends on Socket.IO's best-effort recovery. While the socket is not connected the
 * conversation still works over plain HTTP (decision 244): messages are sent with POST and new ones are asked
 * for every few seconds.
 */
export function useChatThread(
  chat: ChatListItem,
  meId: string,
  connection: SocketConnection = socketConnection,
  /**
   * How this conversation became the open one: `switch` when the user changed conversation on this screen, so
   * the first open on the current socket says `switchChat` (docs/product.md §7), which moves the socket from the one before.
   */
  opening: 'open' | 'switch' = 'open',
) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const kind = chat.subject.kind;
  const chatId = chat.id;
  const otherId = chat.otherParty.id;
  const status = useSocketStatus(connection);
  const problem = useSocketProblem(connection);
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
  /** The order an `order-created` event named while the conversation is open (newest first). */
  const [createdOrderId, setCreatedOrderId] = useState<string | null>(null);
  /** `switchChat` is said once, for the first open of this conversation; reconnects open it again. */
  const switchPending = useRef(opening === 'switch');
  /** When a send of mine was last acknowledged, and when "Message sent" was last said (`announcesSent`). */
  const lastAckAt = useRef<number | null>(null);
  const [sentAnnouncedAt, setSentAnnouncedAt] = useState<number | null>(null);
  /** The send waiting for its answer (one at a time, below). */
  const inFlight = useRef<{ clientMessageId: string; via: 'socket' | 'http' } | null>(null);
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
        const refreshCounts = () => void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
        if (connection.send(clientEvent(kind, 'markAsRead'), { chatId, upToSeq })) refreshCounts();
        // Seen implies delivered: without a socket the HTTP route says both (decision 244).
        else markChatRead(kind, chatId, upToSeq).then(refreshCounts, () => undefined);
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
    const opened = (ack: unknown) => {
      if (isObject(ack) && ack.ok === true && typeof ack.otherPartyOnline === 'boolean') {
        setOtherOnline(ack.otherPartyOnline);
      }
    };
    if (switchPending.current && connection.send('switchChat', { chatId }, opened))
      switchPending.current = false;
    else connection.send(clientEvent(kind, 'openChat'), { chatId }, opened);
    // What came while away is asked for until it is answered: a message stored before this socket joined its
    // user room reaches it only this way, so a catch-up that failed (a server still starting, a slow answer) is
    // asked again, 1 s then doubling up to the disconnected poll's period, for as long as this connection lasts.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const catchUp = (delayMs: number) => {
      getMessagesAfter(kind, chatId, resyncAfterSeq(threadRef.current, meId), controller.signal).then(
        (items) => {
          if (controller.signal.aborted) return;
          dispatch({ type: 'received', messages: items });
          acknowledge([...threadRef.current.messages, ...items]);
          dispatch({ type: 'resendAfterReconnect' });
        },
        () => {
          if (controller.signal.aborted) return;
          dispatch({ type: 'resendAfterReconnect' });
          timer = setTimeout(
            () => catchUp(Math.min(delayMs * 2, chatLimits.pollWhileDisconnectedMs)),
            delayMs,
          );
        },
      );
    };
    catchUp(catchUpRetryFirstDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [status, history.state, connection, kind, chatId, meId, acknowledge]);

  // A hole in what is held (mine acknowledged after a message of the other party this client never got, its live
  // event sent while this socket was not yet back in its room) is asked for at once, not at the next reconnect.
  const gapAfterSeq = firstGapAfterSeq(thread);
  useEffect(() => {
    if (gapAfterSeq === null || status !== 'connected' || history.state !== 'ready') return;
    const controller = new AbortController();
    getMessagesAfter(kind, chatId, gapAfterSeq, controller.signal).then(
      (items) => {
        if (controller.signal.aborted) return;
        dispatch({ type: 'received', messages: items });
        acknowledge([...threadRef.current.messages, ...items]);
      },
      () => undefined, // the next connect's catch-up starts from the same hole
    );
    return () => controller.abort();
  }, [gapAfterSeq, status, history.state, kind, chatId, acknowledge]);

  // Without a connection, new messages (and status changes of mine) are asked for over HTTP every few seconds,
  // and each answer shows the chat backend is reachable: what failed for want of a connection goes out again.
  useEffect(() => {
    if (status === 'connected' || history.state !== 'ready') return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const items = await getMessagesAfter(
          kind,
          chatId,
          resyncAfterSeq(threadRef.current, meId),
          controller.signal,
        );
        if (controller.signal.aborted) return;
        dispatch({ type: 'received', messages: items });
        if (lastSeqOfOtherParty(items, meId) > 0) acknowledge(items);
        dispatch({ type: 'resendAfterReconnect' });
      } catch {
        // Not reachable either: the next round asks again.
      }
      if (!controller.signal.aborted) timer = setTimeout(poll, chatLimits.pollWhileDisconnectedMs);
    };
    timer = setTimeout(poll, chatLimits.pollWhileDisconnectedMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [status, history.state, kind, chatId, meId, acknowledge]);

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
    // A send the server refused or failed (the same as its ack, which may never come when the connection drops
    // after the handler answered): the message turns failed as decision 252 classifies it.
    const onFailed = (payload: unknown) => {
      if (!mine(payload)) return;
      const { clientMessageId, error } = payload as MessageFailedEvent;
      if (!clientMessageId || !isObject(error) || typeof error.code !== 'string') return;
      if (inFlight.current?.clientMessageId === clientMessageId && inFlight.current.via === 'socket')
        inFlight.current = null;
      const failure: FailureReason = sendFailureOf({ code: error.code });
      if (failure === 'rateLimited') {
        const seconds = Number(error.retryAfterSeconds);
        const retryAfterSeconds = Number.isInteger(seconds) && seconds > 0 ? seconds : 1;
        dispatch({
          type: 'rateLimited',
          clientMessageId,
          retryAfterSeconds,
          retryAt: Date.now() + retryAfterSeconds * 1000,
        });
      } else dispatch({ type: 'failed', clientMessageId, reason: failure });
    };
    // The server's view of the conversation as this socket opened it: the header's phase, invoice and order, and
    // the other party's presence. It is the open one, so its unread count is cleared in the lists (the catch-up
    // marks what it holds read, and the lists are refreshed then).
    const onOpened = (payload: unknown) => {
      if (!mine(payload)) return;
      const event = payload as ChatOpenedEvent;
      setOtherOnline(event.otherPartyOnline);
      queryClient.setQueryData(chatKeys.detail(kind, chatId), withChat(event.chat));
      forgetUnread(queryClient, chatId);
    };
    // An order came out of this conversation: the header shows it (and its payment review) at once.
    const onOrder = (payload: unknown) => {
      if (!mine(payload)) return;
      const { orderId } = payload as OrderCreatedEvent;
      if (typeof orderId === 'string') setCreatedOrderId(orderId);
    };
    const offs = [
      connection.on(chatEventName(kind, 'messageFailed'), onFailed),
      connection.on(chatEventName(kind, 'chatOpened'), onOpened),
      connection.on(chatEventName(kind, 'order-created'), onOrder),
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
  }, [connection, kind, chatId, meId, otherId, acknowledge, queryClient]);

  // The user's messages go out one at a time, oldest first, each after the previous one's answer: what was typed
  // in order is stored in order. Over the socket when it is connected, over HTTP otherwise (decision 244); a
  // socket send whose connection drops before the ack (Socket.IO then drops the ack handler: no answer will come)
  // goes again over HTTP with the same client message id, which the server stores at most once. A send that
  // cannot reach the server turns `failed` and goes again by itself once the chat backend answers.
  const waitUntil = rateLimitedUntil(thread);
  useEffect(() => {
    if (status !== 'connected' && inFlight.current?.via === 'socket') inFlight.current = null;
    if (inFlight.current) return;
    // Refused for its rate: nothing goes out before the refused message does, at the time the server said.
    if (waitUntil !== null) return;
    const next = thread.pending.find((p) => p.status === 'sending');
    if (!next) return;
    const { clientMessageId } = next;
    const payload = {
      chatId,
      receiverId: otherId,
      clientMessageId,
      text: next.text,
      attachmentIds: next.attachments.map((a) => a.id),
    };
    const settle = (via: 'socket' | 'http') => {
      if (inFlight.current?.clientMessageId === clientMessageId && inFlight.current.via === via)
        inFlight.current = null;
    };
    const stored = (message: ChatMessage) => {
      dispatch({ type: 'received', messages: [message] });
      const now = Date.now();
      if (announcesSent(lastAckAt.current, now)) setSentAnnouncedAt(now);
      lastAckAt.current = now;
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    };
    const refused = (code: string) => {
      dispatch({ type: 'failed', clientMessageId, reason: 'refused' });
      toast.error(t(`errors:${code}`, { defaultValue: t('errors:MESSAGE_SEND_FAILED') }));
    };
    // Not stored for want of a working server: goes again by itself after the chat backend's next answer.
    const lost = () => {
      dispatch({ type: 'failed', clientMessageId, reason: 'connection' });
      toast.error(t('connectionLost'));
    };
    // Refused for its rate: said beside the message (decision 242), which goes out again by itself after the wait.
    const rateLimited = (seconds: number) => {
      const retryAfterSeconds = Number.isInteger(seconds) && seconds > 0 ? seconds : 1;
      dispatch({
        type: 'rateLimited',
        clientMessageId,
        retryAfterSeconds,
        retryAt: Date.now() + retryAfterSeconds * 1000,
      });
    };
    if (status === 'connected') {
      inFlight.current = { clientMessageId, via: 'socket' };
      const sent = connection.send(clientEvent(kind, 'sendMessage'), payload, (raw: unknown) => {
        settle('socket');
        const ack = raw as SendMessageAck;
        if (isObject(ack) && ack.ok === true) return stored(ack.message);
        const code = isObject(ack) && isObject(ack.error) ? String(ack.error.code) : 'MESSAGE_SEND_FAILED';
        const failure = sendFailureOf({ code });
        if (failure === 'rateLimited')
          rateLimited(Number(isObject(ack) && isObject(ack.error) ? ack.error.retryAfterSeconds : 1));
        else if (failure === 'refused') refused(code);
        else lost();
      });
      if (sent) return;
    }
    inFlight.current = { clientMessageId, via: 'http' };
    sendMessageOverHttp(kind, payload).then(
      ({ message }) => {
        settle('http');
        stored(message);
      },
      (error: unknown) => {
        settle('http');
        // Refused for the message itself: Retry is the user's call; no answer or trouble on the server's
        // side (5xx, a server still starting): it goes again by itself (sendFailureOf, decision 252).
        const failure = isApiError(error) ? sendFailureOf(error) : 'connection';
        if (failure === 'rateLimited')
          rateLimited(Number((error as { retryAfterSeconds?: number }).retryAfterSeconds));
        else if (failure === 'refused') refused((error as { code: string }).code);
        else lost();
      },
    );
  }, [status, thread.pending, waitUntil, connection, kind, chatId, otherId, queryClient, t]);

  useEffect(() => {
    if (waitUntil === null) return;
    const timer = setTimeout(
      () => dispatch({ type: 'resendRateLimited', now: waitUntil }),
      Math.max(0, waitUntil - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [waitUntil]);

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
    createdOrderId,
    sentAnnouncedAt,
    otherOnline: status === 'connected' && otherOnline,
    connectionStatus: status,
    connectionProblem: problem,
    reconnect: () => connection.reconnect(),
  };
}
