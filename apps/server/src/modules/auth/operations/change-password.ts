import type { ChangePasswordRequest } from '@maplesource/contracts';
import { badRequest } from '../../../plugins/errors';
import type { AuthDeps } from '../auth.types';
import { hashPassword, verifyPassword } from '../passwords';

/** A new password, proven by the current one: the account's other sessions and known devices are dropped. */
export async function changePassword(
  deps: Pick<AuthDeps, 'users' | 'sessions' | 'devices'>,
  userId: string,
  sessionId: string,
  input: ChangePasswordRequest,
) {
  const user = await deps.users.findById(userId);
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest('WRONG_PASSWORD', 'The current password is incorrect', {
      currentPassword: 'errors:WRONG_PASSWORD',
    });
  }
  await deps.users.updateFields(userId, { passwordHash: await hashPassword(input.newPassword) });
  await deps.sessions.revokeAllForUserExcept(userId, sessionId);
  // Decision 245: every known device is forgotten; this browser just proved the password and stays known.
  await deps.devices.forgetAll(userId);
  return { ok: true as const, deviceToken: await deps.devices.remember(userId, undefined) };
}
