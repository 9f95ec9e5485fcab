import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { SQL } from 'drizzle-orm';
import type { Role } from '@maplesource/contracts';
import { forbidden, unauthenticated } from './errors';
import { IDEMPOTENCY_KEY_HEADER } from './idempotency';
import { reachesRouteUnder } from './role-header';

/** The session cookie's name on plain http (development, tests). Read and write it through sessionCookieName. */
export const SESSION_COOKIE = 'ms_session';
/** On https the cookie is `__Host-ms_session`: the browser then insists on Secure, Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The one place that names the session cookie (auth plugin, realtime handshake, OpenAPI). */
export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** Cookies are Secure (and the session cookie `__Host-`) when the public origin is https. */
export function secureCookiesFor(publicUrl: string): boolean {
  return publicUrl.startsWith('https://');
}

/** Decision 015: a session lives at most 30 days, and ends after 7 days without a request. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session (one conditional UPDATE), not on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 10 * 60 * 1000;
/**
 * Non-secret, script-readable companion of the HttpOnly session cookie (decision 041): "this browser may have
 * a session". The web app skips its start-up login check when it is absent, so a visitor's first page makes no
 * request that answers 401 (a console error in Chromium). It grants nothing: the session cookie decides.
 */
export const SESSION_HINT_COOKIE = 'ms_has_session';

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
  /** The session check a statement can carry (decision 225), or null when the token's user is not known. */
  sessionCheck?(token: string, role: Role): SessionCheck | null;
}

/** The values of a session check in a statement template. */
export type SessionCheckSlot = 'sessionTokenHash' | 'sessionUserId' | 'sessionRole';

/**
 * A session checked inside the route's own statement instead of by a lookup before it (decision 225): the
 * statement starts `WITH <ctes>, …`, makes its changes only when `session_ok` has a row and says whether it had.
 * Until then `userId` is only the user the token had when it was last resolved.
 */
export interface SessionCheck {
  userId: string;
  /** `session_ok AS (…), session_touch AS (…)`. */
  ctes: SQL;
  /**
   * The same check in a statement template (decision 234): `ctesOver(slot)` is `ctes` with a slot where each of
   * `values` goes (the same for every check, so one template serves every session).
   */
  ctesOver(slot: (name: SessionCheckSlot) => SQL): SQL;
  values: Readonly<Record<SessionCheckSlot, string>>;
  /** The check failed: the token goes the usual way next time. */
  forget(): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The logged-in user, or null for a visitor. Set for every /api/v1 request, except on a route that checks the
     * session in its own statement (`config.sessionInStatement`) when `sessionCheck` is set instead.
     */
    user: SessionUser | null;
    /** Decision 225: the session check the route's statement carries; `user` is null until `resolveSession`. */
    sessionCheck: SessionCheck | null;
  }
  interface FastifyContextConfig {
    /**
     * The route checks the session inside its own statement (decision 225) when the cookie's user is known and
     * the request has no Idempotency-Key; its preHandler is `requireUserOrSessionCheck`.
     */
    sessionInStatement?: boolean;
    /**
     * Decision 246: only a logged-in user holding and acting as this role reaches the route. Checked in an
     * `onRequest` hook, before the body is parsed or validated, so nobody else learns the route's field names.
     */
    requiredRole?: Role;
  }
  interface FastifyInstance {
    /** preHandler: 401 for visitors; 403 when the account lacks the side named by the role header. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler factory: the user must hold this role (and act as it). */
    requireRole: (role: Role) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Every route registered in this scope from now on needs the role, checked before validation (decision 246):
     * the admin scope and other role-only scopes call it first. One route alone uses `config.requiredRole`.
     */
    restrictScopeToRole: (role: Role) => void;
    /** preHandler of a `sessionInStatement` route: `requireUser`, unless the statement will check the session. */
    requireUserOrSessionCheck: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * The usual session lookup for a request whose `sessionCheck` failed or could not run (a refusal before the
     * statement): sets `request.user`, then answers 401/403 as `requireUser` does. Returns the user.
     */
    resolveSession: (request: FastifyRequest) => Promise<SessionUser>;
    /** `ms_session`, or `__Host-ms_session` when PUBLIC_URL is https. */
    sessionCookieName: string;
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
  app.decorateRequest('sessionCheck', null);
  const cookieName = sessionCookieName(options.secureCookies);
  app.decorate('sessionCookieName', cookieName);
  const staleSessions = new WeakSet<FastifyRequest>();

  const lookUp = async (request: FastifyRequest, token: string) => {
    request.user = await options.sessions.resolve(token);
    if (!request.user) staleSessions.add(request);
  };
  app.addHook('onRequest', async (request) => {
    if (!reachesRouteUnder(request, '/api')) return;
    const token = request.cookies[cookieName];
    if (!token || token.length > 200) return;
    // Decision 225: the route's statement checks the session (Idempotency-Key requests keep the lookup: their
    // stored answers are the user's).
    if (
      request.routeOptions.config.sessionInStatement === true &&
      request.headers[IDEMPOTENCY_KEY_HEADER] === undefined &&
      options.sessions.sessionCheck
    ) {
      request.sessionCheck = options.sessions.sessionCheck(token, request.role);
      if (request.sessionCheck) return;
    }
    await lookUp(request, token);
  });
  // An expired or revoked session cookie answered 401: clear it and its hint, so the next page skips the check.
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode === 401 && staleSessions.has(request)) app.clearSessionCookie(reply);
  });

  const requireUser = async (request: FastifyRequest) => {
    if (!request.user) throw unauthenticated();
    if (!request.user.roles.includes(request.role)) {
      throw forbidden('ROLE_NOT_HELD', `This account cannot act as ${request.role}`);
    }
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireUserOrSessionCheck', async (request: FastifyRequest) => {
    if (request.sessionCheck) return;
    await requireUser(request);
  });
  app.decorate('resolveSession', async (request: FastifyRequest) => {
    if (request.sessionCheck) {
      request.sessionCheck.forget();
      request.sessionCheck = null;
      const token = request.cookies[cookieName];
      if (token) await lookUp(request, token);
    }
    await requireUser(request);
    return request.user!;
  });
  const requireRole = (role: Role) => async (request: FastifyRequest) => {
    await requireUser(request);
    if (request.role !== role || !request.user!.roles.includes(role)) {
      throw forbidden('ROLE_NOT_HELD', `This action needs the ${role} role`);
    }
  };
  app.decorate('requireRole', requireRole);

  /**
   * Decision 246: Fastify validates the body before `preHandler` hooks run, so a role check there let a visitor
   * or a buyer read the route's field names in a 400. The check runs in the route's first own `onRequest` hook
   * (after the app-wide ones that resolve the session and the role header). The OpenAPI operation says so
   * (`security`, `x-required-role`), which the security tests walk.
   */
  const gateRoute = (routeOptions: RouteOptions, role: Role) => {
    const gate = requireRole(role);
    const own = routeOptions.onRequest;
    routeOptions.onRequest = [gate, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
    routeOptions.schema = {
      ...routeOptions.schema,
      security: [{ session: [] }],
      'x-required-role': role,
    } as FastifySchema;
  };
  app.addHook('onRoute', (routeOptions) => {
    const role = routeOptions.config?.requiredRole;
    if (role) gateRoute(routeOptions, role);
  });
  app.decorate('restrictScopeToRole', function (this: FastifyInstance, role: Role) {
    this.addHook('onRoute', (routeOptions) => {
      if (routeOptions.config?.requiredRole === undefined) gateRoute(routeOptions, role);
    });
  });

  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secureCookies,
  };
  app.decorate('setSessionCookie', (reply: FastifyReply, token: string) => {
    const maxAge = Math.floor(SESSION_TTL_MS / 1000);
    reply.setCookie(cookieName, token, { ...cookieOptions, maxAge });
    reply.setCookie(SESSION_HINT_COOKIE, '1', { ...cookieOptions, httpOnly: false, maxAge });
  });
  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    reply.clearCookie(cookieName, cookieOptions);
    reply.clearCookie(SESSION_HINT_COOKIE, { ...cookieOptions, httpOnly: false });
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie', 'role-header'] });
