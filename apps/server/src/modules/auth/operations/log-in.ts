import { sql } from 'drizzle-orm';
import type { LoginRequest, UserProfile } from '@maplesource/contracts';
import { rowsOf, withTransaction } from '../../../db/transaction';
import { AppError, tooManyRequests } from '../../../plugins/errors';
import type { BackoffRule } from '../../../plugins/rate-limits';
import { attackMailJobName, type AttackMailJob } from '../auth.mails';
import { authPolicy } from '../auth.policy';
import type { AuthDeps, RequestMeta } from '../auth.types';
import { hashDeviceToken } from '../known-devices';
import { dummyPasswordHash, verifyPassword } from '../passwords';
import { normalizeCanadianPhone } from '../phone';

/**
 * Lockouts that protect, not punish (decision 245). Every attempt is counted before the password is checked
 * (atomic upserts: concurrent attempts cannot all slip through) in:
 * - per account and source, growing delays: the source is the device when the request carries this account's
 *   known-device cookie, else the IP (`request.ip`: X-Forwarded-For only from TRUST_PROXY's proxies);
 * - per account, growing delays for devices the account does not know, so many IPs cannot try many passwords;
 *   a known device skips it (and the per-IP ceiling), so no attacker can lock the owner out of their devices;
 * - per IP, the ceiling of decision 055 (unknown devices).
 * A delayed attempt is answered 429 with Retry-After before the password is checked, so a correct password
 * waits too. A correct password forgets this source's delays and gives the account's hit back; wrong ones past
 * the alert threshold e-mail the owner once per window. An account's e-mail and phone share its buckets; an
 * identifier without an account is its own (the same answers as for an account).
 */
export async function logIn(
  deps: Pick<AuthDeps, 'db' | 'users' | 'sessions' | 'limiter' | 'ipLimits' | 'devices' | 'jobs'>,
  input: LoginRequest,
  meta: RequestMeta,
): Promise<{ user: UserProfile; token: string; deviceToken: string }> {
  const identifier = input.email ? input.email.toLowerCase() : normalizeLoosePhone(input.phoneNumber!);
  const user = input.email
    ? await deps.users.findByEmail(input.email)
    : await deps.users.findByPhone(identifier);
  const subject = user ? `user:${user.id}` : `id:${identifier}`;
  // Looked up whether or not the identifier has an account: the same work either way.
  const deviceUserId = await deps.devices.userOf(meta.deviceToken);
  const knownDevice = user !== undefined && deviceUserId === user.id;
  const sourceRule: BackoffRule = {
    key: knownDevice
      ? `login:account-device:${subject}:${hashDeviceToken(meta.deviceToken!)}`
      : `login:account-ip:${subject}:${meta.ip}`,
    ...authPolicy.loginPerSource,
  };
  const accountRule: BackoffRule = {
    key: `login:account-new-devices:${subject}`,
    ...authPolicy.loginPerAccountFromNewDevices,
  };
  const ipKey = `login:ip:${meta.ip}`;
  const decision = await deps.limiter.consume(
    knownDevice
      ? [sourceRule]
      : [
          { key: ipKey, max: deps.ipLimits.loginPerIpPer15Min, windowMs: authPolicy.loginWindowMs },
          sourceRule,
          accountRule,
        ],
  );
  if (!decision.allowed) {
    if (decision.rule.key === accountRule.key) {
      throw tooManyRequests(
        'LOGIN_NEW_DEVICE_DELAYED',
        'Too many wrong passwords for this account from new devices; wait, or reset the password with a phone code',
        decision.retryAfterSeconds,
      );
    }
    if (decision.rule.key === sourceRule.key) {
      throw tooManyRequests(
        'LOGIN_DELAYED',
        'Too many wrong passwords; wait before trying again, or reset the password with a phone code',
        decision.retryAfterSeconds,
      );
    }
    throw tooManyRequests(
      'LOGIN_LIMIT_EXCEEDED',
      'Too many login attempts; please try again later',
      decision.retryAfterSeconds,
    );
  }
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) {
    const failures = decision.grant.attempts(accountRule.key);
    if (user && failures >= authPolicy.attackMailAfterFailures) await alertOwner(deps, user.id, failures);
    throw new AppError(401, 'INVALID_CREDENTIALS', 'The e-mail, phone number or password is incorrect');
  }
  await decision.grant.refund([accountRule.key]);
  await deps.limiter.clear(sourceRule.key);
  const token = await deps.sessions.create(user.id, meta);
  const deviceToken = await deps.devices.remember(user.id, knownDevice ? meta.deviceToken : undefined);
  return { user: await deps.users.getProfile(user.id), token, deviceToken };
}

/**
 * Claims the account's alert window and queues the e-mail's job in one transaction (decision 245): however
 * many wrong passwords arrive, concurrently or not, one e-mail per window; the job sends it, with retries.
 */
async function alertOwner(
  deps: Pick<AuthDeps, 'db' | 'jobs'>,
  userId: string,
  failedAttempts: number,
): Promise<void> {
  const windowSeconds = authPolicy.attackMailWindowMs / 1000;
  await withTransaction(deps.db, async (tx) => {
    const claimed = rowsOf<{ user_id: string }>(
      await tx.execute(sql`
        INSERT INTO auth_login_alerts AS a (user_id, sent_at) VALUES (${userId}, now())
        ON CONFLICT (user_id) DO UPDATE SET sent_at = excluded.sent_at
        WHERE a.sent_at <= now() - make_interval(secs => ${windowSeconds})
        RETURNING user_id`),
    );
    if (claimed.length === 0) return;
    const job: AttackMailJob = { userId, failedAttempts };
    await deps.jobs.send(attackMailJobName, job, { tx });
  });
}

/** Login by phone: a malformed number simply matches nothing (no 400 that would differ from a wrong password). */
function normalizeLoosePhone(value: string): string {
  try {
    return normalizeCanadianPhone(value);
  } catch {
    return value.replace(/\s+/g, '');
  }
}
