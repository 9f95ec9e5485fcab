import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, inject, vi } from 'vitest';
import { loadLanguage } from '../lib/i18n';

declare module 'vitest' {
  export interface ProvidedContext {
    conditionTimeoutMs: number;
  }
}

// Every findBy…/waitFor waits as long as the one configured condition timeout (test-timeouts.ts, decision 075),
// not testing-library's 1 s default, which ran out on a busy machine. No test passes its own timeout.
configure({ asyncUtilTimeout: inject('conditionTimeoutMs') });

// Texts are loaded on demand in the app (decisions 041, 175); tests get every language and namespace up front.
await Promise.all([loadLanguage('en'), loadLanguage('fr')]);

// ARCHITECTURE rule 9: a console.error during a test fails it.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  // No test talks to a real server: unless a test stubs fetch itself, every call answers like a
  // server would for a visitor (401), so start-up checks never reach whatever listens on :3000.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Please login first to continue' } }),
          {
            status: 401,
            headers: { 'content-type': 'application/json' },
          },
        ),
    ),
  );
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  // A test in the node environment (a real server beside it) has no localStorage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (consoleErrors.length > 0) {
    const first = consoleErrors
      .map((args) => args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '))
      .join('\n---\n');
    consoleErrors = [];
    throw new Error(`console.error was called during the test: ${first}`);
  }
});
