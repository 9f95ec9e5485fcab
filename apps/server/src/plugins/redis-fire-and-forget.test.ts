import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withHandledFireAndForget } from './redis-fire-and-forget';

const redisUrl = process.env.REDIS_URL;

// The Streams adapter's own calls, as it makes them: a PUBLISH (fetchSockets) and a SUBSCRIBE on a duplicated
// client, their promises dropped, then the clients closed while the commands are still queued.
describe.runIf(Boolean(redisUrl))('Redis commands the Streams adapter fires and forgets', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.prependListener('unhandledRejection', record);
  });
  afterEach(() => {
    process.removeListener('unhandledRejection', record);
  });
  const logged: string[] = [];
  const log = {
    debug: (_: unknown, message: string) => void logged.push(message),
  };

  it('leave no unhandled rejection when the client closes under them', async () => {
    const client = withHandledFireAndForget(new Redis(redisUrl!), log);
    const subscriber = client.duplicate();
    void subscriber.subscribe('ms-test-fire-and-forget');
    void client.publish('ms-test-fire-and-forget', 'payload');
    subscriber.disconnect();
    client.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unhandled).toEqual([]);
    expect(logged).toEqual(expect.arrayContaining(['redis subscribe failed', 'redis publish failed']));
  });

  it('still gives a caller that awaits the command its answer or its error', async () => {
    const client = withHandledFireAndForget(new Redis(redisUrl!), log);
    await expect(client.publish('ms-test-fire-and-forget', 'payload')).resolves.toBe(0);
    client.disconnect();
    await expect(client.publish('ms-test-fire-and-forget', 'payload')).rejects.toThrow(
      'Connection is closed',
    );
  });
});
