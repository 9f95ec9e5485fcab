import { badRequest } from '../../../plugins/errors';
import { authPolicy } from '../auth.policy';
import { authTokens } from '../auth.tables';
import { hashToken, newToken } from '../auth.tokens';
import type { AuthDeps } from '../auth.types';
import { normalizeCanadianPhone } from '../phone';

/** The phone code of a forgotten password traded for a short-lived reset token of the number's account. */
export async function issueResetToken(
  deps: Pick<AuthDeps, 'db' | 'users' | 'otp'>,
  phoneNumber: string,
  otp: string,
) {
  const phone = normalizeCanadianPhone(phoneNumber);
  await deps.otp.verify(phone, 'reset', otp);
  const user = await deps.users.findByPhone(phone);
  if (!user) throw badRequest('INVALID_OTP', 'invalid OTP', { otp: 'errors:INVALID_OTP' });
  const token = newToken();
  const now = new Date();
  await deps.db.insert(authTokens).values({
    id: hashToken(token),
    userId: user.id,
    purpose: 'reset_password',
    createdAt: now,
    expiresAt: new Date(now.getTime() + authPolicy.resetTokenLifetimeMs),
  });
  return { token };
}
