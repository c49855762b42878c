import { Redis } from 'ioredis';
import type { Count } from './count.js';

// One round trip: count, start the window on the first request, report the time left.
const INCR_WINDOW = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return { current, tonumber(ARGV[1]) }
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { current, ttl }
`;

/** Options of {@link RedisCounter}. */
export interface RedisCounterOptions {
  readonly url: string;
  /** Prefix of every key, so several apps can share one Redis. */
  readonly prefix: string;
  /** A command that takes longer fails, and the caller counts locally instead. */
  readonly commandTimeoutMs?: number;
}

/** Fixed-window counts in Redis, shared by every replica. */
export class RedisCounter {
  readonly client: Redis;
  readonly #prefix: string;

  constructor(options: RedisCounterOptions) {
    this.#prefix = options.prefix;
    this.client = new Redis(options.url, {
      // Fail fast instead of queueing: a request must never wait for Redis to come back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 200,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
    });
    this.client.defineCommand('incrWindow', { numberOfKeys: 1, lua: INCR_WINDOW });
  }

  /** Counts one request for `key`; rejects when Redis does not answer in time. */
  async incr(key: string, windowMs: number): Promise<Count> {
    const incrWindow = (
      this.client as unknown as Record<string, (...args: unknown[]) => Promise<[number, number]>>
    ).incrWindow;
    const [current, ttl] = await incrWindow!.call(this.client, `${this.#prefix}${key}`, windowMs);
    return { current, ttl };
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}
