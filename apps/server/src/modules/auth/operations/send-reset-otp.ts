import type { AuthDeps, RequestMeta } from '../auth.types';
import { normalizeCanadianPhone } from '../phone';

/** The forgotten password's phone code: the same answer and the same limits whether or not the number has an account. */
export async function sendResetOtp(
  deps: Pick<AuthDeps, 'users' | 'otp'>,
  phoneNumber: string,
  meta: RequestMeta,
) {
  const phone = normalizeCanadianPhone(phoneNumber);
  const user = await deps.users.findByPhone(phone);
  return deps.otp.send(phone, 'reset', meta.ip, Boolean(user));
}
