import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ROLE_HEADER, roleSchema, type Role } from '@maplesource/contracts';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The side this request acts for, from the `role` header (docs/product.md §1: the web client always sends `buyer`). */
    role: Role;
  }
  interface FastifyContextConfig {
    /**
     * Only for endpoints authenticated by a signature instead of a session (payment webhooks, decision 002):
     * the role header is not required on this route.
     */
    signatureAuthenticated?: true;
  }
}

/**
 * The path pattern of the route the router matched (`/api/v1/address/:id`), or undefined when none did.
 * Rules about "API requests" use this, never the raw URL: the router decodes percent-escapes, so
 * `/api/v%31/…` and `/%61pi/v1/…` reach `/api/v1/…` routes while their raw text does not start with it.
 */
export function matchedRoute(request: FastifyRequest): string | undefined {
  return request.routeOptions.url;
}

/** True when the request reached a route under the given prefix (decoded, as the router matched it). */
export function reachesRouteUnder(request: FastifyRequest, prefix: string): boolean {
  const route = matchedRoute(request);
  return route !== undefined && (route === prefix || route.startsWith(`${prefix}/`));
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every /api/v1 request carries the `role` header. A state-changing request without a valid one
 * is refused with 403. Because browsers cannot add a custom header to a cross-site request
 * without a CORS preflight, which our allow-list refuses, this is also the CSRF defence
 * (docs/decisions/002-role-header-as-csrf-defence.md). Safe requests without it act as buyer.
 * The rule is decided by the route the router matched, so no spelling of the path can skip it.
 */
async function roleHeaderPlugin(app: FastifyInstance) {
  app.decorateRequest('role', 'buyer');
  app.addHook('onRequest', async (request) => {
    if (!reachesRouteUnder(request, '/api/v1')) return;
    if (request.routeOptions.config.signatureAuthenticated) return;
    const raw = request.headers[ROLE_HEADER];
    const parsed = roleSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
    if (parsed.success) {
      request.role = parsed.data;
      return;
    }
    if (raw === undefined && SAFE_METHODS.has(request.method)) return;
    throw new AppError(
      403,
      'ROLE_HEADER_REQUIRED',
      'This request needs a valid role header (buyer, seller or admin)',
    );
  });
}

export default fp(roleHeaderPlugin, { name: 'role-header', dependencies: ['errors'] });
