import type { Count, CounterLog } from './count.js';
import { LocalCounter } from './local-counter.js';
import { RedisCounter } from './redis-counter.js';

const RETRY_MS = 1_000;

/** Options of {@link createRateCounter}. */
export interface RateCounterOptions {
  /** Count in this Redis; absent: count in the process. */
  readonly redisUrl?: string | undefined;
  /** Key prefix in Redis, e.g. `rl:mcp:`. */
  readonly prefix?: string;
  readonly commandTimeoutMs?: number;
  readonly log?: CounterLog;
}

/** Where counts go right now. */
export type CounterMode = 'redis' | 'local';

/** Counts requests per key and window, wherever they can be counted right now. */
export interface RateCounter {
  incr(key: string, windowMs: number): Promise<Count>;
  mode(): CounterMode;
  close(): Promise<void>;
}

/**
 * Creates the counter behind a rate limit. With Redis, every replica shares the counts; while
 * Redis is unreachable, counts fall back to this process (so limits still hold per replica and no
 * request fails because of Redis), the outage is logged once, and counting returns to Redis as
 * soon as it answers again.
 *
 * @example const counter = createRateCounter({ redisUrl: config.redisUrl, prefix: 'rl:web:', log: app.log });
 */
export function createRateCounter(options: RateCounterOptions = {}): RateCounter {
  const local = new LocalCounter();
  if (!options.redisUrl) {
    return {
      incr: async (key, windowMs) => local.incr(key, windowMs),
      mode: () => 'local',
      close: async () => {},
    };
  }

  const redis = new RedisCounter({
    url: options.redisUrl,
    prefix: options.prefix ?? 'rl:',
    commandTimeoutMs: options.commandTimeoutMs,
  });
  // Local until the first `ready`: a request never waits for Redis to connect.
  let mode: CounterMode = 'local';
  let outage = false;
  let closing = false;
  // A command that timed out leaves the connection up, so no `ready` event will say that Redis
  // answers again: while connected, Redis is tried again this long after the last failure.
  let retryAt = 0;
  const fallBack = (err: unknown) => {
    mode = 'local';
    if (outage || closing) return;
    outage = true;
    options.log?.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'rate limits: Redis unreachable, counting in this process until it is back',
    );
  };
  // ioredis reports connection trouble as events; without a listener they would crash the process.
  redis.client.on('error', fallBack);
  redis.client.on('close', () => fallBack(new Error('connection closed')));
  const back = () => {
    mode = 'redis';
    if (!outage) return;
    outage = false;
    options.log?.info({}, 'rate limits: Redis is back, counting there again');
  };
  redis.client.on('ready', back);

  return {
    async incr(key, windowMs) {
      const retry = mode === 'local' && redis.client.status === 'ready' && Date.now() >= retryAt;
      if (mode === 'redis' || retry) {
        try {
          const count = await redis.incr(key, windowMs);
          if (retry) back();
          return count;
        } catch (err) {
          retryAt = Date.now() + RETRY_MS;
          fallBack(err);
        }
      }
      return local.incr(key, windowMs);
    },
    mode: () => mode,
    close: () => {
      closing = true;
      return redis.close();
    },
  };
}
