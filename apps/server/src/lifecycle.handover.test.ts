import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../test/helpers';
import { signUp } from '../test/accounts-helpers';
import { connectedSocket } from '../test/socket-client';
import { openPostgres } from './db/client';
import { drainAndClose } from './lifecycle';

/**
 * A chat socket's handover when its node is told to stop (decisions 295, 303): after the drain the node closes
 * every socket's transport, which the client reads as a lost connection (`transport close`, still `active`, the
 * web client's reconnect path), and the node stops listening, so the reconnection lands on another node. The
 * proxy here stands for nginx's `proxy_next_upstream error`: the first node that accepts the connection gets it.
 */
const sharedSecrets = {
  COOKIE_SECRET: 'handover-test-cookie-secret-0123456789abcdef',
  PAYMENT_WEBHOOK_SECRET: 'handover-test-webhook-secret-0123',
};

let database: TestDatabase | undefined;
const nodes: TestApp[] = [];
let proxy: net.Server | undefined;
let client: Socket | undefined;

afterAll(async () => {
  client?.close();
  proxy?.close();
  for (const node of nodes) await node.app.close().catch(() => undefined);
  await database?.destroy();
});

async function listen(test: TestApp): Promise<number> {
  await test.app.listen({ host: '127.0.0.1', port: 0 });
  const address = test.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** Forwards each connection to the first of `ports` that accepts it. */
function firstAcceptingProxy(ports: number[]): Promise<number> {
  proxy = net.createServer((downstream) => {
    downstream.on('error', () => undefined);
    const tryPort = (index: number) => {
      const upstream = net.connect(ports[index]!, '127.0.0.1');
      upstream.once('connect', () => {
        upstream.on('error', () => downstream.destroy());
        downstream.pipe(upstream).pipe(downstream);
        downstream.once('close', () => upstream.destroy());
        upstream.once('close', () => downstream.destroy());
      });
      upstream.once('error', () => {
        if (index + 1 < ports.length) tryPort(index + 1);
        else downstream.destroy();
      });
    };
    tryPort(0);
  });
  return new Promise((resolve) =>
    proxy!.listen(0, '127.0.0.1', () => resolve((proxy!.address() as net.AddressInfo).port)),
  );
}

describe('a node told to stop hands its sockets over (decision 303)', () => {
  it('tells a connected socket to reconnect, and the reconnection lands on another node', async () => {
    database = await createTestDatabase();
    const first = await createTestApp({ database, env: sharedSecrets });
    nodes.push(first);
    // Two nodes on one database: PostgreSQL only (an embedded PGlite belongs to one node).
    const second =
      database.driver === 'postgres'
        ? await createTestApp({
            database: {
              ...(await openPostgres(database.location, 2)),
              location: database.location,
              destroy: async () => undefined,
            },
            env: sharedSecrets,
          })
        : undefined;
    if (second) nodes.push(second);
    const ports = [await listen(first), ...(second ? [await listen(second)] : [])];
    const proxyPort = await firstAcceptingProxy(ports);
    const user = await signUp(first.app);

    // The web client's reconnection (apps/web/src/lib/socket.ts): 1 s, doubling.
    client = await connectedSocket(`http://127.0.0.1:${proxyPort}`, user.cookie, {
      reconnection: true,
      reconnectionDelay: 1_000,
      randomizationFactor: 0,
    });
    expect(first.app.io.engine.clientsCount).toBe(1);

    const disconnected = new Promise<{ reason: string; active: boolean }>((resolve) =>
      client!.once('disconnect', (reason) => resolve({ reason, active: client!.active })),
    );
    const stopped = drainAndClose(first.app, first.database, 300);
    // Told to go: a lost transport, which the client reconnects from by itself (not "io server disconnect").
    expect(await disconnected).toEqual({ reason: 'transport close', active: true });
    await stopped;
    if (!second) return;

    await new Promise<void>((resolve) => client!.once('connect', () => resolve()));
    expect(second.app.io.engine.clientsCount).toBe(1);
  });
});
