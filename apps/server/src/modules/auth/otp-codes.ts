import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../plugins/errors';
import type { SmsProvider } from '../../plugins/messaging';
import type { RateLimiter } from '../../plugins/rate-limits';

/** What the phone-code operations share: their purposes, their settings, the code's HMAC and the limit's error. */
export type OtpPurpose = 'signup' | 'reset';

export interface OtpDeps {
  db: Db;
  limiter: RateLimiter;
  sms: SmsProvider;
  /** The key of the codes' HMAC (COOKIE_SECRET). */
  secret: string;
  /** RATE_LIMIT_OTP_PER_IP_PER_HOUR (default otpPolicy.maxSendsPerIpPerHour). */
  maxSendsPerIpPerHour: number;
}

export const otpLimitExceeded = (retryAfterSeconds = 60 * 60) =>
  tooManyRequests('OTP_LIMIT_EXCEEDED', 'exceeded maximum OTP requests, try later', retryAfterSeconds);

/** A code is stored as its HMAC, bound to its purpose and phone number. */
export const hashOtpCode = (secret: string, purpose: OtpPurpose, phone: string, code: string) =>
  createHmac('sha256', secret).update(`${purpose}:${phone}:${code}`).digest('hex');
