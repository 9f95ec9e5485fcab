import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../test/helpers';
import { drainAndClose } from './lifecycle';

let database: TestDatabase | undefined;
let test: TestApp | undefined;

afterAll(async () => {
  await test?.app.close().catch(() => undefined);
  await database?.destroy();
});

describe('a node told to stop (decision 295)', () => {
  it('turns readiness off at once, keeps serving through the drain, finishes the request in flight, then closes', async () => {
    database = await createTestDatabase();
    let slowStarted!: () => void;
    const slowHasStarted = new Promise<void>((resolve) => (slowStarted = resolve));
    test = await createTestApp({
      database,
      beforeReady: (app) => {
        app.get('/test/slow', async () => {
          slowStarted();
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          return { done: true };
        });
      },
    });
    const { app } = test;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const inFlight = fetch(`${base}/test/slow`);
    await slowHasStarted;
    const stopped = drainAndClose(app, database, 300);

    const readiness = await fetch(`${base}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: 'draining' });
    // Liveness stays plain: the process is alive while it drains.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    // The drain (300 ms) ends and the close begins while the slow request still runs: it completes.
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    await stopped;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    await expect(database.ping()).rejects.toThrow();
  });
});
