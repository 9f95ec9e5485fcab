// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { UserConfig } from 'vite';
import viteConfig from '../../vite.config';
import { backendPathPrefixes } from './dev-proxy';

/** The README's Vite dev flow (decision 243): what the server answers outside the web app reaches it. */
describe('the Vite dev server proxy', () => {
  const config = (viteConfig as (env: { command: 'serve'; mode: string }) => UserConfig)({
    command: 'serve',
    mode: 'development',
  });
  const proxy = config.server?.proxy as Record<string, { target: string; ws?: boolean }>;
  /** The proxy entry Vite would use for a path (its keys are path prefixes). */
  const entryFor = (path: string) =>
    Object.entries(proxy).find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1];

  it('sends the sandbox payment pages and endpoints to the backend, like the API and the socket', () => {
    for (const path of [
      '/sandbox-pay/intents/pi_sb_1/challenge',
      '/sandbox-pay/intents/pi_sb_1/confirm',
      '/api/v1/auth/verify-tokens',
      '/socket.io/',
      '/uploads/products/a.webp',
      '/healthz',
    ])
      expect(entryFor(path)?.target, path).toBe('http://localhost:3000');
    expect(entryFor('/socket.io/')?.ws).toBe(true);
    expect(entryFor('/api/v1/messages')?.ws).toBe(true);
  });

  it('proxies nothing but the backend’s own paths: pages stay with Vite', () => {
    expect(Object.keys(proxy).sort()).toEqual([...backendPathPrefixes].sort());
    for (const page of ['/', '/products', '/fr/chat', '/sandbox-payments', '/apis'])
      expect(entryFor(page), page).toBeUndefined();
  });
});
