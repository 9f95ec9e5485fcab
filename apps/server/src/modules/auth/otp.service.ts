import { sendOtp } from './operations/send-otp';
import { verifyOtp } from './operations/verify-otp';
import type { OtpDeps } from './otp-codes';

export type { OtpPurpose } from './otp-codes';

/**
 * Phone codes (`app.auth.otp`, decision 014): 6 digits, stored as an HMAC, valid for otpPolicy.lifetimeSeconds,
 * at most otpPolicy.maxWrongAttempts wrong tries, a resend cooldown, and per-phone / per-IP send limits. Each
 * method is one file in `operations/` (decision 310's Drizzle style).
 */
export function createOtpService(deps: OtpDeps) {
  return {
    send: sendOtp.bind(null, deps),
    verify: verifyOtp.bind(null, deps),
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
