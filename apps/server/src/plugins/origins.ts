import type { AppConfig } from '../config';
import { isLoopbackHost } from './loopback';

/** The port the README's Vite dev server listens on (`npm run dev -w @maplesource/web`). */
export const viteDevServerPort = 5173;

/** The three names a browser on this machine may type for a loopback address. */
const loopbackNames = ['localhost', '127.0.0.1', '[::1]'] as const;

export type OriginSettings = Pick<AppConfig, 'PUBLIC_URL' | 'CORS_ORIGINS' | 'NODE_ENV' | 'PORT'>;

/** `scheme://host[:port]`, lower case, without a trailing slash: how a browser spells an `Origin` header. */
export function normalizeOrigin(origin: string): string {
  return origin.replace(/\/$/, '').toLowerCase();
}

/**
 * Every loopback spelling of an origin (`http://localhost:3000`, `http://127.0.0.1:3000`, `http://[::1]:3000`)
 * when its host is a loopback one; the origin alone otherwise.
 */
export function loopbackSpellings(origin: string): string[] {
  const url = new URL(origin);
  if (!isLoopbackHost(url.hostname)) return [normalizeOrigin(url.origin)];
  const port = url.port ? `:${url.port}` : '';
  return loopbackNames.map((name) => `${url.protocol}//${name}${port}`);
}

/**
 * The browser origins whose pages may use the API with credentials and open the socket (decision 243):
 * PUBLIC_URL and CORS_ORIGINS; when PUBLIC_URL is a loopback address, its other loopback spellings on the same
 * port (a page the server itself served at 127.0.0.1 instead of localhost); in development also the loopback
 * spellings of the server's own port and of the Vite dev server, whose proxy passes the page's `Origin` through.
 */
export function allowedBrowserOrigins(config: OriginSettings): string[] {
  const origins = [...loopbackSpellings(config.PUBLIC_URL), ...config.CORS_ORIGINS.map(normalizeOrigin)];
  if (config.NODE_ENV === 'development')
    origins.push(
      ...loopbackSpellings(`http://localhost:${config.PORT}`),
      ...loopbackSpellings(`http://localhost:${viteDevServerPort}`),
    );
  return [...new Set(origins)];
}

/**
 * The `Host` values that are this site: PUBLIC_URL's, and its other loopback spellings when it is a loopback one.
 * Lower case, with the port when the URL names one.
 */
export function ownHosts(publicUrl: string): Set<string> {
  return new Set(loopbackSpellings(publicUrl).map((origin) => new URL(origin).host.toLowerCase()));
}

/**
 * In production, where a page asked for on another host goes (decision 243): PUBLIC_URL with the same path and
 * query, so the page loads on the one origin its socket, cookies and links belong to. `null` when the host is
 * the site's own, or outside production. `path` is the request target (it starts with `/`; PUBLIC_URL has no
 * trailing slash, so the result stays on PUBLIC_URL's host whatever the path holds).
 */
export function canonicalPageRedirect(
  config: Pick<AppConfig, 'PUBLIC_URL' | 'NODE_ENV'>,
  own: ReadonlySet<string>,
  host: string | undefined,
  path: string,
): string | null {
  if (config.NODE_ENV !== 'production') return null;
  if (host !== undefined && own.has(host.toLowerCase())) return null;
  return `${config.PUBLIC_URL}${path.startsWith('/') ? path : `/${path}`}`;
}
