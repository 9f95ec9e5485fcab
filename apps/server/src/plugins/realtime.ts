import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { Redis } from 'ioredis';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { limits } from '@maplesource/contracts';
import {
  pingPayloadSchema,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@maplesource/contracts/realtime/events';
import { type SessionResolver, type SessionUser } from './auth';

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

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
  }
}

export interface RealtimeOptions {
  sessions: SessionResolver;
  redisUrl?: string | undefined;
  corsOrigins: string[];
}

/**
 * The chat backend's Socket.IO server (spec §7: websocket then polling). Only logged-in users
 * connect. With REDIS_URL the Redis Streams adapter fans events out across nodes and keeps
 * connection-state recovery working; without it everything stays in process.
 */
async function realtimePlugin(app: FastifyInstance, options: RealtimeOptions) {
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    cors: { origin: options.corsOrigins, credentials: true },
    pingInterval: limits.socket.pingIntervalMs,
    connectTimeout: limits.socket.connectionTimeoutMs,
    maxHttpBufferSize: 1e6,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000 },
  });

  let redis: Redis | undefined;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis (realtime) error'));
    io.adapter(createAdapter(redis));
  }

  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      const token = cookies[app.sessionCookieName];
      const user = token ? await options.sessions.resolve(token) : null;
      if (!user) return next(new Error('UNAUTHENTICATED'));
      socket.data.user = user;
      await socket.join(`user:${user.id}`);
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  io.on('connection', (socket: RealtimeSocket) => {
    socket.on('ping', (payload: unknown) => {
      const parsed = pingPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      socket.emit('pong', { timestamp: parsed.data.timestamp, serverTime: Date.now() });
    });
  });

  app.decorate('io', io);
  app.addHook('onClose', async () => {
    await io.close();
    if (redis) await redis.quit().catch(() => undefined);
  });
}

export default fp(realtimePlugin, { name: 'realtime', dependencies: ['@fastify/cookie', 'auth'] });
