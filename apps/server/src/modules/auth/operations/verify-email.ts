import { and, eq, isNull } from 'drizzle-orm';
import { AppError, badRequest, conflict } from '../../../plugins/errors';
import { authTokens } from '../auth.tables';
import { hashToken, isUniqueViolation } from '../auth.tokens';
import type { AuthDeps } from '../auth.types';
import { confirmUserEmail } from './confirm-user-email';

/** docs/product.md §8 states: no token, invalid or expired token, already verified, verification failed, success. */
export async function verifyEmail(
  deps: Pick<AuthDeps, 'db' | 'users'>,
  token: string | undefined,
): Promise<{ userId: string }> {
  if (!token) throw badRequest('NO_TOKEN', 'No token provided');
  const [row] = await deps.db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.id, hashToken(token)), eq(authTokens.purpose, 'verify_email')))
    .limit(1);
  if (!row || !row.email) throw badRequest('INVALID_OR_EXPIRED_TOKEN', 'Invalid or expired token');
  const user = await deps.users.findById(row.userId);
  if (!user) throw badRequest('INVALID_OR_EXPIRED_TOKEN', 'Invalid or expired token');
  const alreadyVerified =
    user.emailVerifiedAt !== null && user.email.toLowerCase() === row.email.toLowerCase();
  if (alreadyVerified) throw conflict('ALREADY_VERIFIED', 'This e-mail is already verified');
  if (row.usedAt || row.expiresAt.getTime() <= Date.now()) {
    throw badRequest('INVALID_OR_EXPIRED_TOKEN', 'Invalid or expired token');
  }
  const isCurrent = user.email.toLowerCase() === row.email.toLowerCase();
  const isPending = user.pendingEmail?.toLowerCase() === row.email.toLowerCase();
  if (!isCurrent && !isPending) throw badRequest('INVALID_OR_EXPIRED_TOKEN', 'Invalid or expired token');
  try {
    await deps.db.transaction(async (tx) => {
      const used = await tx
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
        .returning({ id: authTokens.id });
      if (used.length === 0) throw badRequest('INVALID_OR_EXPIRED_TOKEN', 'Invalid or expired token');
      await confirmUserEmail(tx, row.userId, row.email!);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) {
      throw conflict('VERIFICATION_FAILED', 'Verification failed: another account now uses this e-mail');
    }
    throw error;
  }
  return { userId: row.userId };
}
