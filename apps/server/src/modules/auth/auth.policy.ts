import { tooManyRequests } from '../../plugins/errors';
import type { CountRule } from '../../plugins/rate-limits';
import type { AuthIpLimits } from './auth.types';

const MINUTE_MS = 60 * 1000;

export const authPolicy = {
  /** The per-IP login ceiling's window (decision 055) and the password confirmation's. */
  loginWindowMs: 15 * MINUTE_MS,
  maxFailedLoginsPerAccountAndIp: 10,
  /**
   * Decision 245: growing delays per account and source (the IP, or the device when it is known to the account):
   * 5 attempts at once, then 1 s, 2 s, 4 s … up to 15 min between attempts; forgotten after an hour of quiet.
   */
  loginPerSource: {
    freeAttempts: 5,
    baseDelayMs: 1_000,
    maxDelayMs: 15 * MINUTE_MS,
    forgetAfterMs: 60 * MINUTE_MS,
  },
  /**
   * Decision 245: per account, for devices it does not know only: 20 attempts, then growing delays up to 15 min
   * (at most about 33 attempts in any hour, ASVS 4.0 V2.2.1's 100). Devices that signed in before skip it.
   */
  loginPerAccountFromNewDevices: {
    freeAttempts: 20,
    baseDelayMs: 1_000,
    maxDelayMs: 15 * MINUTE_MS,
    forgetAfterMs: 60 * MINUTE_MS,
  },
  /** Wrong passwords from unknown devices after which the owner is e-mailed, at most once per window. */
  attackMailAfterFailures: 10,
  attackMailWindowMs: 24 * 60 * MINUTE_MS,
  /** Sign-up attempts per phone number and per e-mail address (each) per hour. */
  signupWindowMs: 60 * 60 * 1000,
  maxSignupsPerTarget: 10,
  emailTokenLifetimeMs: 24 * 60 * 60 * 1000,
  resetTokenLifetimeMs: 15 * 60 * 1000,
  maxEmailLinksPerHour: 5,
} as const;

/** The sign-up limits (per IP, per phone number and, once known, per e-mail address). */
export function signupRules(ipLimits: AuthIpLimits, ip: string, phone: string, email?: string): CountRule[] {
  const rules: CountRule[] = [
    { key: `signup:ip:${ip}`, max: ipLimits.signupPerIpPerHour, windowMs: authPolicy.signupWindowMs },
    {
      key: `signup:phone:${phone}`,
      max: authPolicy.maxSignupsPerTarget,
      windowMs: authPolicy.signupWindowMs,
    },
  ];
  if (email !== undefined)
    rules.push({
      key: `signup:email:${email.toLowerCase()}`,
      max: authPolicy.maxSignupsPerTarget,
      windowMs: authPolicy.signupWindowMs,
    });
  return rules;
}

export const signupLimitExceeded = (retryAfterSeconds: number) =>
  tooManyRequests(
    'SIGNUP_LIMIT_EXCEEDED',
    'Too many sign-up attempts; please try again later',
    retryAfterSeconds,
  );
