import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authRateEvents } from './auth.tables';

/**
 * Sliding-window counters kept in the database, so limits hold across restarts and across
 * processes (docs/decisions: OTP and login limits).
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  async count(bucket: string, windowMs: number, now = new Date()): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(authRateEvents)
      .where(
        and(
          eq(authRateEvents.bucket, bucket),
          gt(authRateEvents.createdAt, new Date(now.getTime() - windowMs)),
        ),
      );
    return Number(row?.n ?? 0);
  }

  /** Seconds until the oldest event in the window leaves it (for Retry-After). */
  async hit(bucket: string, now = new Date()): Promise<void> {
    await this.db.insert(authRateEvents).values({ bucket, createdAt: now });
    // Keep the table small: a day of history is more than any window needs.
    await this.db
      .delete(authRateEvents)
      .where(
        and(
          eq(authRateEvents.bucket, bucket),
          lt(authRateEvents.createdAt, new Date(now.getTime() - 86_400_000)),
        ),
      );
  }

  async clear(bucket: string): Promise<void> {
    await this.db.delete(authRateEvents).where(eq(authRateEvents.bucket, bucket));
  }
}
