import { and, eq, isNull } from 'drizzle-orm';
import type { ResetPasswordRequest } from '@maplesource/contracts';
import { badRequest } from '../../../plugins/errors';
import { authTokens } from '../auth.tables';
import { hashToken } from '../auth.tokens';
import type { AuthDeps } from '../auth.types';
import { hashPassword } from '../passwords';

/** The reset token (used once, before it expires) sets the new password and signs the account out everywhere. */
export async function resetPassword(
  deps: Pick<AuthDeps, 'db' | 'users' | 'sessions' | 'limiter' | 'devices'>,
  input: ResetPasswordRequest,
) {
  const now = new Date();
  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(authTokens.id, hashToken(input.token)),
          eq(authTokens.purpose, 'reset_password'),
          isNull(authTokens.usedAt),
        ),
      )
      .returning();
    if (!row || row.expiresAt.getTime() <= now.getTime()) {
      throw badRequest('INVALID_OR_EXPIRED_TOKEN', 'Invalid or expired token');
    }
    return row.userId;
  });
  await deps.users.updateFields(userId, { passwordHash });
  await deps.sessions.revokeAllForUser(userId);
  // Decision 245: the phone code proved the owner. No device stays known, and the account's login delays are
  // forgotten (the account-wide one and every source's), so the owner signs in at once with the new password.
  await deps.devices.forgetAll(userId);
  await deps.limiter.clear(`login:account-new-devices:user:${userId}`);
  await deps.limiter.clearPrefix(`login:account-ip:user:${userId}:`);
  await deps.limiter.clearPrefix(`login:account-device:user:${userId}:`);
  return { ok: true as const };
}
