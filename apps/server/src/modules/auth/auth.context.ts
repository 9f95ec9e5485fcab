import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { AuthService } from './auth.service';
import { OtpService } from './otp.service';
import type { RateLimiter } from '../../plugins/rate-limits';
import { SessionService } from './session.service';
import { UserService } from './users.service';

export interface AuthServices {
  users: UserService;
  sessions: SessionService;
  otp: OtpService;
  limiter: RateLimiter;
  auth: AuthService;
}

const cache = new WeakMap<Db, AuthServices>();

/** The auth module's services for one app (one per database); other modules use `users` and `auth`. */
export function getAuthServices(app: FastifyInstance): AuthServices {
  const cached = cache.get(app.db);
  if (cached) return cached;
  const users = new UserService(app.db);
  const sessions = new SessionService(app.db);
  const limiter = app.rateLimiter;
  const otp = new OtpService(
    app.db,
    limiter,
    app.messaging.sms,
    app.config.COOKIE_SECRET,
    app.config.RATE_LIMIT_OTP_PER_IP_PER_HOUR,
  );
  const auth = new AuthService(app.db, users, sessions, otp, limiter, app.messaging, app.config.PUBLIC_URL, {
    signupPerIpPerHour: app.config.RATE_LIMIT_SIGNUP_PER_IP_PER_HOUR,
    loginPerIpPer15Min: app.config.RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN,
  });
  const services = { users, sessions, otp, limiter, auth };
  cache.set(app.db, services);
  return services;
}
