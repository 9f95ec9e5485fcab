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

/** Spends one event of one group from one user's budget. */
interface GroupLimiter {
  consume(userId: string): Promise<LimitDecision>;
}

/**
 * The windows of one group in one Redis round trip: the second's, its burst pool's when the second is spent, and
 * the minute's when either let the event through. Each window is a counter that expires with its window (set at
 * its first hit, never moved), as rate-limiter-flexible's own script keeps them, under the same keys. Returns
 * {1, 0} when allowed, {0, ms until the refusing window ends} otherwise. All keys of one call share the user, so
 * a Redis Cluster would need them under one hash tag; this app runs a single Redis (decision 242).
 */
const groupWindowsLua = `
local function hit(key, ms)
  redis.call('set', key, 0, 'PX', ms, 'NX')
  local n = redis.call('incr', key)
  local ttl = redis.call('pttl', key)
  if ttl < 0 then
    redis.call('pexpire', key, ms)
    ttl = tonumber(ms)
  end
  return n, ttl
end
local second, secondTtl = hit(KEYS[1], ARGV[2])
if second > tonumber(ARGV[1]) then
  if tonumber(ARGV[3]) == 0 then return {0, secondTtl} end
  local burst, burstTtl = hit(KEYS[2], ARGV[4])
  if burst > tonumber(ARGV[3]) then return {0, math.min(secondTtl, burstTtl)} end
end
local minute, minuteTtl = hit(KEYS[3], ARGV[6])
if minute > tonumber(ARGV[5]) then return {0, minuteTtl} end
return {1, 0}
`;
const groupWindowsCommand = 'maplesourceRealtimeWindows';

type RedisWithWindows = Redis & {
  [groupWindowsCommand](
    secondKey: string,
    burstKey: string,
    minuteKey: string,
    ...args: number[]
  ): Promise<[number, number]>;
};

/**
 * The socket limits of decision 242. With Redis every process counts in the same keys, so a user with sockets on
 * several processes has one budget: a chat event's windows take one Lua call (decision 344), a handshake's one
 * rate-limiter-flexible limiter. Without Redis there is one process and the counters live in it. When Redis is
 * not ready, fails or takes longer than 250 ms, the event is counted by an in-process limiter of the same shape
 * rather than failing or being held up.
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
  consumeEvent(group: RealtimeRateGroup, userId: string): Promise<LimitDecision> {
    return this.groups[group].consume(userId);
  }

  /** Spends one handshake of the client address `ip`. */
  async consumeConnection(ip: string): Promise<LimitDecision> {
    return (await take(this.connections, ip)) ?? { allowed: true };
  }

  private groupLimiter(name: RealtimeRateGroup, rate: EventRate): GroupLimiter {
    const inProcess = memoryGroup(name, rate);
    const redis = this.redis;
    if (!redis) return inProcess;
    if (!(groupWindowsCommand in redis)) {
      redis.defineCommand(groupWindowsCommand, { numberOfKeys: 3, lua: groupWindowsLua });
    }
    const shared = redis as RedisWithWindows;
    const prefix = `${keyPrefix}:${name}`;
    const args = [
      rate.perSecond,
      1_000,
      rate.burst - rate.perSecond,
      burstRefillSeconds * 1_000,
      rate.perMinute,
      60_000,
    ];
    return {
      async consume(userId) {
        // Not connected (yet, or any more): count in this process at once rather than wait for a reconnect.
        if (shared.status !== 'ready') return inProcess.consume(userId);
        const answer = await withinRedisTimeout(
          shared[groupWindowsCommand](
            `${prefix}:s:${userId}`,
            `${prefix}:burst:${userId}`,
            `${prefix}:m:${userId}`,
            ...args,
          ),
        );
        if (!answer) return inProcess.consume(userId);
        const [allowed, msBeforeNext] = answer;
        return allowed === 1 ? { allowed: true } : refusal(msBeforeNext);
      },
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

/** A group's windows counted in this process: the second's with its burst pool behind it, then the minute's. */
function memoryGroup(name: RealtimeRateGroup, rate: EventRate): GroupLimiter {
  const prefix = `${keyPrefix}:${name}`;
  const perSecond = new RateLimiterMemory({ keyPrefix: `${prefix}:s`, points: rate.perSecond, duration: 1 });
  const extra = rate.burst - rate.perSecond;
  const short: Limiter =
    extra > 0
      ? new BurstyRateLimiter(
          perSecond,
          new RateLimiterMemory({
            keyPrefix: `${prefix}:burst`,
            points: extra,
            duration: burstRefillSeconds,
          }),
        )
      : perSecond;
  const perMinute = new RateLimiterMemory({ keyPrefix: `${prefix}:m`, points: rate.perMinute, duration: 60 });
  return {
    // The per-second check first: a flood refused there does not use up the minute.
    async consume(userId) {
      return (await take(short, userId)) ?? (await take(perMinute, userId)) ?? { allowed: true };
    },
  };
}

/** Redis's answer, or null when it failed or came later than the limit (the event is then counted in process). */
async function withinRedisTimeout<T>(call: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), redisTimeoutMs);
  });
  try {
    return await Promise.race([call.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

function refusal(msBeforeNext: number): LimitDecision {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) };
}

/** null when the point was taken; the refusal with its wait otherwise. */
async function take(limiter: Limiter, key: string): Promise<LimitDecision | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (refused) {
    if (!(refused instanceof RateLimiterRes)) throw refused;
    return refusal(refused.msBeforeNext);
  }
}
