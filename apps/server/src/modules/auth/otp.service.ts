import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { otpPolicy } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { AppError, badRequest, tooManyRequests } from '../../plugins/errors';
import type { SmsProvider } from '../../plugins/messaging';
import { otpCodes } from './auth.tables';
import type { RateLimiter } from '../../plugins/rate-limits';

export type OtpPurpose = 'signup' | 'reset';

const HOUR_MS = 60 * 60 * 1000;

export const otpLimitExceeded = (retryAfterSeconds = 60 * 60) =>
  tooManyRequests('OTP_LIMIT_EXCEEDED', 'exceeded maximum OTP requests, try later', retryAfterSeconds);

/**
 * Phone codes: 6 digits, stored as an HMAC, valid for otpPolicy.lifetimeSeconds, at most
 * otpPolicy.maxWrongAttempts wrong tries, a resend cooldown, and per-phone / per-IP send limits.
 * Time comes from `new Date()` in this process (never the database clock) so tests can move it.
 */
export class OtpService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly sms: SmsProvider,
    private readonly secret: string,
    /** RATE_LIMIT_OTP_PER_IP_PER_HOUR (default otpPolicy.maxSendsPerIpPerHour). */
    private readonly maxSendsPerIpPerHour: number = otpPolicy.maxSendsPerIpPerHour,
  ) {}

  private hashCode(purpose: OtpPurpose, phone: string, code: string) {
    return createHmac('sha256', this.secret).update(`${purpose}:${phone}:${code}`).digest('hex');
  }

  /**
   * Checks the limits, then issues a code; `deliver: false` (forgot-password for an unknown number)
   * goes through exactly the same limits and answers, but sends nothing.
   */
  async send(phone: string, purpose: OtpPurpose, ip: string, deliver = true) {
    const now = new Date();
    // One atomic step per bucket (decision 055): the cooldown, the phone's hour and the IP's hour.
    const decision = await this.limiter.consume(
      [
        { key: `otp:cooldown:${purpose}:${phone}`, cooldownMs: otpPolicy.resendCooldownSeconds * 1000 },
        { key: `otp:phone:${phone}`, max: otpPolicy.maxSendsPerPhonePerHour, windowMs: HOUR_MS },
        { key: `otp:ip:${ip}`, max: this.maxSendsPerIpPerHour, windowMs: HOUR_MS },
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
      await this.db.transaction(async (tx) => {
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
          codeHash: this.hashCode(purpose, phone, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + otpPolicy.lifetimeSeconds * 1000),
        });
        await tx.delete(otpCodes).where(lt(otpCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
      });
      const minutes = Math.round(otpPolicy.lifetimeSeconds / 60);
      await this.sms.send(
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

  /** Checks a code and consumes it. Errors: INVALID_OTP, OTP_EXPIRED, OTP_LIMIT_EXCEEDED. */
  async verify(phone: string, purpose: OtpPurpose, code: string): Promise<void> {
    const now = new Date();
    const [row] = await this.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.phoneNumber, phone), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    const invalid = () => badRequest('INVALID_OTP', 'invalid OTP', { otp: 'errors:INVALID_OTP' });
    if (!row) throw invalid();
    if (row.attempts >= otpPolicy.maxWrongAttempts) throw otpLimitExceeded();
    if (row.expiresAt.getTime() <= now.getTime()) {
      throw badRequest('OTP_EXPIRED', 'code expired', { otp: 'errors:OTP_EXPIRED' });
    }
    const expected = Buffer.from(row.codeHash, 'hex');
    const actual = Buffer.from(this.hashCode(purpose, phone, code), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      const updated = await this.db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(and(eq(otpCodes.id, row.id), lt(otpCodes.attempts, otpPolicy.maxWrongAttempts)))
        .returning({ attempts: otpCodes.attempts });
      if (updated.length === 0) throw otpLimitExceeded();
      throw invalid();
    }
    const consumed = await this.db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(otpCodes.id, row.id),
          isNull(otpCodes.consumedAt),
          lt(otpCodes.attempts, otpPolicy.maxWrongAttempts),
        ),
      )
      .returning({ id: otpCodes.id });
    if (consumed.length === 0) throw invalid();
  }
}
