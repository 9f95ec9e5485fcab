import type { SignupRequest, UserProfile } from '@maplesource/contracts';
import { conflict } from '../../../plugins/errors';
import { sendVerificationLink } from '../auth.mails';
import { signupLimitExceeded, signupRules } from '../auth.policy';
import { isUniqueViolation } from '../auth.tokens';
import type { AuthDeps, RequestMeta } from '../auth.types';
import { languageFromAcceptLanguage } from '../mail-language';
import { hashPassword } from '../passwords';
import { normalizeCanadianPhone } from '../phone';

/**
 * Until the phone code is proven, a taken and a free e-mail or phone get the same answers (decision 055): the
 * code is checked first, and only its owner learns that the e-mail or phone already has an account.
 */
export async function signUp(
  deps: Pick<
    AuthDeps,
    'db' | 'users' | 'sessions' | 'otp' | 'limiter' | 'messaging' | 'publicUrl' | 'ipLimits' | 'devices'
  >,
  input: SignupRequest,
  meta: RequestMeta,
): Promise<{ user: UserProfile; token: string; deviceToken: string }> {
  const phone = normalizeCanadianPhone(input.phoneNumber);
  const decision = await deps.limiter.consume(signupRules(deps.ipLimits, meta.ip, phone, input.email));
  if (!decision.allowed) throw signupLimitExceeded(decision.retryAfterSeconds);
  await deps.otp.verify(phone, 'signup', input.otp);
  if (await deps.users.findByEmail(input.email)) {
    throw conflict('EMAIL_TAKEN', 'An account already uses this e-mail');
  }
  if (await deps.users.findByPhone(phone))
    throw conflict('PHONE_TAKEN', 'An account already uses this phone number');
  const passwordHash = await hashPassword(input.password);
  let created;
  try {
    created = await deps.users.create({
      fullName: input.fullName,
      email: input.email,
      phoneNumber: phone,
      passwordHash,
      state: input.province,
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('EMAIL_TAKEN', 'An account already uses this e-mail or phone');
    throw error;
  }
  // The account's preferred language (decision 210): the page's, else the browser's; its e-mails use it.
  await deps.users.setPreferences(created.id, {
    preferredLanguage: input.language ?? languageFromAcceptLanguage(meta.acceptLanguage),
  });
  await sendVerificationLink(deps, created.id, created.email).catch(() => undefined);
  const token = await deps.sessions.create(created.id, meta);
  const deviceToken = await deps.devices.remember(created.id, meta.deviceToken);
  return { user: await deps.users.getProfile(created.id), token, deviceToken };
}
