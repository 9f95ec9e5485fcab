import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { limits } from '@maplesource/contracts';
import {
  connectionProblemOf,
  createSocketConnection,
  socketOptions,
  type ClientSocket,
  type LoginSource,
  type SocketConnection,
} from './socket';

type Listener = (...args: unknown[]) => void;

/** Stands in for a socket.io-client Socket: records what is sent, lets the test play the server and the network. */
class FakeSocket {
  connected = false;
  active = false;
  connectCalls = 0;
  sent: { event: string; payload: unknown }[] = [];
  private listeners = new Map<string, Set<Listener>>();
  private managerListeners = new Map<string, Set<Listener>>();
  io = {
    on: (event: string, listener: Listener) => {
      this.add(this.managerListeners, event, listener);
      return this.io;
    },
    removeAllListeners: () => {
      this.managerListeners.clear();
      return this.io;
    },
  };
  on(event: string, listener: Listener) {
    this.add(this.listeners, event, listener);
    return this;
  }
  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  emit(event: string, payload: unknown) {
    this.sent.push({ event, payload });
    return this;
  }
  connect() {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }
  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }
  // The test's side
  fire(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }
  fireManager(event: string, ...args: unknown[]) {
    this.managerListeners.get(event)?.forEach((listener) => listener(...args));
  }
  serverAccepts() {
    this.connected = true;
    this.fire('connect');
  }
  connectionLost() {
    this.connected = false; // Socket.IO stays active and reconnects by itself
    this.fire('disconnect', 'transport close');
  }
  private add(map: Map<string, Set<Listener>>, event: string, listener: Listener) {
    let set = map.get(event);
    if (!set) map.set(event, (set = new Set()));
    set.add(listener);
  }
}

function fakeLogin(initiallyLoggedIn: boolean) {
  let loggedIn = initiallyLoggedIn;
  const listeners = new Set<() => void>();
  const source: LoginSource = {
    isLoggedIn: () => loggedIn,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const set = (value: boolean) => {
    loggedIn = value;
    listeners.forEach((listener) => listener());
  };
  return { source, set };
}

let sockets: FakeSocket[];
let connection: SocketConnection;
let login: ReturnType<typeof fakeLogin>;
const createSocket = vi.fn(() => {
  const socket = new FakeSocket();
  sockets.push(socket);
  return socket as unknown as ClientSocket;
});
const status = () => connection.status.getState().status;

function connect(initiallyLoggedIn = true) {
  login = fakeLogin(initiallyLoggedIn);
  connection = createSocketConnection({ url: 'http://chat.test', login: login.source, createSocket });
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  createSocket.mockClear();
});
afterEach(() => {
  connection.dispose();
  vi.useRealTimers();
});

describe('shared socket connection (docs/product.md §4 real-time connection, §9 socket limits)', () => {
  it('uses the spec limits: 10 s connection timeout, 5 attempts from 1 s doubling to 10 s', () => {
    connect();
    const release = connection.acquire();
    expect(createSocket).toHaveBeenCalledWith('http://chat.test', socketOptions);
    release();
    expect(socketOptions).toMatchObject({
      timeout: 10_000,
      reconnection: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 10_000,
      randomizationFactor: 0,
      transports: ['websocket', 'polling'],
      withCredentials: true,
    });
    expect(socketOptions.timeout).toBe(limits.socket.connectionTimeoutMs);
  });

  it('opens one connection for all holders while logged in, and reports connecting then connected', () => {
    connect();
    expect(status()).toBe('disconnected');
    expect(createSocket).not.toHaveBeenCalled();
    const releaseA = connection.acquire();
    const releaseB = connection.acquire();
    expect(createSocket).toHaveBeenCalledTimes(1);
    expect(createSocket).toHaveBeenCalledWith('http://chat.test', socketOptions);
    expect(sockets[0]!.connectCalls).toBe(1);
    expect(status()).toBe('connecting');
    sockets[0]!.serverAccepts();
    expect(status()).toBe('connected');
    releaseA();
    releaseB();
  });

  it('does not open for a visitor, opens on login and closes on logout', () => {
    connect(false);
    const release = connection.acquire();
    expect(createSocket).not.toHaveBeenCalled();
    login.set(true);
    expect(createSocket).toHaveBeenCalledTimes(1);
    sockets[0]!.serverAccepts();
    expect(status()).toBe('connected');
    login.set(false);
    expect(sockets[0]!.connected).toBe(false);
    expect(status()).toBe('disconnected');
    expect(connection.send('ping', { timestamp: 1 })).toBe(false);
    release();
  });

  it('closes 500 ms after the last holder releases it, and stays open when someone acquires it in between', () => {
    connect();
    const releaseA = connection.acquire();
    sockets[0]!.serverAccepts();
    releaseA();
    releaseA(); // releasing twice counts once
    vi.advanceTimersByTime(limits.socket.idleDisconnectMs - 1);
    const releaseB = connection.acquire();
    vi.advanceTimersByTime(1_000);
    expect(status()).toBe('connected');
    expect(createSocket).toHaveBeenCalledTimes(1);

    releaseB();
    vi.advanceTimersByTime(limits.socket.idleDisconnectMs - 1);
    expect(status()).toBe('connected');
    vi.advanceTimersByTime(1);
    expect(status()).toBe('disconnected');
    expect(sockets[0]!.connected).toBe(false);
  });

  it('sends ping { timestamp } every 30 s while connected, and stops when the connection drops', () => {
    connect();
    const release = connection.acquire();
    sockets[0]!.serverAccepts();
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    vi.advanceTimersByTime(limits.socket.pingIntervalMs - 1);
    expect(sockets[0]!.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sockets[0]!.sent).toEqual([{ event: 'ping', payload: { timestamp: Date.now() } }]);
    vi.advanceTimersByTime(limits.socket.pingIntervalMs);
    expect(sockets[0]!.sent).toHaveLength(2);

    sockets[0]!.connectionLost();
    expect(status()).toBe('connecting');
    vi.advanceTimersByTime(limits.socket.pingIntervalMs * 3);
    expect(sockets[0]!.sent).toHaveLength(2);
    release();
  });

  it('send returns false without a connection and true (emitting) with one', () => {
    connect();
    expect(connection.send('sendMessage', { text: 'hi' })).toBe(false);
    const release = connection.acquire();
    expect(connection.send('sendMessage', { text: 'hi' })).toBe(false);
    expect(sockets[0]!.sent).toEqual([]);
    sockets[0]!.serverAccepts();
    expect(connection.send('sendMessage', { text: 'hi' })).toBe(true);
    expect(sockets[0]!.sent).toEqual([{ event: 'sendMessage', payload: { text: 'hi' } }]);
    release();
  });

  it('reports error after the reconnection attempts run out; a manual reconnect waits 1 s then connects', () => {
    connect();
    const release = connection.acquire();
    const socket = sockets[0]!;
    socket.serverAccepts();
    socket.connectionLost();
    for (let attempt = 1; attempt <= limits.socket.reconnectionAttempts; attempt += 1) {
      socket.fireManager('reconnect_attempt', attempt);
      expect(status()).toBe('connecting');
      socket.fire('connect_error', new Error('xhr poll error'));
    }
    socket.active = false;
    socket.fireManager('reconnect_failed');
    expect(status()).toBe('error');
    expect(connection.send('sendMessage', {})).toBe(false);

    expect(connection.reconnect()).toBe(true);
    expect(status()).toBe('connecting');
    expect(connection.reconnect()).toBe(false); // one pending retry at a time
    const callsBefore = socket.connectCalls;
    vi.advanceTimersByTime(limits.socket.manualReconnectDelayMs - 1);
    expect(socket.connectCalls).toBe(callsBefore);
    vi.advanceTimersByTime(1);
    expect(socket.connectCalls).toBe(callsBefore + 1);
    socket.serverAccepts();
    expect(status()).toBe('connected');
    expect(connection.reconnect()).toBe(false); // nothing to reconnect
    release();
  });

  it('a refused connection (server middleware) is an error at once, and a server-side disconnect is disconnected', () => {
    connect();
    const release = connection.acquire();
    const socket = sockets[0]!;
    socket.active = false; // Socket.IO does not retry a connection the server refused
    socket.fire('connect_error', new Error('UNAUTHENTICATED'));
    expect(status()).toBe('error');

    expect(connection.reconnect()).toBe(true);
    vi.advanceTimersByTime(limits.socket.manualReconnectDelayMs);
    socket.serverAccepts();
    socket.connected = false;
    socket.active = false;
    socket.fire('disconnect', 'io server disconnect');
    expect(status()).toBe('disconnected');
    expect(connection.reconnect()).toBe(true);
    release();
  });

  it('a manual reconnect does nothing once everyone has let go or the user logged out', () => {
    connect();
    const release = connection.acquire();
    sockets[0]!.active = false;
    sockets[0]!.fire('connect_error', new Error('UNAUTHENTICATED'));
    expect(connection.reconnect()).toBe(true);
    login.set(false);
    vi.advanceTimersByTime(limits.socket.manualReconnectDelayMs);
    expect(status()).toBe('disconnected');
    expect(connection.reconnect()).toBe(false);
    release();
  });

  it('delivers server events to listeners across a new socket, until they unsubscribe', () => {
    connect();
    const received: unknown[] = [];
    const off = connection.on('messageReceived', (payload) => received.push(payload));
    const release = connection.acquire();
    sockets[0]!.serverAccepts();
    sockets[0]!.fire('messageReceived', { id: 1 });
    release();
    vi.advanceTimersByTime(limits.socket.idleDisconnectMs);
    const releaseAgain = connection.acquire();
    expect(sockets).toHaveLength(2);
    sockets[1]!.serverAccepts();
    sockets[1]!.fire('messageReceived', { id: 2 });
    off();
    sockets[1]!.fire('messageReceived', { id: 3 });
    expect(received).toEqual([{ id: 1 }, { id: 2 }]);
    releaseAgain();
  });
});

describe('why the socket could not connect (decision 244)', () => {
  it('tells a lost session, a refused origin and an unreachable server apart', () => {
    expect(connectionProblemOf(new Error('UNAUTHENTICATED'))).toBe('session');
    // engine.io-client over polling: the HTTP status as `description`, the request as `context`.
    const polling = Object.assign(new Error('xhr post error'), {
      description: 403,
      context: { responseText: '{"code":4,"message":"ORIGIN_NOT_ALLOWED"}' },
    });
    expect(connectionProblemOf(polling)).toBe('refused');
    expect(connectionProblemOf(new Error('ORIGIN_NOT_ALLOWED'))).toBe('refused');
    expect(connectionProblemOf(Object.assign(new Error('websocket error'), { description: {} }))).toBe(
      'unreachable',
    );
    expect(connectionProblemOf(Object.assign(new Error('xhr poll error'), { description: 0 }))).toBe(
      'unreachable',
    );
    expect(connectionProblemOf(undefined)).toBe('unreachable');
  });

  it('tries polling after a failed WebSocket, keeps the problem while it retries and forgets it once connected', () => {
    expect(socketOptions.tryAllTransports).toBe(true);
    connect();
    const release = connection.acquire();
    sockets[0]!.fire('connect_error', new Error('websocket error'));
    expect(connection.status.getState()).toEqual({ status: 'connecting', problem: 'unreachable' });
    sockets[0]!.active = false;
    sockets[0]!.fire('connect_error', new Error('UNAUTHENTICATED'));
    expect(connection.status.getState()).toEqual({ status: 'error', problem: 'session' });
    sockets[0]!.serverAccepts();
    expect(connection.status.getState()).toEqual({ status: 'connected', problem: null });
    // Polling opened (its handshake GET carries no Origin), then its first POST was refused.
    sockets[0]!.active = true;
    sockets[0]!.connected = false;
    sockets[0]!.fire(
      'disconnect',
      'transport error',
      Object.assign(new Error('xhr post error'), { description: 403, context: { responseText: '' } }),
    );
    expect(connection.status.getState()).toEqual({ status: 'connecting', problem: 'refused' });
    release();
  });
});
