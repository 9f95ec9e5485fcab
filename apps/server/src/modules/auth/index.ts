import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AuthService } from './auth.service';
import { OtpService } from './otp.service';
import { RateLimiter } from './rate-limiter';
import { SessionService } from './session.service';
import { UserService } from './users.service';

/**
 * The auth module's door: its services (`app.auth`), its route plugins and its public types.
 * Other modules, workflows, services/*.ts and app.ts import only this file.
 */
export interface AuthServices {
  users: UserService;
  sessions: SessionService;
  otp: OtpService;
  limiter: RateLimiter;
  auth: AuthService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The auth module's services, built once per app. */
    auth: AuthServices;
  }
}

export type { AuthService, RequestMeta } from './auth.service';
export type { SessionService } from './session.service';
export type { UserService, UserRow } from './users.service';
export { authRoutes } from './auth.routes';
export { devOutboxRoutes } from './dev-outbox.routes';

async function authModule(app: FastifyInstance) {
  const users = new UserService(app.db);
  const sessions = new SessionService(app.db);
  const limiter = new RateLimiter(app.db);
  const otp = new OtpService(app.db, limiter, app.messaging.sms, app.config.COOKIE_SECRET);
  const auth = new AuthService(app.db, users, sessions, otp, limiter, app.messaging, app.config.PUBLIC_URL);
  app.decorate('auth', { users, sessions, otp, limiter, auth });
}

/** Decorates `app.auth`; app.ts hands `app.auth.sessions` to the session cookie plugin and to realtime. */
export const authModulePlugin = fp(authModule, {
  name: 'auth-module',
  dependencies: ['context', 'messaging'],
});
