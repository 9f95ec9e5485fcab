import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { secureCookiesFor, sessionCookieName } from './auth';

/**
 * OpenAPI generated from the route schemas: JSON at /api/docs/json, browsable at /api/docs. In production both
 * exist only with API_DOCS=true (a map of every route is not something to hand out by default).
 */
async function openapiPlugin(app: FastifyInstance) {
  const cookieName = sessionCookieName(secureCookiesFor(app.config.PUBLIC_URL));
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'MapleSource API',
        description:
          'Buyer, chat and payment backends of the MapleSource marketplace. Every request carries the `role` header; state-changing requests without it are refused.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: cookieName } },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (app.config.isProduction && app.config.API_DOCS !== true) return;
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}

export default fp(openapiPlugin, { name: 'openapi', dependencies: ['context'] });
