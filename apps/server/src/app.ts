import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
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
import errors from './plugins/errors';
import inputGuard from './plugins/input-guard';
import context from './plugins/context';
import messaging from './plugins/messaging';
import rateLimits from './plugins/rate-limits';
import roleHeader from './plugins/role-header';
import auth from './plugins/auth';
import openapi from './plugins/openapi';
import webApp, { type WebAppOptions } from './plugins/web-app';
import { catalogPageDataLinks, catalogPageLinks } from './modules/catalog/catalog.queries';
import { pageDataRequests } from '@maplesource/contracts/page-data';
import realtime from './plugins/realtime';
import storage from './plugins/storage';
import { SessionService } from './modules/auth/session.service';
import { healthRoutes } from './modules/health/health.routes';
import { contentWeb } from './modules/content/content.web';
import { createShellRenderer } from './modules/content/render-shell';
import { contentPageSources } from './modules/content/catalog-sources';
import { buyerService } from './services/buyer';
import { chatService } from './services/chat';
import { paymentService } from './services/payment';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Replaces pino's output (tests pass false to keep output quiet). */
  logger?: boolean;
  renderShell?: WebAppOptions['renderShell'];
}

export function defaultWebDistDir(config: AppConfig): string {
  if (config.WEB_DIST_DIR) return path.resolve(config.WEB_DIST_DIR);
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/app.ts and dist/main.js both sit one level under apps/server.
  return path.resolve(here, '..', '..', 'web', 'dist');
}

/** Builds the whole server: used by main.ts and by every test (through app.inject). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.isProduction,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const sessions = new SessionService(database.db);

  // External plugins, then ours, then routes (fastify/demo order).
  await app.register(errors);
  // NUL bytes in the URL or the parsed body: 400 before any route (decision 057).
  await app.register(inputGuard);
  await app.register(context, { config, database });
  await app.register(messaging);
  await app.register(rateLimits);
  await app.register(cookie, { secret: config.COOKIE_SECRET });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(cors, {
    origin: [config.PUBLIC_URL, ...config.CORS_ORIGINS],
    credentials: true,
    allowedHeaders: ['content-type', 'role', 'x-request-id', 'idempotency-key'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  // Brotli's default quality (11) costs milliseconds per API answer; 4 compresses JSON about as well as gzip
  // for a fraction of the time (decision 041). Built web assets are served pre-compressed at full quality.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  const rateLimitRedis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 2_000, maxRetriesPerRequest: 1 })
    : undefined;
  if (rateLimitRedis)
    app.addHook('onClose', async () => void (await rateLimitRedis.quit().catch(() => undefined)));
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: 'maplesource-rl:' } : {}),
    skipOnError: true,
  });
  await app.register(openapi);
  await app.register(roleHeader);
  await app.register(auth, { sessions, secureCookies: config.PUBLIC_URL.startsWith('https://') });

  // Content (issue 5): security headers, robots.txt, sitemaps; before the routes so its hooks reach them.
  await app.register(contentWeb, { sources: contentPageSources });
  // Uploaded files (app.storage) and GET /uploads/<key>, after contentWeb so they get its headers.
  await app.register(storage);
  await app.register(healthRoutes);
  if (config.SERVICES.includes('buyer')) await app.register(buyerService, { prefix: '/api/v1' });
  if (config.SERVICES.includes('chat')) {
    // Socket.IO is app-wide (not encapsulated) so workflows of any backend can emit through app.io.
    await app.register(realtime, {
      sessions,
      redisUrl: config.REDIS_URL,
      corsOrigins: [config.PUBLIC_URL, ...config.CORS_ORIGINS],
    });
    await app.register(chatService, { prefix: '/api/v1' });
  }
  if (config.SERVICES.includes('payment')) await app.register(paymentService, { prefix: '/api/v1/payment' });

  await app.register(webApp, {
    distDir: defaultWebDistDir(config),
    renderShell: options.renderShell ?? createShellRenderer({ sources: contentPageSources }),
    pageLinks: catalogPageLinks,
    pageDataRequests,
    pageDataLinks: catalogPageDataLinks,
  });

  return app;
}
