import type { Db } from '../../db/client';
import type { Jobs } from '../../plugins/jobs';
import type { Messaging } from '../../plugins/messaging';
import type { RateLimiter } from '../../plugins/rate-limits';
import type { KnownDeviceService } from './known-devices';
import type { OtpService } from './otp.service';
import type { SessionService } from './session.service';
import type { UserService } from './users.service';

export interface RequestMeta {
  ip: string;
  /** The token of the request's known-device cookie, when it carries a valid one (decision 245). */
  deviceToken?: string | undefined;
  userAgent?: string | undefined;
  /** The request's Accept-Language header: a sign-up without a `language` takes its preferred language from it. */
  acceptLanguage?: string | undefined;
}

/** The configurable per-IP ceilings (config.ts RATE_LIMIT_*). */
export interface AuthIpLimits {
  signupPerIpPerHour: number;
  loginPerIpPer15Min: number;
}

/** What the auth operations run with: the module's other services, the app's ports and its settings. */
export interface AuthDeps {
  db: Db;
  users: UserService;
  sessions: SessionService;
  otp: OtpService;
  limiter: RateLimiter;
  messaging: Messaging;
  publicUrl: string;
  ipLimits: AuthIpLimits;
  devices: KnownDeviceService;
  jobs: Jobs;
}
