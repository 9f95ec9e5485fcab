import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { stripeSelected } from '../../plugins/payments';
import { escapeHtml } from './seo-markup';
import type { PageSources, SitemapEntityKind } from './page-sources';

/** Sitemap protocol limit: 50,000 URLs per file (docs/decisions: sitemap splitting). */
export const SITEMAP_MAX_URLS = 50_000;
export const sitemapKinds: readonly SitemapEntityKind[] = ['products', 'services', 'sellers', 'blogs'];
const entityPathPrefix: Record<SitemapEntityKind, string> = {
  products: '/productdetails/',
  services: '/service/',
  sellers: '/seller/',
  blogs: '/blog/',
};
export const staticSitemapPaths = [
  '/',
  '/products',
  '/services',
  '/sellers',
  '/our-sellers',
  '/claim-stores',
  '/blogs',
  '/global-quote',
  '/cnc-fabrication-quotes',
  '/terms-and-condition',
  '/privacy-policy',
];

export interface PageCspOptions {
  /** Third-party script origins (ANALYTICS_SCRIPT_ORIGINS, a subset of decision 011's list); none by default. */
  scriptOrigins?: readonly string[];
  /** Other origins the app calls (API_ORIGINS: buyer/chat/payment backends on another origin). */
  apiOrigins?: readonly string[];
  /** The site's own origin (PUBLIC_URL): its ws(s) twin is allowed for Socket.IO. */
  publicUrl?: string;
  /** Stripe is the payment provider: the checkout loads Stripe.js and its card and 3-D Secure frames. */
  stripe?: boolean;
  /** Hashes (`'sha256-…'`) of the page template's inline `<style>` elements (decision 189); no other inline style. */
  styleHashes?: readonly string[];
  /**
   * The CNC analysis worker's script only (decision 324): OpenCascade's WebAssembly is compiled and its embind
   * glue builds functions with `new Function`, so 'unsafe-eval'. No page and no other script gets it.
   */
  webAssembly?: boolean;
}

/** The browser's CNC analysis worker (decision 324): a worker's policy is its own script's, so only it compiles wasm. */
export const isWasmWorkerScript = (url: string) => /^\/assets\/analysis\.worker-[\w-]+\.js(\?|$)/.test(url);

/**
 * What Stripe.js needs (Stripe's CSP guide; decision 165): its script, its API, and its frames — the card fields
 * and the 3-D Secure challenge (js.stripe.com, and hooks.stripe.com for the bank's page). Only with Stripe.
 */
export const stripeCspSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
} as const;

/** `https://chat.example.ca` → `wss://chat.example.ca` (Socket.IO's websocket transport on the same host). */
export function websocketOrigin(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * The page Content-Security-Policy (decision 012). JSON-LD is data, not executed, so it needs no hash.
 * Styles: stylesheet files, the template's own `<style>` by its hash (the first paint's styles, decision 189),
 * and React sets styles through the CSSOM (not blocked by CSP), so no 'unsafe-inline'. connect-src: our origin, the configured API origins and their websocket twins, and the
 * enabled analytics origins (their beacons); nothing else.
 */
export function pageCsp(options: PageCspOptions = {}): string {
  const stripe = options.stripe ? stripeCspSources : { script: [], connect: [], frame: [] };
  const analytics = options.scriptOrigins ?? [];
  const scripts = [...(options.webAssembly ? ["'unsafe-eval'"] : []), ...analytics, ...stripe.script];
  const apis = options.apiOrigins ?? [];
  const own = options.publicUrl ? [websocketOrigin(options.publicUrl)] : [];
  const connect = [
    ...new Set([...own, ...apis, ...apis.map(websocketOrigin), ...analytics, ...stripe.connect]),
  ];
  const withSources = (directive: string, sources: readonly string[]) =>
    [directive, "'self'", ...sources].join(' ');
  return [
    "default-src 'self'",
    withSources('script-src', scripts),
    withSources('style-src', options.styleHashes ?? []),
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    withSources('connect-src', connect),
    // No frame-src without Stripe: frames fall back to default-src 'self'.
    ...(stripe.frame.length ? [withSources('frame-src', stripe.frame)] : []),
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Browser features the site never uses are switched off for it and anything it embeds. */
export const permissionsPolicy = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=(self)',
  'usb=()',
].join(', ');

/**
 * One year, subdomains included (decision 239, which replaces decision 012's "no includeSubDomains": a plain-http
 * subdomain could set cookies for the site's domain). `preload` only when HSTS_PRELOAD says the domain is meant for
 * the browsers' preload list, which is hard to leave.
 */
export const strictTransportSecurity = (preload = false) =>
  `max-age=31536000; includeSubDomains${preload ? '; preload' : ''}`;

/** Swagger UI (/api/docs) loads its own scripts from 'self' and styles inline. */
export const docsCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface ContentWebOptions {
  sources?: PageSources;
  /** Smaller files in tests; the protocol maximum by default. */
  sitemapMaxUrls?: number;
  /** The page template's inline style hashes, allowed by the page CSP (decision 189). */
  pageStyleHashes?: readonly string[];
}

const xmlHeader = '<?xml version="1.0" encoding="UTF-8"?>\n';

function sendXml(reply: FastifyReply, xml: string) {
  return reply
    .header('cache-control', 'public, max-age=3600')
    .type('application/xml; charset=utf-8')
    .send(xml);
}

/**
 * Crawler-facing routes outside /api: /robots.txt, /sitemap.xml (an index), /sitemaps/<kind>-<n>.xml;
 * plus the security headers on every response (CSP on HTML, nosniff and Referrer-Policy everywhere).
 */
async function contentWebPlugin(app: FastifyInstance, options: ContentWebOptions) {
  const sources = options.sources ?? {};
  const maxUrls = options.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  const config = app.config;
  const csp = pageCsp({
    scriptOrigins: config.ANALYTICS_SCRIPT_ORIGINS,
    apiOrigins: config.API_ORIGINS,
    publicUrl: config.PUBLIC_URL,
    stripe: stripeSelected(config),
    styleHashes: options.pageStyleHashes ?? [],
  });
  const workerCsp = pageCsp({
    apiOrigins: config.API_ORIGINS,
    publicUrl: config.PUBLIC_URL,
    webAssembly: true,
  });
  const https = config.PUBLIC_URL.startsWith('https://');
  const hsts = strictTransportSecurity(config.HSTS_PRELOAD === true);

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', permissionsPolicy);
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (https) reply.header('strict-transport-security', hsts);
    const type = String(reply.getHeader('content-type') ?? '');
    // A route that sets its own, stricter policy keeps it (the sandbox outbox's e-mail HTML, decision 260).
    if (
      (type.startsWith('text/html') || !request.url.startsWith('/api/')) &&
      !reply.hasHeader('content-security-policy')
    ) {
      const docs = request.url === '/api/docs' || request.url.startsWith('/api/docs/');
      reply.header(
        'content-security-policy',
        docs ? docsCsp : isWasmWorkerScript(request.url) ? workerCsp : csp,
      );
    }
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    return payload;
  });

  const origin = () => app.config.PUBLIC_URL;
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(
        sitemapKinds.map(
          async (kind) =>
            [kind, sources.count ? await sources.count(app.db, kind).catch(() => 0) : 0] as const,
        ),
      ),
    ) as Record<SitemapEntityKind, number>;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /admin',
          'Disallow: /profile',
          'Disallow: /checkout',
          'Disallow: /invoice/',
          'Disallow: /my-orders',
          'Disallow: /order/',
          'Disallow: /service-order/',
          'Disallow: /wishlist',
          '',
          `Sitemap: ${origin()}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const base = origin();
    const byKind = await counts();
    const files = ['static-1'];
    for (const kind of sitemapKinds) {
      const pages = Math.ceil(byKind[kind] / maxUrls);
      for (let n = 1; n <= pages; n++) files.push(`${kind}-${n}`);
    }
    const body = files
      .map((file) => `  <sitemap><loc>${escapeHtml(`${base}/sitemaps/${file}.xml`)}</loc></sitemap>`)
      .join('\n');
    return sendXml(
      reply,
      `${xmlHeader}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`,
    );
  });

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^(static|products|services|sellers|blogs)-(\d{1,6})\.xml$/.exec(request.params.file);
      const notFound = () => reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      if (!match) return notFound();
      const kind = match[1] as SitemapEntityKind | 'static';
      const n = Number(match[2]);
      if (n < 1) return notFound();
      const base = origin();
      let urls: Array<{ loc: string; lastmod?: string | null }>;
      if (kind === 'static') {
        if (n !== 1) return notFound();
        urls = staticSitemapPaths.map((p) => ({ loc: `${base}${p === '/' ? '/' : p}` }));
      } else {
        if (!sources.slugs) return notFound();
        const rows = await sources.slugs(app.db, kind, (n - 1) * maxUrls, maxUrls);
        if (rows.length === 0) return notFound();
        urls = rows.map((r) => ({
          loc: `${base}${entityPathPrefix[kind]}${encodeURIComponent(r.slug)}`,
          lastmod: r.updatedAt ?? null,
        }));
      }
      const body = urls
        .map(
          (u) =>
            `  <url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeHtml(new Date(u.lastmod).toISOString())}</lastmod>` : ''}</url>`,
        )
        .join('\n');
      return sendXml(
        reply,
        `${xmlHeader}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
      );
    },
  );
}

export const contentWeb = fp(contentWebPlugin, { name: 'content-web', dependencies: ['context'] });
