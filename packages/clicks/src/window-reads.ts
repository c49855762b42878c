import type { ClickReader } from './click-counter.js';
import { CONNECT_WAIT_MS } from './counter-settings.js';
import type { DayCounts } from './day-counts.js';
import { dayOf, lastDays } from './days.js';
import { ClicksError, checkWindow } from './errors.js';
import type { PopularityCache } from './popularity-cache.js';
import type { RedisClicks } from './redis-clicks.js';

/**
 * The reading half of every counter and reader: `popularity` from its snapshots, `clicks` from
 * the counts `load` gives for the window, both over a checked number of days ending today.
 */
export function windowReads(
  cache: PopularityCache,
  now: () => number,
  load: (window: readonly string[]) => Promise<DayCounts> | DayCounts,
): Pick<ClickReader, 'popularity' | 'clicks'> {
  return {
    async popularity(days) {
      checkWindow(days);
      return cache.get(days);
    },
    async clicks(days) {
      checkWindow(days);
      const window = lastDays(dayOf(now()), days);
      return (await load(window)).stats(window);
    },
  };
}

/**
 * The counts of `window` in Redis for the operator's figures, waiting for the connection a while:
 * no figures rather than partial ones.
 *
 * @throws {ClicksError} `CLICKS_REDIS_UNAVAILABLE` when Redis does not answer.
 */
export function redisCounts(redis: RedisClicks, window: readonly string[]): Promise<DayCounts> {
  return redis.load(window, CONNECT_WAIT_MS).catch((err: unknown) => {
    throw new ClicksError('CLICKS_REDIS_UNAVAILABLE', 'Redis did not answer for the clicks', {
      cause: err,
    });
  });
}
