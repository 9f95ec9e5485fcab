import type { Redis } from 'ioredis';

/** Where a dropped command's failure goes (the app's logger). */
type FailureLog = { debug(details: { err: unknown }, message: string): void };

/**
 * The Streams adapter fires some commands without handling their promise: SUBSCRIBE on its subscriber client and
 * PUBLISH for `fetchSockets` (presence, the offline e-mail's check). One still queued when the app closes its
 * clients rejected with "Connection is closed" as an unhandled rejection (seen in test/realtime.test.ts).
 * Here those commands' promises get a handler (callers that await them still see the error), on this client and
 * on the clients the adapter duplicates from it.
 */
export function withHandledFireAndForget(client: Redis, log: FailureLog): Redis {
  const commands = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['publish', 'spublish', 'subscribe', 'ssubscribe']) {
    const command = commands[name]!.bind(client);
    commands[name] = (...args: unknown[]) => {
      const result = command(...args);
      if (result instanceof Promise)
        result.catch((error: unknown) => log.debug({ err: error }, `redis ${name} failed`));
      return result;
    };
  }
  const duplicate = client.duplicate.bind(client);
  client.duplicate = (...args: Parameters<Redis['duplicate']>) =>
    withHandledFireAndForget(duplicate(...args), log);
  return client;
}
