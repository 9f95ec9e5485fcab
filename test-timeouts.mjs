/**
 * How long tests wait, in one place (decision 075). Sized for the 2-core machine this project runs on while
 * other suites or engineers keep both cores busy: a wait for a condition that takes 50 ms alone can take
 * seconds there. Tests never pass their own shorter timeout; they wait for conditions, never fixed sleeps.
 */
export const testTimeouts = Object.freeze({
  /** One wait for a condition: testing-library findBy…/waitFor, vitest expect.poll, Playwright expect. */
  conditionMs: 15_000,
  /** One unit or integration test (vitest). */
  testMs: 60_000,
  /** One before/after hook: migrating a fresh database, starting a server. */
  hookMs: 120_000,
  /** One end-to-end test in a real browser (Playwright), fixtures included. */
  e2eTestMs: 120_000,
});
