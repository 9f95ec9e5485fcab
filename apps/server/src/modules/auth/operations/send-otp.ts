import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { otpPolicy } from '@maplesource/contracts';
import { AppError } from '../../../plugins/errors';
import { otpCodes } from '../auth.tables';
import { hashOtpCode, otpLimitExceeded, type OtpDeps, type OtpPurpose } from '../otp-codes';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Checks the limits, then issues a code (replacing the phone's live one for this purpose) and texts it;
 * `deliver: false` (forgot-password for an unknown number) goes through exactly the same limits and answers, but
 * sends nothing. Time comes from `new Date()` in this process (never the database clock) so tests can move it.
 */
export async function sendOtp(deps: OtpDeps, phone: string, purpose: OtpPurpose, ip: string, deliver = true) {
  const now = new Date();
  // One atomic step per bucket (decision 055): the cooldown, the phone's hour and the IP's hour.
  const decision = await deps.limiter.consume(
    [
      { key: `otp:cooldown:${purpose}:${phone}`, cooldownMs: otpPolicy.resendCooldownSeconds * 1000 },
      { key: `otp:phone:${phone}`, max: otpPolicy.maxSendsPerPhonePerHour, windowMs: HOUR_MS },
      { key: `otp:ip:${ip}`, max: deps.maxSendsPerIpPerHour, windowMs: HOUR_MS },
    ],
    now.getTime(),
  );
  if (!decision.allowed) {
    if ('cooldownMs' in decision.rule) {
      throw new AppError(
        429,
        'OTP_RESEND_TOO_SOON',
        `Please wait ${otpPolicy.resendCooldownSeconds} seconds before asking for a new code`,
        undefined,
        { 'retry-after': String(decision.retryAfterSeconds) },
      );
    }
    throw otpLimitExceeded(decision.retryAfterSeconds);
  }
  if (deliver) {
    const code = String(randomInt(0, 1_000_000)).padStart(otpPolicy.length, '0');
    await deps.db.transaction(async (tx) => {
      await tx
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(
          and(eq(otpCodes.phoneNumber, phone), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)),
        );
      await tx.insert(otpCodes).values({
        id: randomUUID(),
        phoneNumber: phone,
        purpose,
        codeHash: hashOtpCode(deps.secret, purpose, phone, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + otpPolicy.lifetimeSeconds * 1000),
      });
      await tx.delete(otpCodes).where(lt(otpCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
    });
    const minutes = Math.round(otpPolicy.lifetimeSeconds / 60);
    await deps.sms.send(
      phone,
      `MapleSource: your verification code is ${code}. It expires in ${minutes} minutes. / Votre code de vérification est ${code}. Il expire dans ${minutes} minutes.`,
      { code },
    );
  }
  return {
    ok: true as const,
    expiresInSeconds: otpPolicy.lifetimeSeconds,
    resendInSeconds: otpPolicy.resendCooldownSeconds,
  };
}
