import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { users } from '../src/modules/auth/auth.tables';
import { createSessionService } from '../src/modules/auth/session.service';
import { createTestApp, type TestApp } from './helpers';
import { waitFor } from './wait-for';
import { testTimeouts } from '../../../test-timeouts.mjs';
import { SESSION_COOKIE } from '../src/plugins/auth';
import { type SocketAck } from '@maplesource/contracts/realtime/events';

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

const redisUrl = process.env.REDIS_URL;
const apps: TestApp[] = [];
let cookie = '';
let userId = '';

async function startNode(database?: TestApp['database']): Promise<{ t: TestApp; url: string }> {
  const t = await createTestApp({
    env: redisUrl ? { REDIS_URL: redisUrl } : {},
    ...(database ? { database } : {}),
  });
  apps.push(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { t, url: `http://127.0.0.1:${port}` };
}

function open(
  url: string,
  withCookie: boolean,
  { origin, transport = 'websocket' }: { origin?: string; transport?: 'websocket' | 'polling' } = {},
): Socket {
  return connect(url, {
    path: '/socket.io',
    transports: [transport],
    extraHeaders: { ...(withCookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
    reconnection: false,
    timeout: testTimeouts.conditionMs,
  });
}

let first: { t: TestApp; url: string };

beforeAll(async () => {
  first = await startNode();
  userId = randomUUID();
  await first.t.database.db.insert(users).values({
    id: userId,
    memberId: `MS-RT-${userId.slice(0, 8)}`,
    fullName: 'Realtime Buyer',
    email: `rt-${userId}@example.ca`,
    phoneNumber: '+14165550199',
    passwordHash: 'x',
    roles: ['buyer'],
  });
  cookie = `${SESSION_COOKIE}=${await createSessionService(first.t.database.db).create(userId)}`;
});
afterAll(async () => {
  for (const t of apps.reverse()) await t.close();
});

describe('realtime connection (chat backend)', () => {
  it('refuses a visitor', async () => {
    const socket = open(first.url, false);
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('UNAUTHENTICATED');
    socket.close();
  });

  it('answers ping with pong for a logged-in user and ignores a malformed ping', async () => {
    const socket = open(first.url, true);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.emit('ping', { timestamp: 'not a number' });
    socket.emit('ping', { timestamp: 42 });
    const pong = await new Promise<{ timestamp: number; serverTime: number }>((resolve) =>
      socket.once('pong', resolve),
    );
    expect(pong.timestamp).toBe(42);
    socket.close();
  });

  it('refuses a handshake from an origin that is not allowed, on websocket and on polling', async () => {
    for (const transport of ['websocket', 'polling'] as const) {
      const socket = open(first.url, true, { origin: 'https://evil.example', transport });
      await expect(connected(socket)).rejects.toBeInstanceOf(Error);
      expect(socket.connected).toBe(false);
      socket.close();
    }
    const allowed = open(first.url, true, { origin: 'http://localhost:3000' });
    await connected(allowed);
    allowed.close();
  });

  it('checks each payload with its schema and acknowledges results and errors', async () => {
    const socket = open(first.url, true);
    await connected(socket);
    const bad = (await socket.emitWithAck('markAsRead', { chatId: 42 })) as SocketAck;
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'SOCKET_PAYLOAD_INVALID', fields: { chatId: expect.any(String) } },
    });
    // The chat module's handlers (chat.socket.ts): a result is acknowledged, an AppError with its code.
    const good = (await socket.emitWithAck('ping', { timestamp: 1 })) as SocketAck;
    expect(good).toEqual({ ok: true, data: null });
    const refused = (await socket.emitWithAck('markAsRead', { chatId: randomUUID() })) as SocketAck;
    expect(refused).toEqual({ ok: false, error: { code: 'CHAT_NOT_FOUND', message: 'Chat not found' } });
    socket.close();
  });

  it.runIf(Boolean(redisUrl))(
    'delivers to a socket on the emitting node without waiting for the Redis publish (decision 170)',
    async () => {
      const socket = open(first.url, true);
      await connected(socket);
      const adapter = first.t.app.io.of('/').adapter as unknown as {
        publishAndReturnOffset(message: unknown): Promise<unknown>;
      };
      const publish = adapter.publishAndReturnOffset;
      const published: unknown[] = [];
      // Redis never answers: before decision 170 the local delivery waited for the XADD's offset.
      adapter.publishAndReturnOffset = (message) => {
        published.push(message);
        return new Promise(() => undefined);
      };
      try {
        const received = new Promise<unknown>((resolve) => socket.once('notification:new', resolve));
        first.t.app.io.to(`user:${userId}`).emit('notification:new', { hello: 'local first' });
        expect(await received).toEqual({ hello: 'local first' });
        // Still handed to the other processes, at the end of the synchronous run that emitted it (decision 187).
        await Promise.resolve();
        expect(published).toHaveLength(1);
      } finally {
        adapter.publishAndReturnOffset = publish;
        socket.close();
      }
    },
  );

  it.runIf(Boolean(redisUrl))(
    'publishes the broadcasts of one synchronous run as one stream entry, and another node delivers each in order',
    async () => {
      const second = await startNode(first.t.database);
      const socket = open(second.url, true);
      await connected(socket);
      const adapter = first.t.app.io.of('/').adapter as unknown as {
        publishAndReturnOffset(message: unknown): Promise<unknown>;
      };
      const publish = adapter.publishAndReturnOffset.bind(adapter);
      const published: Array<{ type: number }> = [];
      adapter.publishAndReturnOffset = (message) => {
        published.push(message as { type: number });
        return publish(message);
      };
      const names = ['notification:new', 'notificationCreated', 'notification'] as const;
      const heard: string[] = [];
      for (const name of names)
        socket.on(name, (payload: { round: number }) => heard.push(`${name}#${payload.round}`));
      // Adapters need a moment to see each other's subscriptions; emit rounds until one arrives whole.
      let round = 0;
      const timer = setInterval(() => {
        round += 1;
        const room = first.t.app.io.to(`user:${userId}`);
        for (const name of names) room.emit(name, { round });
      }, 100);
      try {
        const whole = await waitFor('a whole round on the other node', async () => {
          const at = heard.findIndex((entry) => entry.startsWith('notification:new#'));
          if (at < 0) return null;
          return heard.length >= at + 3 ? heard.slice(at, at + 3) : null;
        });
        const n = whole[0]!.split('#')[1];
        expect(whole).toEqual(names.map((name) => `${name}#${n}`));
        expect(published.length).toBeGreaterThan(0);
        expect(published.every((message) => message.type === 100)).toBe(true); // one entry per round of three
      } finally {
        clearInterval(timer);
        adapter.publishAndReturnOffset = publish;
        socket.close();
      }
    },
  );

  it.runIf(Boolean(redisUrl))(
    'delivers an event emitted on one node to a user connected to another (Redis)',
    async () => {
      const second = await startNode(first.t.database);
      const socket = open(second.url, true);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const received = new Promise<unknown>((resolve) => socket.once('notification:new', resolve));
      // Adapters need a moment to see each other's subscriptions; retry the emit until it arrives.
      const timer = setInterval(
        () => first.t.app.io.to(`user:${userId}`).emit('notification:new', { hello: 'from node 1' }),
        100,
      );
      try {
        expect(await received).toEqual({ hello: 'from node 1' });
      } finally {
        clearInterval(timer);
        socket.close();
      }
    },
  );
});
