import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { administratorIds } from './administrators';
import { attackMailJobName, attackMailJobSchema, createAuthService, type AuthService } from './auth.service';
import { KnownDeviceService } from './known-devices';
import { createOtpService, type OtpService } from './otp.service';
import type { RateLimiter } from '../../plugins/rate-limits';
import { createSessionService, type SessionService } from './session.service';
import { createUserService, type UserService } from './users.service';

/**
 * The auth module's door: its services (`app.auth`), its route plugins and its public types.
 * Other modules, workflows, services/*.ts and app.ts import only this file.
 */
export interface AuthServices {
  users: UserService;
  sessions: SessionService;
  otp: OtpService;
  limiter: RateLimiter;
  devices: KnownDeviceService;
  auth: AuthService;
  administratorIds: typeof administratorIds;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The auth module's services, built once per app. */
    auth: AuthServices;
  }
}

export type { AuthService, RequestMeta } from './auth.service';
export type { SessionService } from './session.service';
export type { KnownDeviceService } from './known-devices';
export type { UserService, UserRow } from './users.service';
export { authRoutes } from './auth.routes';
export { devOutboxRoutes } from './dev-outbox.routes';

async function authModule(app: FastifyInstance) {
  const users = createUserService(app.db);
  const sessions = createSessionService(app.db);
  const limiter = app.rateLimiter;
  const otp = createOtpService({
    db: app.db,
    limiter,
    sms: app.messaging.sms,
    secret: app.config.COOKIE_SECRET,
    maxSendsPerIpPerHour: app.config.RATE_LIMIT_OTP_PER_IP_PER_HOUR,
  });
  const devices = new KnownDeviceService(app.db);
  const auth = createAuthService({
    db: app.db,
    users,
    sessions,
    otp,
    limiter,
    messaging: app.messaging,
    publicUrl: app.config.PUBLIC_URL,
    ipLimits: {
      signupPerIpPerHour: app.config.RATE_LIMIT_SIGNUP_PER_IP_PER_HOUR,
      loginPerIpPer15Min: app.config.RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN,
    },
    devices,
    jobs: app.jobs,
  });
  // Decision 245: the owner's "someone is trying your password" e-mail, queued once per claimed window.
  app.jobs.register(attackMailJobName, (job) => auth.sendAttackMail(job.userId, job.failedAttempts), {
    schema: attackMailJobSchema,
    retryLimit: 5,
  });
  app.decorate('auth', { users, sessions, otp, limiter, devices, auth, administratorIds });
}

/** Decorates `app.auth`; app.ts hands `app.auth.sessions` to the session cookie plugin and to realtime. */
export const authModulePlugin = fp(authModule, {
  name: 'auth-module',
  dependencies: ['context', 'messaging', 'rate-limits', 'jobs'],
});
