import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@maplesource/contracts';
import { forbidden, unauthenticated } from './errors';

export const SESSION_COOKIE = 'ms_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  sessionId: string;
  roles: Role[];
  fullName: string;
  email: string;
}

export interface SessionResolver {
  /** Returns the live session's user for a cookie token, or null when unknown, expired or revoked. */
  resolve(token: string): Promise<SessionUser | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, or null for a visitor. Set for every /api/v1 request. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 for visitors; 403 when the account lacks the side named by the role header. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler factory: the user must hold this role (and act as it). */
    requireRole: (role: Role) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    setSessionCookie: (reply: FastifyReply, token: string) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
  }
}

export interface AuthPluginOptions {
  sessions: SessionResolver;
  secureCookies: boolean;
}

/** Reads the session cookie on every API request; routes opt in to requiring a user. */
async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    request.user = await options.sessions.resolve(token);
  });

  const requireUser = async (request: FastifyRequest) => {
    if (!request.user) throw unauthenticated();
    if (!request.user.roles.includes(request.role)) {
      throw forbidden('ROLE_NOT_HELD', `This account cannot act as ${request.role}`);
    }
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireRole', (role: Role) => async (request: FastifyRequest) => {
    await requireUser(request);
    if (request.role !== role || !request.user!.roles.includes(role)) {
      throw forbidden('ROLE_NOT_HELD', `This action needs the ${role} role`);
    }
  });

  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secureCookies,
  };
  app.decorate('setSessionCookie', (reply: FastifyReply, token: string) => {
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: Math.floor(SESSION_TTL_MS / 1000) });
  });
  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie', 'role-header'] });
