import { useEffect } from 'react';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { limits } from '@maplesource/contracts';
import type {
  ClientToServerEventName,
  ClientToServerEvents,
  ConnectionStatus,
  ServerToClientEvents,
} from '@maplesource/contracts/realtime/events';
import { backendBaseUrls } from '../config/env';
import { createStore, useStore, type Store } from './create-store';
import { sessionStore } from './session-store';

/**
 * The one shared Socket.IO connection to the chat backend (docs/product.md §4 "Real-time connection", §9 socket limits).
 *
 * - Opened while someone holds it (`acquire()`, reference counted) and the user is logged in; closed on logout,
 *   and 500 ms after the last holder releases it (so moving between two chat screens keeps it open).
 * - Connection timeout 10 s; 5 reconnection attempts with a delay from 1 s doubling to 10 s; then `error`.
 * - `reconnect()` after `error` or `disconnected` tries again after 1 s.
 * - While connected it sends `ping { timestamp }` every 30 s (the server answers `pong`).
 * - `send()` with no connection returns false and sends nothing.
 * - `status` is observable: `connectionStatusStore` and the `useSocketStatus()` hook.
 */

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketFactory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => ClientSocket;
export type ServerEventName = keyof ServerToClientEvents & string;

/** Whether the user is logged in, and a way to hear when that changes. */
export type LoginSource = {
  isLoggedIn: () => boolean;
  subscribe: (listener: () => void) => () => void;
};

/**
 * Why the socket could not connect (decision 244), so the chat can say it: `session` (the server found no valid
 * session), `refused` (the server refused this page's origin), `unreachable` (anything else: network, server
 * down, a proxy without WebSocket). Null while connected or before any failure.
 */
export type ConnectionProblem = 'session' | 'refused' | 'unreachable';

export type ConnectionState = { status: ConnectionStatus; problem: ConnectionProblem | null };

/**
 * The problem a `connect_error` reports. A refused handshake over polling answers 403 with
 * `ORIGIN_NOT_ALLOWED` (engine.io's `description` is the HTTP status, `context` the request); a refused
 * WebSocket handshake cannot be told from a network failure, which is why polling is tried after it.
 */
export function connectionProblemOf(error: unknown): ConnectionProblem {
  const { message, description, context } = (error ?? {}) as {
    message?: unknown;
    description?: unknown;
    context?: { responseText?: unknown } | null;
  };
  if (message === 'UNAUTHENTICATED') return 'session';
  const responseText = typeof context?.responseText === 'string' ? context.responseText : '';
  if (
    description === 403 ||
    String(message).includes('ORIGIN_NOT_ALLOWED') ||
    responseText.includes('ORIGIN_NOT_ALLOWED')
  )
    return 'refused';
  return 'unreachable';
}

export type SocketConnection = {
  /** Holds the connection open; call the returned function (once) to let go of it. */
  acquire: () => () => void;
  /** After `error` or `disconnected`: tries again after a 1 s delay. False when there is nothing to reconnect. */
  reconnect: () => boolean;
  /** Emits when connected; false (nothing sent) otherwise. */
  send: (event: ClientToServerEventName, payload: unknown, ack?: (response: unknown) => void) => boolean;
  /** Listens to a server event for as long as the returned function is not called; survives reconnects. */
  on: (event: ServerEventName, handler: (payload: unknown) => void) => () => void;
  status: Store<ConnectionState>;
  /** Closes everything and forgets every holder (tests, teardown). */
  dispose: () => void;
};

export type SocketConnectionOptions = {
  url: string;
  login: LoginSource;
  createSocket?: SocketFactory;
};

const socketLimits = limits.socket;

/** Socket.IO's own reconnection does the 5 attempts, 1 s → 10 s doubling; jitter off so the delays are the spec's. */
export const socketOptions: Partial<ManagerOptions & SocketOptions> = {
  path: '/socket.io',
  transports: ['websocket', 'polling'], // docs/product.md §7: websocket then polling
  // Polling after a failed WebSocket (engine.io-client tries only the first transport otherwise): a proxy
  // without WebSocket support still gets a connection, and a refusal is told apart (decision 244).
  tryAllTransports: true,
  withCredentials: true,
  autoConnect: false,
  timeout: socketLimits.connectionTimeoutMs,
  reconnection: true,
  reconnectionAttempts: socketLimits.reconnectionAttempts,
  reconnectionDelay: socketLimits.reconnectionDelayMs,
  reconnectionDelayMax: socketLimits.reconnectionDelayMaxMs,
  randomizationFactor: 0,
};

export function createSocketConnection({
  url,
  login,
  createSocket = io as SocketFactory,
}: SocketConnectionOptions): SocketConnection {
  const status = createStore<ConnectionState>({ status: 'disconnected', problem: null });
  const setStatus = (next: ConnectionStatus, problem = status.getState().problem) => {
    const current = status.getState();
    if (current.status !== next || current.problem !== problem) status.setState({ status: next, problem });
  };
  const handlers = new Map<ServerEventName, Set<(payload: unknown) => void>>();
  let socket: ClientSocket | null = null;
  let holders = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  const wanted = () => holders > 0 && login.isLoggedIn();

  const stopPing = () => {
    clearInterval(pingTimer);
    pingTimer = undefined;
  };
  const startPing = () => {
    stopPing();
    pingTimer = setInterval(() => {
      if (socket?.connected) socket.emit('ping', { timestamp: Date.now() });
    }, socketLimits.pingIntervalMs);
  };

  const attachHandlers = (target: ClientSocket) => {
    for (const [event, set] of handlers) {
      for (const handler of set) target.on(event, handler as never);
    }
  };

  const open = () => {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    if (!socket) {
      const created = createSocket(url, socketOptions);
      created.on('connect', () => {
        setStatus('connected', null);
        startPing();
      });
      created.on('disconnect', (reason: string, description?: unknown) => {
        stopPing();
        // A refusal can come after the transport opened: a same-origin polling handshake (a GET, sent without
        // Origin) passes the origin check and the next POST, which carries it, is refused (decision 244).
        const problem =
          reason === 'transport error' ? connectionProblemOf(description) : status.getState().problem;
        // `active`: Socket.IO reconnects by itself (a lost connection); otherwise the server or we ended it.
        setStatus(created.active ? 'connecting' : 'disconnected', problem);
      });
      created.on('connect_error', (error: unknown) => {
        // Not active: refused for good (e.g. the session is no longer valid); reconnecting would not help.
        setStatus(created.active ? 'connecting' : 'error', connectionProblemOf(error));
      });
      created.io.on('reconnect_attempt', () => setStatus('connecting'));
      created.io.on('reconnect_failed', () => setStatus('error'));
      attachHandlers(created);
      socket = created;
    }
    if (!socket.connected) {
      setStatus('connecting');
      socket.connect();
    }
  };

  const close = () => {
    clearTimeout(idleTimer);
    clearTimeout(reconnectTimer);
    idleTimer = reconnectTimer = undefined;
    stopPing();
    if (socket) {
      const closing = socket;
      socket = null;
      closing.removeAllListeners();
      closing.io.removeAllListeners();
      closing.disconnect();
    }
    setStatus('disconnected', null);
  };

  const unsubscribeLogin = login.subscribe(() => {
    if (!login.isLoggedIn()) close();
    else if (holders > 0 && !socket) open();
  });

  return {
    status,
    acquire: () => {
      holders += 1;
      clearTimeout(idleTimer);
      idleTimer = undefined;
      if (wanted() && !socket) open();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders -= 1;
        if (holders === 0) {
          clearTimeout(idleTimer);
          idleTimer = setTimeout(close, socketLimits.idleDisconnectMs);
        }
      };
    },
    reconnect: () => {
      const current = status.getState().status;
      if ((current !== 'error' && current !== 'disconnected') || !wanted() || reconnectTimer) return false;
      setStatus('connecting');
      reconnectTimer = setTimeout(() => {
        reconnectTimer = undefined;
        if (wanted()) open();
        else setStatus('disconnected');
      }, socketLimits.manualReconnectDelayMs);
      return true;
    },
    send: (event, payload, ack) => {
      if (!socket?.connected) return false;
      if (ack) socket.emit(event, payload, ack);
      else socket.emit(event, payload);
      return true;
    },
    on: (event, handler) => {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler);
      socket?.on(event, handler as never);
      return () => {
        set.delete(handler);
        socket?.off(event, handler as never);
      };
    },
    dispose: () => {
      holders = 0;
      close();
      handlers.clear();
      unsubscribeLogin();
    },
  };
}

/** The app's connection to the chat backend (same origin unless VITE_CHAT_API_URL says otherwise). */
export const socketConnection: SocketConnection = createSocketConnection({
  url: backendBaseUrls.chat || '/',
  login: {
    isLoggedIn: () => sessionStore.getState().isLoggedIn,
    subscribe: sessionStore.subscribe,
  },
});

/** The connection's status: connecting, connected, disconnected or error (docs/product.md §4). */
export function useSocketStatus(connection: SocketConnection = socketConnection): ConnectionStatus {
  return useStore(connection.status, (state) => state.status);
}

/** Why the connection failed last (null while connected): what the chat tells the user (decision 244). */
export function useSocketProblem(connection: SocketConnection = socketConnection): ConnectionProblem | null {
  return useStore(connection.status, (state) => state.problem);
}

/** Holds the shared connection open while the calling component is mounted, and returns it. */
export function useSocketConnection(connection: SocketConnection = socketConnection): SocketConnection {
  useEffect(() => connection.acquire(), [connection]);
  return connection;
}
