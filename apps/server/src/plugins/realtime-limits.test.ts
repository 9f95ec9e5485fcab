import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Redis, type RedisOptions } from 'ioredis';
import { testTimeouts } from '../../../../test-timeouts.mjs';
import { RealtimeLimiter, type LimitDecision, type RealtimeLimitsConfig } from './realtime-limits';

/**
 * The socket limiter of decision 242 on its own: the second's rate, its burst, the minute's ceiling and the wait
 * it announces (in process, on fake time), one budget for two processes' limiters on one Redis, and the
 * in-process fallback when Redis cannot be reached.
 */
const redisUrl = process.env.REDIS_URL;

const config: RealtimeLimitsConfig = {
  messages: { perSecond: 2, burst: 4, perMinute: 9 },
  events: { perSecond: 5, burst: 5, perMinute: 100 },
  connectionsPerIpPerMinute: 3,
};

async function spend(n: number, take: () => Promise<LimitDecision>): Promise<LimitDecision[]> {
  const decisions: LimitDecision[] = [];
  for (let i = 0; i < n; i += 1) decisions.push(await take());
  return decisions;
}
const allowedCount = (decisions: LimitDecision[]) => decisions.filter((d) => d.allowed).length;

afterEach(() => {
  vi.useRealTimers();
});

describe('realtime limiter in process', () => {
  it('allows the rate, a burst on top of it once per ten seconds, and the minute’s ceiling', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z') });
    const limiter = new RealtimeLimiter(config);
    const user = randomUUID();
    const take = () => limiter.consumeEvent('messages', user);

    // One second: two of the rate and two of the burst.
    const first = await spend(10, take);
    expect(first.map((d) => d.allowed)).toEqual([true, true, true, true, ...Array<boolean>(6).fill(false)]);
    expect(first.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // The next second: the rate again, the burst is spent until its ten seconds are over.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(allowedCount(await spend(10, take))).toBe(2);
    await vi.advanceTimersByTimeAsync(9_000);
    // Ten seconds on: the burst is back, but the minute has only three left (4 + 2 + 3 = 9).
    expect(allowedCount(await spend(10, take))).toBe(3);
    // The second's rate is back a second later; the minute, begun 11 s ago, refuses and says how long.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await take()).toEqual({ allowed: false, retryAfterSeconds: 49 });
    await vi.advanceTimersByTimeAsync(49_000);
    expect(await take()).toEqual({ allowed: true });
  });

  it('keeps one budget per user and per group, and counts handshakes per address', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z') });
    const limiter = new RealtimeLimiter(config);
    const [one, two] = [randomUUID(), randomUUID()];
    expect(allowedCount(await spend(6, () => limiter.consumeEvent('messages', one)))).toBe(4);
    expect(allowedCount(await spend(6, () => limiter.consumeEvent('messages', two)))).toBe(4);
    // No burst for events (burst = rate): five in the second.
    expect(allowedCount(await spend(8, () => limiter.consumeEvent('events', one)))).toBe(5);
    expect(allowedCount(await spend(5, () => limiter.consumeConnection('203.0.113.5')))).toBe(3);
    expect(await limiter.consumeConnection('203.0.113.5')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await limiter.consumeConnection('203.0.113.6')).toEqual({ allowed: true });
  });
});

describe('realtime limiter on Redis', () => {
  const clients: Redis[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  const client = (url: string, options: RedisOptions = {}) => {
    const created = new Redis(url, { maxRetriesPerRequest: 1, ...options });
    created.on('error', () => undefined); // the unreachable one fails on purpose
    clients.push(created);
    return created;
  };

  it.runIf(Boolean(redisUrl))('gives two processes’ limiters one budget per user', async () => {
    const [a, b] = [client(redisUrl!), client(redisUrl!)];
    await Promise.all([a.ping(), b.ping()]);
    const shared = { ...config, messages: { perSecond: 100, burst: 100, perMinute: 7 } };
    const [onA, onB] = [new RealtimeLimiter(shared, a), new RealtimeLimiter(shared, b)];
    const user = randomUUID();
    const decisions = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? onA : onB).consumeEvent('messages', user)),
    );
    expect(allowedCount(decisions)).toBe(7);
    const refused = decisions.find((d) => !d.allowed);
    expect(refused).toMatchObject({ allowed: false });
    if (refused && !refused.allowed) expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it.runIf(Boolean(redisUrl))(
    'keeps the second’s rate, its burst and the minute in one Redis call per event',
    async () => {
      const redis = client(redisUrl!);
      await redis.ping();
      const limiter = new RealtimeLimiter(config, redis);
      const sent = vi.spyOn(redis, 'sendCommand');
      const user = randomUUID();

      // Sent together, so that all of them fall in one second however busy the machine (one connection: Redis
      // answers them in order). Two of the rate and two of the burst, then refused until the second ends.
      const together = (n: number, take: () => Promise<LimitDecision>) =>
        Promise.all(Array.from({ length: n }, take));
      const first = await together(10, () => limiter.consumeEvent('messages', user));
      expect(first.map((d) => d.allowed)).toEqual([true, true, true, true, ...Array<boolean>(6).fill(false)]);
      expect(first.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
      expect(sent).toHaveBeenCalledTimes(10);
      // No burst for events (burst = rate): five in the second, the user's messages apart.
      expect(allowedCount(await together(8, () => limiter.consumeEvent('events', user)))).toBe(5);

      // The minute's ceiling refuses with the minute's wait, and a refusal by the second does not spend it.
      const other = randomUUID();
      const minute = new RealtimeLimiter(
        { ...config, messages: { perSecond: 3, burst: 3, perMinute: 5 } },
        redis,
      );
      expect(allowedCount(await together(6, () => minute.consumeEvent('messages', other)))).toBe(3);
      expect(await redis.get(`maplesource:realtime:rl:messages:m:${other}`)).toBe('3');
      await vi.waitFor(
        async () => expect(await minute.consumeEvent('messages', other)).toEqual({ allowed: true }),
        { timeout: testTimeouts.conditionMs, interval: 200 },
      );
      await minute.consumeEvent('messages', other);
      const refused = await minute.consumeEvent('messages', other);
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(30);
    },
  );

  it('counts in process when Redis takes too long to answer, rather than holding the event up', async () => {
    // A "Redis" that answers the client's connection set-up (CLIENT SETINFO, then the INFO of its ready check)
    // and then nothing more.
    const held: Socket[] = [];
    const info = 'loading:0\r\n';
    const silent: Server = createServer((socket) => {
      held.push(socket);
      let answering = true;
      socket.on('data', (chunk: Buffer) => {
        const lines = chunk.toString().split('\r\n');
        lines.forEach((line, i) => {
          if (!answering || !line.startsWith('*')) return;
          const command = lines[i + 2]?.toLowerCase();
          if (command === 'info') {
            socket.write(`$${info.length}\r\n${info}\r\n`);
            answering = false;
          } else socket.write('+OK\r\n');
        });
      });
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const address = silent.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const stalled = client(`redis://127.0.0.1:${port}`);
      await new Promise<void>((resolve) => stalled.once('ready', () => resolve()));
      // The minute's ceiling: each decision waits out two 250 ms timeouts, so seconds pass during the test.
      const limiter = new RealtimeLimiter(
        { ...config, messages: { perSecond: 100, burst: 100, perMinute: 3 } },
        stalled,
      );
      const user = randomUUID();
      const startedAt = Date.now();
      expect(allowedCount(await spend(5, () => limiter.consumeEvent('messages', user)))).toBe(3);
      // Each decision waited for the timeouts, not for Redis.
      expect(Date.now() - startedAt).toBeLessThan(testTimeouts.conditionMs);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('counts in process while Redis cannot be reached, rather than failing or letting everything through', async () => {
    // Nothing listens on port 1: the client never becomes ready.
    const down = client('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false });
    const limiter = new RealtimeLimiter(config, down);
    const user = randomUUID();
    expect(allowedCount(await spend(10, () => limiter.consumeEvent('messages', user)))).toBe(4);
  });
});
