// @vitest-environment node
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { pingPayloadSchema } from '@maplesource/contracts/realtime/events';
import { createSocketConnection, type LoginSource, type SocketConnection } from './socket';

/** The shared connection against a real in-process Socket.IO server (same version as the chat backend's). */
let http: HttpServer;
let io: Server;
let url: string;
let connection: SocketConnection;
const loggedIn: LoginSource = { isLoggedIn: () => true, subscribe: () => () => undefined };

beforeEach(async () => {
  http = createServer();
  io = new Server(http, { path: '/socket.io', transports: ['websocket', 'polling'] });
  // What the chat backend's realtime plugin does with a ping.
  io.on('connection', (socket) => {
    socket.on('ping', (payload: unknown) => {
      const parsed = pingPayloadSchema.safeParse(payload);
      if (parsed.success) socket.emit('pong', { timestamp: parsed.data.timestamp, serverTime: Date.now() });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  connection = createSocketConnection({ url, login: loggedIn });
});

afterEach(async () => {
  connection.dispose();
  await io.close();
});

describe('shared socket connection against a real Socket.IO server', () => {
  it('connects, gets a pong for its ping, reconnects by hand after the server ends it, and closes when let go', async () => {
    const status = () => connection.status.getState().status;
    const pongs: unknown[] = [];
    connection.on('pong', (payload) => pongs.push(payload));
    const release = connection.acquire();
    await expect.poll(status).toBe('connected');
    expect(io.engine.clientsCount).toBe(1);

    expect(connection.send('ping', { timestamp: 42 })).toBe(true);
    await expect.poll(() => pongs).toEqual([{ timestamp: 42, serverTime: expect.any(Number) }]);

    io.disconnectSockets(true);
    await expect.poll(status).toBe('disconnected');
    expect(connection.send('ping', { timestamp: 43 })).toBe(false);
    expect(connection.reconnect()).toBe(true);
    await expect.poll(status).toBe('connected');

    release();
    await expect.poll(() => io.engine.clientsCount).toBe(0);
    expect(status()).toBe('disconnected');
  });
});
