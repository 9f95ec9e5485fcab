/**
 * What the Vite dev server (README: `npm run dev -w @maplesource/web`, port 5173) hands to the backend: every
 * path the server answers that is not a page of the web app. The API and the socket (upgrades too), health,
 * uploaded files, and the sandbox payment provider's card endpoint and challenge page, where checkout sends the
 * browser (decision 143). `changeOrigin` sets Host to the backend's; the page's Origin passes through, which the
 * server accepts in development (decision 243).
 */
export type DevProxy = Record<string, { target: string; changeOrigin: true; ws?: true }>;

export const backendPathPrefixes = [
  '/api',
  '/socket.io',
  '/healthz',
  '/uploads',
  '/sandbox-pay',
  '/sandbox-connect',
] as const;

/** Prefixes whose requests may upgrade to a WebSocket. */
const websocketPrefixes = new Set<string>(['/api', '/socket.io']);

export function devProxy(backend: string): DevProxy {
  return Object.fromEntries(
    backendPathPrefixes.map((prefix) => [
      prefix,
      { target: backend, changeOrigin: true, ...(websocketPrefixes.has(prefix) ? { ws: true } : {}) },
    ]),
  ) as DevProxy;
}
