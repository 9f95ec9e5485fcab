import type { FastifyInstance } from 'fastify';
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { testTimeouts } from '../../../test-timeouts.mjs';

/**
 * A logged-in Socket.IO client on `url` over WebSocket, resolved once connected (rejected on a refused handshake).
 * No reconnection unless `options` asks for it.
 */
export async function connectedSocket(
  url: string,
  cookie: string,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Promise<Socket> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
    timeout: testTimeouts.conditionMs,
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Makes `app` listen on a free port of 127.0.0.1: its base URL (`http://127.0.0.1:<port>`). */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
