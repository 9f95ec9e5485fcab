import { badRequest, tooManyRequests } from '../../../plugins/errors';
import { authPolicy } from '../auth.policy';
import type { AuthDeps } from '../auth.types';
import { dummyPasswordHash, verifyPassword } from '../passwords';

/**
 * Confirms a sensitive action (deleting the account) with the current password. Wrong guesses are counted per
 * account like failed logins, so a stolen session cannot be used to try passwords without limit.
 */
export async function confirmPassword(
  deps: Pick<AuthDeps, 'users' | 'limiter'>,
  userId: string,
  password: string,
): Promise<void> {
  const bucket = `confirm-password:${userId}`;
  // Counting and deciding in one step (decision 055); a correct password gives its hit back.
  const decision = await deps.limiter.consume([
    { key: bucket, max: authPolicy.maxFailedLoginsPerAccountAndIp, windowMs: authPolicy.loginWindowMs },
  ]);
  if (!decision.allowed) {
    throw tooManyRequests(
      'LOGIN_LIMIT_EXCEEDED',
      'Too many password attempts; please try again later',
      decision.retryAfterSeconds,
    );
  }
  const user = await deps.users.findById(userId);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) {
    throw badRequest('WRONG_PASSWORD', 'The current password is incorrect', {
      currentPassword: 'errors:WRONG_PASSWORD',
    });
  }
  await deps.limiter.clear(bucket);
}
