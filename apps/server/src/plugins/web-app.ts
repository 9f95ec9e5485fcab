import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import {
  DEV_OUTBOX_PATH,
  isKnownPagePath,
  isLanguageCode,
  stripLanguagePrefix,
} from '@maplesource/contracts';
import { PAYMENTS_MODE_META } from '@maplesource/contracts/page-data';
import { sendError } from './errors';
import { PAGE_DATA_WAIT_MS, pageData, type PageDataLinks } from './page-data';

export interface ShellRenderInput {
  request: FastifyRequest;
  /** The page path without a language prefix. */
  pathname: string;
  statusCode: 200 | 404;
  template: string;
}

/** A renderer may turn a known page into a 404 (e.g. /productdetails/{slug} whose product does not exist). */
export interface ShellRenderResult {
  html: string;
  statusCode: 200 | 404;
}

export interface WebAppOptions {
  distDir: string;
  /** Lets the content domain put the resolved SEO head into the HTML; default: the built index.html. */
  renderShell?: (input: ShellRenderInput) => Promise<string | ShellRenderResult>;
  /** Extra `<head>` links for a page path (e.g. its main image, so it loads with the app; decision 041). */
  pageLinks?: (pathname: string) => string;
  /** The API requests (path and query after `/api/v1/`) whose answers go into the page's HTML (decision 044);
   * given the address's path as is (with any language prefix) and its query string. */
  pageDataRequests?: (pathname: string, search: string) => string[];
  /** The requests the first answers call for (a seller's catalogue, a post's related posts; decision 205). */
  pageDataFollowUps?: (
    pathname: string,
    search: string,
    answerOf: (pathAndQuery: string) => unknown,
  ) => string[];
  /** Links from a page's data, sent with it (e.g. a listing's first images, its largest paint; decision 044). */
  pageDataLinks?: (pathname: string) => PageDataLinks | undefined;
  /**
   * Where a page asked for on a host that is not the site's own goes instead (production, decision 243), or null
   * to serve it here.
   */
  canonicalPage?: (request: FastifyRequest) => string | null;
  /**
   * Whether cards are really charged (decision 238): every page's HTML says so in a meta tag, so the app shows its
   * "test payments" banner with its first render, without asking the payment backend.
   */
  paymentsMode?: 'test' | 'live';
  /** The sandbox outbox exists (never in production): its page, `DEV_OUTBOX_PATH`, is served (decision 257). */
  devOutboxPage?: boolean;
}

/** Page path → 200 when it is a screen of docs/product.md §2, else 404 (the not-found page still renders). */
export function pageStatus(pathname: string, devOutboxPage = false): 200 | 404 {
  const withoutLanguage = stripLanguagePrefix(
    pathname,
    (segment) => isLanguageCode(segment) && segment.length <= 5,
  );
  if (devOutboxPage && withoutLanguage.replace(/\/$/, '') === DEV_OUTBOX_PATH) return 200;
  return isKnownPagePath(withoutLanguage) ? 200 : 404;
}

/**
 * The screen module the web router lazy-loads for a page path (apps/web/src/app/router.tsx), for the pages
 * whose first paint counts most (decision 041). Unlisted paths get no preload: the app still loads them.
 */
const routeModules: [RegExp, string][] = [
  [/^\/$/, 'src/app/routes/landing.tsx'],
  [/^\/products(\/[^/]+){0,2}\/?$/, 'src/app/routes/products.tsx'],
  [/^\/productdetails\/[^/]+\/?$/, 'src/app/routes/product-detail.tsx'],
  [/^\/services(\/[^/]+){0,2}\/?$/, 'src/app/routes/services.tsx'],
  [/^\/service\/[^/]+\/?$/, 'src/app/routes/service-detail.tsx'],
  [/^\/sellers\/?$/, 'src/app/routes/sellers.tsx'],
  [/^\/seller\/[^/]+\/?$/, 'src/app/routes/seller-detail.tsx'],
  [/^\/blogs\/?$/, 'src/app/routes/blogs.tsx'],
  [/^\/blog\/[^/]+\/?$/, 'src/app/routes/blog-detail.tsx'],
];

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * `<link rel="modulepreload">` for the texts the page renders with: the first chunk of its address's language
 * (`/fr/…` French, else English; a language without texts of its own uses English), which the app awaits before
 * its first render (decision 175). Empty without a manifest or when the build has no such chunk.
 */
export function languagePreload(manifest: Manifest | null, pathname: string): string {
  if (!manifest) return '';
  const segment = pathname.split('/')[1];
  const language = segment && isLanguageCode(segment) ? segment : 'en';
  const chunkOf = (code: string) => manifest[`src/locales/${code}/first.ts`];
  const chunk = chunkOf(language) ?? chunkOf('en');
  return chunk ? `<link rel="modulepreload" crossorigin href="/${chunk.file}">` : '';
}

/**
 * `<link rel="modulepreload">` for a page's screen chunk and the chunks it imports, from Vite's manifest, so the
 * browser fetches them with the entry instead of one round trip after it has run. Empty without a manifest.
 */
export function routePreloads(manifest: Manifest | null, pathname: string, template: string): string {
  if (!manifest) return '';
  const module = routeModules.find(([pattern]) => pattern.test(pathname))?.[1];
  if (!module || !manifest[module]) return '';
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return [...files]
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

/**
 * CSP sources (`'sha256-…'`) allowing the `<style>` elements of a page template: the first paint's styles the
 * build inlines into index.html (decision 189). Only attribute-less elements, the form the build emits.
 */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css = '']) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`,
  );
}

/** `inlineStyleHashes` of the built index.html in `distDir`; none when the web app is not built. */
export function webAppStyleHashes(distDir: string): string[] {
  const indexFile = path.join(distDir, 'index.html');
  return existsSync(indexFile) ? inlineStyleHashes(readFileSync(indexFile, 'utf8')) : [];
}

/** Serves the built web app: fingerprinted assets cached for a year, the app shell for page paths. */
async function webAppPlugin(app: FastifyInstance, options: WebAppOptions) {
  const indexFile = path.join(options.distDir, 'index.html');
  const available = existsSync(indexFile);
  const template = available
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MapleSource</title></head><body><p>The web app is not built. Run <code>npm run build</code>.</p></body></html>';
  const manifestFile = path.join(options.distDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest)
    : null;

  if (available) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      serveDotFiles: false,
      setHeaders(res, filePath) {
        const relative = path.relative(options.distDir, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'public, max-age=3600');
        }
      },
    });
  }

  const paymentsMeta = options.paymentsMode
    ? `<meta name="${PAYMENTS_MODE_META}" content="${options.paymentsMode}">`
    : '';
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const canonical = options.canonicalPage?.(request);
    if (canonical) return reply.redirect(canonical, 308);
    const [rawPath = '/', search = ''] = request.url.split(/\?(.*)/s, 2);
    const pathname = decodeURIComponentSafe(rawPath);
    const statusCode = pageStatus(pathname, options.devOutboxPage);
    const page = stripLanguagePrefix(pathname, isLanguageCode);
    const preloads =
      paymentsMeta +
      languagePreload(manifest, pathname) +
      routePreloads(manifest, page, template) +
      (options.pageLinks?.(page) ?? '');
    const shell = preloads ? template.replace('</head>', `${preloads}</head>`) : template;
    const rendered = options.renderShell
      ? await options.renderShell({
          request,
          pathname: page,
          statusCode,
          template: shell,
        })
      : shell;
    const finalStatus = typeof rendered === 'string' ? statusCode : rendered.statusCode;
    const html = typeof rendered === 'string' ? rendered : rendered.html;
    const apiRequests =
      request.method === 'GET' && finalStatus === 200
        ? (options.pageDataRequests?.(pathname, search) ?? [])
        : [];
    reply.status(finalStatus).type('text/html; charset=utf-8');
    if (apiRequests.length === 0) return reply.header('cache-control', 'no-cache').send(html);
    // Decision 044: the page's first API answers (and the links they call for) go into the HTML. They are the
    // asker's own (their session's): never a shared cache's.
    const waitMs =
      app.config.PAGE_DATA_WAIT_MS ?? (app.config.NODE_ENV === 'test' ? 10_000 : PAGE_DATA_WAIT_MS);
    const followUps = options.pageDataFollowUps;
    const data = await pageData(
      app,
      request,
      apiRequests,
      options.pageDataLinks?.(pathname),
      waitMs,
      followUps && ((answerOf) => followUps(pathname, search, answerOf)),
    );
    return (
      reply
        .header('cache-control', 'private, no-cache')
        // Replacer functions: the answers hold text, and a `$&` or `$'` in it must not be read as a pattern.
        .send(
          html
            .replace('</head>', () => `${data.links}</head>`)
            .replace('</body>', () => `${data.element}</body>`),
        )
    );
  };

  const wantsPage = (request: FastifyRequest) => {
    const pathname = request.url.split('?')[0]!;
    return (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/assets/') &&
      !pathname.startsWith('/socket.io')
    );
  };

  // Pages are a route (not only the not-found handler) so they get the app's compression like any answer.
  app.get('/*', { schema: { hide: true } }, async (request, reply) =>
    wantsPage(request) ? sendShell(request, reply) : reply.callNotFound(),
  );

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsPage(request)) return sendShell(request, reply);
    const pathname = request.url.split('?')[0]!;
    return sendError(reply, 404, 'ROUTE_NOT_FOUND', `No route ${request.method} ${pathname}`);
  });
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export default fp(webAppPlugin, { name: 'web-app' });
