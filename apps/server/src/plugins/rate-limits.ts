import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/transaction';

/** At most `max` hits in any `windowMs` (exact sliding window). */
export interface CountRule {
  key: string;
  max: number;
  windowMs: number;
}
/** At most one hit per `cooldownMs`. */
export interface CooldownRule {
  key: string;
  cooldownMs: number;
}
/**
 * Growing delays (decision 245): the first `freeAttempts` attempts pass at once; after them each attempt waits
 * `baseDelayMs`, doubling per attempt up to `maxDelayMs`, counted from when the previous one was let through. A
 * bucket quiet for `forgetAfterMs` (at least `maxDelayMs`) starts again from nothing.
 */
export interface BackoffRule {
  key: string;
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}
export type RateRule = CountRule | CooldownRule | BackoffRule;

/** How long a backoff bucket that let `attempts` attempts through makes the next one wait. */
export function backoffDelayMs(rule: BackoffRule, attempts: number): number {
  if (attempts < rule.freeAttempts) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(attempts - rule.freeAttempts, 40));
}

export type RateDecision =
  { allowed: true; grant: RateGrant } | { allowed: false; rule: RateRule; retryAfterSeconds: number };

interface Taken {
  rule: RateRule;
  /**
   * Window start (count rules), the cooldown's end (cooldown rules) or the time this attempt was let through
   * (backoff rules): what a refund must match.
   */
  mark: number;
  /** Backoff rules: the bucket's attempts including this one. */
  attempts?: number | undefined;
}

/** What a caller holds after an allowed hit: it may give a hit back (e.g. a login that succeeded). */
export class RateGrant {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly taken: readonly Taken[],
  ) {}

  /** A backoff bucket's attempts including this request's (0 when the request did not name it). */
  attempts(key: string): number {
    return this.taken.find((item) => item.rule.key === key)?.attempts ?? 0;
  }

  /** Gives back this request's hit on the named buckets (all when none are named). */
  async refund(keys?: readonly string[]): Promise<void> {
    for (const item of this.taken) {
      if (!keys || keys.includes(item.rule.key)) await this.limiter.refundOne(item);
    }
  }
}

type TakeOutcome =
  { allowed: true; mark: number; attempts?: number } | { allowed: false; retryAfterMs: number };

const isCooldown = (rule: RateRule): rule is CooldownRule => 'cooldownMs' in rule;
const isBackoff = (rule: RateRule): rule is BackoffRule => 'freeAttempts' in rule;

/**
 * Rate limits whose counting and deciding are ONE statement (decision 055): `INSERT … ON CONFLICT DO UPDATE …
 * RETURNING` prunes a bucket's hits to the window, appends this one only if fewer than `max` remain and returns the
 * decision; the upsert's row lock serialises concurrent requests on PostgreSQL (PGlite runs one at a time), so
 * exactly `max` of them pass. Rules are taken in order; when one refuses, the hits
 * already taken by this request are given back, so a refused request does not use up the other buckets.
 * Counters live in the database: they hold across restarts, processes and nodes.
 */
export class RateLimiter {
  private sweepCountdown = 0;

  constructor(private readonly db: Db) {}

  async consume(rules: readonly RateRule[], now = Date.now()): Promise<RateDecision> {
    const taken: Taken[] = [];
    for (const rule of rules) {
      const outcome = isCooldown(rule)
        ? await this.takeCooldown(rule, now)
        : isBackoff(rule)
          ? await this.takeBackoff(rule, now)
          : await this.takeCount(rule, now);
      if (outcome.allowed) {
        taken.push({ rule, mark: outcome.mark, attempts: outcome.attempts });
        continue;
      }
      for (const item of taken) await this.refundOne(item);
      return { allowed: false, rule, retryAfterSeconds: Math.max(1, Math.ceil(outcome.retryAfterMs / 1000)) };
    }
    await this.sweep(now);
    return { allowed: true, grant: new RateGrant(this, taken) };
  }

  /**
   * Whether `consume` would refuse these count rules now, without taking a hit: a step that leads to a limited
   * one (sending the sign-up code before the sign-up) asks first, so a refusal comes before the work, not after.
   */
  async check(
    rules: readonly CountRule[],
    now = Date.now(),
  ): Promise<{ allowed: true } | { allowed: false; rule: CountRule; retryAfterSeconds: number }> {
    for (const rule of rules) {
      const since = now - rule.windowMs;
      const [row] = rowsOf<{ hits: number; oldest: string | number | null }>(
        await this.db.execute(sql`
          SELECT count(*)::int AS hits, min(t.at) AS oldest
          FROM rate_limit_windows AS w, unnest(w.hits_at) AS t(at)
          WHERE w.bucket = ${rule.key} AND t.at > ${since}`),
      );
      if (row && Number(row.hits) >= rule.max) {
        const oldest = row.oldest === null ? now : Number(row.oldest);
        const retryAfterMs = Math.max(oldest + rule.windowMs - now, 1_000);
        return { allowed: false, rule, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
      }
    }
    return { allowed: true };
  }

  /** Forgets a bucket (e.g. the per-account-and-place login bucket after a correct password). */
  async clear(key: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM rate_limit_windows WHERE bucket = ${key}`);
    await this.db.execute(sql`DELETE FROM rate_limit_cooldowns WHERE bucket = ${key}`);
    await this.db.execute(sql`DELETE FROM rate_limit_backoffs WHERE bucket = ${key}`);
  }

  /** Forgets every bucket whose key starts with `prefix` (e.g. an account's login delays from every source). */
  async clearPrefix(prefix: string): Promise<void> {
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    await this.db.execute(sql`DELETE FROM rate_limit_windows WHERE bucket LIKE ${pattern}`);
    await this.db.execute(sql`DELETE FROM rate_limit_cooldowns WHERE bucket LIKE ${pattern}`);
    await this.db.execute(sql`DELETE FROM rate_limit_backoffs WHERE bucket LIKE ${pattern}`);
  }

  /** @internal used by RateGrant */
  async refundOne(item: Taken): Promise<void> {
    if (isBackoff(item.rule)) {
      // Back to the state before this attempt, unless another attempt was let through since.
      await this.db.execute(sql`
        UPDATE rate_limit_backoffs SET attempts = GREATEST(attempts - 1, 0), last_ms = previous_ms
        WHERE bucket = ${item.rule.key} AND last_ms = ${item.mark}`);
      return;
    }
    if (isCooldown(item.rule)) {
      await this.db.execute(
        sql`DELETE FROM rate_limit_cooldowns WHERE bucket = ${item.rule.key} AND until_ms = ${item.mark}`,
      );
      return;
    }
    // Removes one occurrence of this hit's time (another request may share the same millisecond).
    await this.db.execute(sql`
      UPDATE rate_limit_windows
      SET hits_at = hits_at[1:array_position(hits_at, ${item.mark}::bigint) - 1]
        || hits_at[array_position(hits_at, ${item.mark}::bigint) + 1:]
      WHERE bucket = ${item.rule.key} AND array_position(hits_at, ${item.mark}::bigint) IS NOT NULL`);
  }

  /**
   * Exact sliding window: the row keeps the times of the hits still inside the window (never more than `max`).
   * One statement prunes the old ones and appends this hit only when fewer than `max` remain, and says which.
   */
  private async takeCount(rule: CountRule, now: number): Promise<TakeOutcome> {
    const since = now - rule.windowMs;
    const expiresAt = now + rule.windowMs;
    const [row] = rowsOf<{ allowed: boolean; oldest: string | number | null }>(
      await this.db.execute(sql`
        INSERT INTO rate_limit_windows AS w (bucket, hits_at, allowed, expires_at)
        VALUES (${rule.key}, ARRAY[${now}::bigint], ${rule.max >= 1}, ${expiresAt})
        ON CONFLICT (bucket) DO UPDATE SET
          allowed = (SELECT count(*) FROM unnest(w.hits_at) AS t(at) WHERE t.at > ${since}) < ${rule.max},
          hits_at = CASE
            WHEN (SELECT count(*) FROM unnest(w.hits_at) AS t(at) WHERE t.at > ${since}) < ${rule.max}
            THEN ARRAY(SELECT t.at FROM unnest(w.hits_at) AS t(at) WHERE t.at > ${since} ORDER BY t.at) || ${now}::bigint
            ELSE ARRAY(SELECT t.at FROM unnest(w.hits_at) AS t(at) WHERE t.at > ${since} ORDER BY t.at)
          END,
          expires_at = GREATEST(w.expires_at, excluded.expires_at)
        RETURNING allowed, (SELECT min(t.at) FROM unnest(hits_at) AS t(at)) AS oldest`),
    );
    if (!row) throw new Error(`rate limit window ${rule.key} returned no row`);
    if (row.allowed === true) return { allowed: true, mark: now };
    const oldest = row.oldest === null ? now : Number(row.oldest);
    return { allowed: false, retryAfterMs: Math.max(oldest + rule.windowMs - now, 1_000) };
  }

  /**
   * Growing delays in one statement: the upsert lets the attempt through (and counts it) only when the bucket's
   * delay since its last attempt has passed, or the bucket was quiet long enough to be forgotten. Its row lock
   * serialises concurrent attempts, so a burst gets the free attempts and no more.
   */
  private async takeBackoff(rule: BackoffRule, now: number): Promise<TakeOutcome> {
    if (rule.forgetAfterMs < rule.maxDelayMs)
      throw new Error(`backoff ${rule.key}: forgetAfterMs < maxDelayMs`);
    const stale = sql`b.last_ms <= ${now - rule.forgetAfterMs}::bigint`;
    const delay = sql`CASE WHEN b.attempts < ${rule.freeAttempts}::int THEN 0::bigint
      ELSE LEAST(${rule.maxDelayMs}::bigint,
        (${rule.baseDelayMs}::float8 * power(2::float8, LEAST(b.attempts - ${rule.freeAttempts}::int, 40)))::bigint) END`;
    const ready = sql`(b.last_ms + ${delay} <= ${now}::bigint)`;
    const [row] = rowsOf<{ allowed: boolean; attempts: number; last_ms: string | number }>(
      await this.db.execute(sql`
        INSERT INTO rate_limit_backoffs AS b (bucket, attempts, last_ms, previous_ms, allowed, expires_at)
        VALUES (${rule.key}, 1, ${now}, 0, true, ${now + rule.forgetAfterMs})
        ON CONFLICT (bucket) DO UPDATE SET
          attempts = CASE WHEN ${stale} THEN 1 WHEN ${ready} THEN b.attempts + 1 ELSE b.attempts END,
          previous_ms = CASE WHEN ${stale} THEN 0 WHEN ${ready} THEN b.last_ms ELSE b.previous_ms END,
          last_ms = CASE WHEN ${stale} OR ${ready} THEN ${now}::bigint ELSE b.last_ms END,
          allowed = ${stale} OR ${ready},
          expires_at = CASE WHEN ${stale} OR ${ready} THEN ${now + rule.forgetAfterMs}::bigint ELSE b.expires_at END
        RETURNING allowed, attempts, last_ms`),
    );
    if (!row) throw new Error(`backoff ${rule.key} returned no row`);
    const attempts = Number(row.attempts);
    if (row.allowed === true) return { allowed: true, mark: now, attempts };
    const retryAfterMs = Number(row.last_ms) + backoffDelayMs(rule, attempts) - now;
    return { allowed: false, retryAfterMs: Math.max(retryAfterMs, 1) };
  }

  private async takeCooldown(rule: CooldownRule, now: number): Promise<TakeOutcome> {
    const until = now + rule.cooldownMs;
    const [row] = rowsOf<{ until_ms: string | number }>(
      await this.db.execute(sql`
        INSERT INTO rate_limit_cooldowns AS c (bucket, until_ms) VALUES (${rule.key}, ${until})
        ON CONFLICT (bucket) DO UPDATE SET until_ms = excluded.until_ms WHERE c.until_ms <= ${now}
        RETURNING until_ms`),
    );
    if (row) return { allowed: true, mark: Number(row.until_ms) };
    const [current] = rowsOf<{ until_ms: string | number }>(
      await this.db.execute(sql`SELECT until_ms FROM rate_limit_cooldowns WHERE bucket = ${rule.key}`),
    );
    return { allowed: false, retryAfterMs: current ? Number(current.until_ms) - now : rule.cooldownMs };
  }

  /** Expired rows are removed every few hundred decisions: the tables stay small without a job. */
  private async sweep(now: number): Promise<void> {
    this.sweepCountdown -= 1;
    if (this.sweepCountdown > 0) return;
    this.sweepCountdown = 500;
    await this.db.execute(sql`DELETE FROM rate_limit_windows WHERE expires_at < ${now}`);
    await this.db.execute(sql`DELETE FROM rate_limit_cooldowns WHERE until_ms < ${now}`);
    await this.db.execute(sql`DELETE FROM rate_limit_backoffs WHERE expires_at < ${now}`);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/** `app.rateLimiter`: the one atomic limiter every module uses (auth, catalog tracking). */
async function rateLimitsPlugin(app: FastifyInstance) {
  app.decorate('rateLimiter', new RateLimiter(app.db));
}

export default fp(rateLimitsPlugin, { name: 'rate-limits', dependencies: ['context'] });
