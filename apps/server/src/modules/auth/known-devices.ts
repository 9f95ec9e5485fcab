import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knownDevices } from './auth.tables';

/** A known device is remembered this long after its last sign-in (decision 245). */
export const KNOWN_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

export const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Devices that signed in to an account before (decision 245): the browser keeps a random token in a signed,
 * HttpOnly cookie; the table keeps its sha256 per account. A device known to the account is not slowed down by
 * what unknown devices do to it; a password change or reset forgets every device of the account.
 */
export class KnownDeviceService {
  constructor(private readonly db: Db) {}

  /** The account a live device token belongs to, or null. */
  async userOf(token: string | undefined, now = new Date()): Promise<string | null> {
    if (!token) return null;
    const [row] = await this.db
      .select({ userId: knownDevices.userId })
      .from(knownDevices)
      .where(and(eq(knownDevices.tokenHash, hashDeviceToken(token)), gt(knownDevices.expiresAt, now)))
      .limit(1);
    return row?.userId ?? null;
  }

  /**
   * After a sign-in: extends the device's token when it already belongs to this account, else issues a new one.
   * Returns the token the cookie must hold.
   */
  async remember(userId: string, current: string | undefined, now = new Date()): Promise<string> {
    const expiresAt = new Date(now.getTime() + KNOWN_DEVICE_TTL_MS);
    if (current) {
      const touched = await this.db
        .update(knownDevices)
        .set({ lastUsedAt: now, expiresAt })
        .where(
          and(
            eq(knownDevices.tokenHash, hashDeviceToken(current)),
            eq(knownDevices.userId, userId),
            gt(knownDevices.expiresAt, now),
          ),
        )
        .returning({ tokenHash: knownDevices.tokenHash });
      if (touched.length > 0) return current;
    }
    // The account's expired devices go as a new one comes: the table holds live devices only, without a job.
    await this.db
      .delete(knownDevices)
      .where(and(eq(knownDevices.userId, userId), lte(knownDevices.expiresAt, now)));
    const token = randomBytes(32).toString('base64url');
    await this.db
      .insert(knownDevices)
      .values({ tokenHash: hashDeviceToken(token), userId, createdAt: now, lastUsedAt: now, expiresAt });
    return token;
  }

  /** A password change or reset: no device stays known (a thief's cookie included). */
  async forgetAll(userId: string): Promise<void> {
    await this.db.delete(knownDevices).where(eq(knownDevices.userId, userId));
  }

  /** How many devices the account remembers. */
  async count(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId));
    return row?.n ?? 0;
  }
}
