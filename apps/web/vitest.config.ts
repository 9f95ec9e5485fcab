import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { testTimeouts } from '../../test-timeouts.mjs';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: testTimeouts.testMs,
    hookTimeout: testTimeouts.hookMs,
    expect: { poll: { timeout: testTimeouts.conditionMs } },
    // The setup file configures testing-library's waits with the same figure (see src/test/setup.ts).
    provide: { conditionTimeoutMs: testTimeouts.conditionMs },
  },
});
