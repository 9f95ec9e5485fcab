import { signupLimitExceeded, signupRules } from '../auth.policy';
import type { AuthDeps, RequestMeta } from '../auth.types';
import { normalizeCanadianPhone } from '../phone';

/**
 * The sign-up code is only sent when the sign-up it is for would be let through: the place and the phone number
 * are checked against the sign-up limit first (without using it up), so nobody types a code only to be told
 * "too many sign-up attempts".
 */
export async function sendSignupOtp(
  deps: Pick<AuthDeps, 'limiter' | 'otp' | 'ipLimits'>,
  phoneNumber: string,
  meta: RequestMeta,
) {
  const phone = normalizeCanadianPhone(phoneNumber);
  const decision = await deps.limiter.check(signupRules(deps.ipLimits, meta.ip, phone));
  if (!decision.allowed) throw signupLimitExceeded(decision.retryAfterSeconds);
  return deps.otp.send(phone, 'signup', meta.ip);
}
