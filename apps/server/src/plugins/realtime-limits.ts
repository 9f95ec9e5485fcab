import type { Redis } from 'ioredis';
import {
  BurstyRateLimiter,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  RLWrapperTimeouts,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** A rate with bursts: `perSecond` on average within a second, at most `burst` in one, `perMinute` a minute. */
export interface EventRate {
  perSecond: number;
  /** The most events in one second (≥ perSecond); the extra ones come from a pool refilled every 10 s. */
  burst: number;
  perMinute: number;
}

/** Which budget a client event spends (decision 242): chat messages, or any other event. */
export type RealtimeRateGroup = 'messages' | 'events';

export interface RealtimeLimitsConfig {
  messages: EventRate;
  events: EventRate;
  /** Socket handshakes one client address may start per minute. */
  connectionsPerIpPerMinute: number;
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** How long the extra points of a burst take to come back. */
const burstRefillSeconds = 10;
const keyPrefix = 'maplesource:realtime:rl';
/** A Redis answer slower than this counts in process instead: a stalled Redis does not stall the chat. */
const redisTimeoutMs = 250;

interface Limiter {
  consume(key: string): Promise<RateLimiterRes>;
}

interface GroupLimiter {
  /** Per second with the burst pool behind it. */
  short: Limiter;
  perMinute: Limiter;
}

/**
 * The socket limits of decision 242, on rate-limiter-flexible: with Redis every process counts in the same keys
 * (one atomic Lua INCR + TTL per limiter), so a user with sockets on several processes has one budget; without
 * Redis there is one process and the counters live in it. When Redis is not ready, fails or takes longer than
 * 250 ms, a limiter falls back to an in-process one of the same shape (its insurance limiter) rather than failing
 * or holding up the event.
 *
 * Windows are fixed (they start at the first hit and do not move with refused ones), so a refused client waits
 * at most until its window ends, whatever it keeps sending.
 */
export class RealtimeLimiter {
  private readonly groups: Record<RealtimeRateGroup, GroupLimiter>;
  private readonly connections: Limiter;

  constructor(
    config: RealtimeLimitsConfig,
    private readonly redis?: Redis,
  ) {
    this.groups = {
      messages: this.groupLimiter('messages', config.messages),
      events: this.groupLimiter('events', config.events),
    };
    this.connections = this.limiter('connections:ip', config.connectionsPerIpPerMinute, 60);
  }

  /** Spends one event of `group` from `userId`'s budget; refused when the second's or the minute's is gone. */
  async consumeEvent(group: RealtimeRateGroup, userId: string): Promise<LimitDecision> {
    const limiter = this.groups[group];
    // The per-second check first: a flood refused there does not use up the minute.
    return (
      (await take(limiter.short, userId)) ?? (await take(limiter.perMinute, userId)) ?? { allowed: true }
    );
  }

  /** Spends one handshake of the client address `ip`. */
  async consumeConnection(ip: string): Promise<LimitDecision> {
    return (await take(this.connections, ip)) ?? { allowed: true };
  }

  private groupLimiter(name: RealtimeRateGroup, rate: EventRate): GroupLimiter {
    const perSecond = this.limiter(`${name}:s`, rate.perSecond, 1);
    const extra = rate.burst - rate.perSecond;
    return {
      short:
        extra > 0
          ? new BurstyRateLimiter(perSecond, this.limiter(`${name}:burst`, extra, burstRefillSeconds))
          : perSecond,
      perMinute: this.limiter(`${name}:m`, rate.perMinute, 60),
    };
  }

  private limiter(name: string, points: number, duration: number): RateLimiterAbstract {
    const prefix = `${keyPrefix}:${name}`;
    const memory = new RateLimiterMemory({ keyPrefix: prefix, points, duration });
    if (!this.redis) return memory;
    const shared = new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: prefix,
      points,
      duration,
      // Not connected (yet, or any more): count in this process at once rather than wait for a reconnect.
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
    return new RLWrapperTimeouts({ limiter: shared, timeoutMs: redisTimeoutMs, insuranceLimiter: memory });
  }
}

/** null when the point was taken; the refusal with its wait otherwise. */
async function take(limiter: Limiter, key: string): Promise<LimitDecision | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}
