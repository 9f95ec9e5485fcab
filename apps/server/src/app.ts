import Fastify, { type FastifyInstance } from 'fastify';
import type { TracerProvider } from '@opentelemetry/api';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import errors, { clientErrorHandler, frameworkErrorHandler } from './plugins/errors';
import inputGuard from './plugins/input-guard';
import context from './plugins/context';
import messaging from './plugins/messaging';
import events from './plugins/events';
import idempotency from './plugins/idempotency';
import jobs from './plugins/jobs';
import metrics from './plugins/metrics';
import requestContext from './plugins/request-context';
import payments, { paymentsMode } from './plugins/payments';
import pdfPool from './plugins/pdf-pool';
import compressWhole, { BROTLI_QUALITY, COMPRESS_FROM_BYTES } from './plugins/compress-whole';
import rateLimits from './plugins/rate-limits';
import roleHeader from './plugins/role-header';
import formBody from './plugins/form-body';
import auth, { secureCookiesFor } from './plugins/auth';
import openapi from './plugins/openapi';
import webApp, { webAppStyleHashes, type WebAppOptions } from './plugins/web-app';
import { allowedBrowserOrigins, canonicalPageRedirect, ownHosts } from './plugins/origins';
import { pageDataFollowUps, pageDataRequests } from '@maplesource/contracts/page-data';
import realtime from './plugins/realtime';
import { clientAddressRule, type TrustProxy } from './plugins/client-address';
import storage from './plugins/storage';
import tracing from './plugins/tracing';
import { tracerName } from './tracing';
import { authModulePlugin } from './modules/auth';
import { accountsModulePlugin } from './modules/accounts';
import { careersModulePlugin } from './modules/careers';
import { catalogModulePlugin, type CatalogOptions } from './modules/catalog';
import { contentModulePlugin } from './modules/content';
import { healthRoutes } from './modules/health';
import { locationsModulePlugin } from './modules/locations';
import { notificationsModulePlugin } from './modules/notifications';
import { ordersModulePlugin } from './modules/orders';
import { ledgerModulePlugin } from './modules/ledger';
import { quotesModulePlugin } from './modules/quotes';
import { rfqModulePlugin } from './modules/rfq';
import { invoicesModulePlugin } from './modules/invoices';
import { reviewsModulePlugin } from './modules/reviews';
import { sellersModulePlugin } from './modules/sellers';
import { payoutAccountsModulePlugin } from './modules/payout-accounts';
import { buyerService } from './services/buyer';
import { chatService } from './services/chat';
import { chatModulePlugin } from './modules/chat';
import { paymentService } from './services/payment';
import { registerUnpaidOrderJobs } from './flows/payment/expire-unpaid-orders';
import { registerEscalatePaymentReviewsJobs } from './flows/payment/escalate-payment-reviews';
import { registerExpireRfqsJobs } from './flows/rfq/expire-rfqs';
import { registerDeleteAccountFilesJob } from './flows/account/delete-account-files';
import { registerReleaseHeldFundsJobs } from './flows/payment/release-held-funds';
import { registerPayoutRunJobs } from './flows/payout/run-payouts';
import { registerProviderFeeJobs } from './flows/payment/post-provider-fee';
import { registerReconciliationJobs } from './flows/reconciliation/reconcile-provider-balance';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Replaces pino's output (tests pass false to keep output quiet). */
  logger?: boolean;
  /** Where pino writes instead of stdout (tests that read the log lines). */
  logStream?: { write(line: string): void };
  renderShell?: WebAppOptions['renderShell'];
  /** The catalogue instance's knobs (tests); the listing cache defaults from CATALOG_LISTING_CACHE_MS. */
  catalog?: Partial<CatalogOptions>;
  /**
   * Traces requests, job runs and event deliveries (decision 319): `startTracing`'s provider when
   * OTEL_EXPORTER_OTLP_ENDPOINT is set (give its tracer to `openDatabase` for the statements). Without it the app
   * adds no hook and wraps nothing.
   */
  tracerProvider?: TracerProvider | undefined;
}

export function defaultWebDistDir(config: AppConfig): string {
  if (config.WEB_DIST_DIR) return path.resolve(config.WEB_DIST_DIR);
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/app.ts and dist/main.js both sit one level under apps/server.
  return path.resolve(here, '..', '..', 'web', 'dist');
}

/** TRUST_PROXY=<n>: the n nearest hops (the socket peer first) are our proxies (decision 050). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole server: used by main.ts and by every test (through app.inject). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, tracerProvider } = options;
  const tracer = tracerProvider?.getTracer(tracerName);
  const trustProxy: TrustProxy =
    typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // request.ip believes X-Forwarded-For only from the proxies TRUST_PROXY names (decision 050).
    trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    // How long one plugin or one onReady hook may take. Fastify's 10 s default is meant to catch a plugin that
    // never finishes, but an honest start of the job queue on the embedded database of a busy 2-core machine,
    // right after a crash, came close to it and once passed it (decision 224).
    pluginTimeout: 120_000,
    // Router and HTTP-parser refusals answer in the app's error shape too (decision 246).
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // First, so its span covers every other hook of the request (decision 319); only when tracing is on.
  if (tracer) await app.register(tracing, { tracer });
  // External plugins, then ours, then routes (fastify/demo order).
  await app.register(errors);
  // NUL bytes in the URL or the parsed body: 400 before any route (decision 057).
  await app.register(inputGuard);
  await app.register(context, { config, database });
  await app.register(messaging);
  // Metrics early: its response hook times every route, and the plugins after it move its counters (decision 303).
  await app.register(metrics);
  // Each request's id in the async context: its outbox events and jobs carry it to their delivery (decision 303).
  await app.register(requestContext);
  // The PDF thread (decision 342), before the job queue: closed after it, once a running e-mail job has its PDF.
  await app.register(pdfPool);
  // The job queue before the events: onReady hooks run in this order, so the queue has started before the
  // dispatcher delivers what a crash left behind. The other way round, a leftover delivery whose subscriber
  // queues a job in its transaction waited for the queue's start, which waited for that transaction's hold on
  // the embedded database: a restart after SIGKILL mid-conversation hung for good (decision 120).
  await app.register(jobs, {
    pollingIntervalSeconds: config.JOBS_POLLING_INTERVAL_SECONDS,
    tracerProvider,
  });
  // Domain events: the outbox and its dispatcher (decision 065); modules subscribe while they register.
  await app.register(events, {
    pollIntervalMs: config.EVENTS_POLL_MS,
    retryBaseMs: config.EVENTS_RETRY_BASE_MS,
    tracer,
  });
  await app.register(payments);
  await app.register(rateLimits);
  await app.register(cookie, { secret: config.COOKIE_SECRET });
  await app.register(formBody);
  // The site's own origins (decision 243): the same list for CORS and for the socket's handshake check.
  const browserOrigins = allowedBrowserOrigins(config);
  await app.register(cors, {
    origin: browserOrigins,
    credentials: true,
    allowedHeaders: ['content-type', 'role', 'x-request-id', 'idempotency-key'],
    // A delayed login's wait (decision 245) must be readable by the web app on another backend origin.
    exposedHeaders: ['retry-after'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  // Brotli's default quality (11) costs milliseconds per API answer; 4 compresses JSON about as well as gzip
  // for a fraction of the time (decision 041). Built web assets are served pre-compressed at full quality.
  // JSON and HTML answers up to 64 KiB compressed whole in the request, the rest streamed (decision 343).
  await app.register(compressWhole);
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  const rateLimitRedis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 2_000, maxRetriesPerRequest: 1 })
    : undefined;
  if (rateLimitRedis) {
    // Without a listener ioredis prints every failed reconnection to the console; readiness reports Redis down.
    rateLimitRedis.on('error', (error) => app.log.warn({ err: error }, 'redis (rate limits) error'));
    app.addHook('onClose', async () => void (await rateLimitRedis.quit().catch(() => undefined)));
  }
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: 'maplesource-rl:' } : {}),
    skipOnError: true,
  });
  await app.register(openapi);
  await app.register(roleHeader);

  // The modules' plugins (each decorates app.<module> with its service), lower layers first. The session
  // service is the auth module's, built once: the session cookie plugin and realtime resolve sessions with it.
  await app.register(authModulePlugin);
  await app.register(auth, {
    sessions: app.auth.sessions,
    secureCookies: secureCookiesFor(config.PUBLIC_URL),
  });
  // Idempotency-Key on routes with `config: { idempotency: true }` (decision 067); before any route.
  await app.register(idempotency);
  await app.register(locationsModulePlugin);
  await app.register(accountsModulePlugin);
  await app.register(catalogModulePlugin, options.catalog ?? {});
  await app.register(sellersModulePlugin);
  // Payout accounts (decision 312): the buyer backend's seller routes and the payment backend's webhooks use them.
  await app.register(payoutAccountsModulePlugin);
  await app.register(reviewsModulePlugin);
  // Content adds security headers, robots.txt and sitemaps: before the routes so its hooks reach them.
  // The page CSP allows the built page template's inline first-paint styles by their hash (decision 189).
  await app.register(contentModulePlugin, { pageStyleHashes: webAppStyleHashes(defaultWebDistDir(config)) });
  // Uploaded files (app.storage) and GET /uploads/<key>, after the content plugin so they get its headers.
  await app.register(storage);
  // Careers keeps résumés as private files: after the storage port.
  await app.register(careersModulePlugin);
  await app.register(healthRoutes);
  // Chat: app.chat for every backend (quotes open conversations from the buyer backend).
  await app.register(chatModulePlugin);
  await app.register(quotesModulePlugin);
  await app.register(rfqModulePlugin);
  await app.register(invoicesModulePlugin);
  // Orders: app.orders for the buyer backend and the payment backend's webhook handlers. Before
  // notifications, whose business e-mails read orders (decision 260).
  await app.register(ordersModulePlugin);
  // The ledger: the payment webhook posts captures and refunds to it (decision 296).
  await app.register(ledgerModulePlugin);
  await app.register(notificationsModulePlugin);
  // Unpaid orders expire, and a payment landing on a cancelled order is refunded (decision 166): jobs any
  // backend may queue, so every process registers them.
  await registerUnpaidOrderJobs(app);
  // The provider's fee on each captured payment is posted by a job (decision 304).
  registerProviderFeeJobs(app);
  // Held funds are released by a sweep every minute (decision 296).
  await registerReleaseHeldFundsJobs(app);
  // Unanswered payment reviews go to an administrator after 3 business days (decision 316).
  await registerEscalatePaymentReviewsJobs(app);
  // Requests for quotes past their deadline expire by a sweep every minute (decision 317).
  await registerExpireRfqsJobs(app);
  // A deleted account's files (chat images, request attachments, CNC parts) go after its rows (decision 347).
  registerDeleteAccountFilesJob(app);
  // Sellers are paid out by a daily run (decision 297).
  await registerPayoutRunJobs(app);
  // The ledger is reconciled with the provider's balance every day (decision 304).
  await registerReconciliationJobs(app);
  if (config.SERVICES.includes('buyer')) await app.register(buyerService, { prefix: '/api/v1' });
  if (config.SERVICES.includes('chat')) {
    // Socket.IO is app-wide (not encapsulated) so workflows of any backend can emit through app.io.
    await app.register(realtime, {
      sessions: app.auth.sessions,
      redisUrl: config.REDIS_URL,
      corsOrigins: browserOrigins,
      clientAddress: clientAddressRule(trustProxy),
      limits: {
        messages: {
          perSecond: config.RATE_LIMIT_SOCKET_MESSAGES_PER_SECOND,
          burst: config.RATE_LIMIT_SOCKET_MESSAGES_BURST,
          perMinute: config.RATE_LIMIT_SOCKET_MESSAGES_PER_MINUTE,
        },
        events: {
          perSecond: config.RATE_LIMIT_SOCKET_EVENTS_PER_SECOND,
          burst: config.RATE_LIMIT_SOCKET_EVENTS_BURST,
          perMinute: config.RATE_LIMIT_SOCKET_EVENTS_PER_MINUTE,
        },
        connectionsPerIpPerMinute: config.RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE,
      },
    });
    await app.register(chatService, { prefix: '/api/v1' });
  }
  if (config.SERVICES.includes('payment')) await app.register(paymentService);

  const ownPageHosts = ownHosts(config.PUBLIC_URL);
  await app.register(webApp, {
    distDir: defaultWebDistDir(config),
    renderShell: options.renderShell ?? app.content.renderShell,
    pageLinks: app.catalog.pageLinks,
    pageDataRequests,
    pageDataFollowUps,
    pageDataLinks: app.catalog.pageDataLinks,
    canonicalPage: (request) => canonicalPageRedirect(config, ownPageHosts, request.host, request.url),
    paymentsMode: paymentsMode(app.payments.provider.name, config),
    devOutboxPage: app.messaging.outboxEnabled && !config.isProduction,
  });

  return app;
}
