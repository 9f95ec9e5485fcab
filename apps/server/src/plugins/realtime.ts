import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { Redis } from 'ioredis';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { withHandledFireAndForget } from './redis-fire-and-forget';
import { Adapter, MessageType, type BroadcastOptions, type ClusterAdapter } from 'socket.io-adapter';
import type { ZodType } from 'zod';
import { limits } from '@maplesource/contracts';
import type {
  ClientToServerEventName,
  ClientToServerEvents,
  ServerToClientEvents,
  SocketAck,
} from '@maplesource/contracts/realtime/events';
import { type SessionResolver, type SessionUser } from './auth';
import { AppError } from './errors';
import {
  RealtimeLimiter,
  type LimitDecision,
  type RealtimeLimitsConfig,
  type RealtimeRateGroup,
} from './realtime-limits';

export interface SocketData {
  user: SessionUser;
}
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Runs for a validated payload; what it returns is acknowledged to the client as `{ ok: true, data }`. */
export type SocketEventHandler<T> = (socket: RealtimeSocket, payload: T) => unknown;
/**
 * How a handler's result is acknowledged: `data` (default) answers `{ ok: true, data: result }`; `fields`
 * spreads a result object into the ack, `{ ok: true, ...result }`, for events whose contracts ack is flat
 * (chat's `sendMessage` answers `{ ok: true, message }`).
 */
export interface HandleOptions {
  ack?: 'data' | 'fields';
  /**
   * Which per-user budget the event spends before anything else happens (decision 242): `messages` for chat
   * messages, `events` (default) for everything else. Every handled event spends one.
   */
  rateLimit?: RealtimeRateGroup;
  /**
   * Told when the event was refused for its rate (after the `RATE_LIMITED` ack), with the payload as it came
   * (not validated): chat's `sendMessage` also emits `messageFailed`.
   */
  onRateLimited?: (socket: RealtimeSocket, payload: unknown, error: RateLimitedError) => void;
}
export type ConnectionHandler = (socket: RealtimeSocket) => void | Promise<void>;

/** The error of a `RATE_LIMITED` ack. */
export interface RateLimitedError {
  code: 'RATE_LIMITED';
  message: string;
  retryAfterSeconds: number;
}

/** How modules add their socket handlers (decision 074); the plugin keeps only server, auth and adapter. */
export interface Realtime {
  /**
   * Handles one client event: the payload is checked with its contracts schema (safeParse); a bad
   * payload is acknowledged `{ ok: false, error: { code: 'SOCKET_PAYLOAD_INVALID', … } }` and never
   * reaches the handler; an AppError thrown by the handler is acknowledged with its code. Before all that the
   * event spends a point of its user's budget (`options.rateLimit`, decision 242); with none left it is
   * acknowledged `RATE_LIMITED` with `retryAfterSeconds` and goes no further.
   */
  handle<T>(
    event: ClientToServerEventName,
    schema: ZodType<T>,
    handler: SocketEventHandler<T>,
    options?: HandleOptions,
  ): void;
  /** Runs for every authenticated connection (join rooms, presence). */
  onConnection(handler: ConnectionHandler): void;
  /**
   * Takes `key` for `windowMs` when nobody holds it: true for the first call in a window, false for the others
   * (throttles such as typing). With REDIS_URL every process shares the windows (an atomic `SET key 1 NX PX`),
   * so a client connected to two processes is throttled once; without it they live in this process.
   */
  claimWindow(key: string, windowMs: number): Promise<boolean>;
  /** Ends `key`'s window early (the next claim succeeds). */
  releaseWindow(key: string): Promise<void>;
  /**
   * Spends one point of `userId`'s budget of `group` (decision 242) for what reaches the same work another way
   * (a chat message sent over HTTP, decision 244): the socket and the HTTP send share one budget.
   */
  consume(group: RealtimeRateGroup, userId: string): Promise<LimitDecision>;
  /** Sends `event` to every socket of `userId`, on every process (the user's room; Redis adapter). */
  emitToUser(userId: string, event: string, payload: unknown): void;
  /**
   * Whether `userId` has a socket open on any process. Rejects when another process does not answer in time: a
   * caller decides what that means (the chat shows "offline"; the offline e-mail job tries again later).
   */
  isOnline(userId: string): Promise<boolean>;
}

/** The room every socket of a user joins on connection. */
const userRoom = (userId: string) => `user:${userId}`;

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
    realtime: Realtime;
  }
}

export interface RealtimeOptions {
  sessions: SessionResolver;
  redisUrl?: string | undefined;
  /** Browser origins allowed to open a connection: the site's own (`allowedBrowserOrigins`, decision 243). */
  corsOrigins: string[];
  /** The client's address of a handshake, by the rule of `request.ip` (TRUST_PROXY, decision 050). */
  clientAddress: (request: IncomingMessage) => string;
  /** Per-user event budgets and per-address handshakes (decision 242). */
  limits: RealtimeLimitsConfig;
}

/**
 * Whether a handshake may proceed: a browser always sends `Origin` on a WebSocket handshake and on a
 * cross-origin polling request, so one that is not on the allow-list is refused (cross-site
 * WebSocket hijacking). Requests without Origin come from non-browser clients or same-origin polling.
 */
export function originAllowed(
  request: Pick<IncomingMessage, 'headers'>,
  allowed: ReadonlySet<string>,
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return allowed.has(origin.replace(/\/$/, '').toLowerCase());
}

const windowKeyPrefix = 'maplesource:realtime:window:';
const maxLocalWindows = 50_000;

const errorAck = (code: string, message: string, fields?: Record<string, string>): SocketAck => ({
  ok: false,
  error: { code, message, ...(fields ? { fields } : {}) },
});

const rateLimited = (retryAfterSeconds: number): RateLimitedError => ({
  code: 'RATE_LIMITED',
  message: `Too many events in a short time; try again in ${retryAfterSeconds} s`,
  retryAfterSeconds,
});

/**
 * An adapter message of ours (not socket.io-adapter's): the broadcasts one process published in one turn of its
 * event loop, as one stream entry. Far above socket.io-adapter's own message types.
 */
const BROADCAST_BATCH = 100;

interface BroadcastMessage {
  type: MessageType.BROADCAST;
  data: { packet: unknown; opts: { rooms: string[]; except: string[]; flags: BroadcastOptions['flags'] } };
}
interface ClusterInternals {
  /** The cluster adapter's own publishing step (not in its typings). */
  publishAndReturnOffset(message: unknown): Promise<unknown>;
  onMessage(message: { type: number; uid?: string; nsp?: string; data?: unknown }, offset?: string): void;
}

/** Whether a packet carries bytes (a stream entry of several broadcasts is JSON; those go on their own). */
function hasBinary(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object' || depth > 20) return false;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return true;
  if (Array.isArray(value)) return value.some((item) => hasBinary(item, depth + 1));
  return Object.values(value as Record<string, unknown>).some((item) => hasBinary(item, depth + 1));
}

/**
 * The Redis Streams adapter, delivering to this process's sockets at once and publishing once per turn:
 * - the cluster adapter awaits its XADD before the local delivery (it needs the stream offset for
 *   connection-state recovery, which is off), so a message to a socket on the same process waited for a Redis
 *   round trip, queued behind every other command (decision 170). A broadcast is now delivered here first;
 * - the broadcasts of one synchronous run (a message's `messageReceived` and `messageSent`, the notification
 *   events of a whole dispatcher batch) go to the other processes as one stream entry (`BROADCAST_BATCH`,
 *   unpacked by the receiving processes' same wrapper) instead of one XADD each (decision 187). A single
 *   broadcast keeps the adapter's own format. A failed publish is logged (clients fetch what they missed after
 *   any gap, decision 101).
 */
function localFirst(factory: ReturnType<typeof createAdapter>, log: FastifyInstance['log']) {
  // socket.io calls `new adapterConstructor(nsp)`: a plain function returning the adapter works with `new`.
  return function localFirstAdapter(nsp: Parameters<ReturnType<typeof createAdapter>>[0]) {
    const adapter = factory(nsp) as ClusterAdapter;
    const cluster = adapter as unknown as ClusterInternals;
    let queued: BroadcastMessage[] = [];
    const publish = (message: unknown) =>
      cluster
        .publishAndReturnOffset(message)
        .catch((error: unknown) => log.warn({ err: error }, 'redis broadcast publish failed'));
    const flush = () => {
      const messages = queued;
      queued = [];
      if (messages.length === 1) void publish(messages[0]);
      else void publish({ type: BROADCAST_BATCH, data: { messages } });
    };
    adapter.broadcast = async (packet: unknown, opts: BroadcastOptions) => {
      if (!opts.flags?.local) {
        const message: BroadcastMessage = {
          type: MessageType.BROADCAST,
          data: {
            packet,
            opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags },
          },
        };
        if (hasBinary(packet)) void publish(message);
        else if (queued.push(message) === 1) queueMicrotask(flush);
      }
      Adapter.prototype.broadcast.call(adapter, packet, opts);
    };
    const onMessage = cluster.onMessage.bind(adapter);
    cluster.onMessage = (message, offset) => {
      if (message.type !== BROADCAST_BATCH) return onMessage(message, offset);
      const { messages } = (message.data ?? {}) as { messages?: BroadcastMessage[] };
      for (const inner of messages ?? []) onMessage({ ...inner, uid: message.uid, nsp: message.nsp }, offset);
    };
    return adapter;
  };
}

/**
 * The chat backend's Socket.IO server (docs/product.md §7: websocket then polling): only logged-in users from
 * allowed origins connect. With REDIS_URL the Redis Streams adapter fans events out across nodes and
 * keeps connection-state recovery working; without it everything stays in process. Event handlers
 * belong to their modules (`<module>.socket.ts`), registered through `app.realtime`.
 */
async function realtimePlugin(app: FastifyInstance, options: RealtimeOptions) {
  const allowedOrigins = new Set(
    options.corsOrigins.map((origin) => origin.replace(/\/$/, '').toLowerCase()),
  );
  let redis: Redis | undefined;
  if (options.redisUrl) {
    // No auto-pipelining: with it, closing the app left an unhandled "Connection is closed" rejection from
    // ioredis in 2 of 3 runs of test/realtime.test.ts (cf. ioredis #2025; decision 170).
    redis = new Redis(options.redisUrl, {
      lazyConnect: false,
      maxRetriesPerRequest: 2,
    });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis (realtime) error'));
  }
  const limiter = new RealtimeLimiter(options.limits, redis);

  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    cors: { origin: options.corsOrigins, credentials: true },
    // Runs for each new handshake only (engine.io checks a known session's later requests by its id).
    allowRequest: (request, callback) => {
      if (!originAllowed(request, allowedOrigins)) return callback('ORIGIN_NOT_ALLOWED', false);
      limiter.consumeConnection(options.clientAddress(request)).then(
        (decision) => (decision.allowed ? callback(null, true) : callback('RATE_LIMITED', false)),
        (error: unknown) => {
          app.log.warn({ err: error }, 'socket handshake limit unavailable; allowing');
          callback(null, true);
        },
      );
    },
    pingInterval: limits.socket.pingIntervalMs,
    connectTimeout: limits.socket.connectionTimeoutMs,
    maxHttpBufferSize: 1e6,
    // No connection-state recovery: nothing relies on it (decision 101: clients fetch after every reconnect),
    // and with it every broadcast waited for its Redis stream offset before reaching a local socket (170).
  });

  if (redis) {
    io.adapter(localFirst(createAdapter(withHandledFireAndForget(redis, app.log)), app.log));
  }

  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      const token = cookies[app.sessionCookieName];
      const user = token ? await options.sessions.resolve(token) : null;
      if (!user) return next(new Error('UNAUTHENTICATED'));
      socket.data.user = user;
      await socket.join(userRoom(user.id));
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  interface EventEntry {
    schema: ZodType<unknown>;
    handler: SocketEventHandler<unknown>;
    ack: 'data' | 'fields';
    rateLimit: RealtimeRateGroup;
    onRateLimited: HandleOptions['onRateLimited'];
  }
  const eventHandlers = new Map<string, EventEntry>();
  const connectionHandlers: ConnectionHandler[] = [];
  /** Throttle windows without Redis: key → until when it is taken. */
  const localWindows = new Map<string, number>();
  let ready = false;
  const assertNotReady = (what: string) => {
    if (ready) throw new Error(`${what} must be registered before the app is ready`);
  };

  const realtime: Realtime = {
    handle(event, schema, handler, handleOptions) {
      assertNotReady(`socket handler "${event}"`);
      if (eventHandlers.has(event)) throw new Error(`socket event "${event}" already has a handler`);
      eventHandlers.set(event, {
        schema: schema as ZodType<unknown>,
        handler: handler as SocketEventHandler<unknown>,
        ack: handleOptions?.ack ?? 'data',
        rateLimit: handleOptions?.rateLimit ?? 'events',
        onRateLimited: handleOptions?.onRateLimited,
      });
    },
    onConnection(handler) {
      assertNotReady('a connection handler');
      connectionHandlers.push(handler);
    },
    async claimWindow(key, windowMs) {
      if (redis) {
        try {
          return (await redis.set(`${windowKeyPrefix}${key}`, '1', 'PX', windowMs, 'NX')) === 'OK';
        } catch (error) {
          // A throttle is a courtesy: with Redis unreachable the event goes through rather than failing.
          app.log.warn({ err: error }, 'redis throttle window unavailable; allowing');
          return true;
        }
      }
      const now = Date.now();
      const until = localWindows.get(key);
      if (until !== undefined && until > now) return false;
      if (localWindows.size >= maxLocalWindows)
        for (const [other, otherUntil] of localWindows) if (otherUntil <= now) localWindows.delete(other);
      if (localWindows.size >= maxLocalWindows) localWindows.clear(); // a forgotten window only re-allows one event
      localWindows.set(key, now + windowMs);
      return true;
    },
    async releaseWindow(key) {
      if (!redis) {
        localWindows.delete(key);
        return;
      }
      await redis.del(`${windowKeyPrefix}${key}`).catch((error: unknown) => {
        app.log.warn({ err: error }, 'redis throttle window release failed');
      });
    },
    emitToUser(userId, event, payload) {
      // The event map types payloads per name; callers pass contracts-typed payloads by name.
      (io.to(userRoom(userId)).emit as (name: string, body: unknown) => boolean)(event, payload);
    },
    async isOnline(userId) {
      return (await io.in(userRoom(userId)).fetchSockets()).length > 0;
    },
    consume(group, userId) {
      return limiter.consumeEvent(group, userId).catch((error: unknown) => {
        app.log.warn({ err: error, group }, 'event limit unavailable; allowing');
        return { allowed: true } as const;
      });
    },
  };

  /**
   * Every client event goes through this one function (an `onAny` listener, `this` being the socket) rather
   * than one closure per event and socket: 20,000 sockets keep one listener each (decision 115).
   */
  async function onClientEvent(this: RealtimeSocket, event: string, payload?: unknown, ack?: unknown) {
    const entry = eventHandlers.get(event);
    if (!entry) return;
    const { schema, handler, ack: ackShape } = entry;
    const reply = typeof ack === 'function' ? (ack as (response: SocketAck) => void) : undefined;
    // Spent before the payload is even read: a flood of malformed events costs its sender too (decision 242).
    const decision = await limiter
      .consumeEvent(entry.rateLimit, this.data.user.id)
      .catch((error: unknown) => {
        app.log.warn({ err: error, event }, 'socket event limit unavailable; allowing');
        return { allowed: true } as const;
      });
    if (!decision.allowed) {
      const error = rateLimited(decision.retryAfterSeconds);
      reply?.({ ok: false, error });
      entry.onRateLimited?.(this, payload, error);
      return;
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'payload'] ??= issue.message;
      reply?.(errorAck('SOCKET_PAYLOAD_INVALID', 'Some fields are missing or invalid', fields));
      return;
    }
    try {
      const data = await handler(this, parsed.data);
      if (ackShape === 'fields' && data !== null && typeof data === 'object')
        reply?.({ ok: true, ...(data as Record<string, unknown>) } as unknown as SocketAck);
      else reply?.({ ok: true, data: data ?? null });
    } catch (error) {
      if (error instanceof AppError) return reply?.(errorAck(error.code, error.message, error.fields));
      app.log.error({ err: error, event, user: this.data.user.id }, 'socket handler failed');
      reply?.(errorAck('SOCKET_HANDLER_FAILED', 'Something went wrong on our side; please try again'));
    }
  }

  io.on('connection', (socket: RealtimeSocket) => {
    // The handshake (headers, cookie) is read; the HTTP request it came with is not needed any more and is
    // the largest object a connection keeps (Socket.IO's memory-usage advice).
    (socket.conn as unknown as { request: unknown }).request = null;
    for (const handler of connectionHandlers)
      Promise.resolve(handler(socket)).catch((error: unknown) =>
        app.log.error({ err: error, user: socket.data.user.id }, 'socket connection handler failed'),
      );
    // Untyped here: each payload is validated before its handler sees it.
    (socket as unknown as Socket).onAny(onClientEvent as (...args: unknown[]) => void);
  });

  app.decorate('io', io);
  app.decorate('realtime', realtime);
  app.addHook('onReady', async () => {
    ready = true;
  });
  // The handover (decisions 295, 303): Fastify stops listening and waits for every open connection before the
  // onClose hooks run, and an open socket's connection never ends by itself. Closing each socket's transport first
  // tells its client the connection was lost (`transport close`), which Socket.IO reconnects from by itself (the
  // web client does, apps/web/src/lib/socket.ts); the node no longer listens by then, so the proxy sends the
  // reconnection to another node. A disconnect packet would not do: the client takes it as final.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await io.close();
    if (redis) await redis.quit().catch(() => undefined);
  });
}

export default fp(realtimePlugin, { name: 'realtime', dependencies: ['@fastify/cookie', 'auth'] });
