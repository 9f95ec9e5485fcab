import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ROLE_HEADER, roleSchema, type Role } from '@maplesource/contracts';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The side this request acts for, from the `role` header (spec §1: the web client always sends `buyer`). */
    role: Role;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every /api/v1 request carries the `role` header. A state-changing request without a valid one
 * is refused with 403. Because browsers cannot add a custom header to a cross-site request
 * without a CORS preflight, which our allow-list refuses, this is also the CSRF defence
 * (docs/decisions/002-role-header-as-csrf-defence.md). Safe requests without it act as buyer.
 */
async function roleHeaderPlugin(app: FastifyInstance) {
  app.decorateRequest('role', 'buyer');
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/v1/') && request.url !== '/api/v1') return;
    // Provider webhooks are authenticated by their signature, not by a browser session.
    if (request.routeOptions.config?.noRoleHeader) return;
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
