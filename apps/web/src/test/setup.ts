import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// ARCHITECTURE rule 9: a console.error during a test fails it.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]!.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ');
    consoleErrors = [];
    throw new Error(`console.error was called during the test: ${first}`);
  }
});
