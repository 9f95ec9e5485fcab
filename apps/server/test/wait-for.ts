/**
 * Waits for a condition instead of a fixed sleep (ARCHITECTURE rule 9: tests pass on a busy machine).
 * Resolves with the first truthy value `check` returns; rejects after `timeoutMs` with `what` in the message.
 *
 * The checks start 10 ms apart and back off to `maxIntervalMs` (decision 336): a condition that
 * takes seconds (a job's delay, a child process) is not asked a hundred times a second, so the checks' queries do not
 * take the CPU the other test files running meanwhile need.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  {
    timeoutMs = 20_000,
    intervalMs = 10,
    maxIntervalMs = 100,
  }: { timeoutMs?: number; intervalMs?: number; maxIntervalMs?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let interval = intervalMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
    interval = Math.max(intervalMs, Math.min(Math.ceil(interval * 1.5), maxIntervalMs));
  }
}
