import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/transaction';

/** At most `max` hits in any `windowMs` (sliding-window estimate over two aligned windows). */
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
export type RateRule = CountRule | CooldownRule;

export type RateDecision =
  { allowed: true; grant: RateGrant } | { allowed: false; rule: RateRule; retryAfterSeconds: number };

interface Taken {
  rule: RateRule;
  /** Window start (count rules) or the cooldown's end (cooldown rules): what a refund must match. */
  mark: number;
}

/** What a caller holds after an allowed hit: it may give a hit back (e.g. a login that succeeded). */
export class RateGrant {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly taken: readonly Taken[],
  ) {}

  /** Gives back this request's hit on the named buckets (all when none are named). */
  async refund(keys?: readonly string[]): Promise<void> {
    for (const item of this.taken) {
      if (!keys || keys.includes(item.rule.key)) await this.limiter.refundOne(item);
    }
  }
}

const isCooldown = (rule: RateRule): rule is CooldownRule => 'cooldownMs' in rule;

/**
 * Rate limits whose counting and deciding are ONE statement (decision 055): `INSERT … ON CONFLICT DO UPDATE …
 * RETURNING` increments a bucket's counter and returns the new value, so concurrent requests on PostgreSQL or PGlite
 * each see a distinct count and exactly `max` of them pass. Rules are taken in order; when one refuses, the hits
 * already taken by this request are given back, so a refused request does not use up the other buckets.
 * Counters live in the database: they hold across restarts, processes and nodes.
 */
export class RateLimiter {
  private sweepCountdown = 0;

  constructor(private readonly db: Db) {}

  async consume(rules: readonly RateRule[], now = Date.now()): Promise<RateDecision> {
    const taken: Taken[] = [];
    for (const rule of rules) {
      const outcome = isCooldown(rule) ? await this.takeCooldown(rule, now) : await this.takeCount(rule, now);
      if (outcome.allowed) {
        taken.push({ rule, mark: outcome.mark });
        continue;
      }
      for (const item of taken) await this.refundOne(item);
      return { allowed: false, rule, retryAfterSeconds: Math.max(1, Math.ceil(outcome.retryAfterMs / 1000)) };
    }
    await this.sweep(now);
    return { allowed: true, grant: new RateGrant(this, taken) };
  }

  /** Forgets a bucket (e.g. the per-account-and-place login bucket after a correct password). */
  async clear(key: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM rate_limit_counters WHERE bucket = ${key}`);
    await this.db.execute(sql`DELETE FROM rate_limit_cooldowns WHERE bucket = ${key}`);
  }

  /** @internal used by RateGrant */
  async refundOne(item: Taken): Promise<void> {
    if (isCooldown(item.rule)) {
      await this.db.execute(
        sql`DELETE FROM rate_limit_cooldowns WHERE bucket = ${item.rule.key} AND until_ms = ${item.mark}`,
      );
      return;
    }
    await this.db.execute(sql`
      UPDATE rate_limit_counters SET hits = hits - 1
      WHERE bucket = ${item.rule.key} AND window_start = ${item.mark} AND hits > 0`);
  }

  private async takeCount(
    rule: CountRule,
    now: number,
  ): Promise<{ allowed: true; mark: number } | { allowed: false; retryAfterMs: number }> {
    const windowStart = now - (now % rule.windowMs);
    const previousStart = windowStart - rule.windowMs;
    const expiresAt = windowStart + 2 * rule.windowMs;
    const [row] = rowsOf<{ window_start: string | number; hits: number; prev_hits: number }>(
      await this.db.execute(sql`
        INSERT INTO rate_limit_counters AS c (bucket, window_start, hits, prev_hits, expires_at)
        VALUES (${rule.key}, ${windowStart}, 1, 0, ${expiresAt})
        ON CONFLICT (bucket) DO UPDATE SET
          prev_hits = CASE
            WHEN c.window_start >= excluded.window_start THEN c.prev_hits
            WHEN c.window_start = ${previousStart} THEN c.hits
            ELSE 0 END,
          hits = CASE WHEN c.window_start >= excluded.window_start THEN c.hits + 1 ELSE 1 END,
          window_start = GREATEST(c.window_start, excluded.window_start),
          expires_at = GREATEST(c.expires_at, excluded.expires_at)
        RETURNING window_start, hits::int AS hits, prev_hits::int AS prev_hits`),
    );
    if (!row) throw new Error(`rate limit counter ${rule.key} returned no row`);
    const start = Number(row.window_start);
    const hits = Number(row.hits);
    const previous = Number(row.prev_hits);
    const elapsed = Math.min(Math.max(now - start, 0), rule.windowMs);
    // Rounded up: right after a boundary the previous window still counts in full.
    const estimate = Math.ceil(previous * ((rule.windowMs - elapsed) / rule.windowMs)) + hits;
    if (estimate <= rule.max) return { allowed: true, mark: start };
    await this.refundOne({ rule, mark: start });
    const retryAfterMs =
      hits > rule.max ? start + rule.windowMs - now : this.previousDrainMs(rule, previous, hits, elapsed);
    return { allowed: false, retryAfterMs };
  }

  /** How long until enough of the previous window has slid out for one more hit. */
  private previousDrainMs(rule: CountRule, previous: number, hits: number, elapsed: number): number {
    const allowedPrevious = rule.max - hits; // hits already counts this (refused) request
    if (previous <= 0) return rule.windowMs - elapsed;
    const remainingFraction = Math.max(allowedPrevious, 0) / previous;
    return Math.max(rule.windowMs * (1 - remainingFraction) - elapsed, 1_000);
  }

  private async takeCooldown(
    rule: CooldownRule,
    now: number,
  ): Promise<{ allowed: true; mark: number } | { allowed: false; retryAfterMs: number }> {
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
    await this.db.execute(sql`DELETE FROM rate_limit_counters WHERE expires_at < ${now}`);
    await this.db.execute(sql`DELETE FROM rate_limit_cooldowns WHERE until_ms < ${now}`);
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
