import { badRequest, conflict, tooManyRequests } from '../../../plugins/errors';
import { sendVerificationLink } from '../auth.mails';
import { authPolicy } from '../auth.policy';
import type { AuthDeps } from '../auth.types';

/** Sends (or re-sends) a verification link for `email` to the account; a new address is kept as pending. */
export async function requestEmailVerification(
  deps: Pick<AuthDeps, 'db' | 'users' | 'limiter' | 'messaging' | 'publicUrl'>,
  userId: string,
  email: string,
) {
  const user = await deps.users.findById(userId);
  if (!user) throw badRequest('VERIFICATION_FAILED', 'Some error occured while verifying email');
  const decision = await deps.limiter.consume([
    { key: `mail:verify:${userId}`, max: authPolicy.maxEmailLinksPerHour, windowMs: 60 * 60 * 1000 },
  ]);
  if (!decision.allowed) {
    throw tooManyRequests(
      'RATE_LIMITED',
      'Too many verification e-mails; please try again later',
      decision.retryAfterSeconds,
    );
  }
  const lower = email.toLowerCase();
  try {
    if (lower === user.email.toLowerCase()) {
      if (user.emailVerifiedAt) throw conflict('ALREADY_VERIFIED', 'This e-mail is already verified');
    } else {
      const other = await deps.users.findByEmail(lower);
      if (other && other.id !== userId) throw conflict('EMAIL_TAKEN', 'An account already uses this e-mail');
      await deps.users.updateFields(userId, { pendingEmail: lower });
    }
  } catch (error) {
    // Only e-mails actually sent count against the hourly limit.
    await decision.grant.refund();
    throw error;
  }
  await sendVerificationLink(deps, userId, lower);
  return { ok: true as const };
}
