import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { otpPolicy } from '@maplesource/contracts';
import { badRequest } from '../../../plugins/errors';
import { otpCodes } from '../auth.tables';
import { hashOtpCode, otpLimitExceeded, type OtpDeps, type OtpPurpose } from '../otp-codes';

/**
 * Checks the phone's latest live code for this purpose and consumes it; a wrong code counts an attempt (at most
 * otpPolicy.maxWrongAttempts). Errors: INVALID_OTP, OTP_EXPIRED, OTP_LIMIT_EXCEEDED.
 */
export async function verifyOtp(
  deps: Pick<OtpDeps, 'db' | 'secret'>,
  phone: string,
  purpose: OtpPurpose,
  code: string,
): Promise<void> {
  const now = new Date();
  const [row] = await deps.db
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
  const actual = Buffer.from(hashOtpCode(deps.secret, purpose, phone, code), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    const updated = await deps.db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, row.id), lt(otpCodes.attempts, otpPolicy.maxWrongAttempts)))
      .returning({ attempts: otpCodes.attempts });
    if (updated.length === 0) throw otpLimitExceeded();
    throw invalid();
  }
  const consumed = await deps.db
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
