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
    let releaseSlow!: () => void;
    const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
    let closeBegan!: () => void;
    const closeHasBegun = new Promise<void>((resolve) => (closeBegan = resolve));
    test = await createTestApp({
      database,
      beforeReady: (app) => {
        app.get('/test/slow', async () => {
          slowStarted();
          await slowReleased;
          return { done: true };
        });
        app.addHook('preClose', (done) => {
          closeBegan();
          done();
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
    let closed = false;
    const stopped = drainAndClose(app, database, 4_000).then(() => (closed = true));

    // Draining: readiness is off at once, liveness stays plain, and the node still serves.
    const readiness = await fetch(`${base}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: 'draining' });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    // The drain ends and the close begins with the slow request still running: it completes, then the node closes.
    await closeHasBegun;
    expect(closed).toBe(false);
    releaseSlow();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    // Its connection, idle now, is closed too: the close does not wait out the keep-alive timeout (72 s).
    const answeredAt = Date.now();
    await stopped;
    expect(Date.now() - answeredAt).toBeLessThan(30_000);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    await expect(database.ping()).rejects.toThrow();
  });
});

describe('a node told to stop with a request that never ends (decision 295)', () => {
  let stuckDatabase: TestDatabase | undefined;
  let stuck: TestApp | undefined;
  afterAll(async () => {
    await stuck?.app.close().catch(() => undefined);
    await stuckDatabase?.destroy();
  });

  it('cuts the stuck request at the shutdown timeout and closes anyway', async () => {
    stuckDatabase = await createTestDatabase();
    let stuckStarted!: () => void;
    const stuckHasStarted = new Promise<void>((resolve) => (stuckStarted = resolve));
    stuck = await createTestApp({
      database: stuckDatabase,
      beforeReady: (app) => {
        app.get('/test/stuck', async () => {
          stuckStarted();
          await new Promise(() => undefined);
        });
      },
    });
    const { app } = stuck;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const inFlight = fetch(`${base}/test/stuck`).then(
      () => 'answered',
      () => 'cut',
    );
    await stuckHasStarted;
    const startedAt = Date.now();
    await drainAndClose(app, stuckDatabase, 0, 500);
    const took = Date.now() - startedAt;
    expect(took).toBeGreaterThanOrEqual(450);
    expect(took).toBeLessThan(30_000);
    expect(await inFlight).toBe('cut');
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
