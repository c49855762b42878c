import type { Popularity } from '@repo/catalog-core';
import type { Click, ClickStats, ClicksLog } from './click.js';
import type { Settings } from './counter-settings.js';
import { checkOption } from './errors.js';
import { localCounter } from './local-counter.js';
import { redisCounter } from './redis-counter.js';

/** Options of {@link createClickCounter}. */
export interface ClickCounterOptions {
  /** Count in this Redis, shared by every replica; absent: count in the process. */
  readonly redisUrl?: string | undefined;
  /** Prefix of every Redis key; default `clicks:`. */
  readonly prefix?: string;
  /**
   * Without Redis: the JSON file the counts are kept in (e.g. `DATA_DIR/clicks.json`), read at
   * creation and written every `flushMs` and at `close()`; absent: in memory only. Not used with
   * Redis.
   */
  readonly file?: string | undefined;
  /** How often the file is written (without Redis) or an outage's clicks are sent to Redis; default 60,000 ms. */
  readonly flushMs?: number;
  /** With Redis, how old a popularity snapshot may get before it is read again; default 2,000 ms. */
  readonly refreshMs?: number;
  /** Days of clicks kept, today included; default 400. */
  readonly retentionDays?: number;
  /** A Redis command that takes longer fails and the click is counted in the process; default 200 ms. */
  readonly commandTimeoutMs?: number;
  readonly log?: ClicksLog | undefined;
  /** The clock, for tests; default `Date.now`. */
  readonly now?: () => number;
}

/** Where clicks are counted right now. */
export type ClickCounterMode = 'redis' | 'local';

/** Reads clicks: the popularity behind `sort=popular`, and the operator's stats. */
export interface ClickReader {
  /**
   * Clicks per product slug over the last `days` days, today included: cheap enough for every
   * request (a snapshot per `days`). Rejects only with `CLICKS_DAYS_INVALID`.
   */
  popularity(days: number): Promise<Popularity>;
  /**
   * The clicks of the last `days` days per product and agent, and per day, read now. Rejects with
   * `CLICKS_DAYS_INVALID`, or `CLICKS_REDIS_UNAVAILABLE` when Redis does not answer.
   */
  clicks(days: number): Promise<ClickStats>;
  close(): Promise<void>;
}

/** Counts clicks, and reads them. */
export interface ClickCounter extends ClickReader {
  /**
   * Counts a click unless the same client clicked the same product in the last hour; resolves
   * whether it was counted. Never rejects, and never waits long for Redis.
   */
  record(click: Click): Promise<boolean>;
  mode(): ClickCounterMode;
  /**
   * Without Redis: writes the file now (rejects with `CLICKS_FILE_WRITE`). With Redis: sends the
   * clicks counted in the process during an outage, if Redis answers (never rejects).
   */
  flush(): Promise<void>;
  /** Flushes, stops the timers and disconnects. */
  close(): Promise<void>;
}
/**
 * Creates the click counter of `/go/{agent}/{slug}`. With a Redis URL the counts are kept there,
 * shared by the replicas; while Redis is unreachable or slow, clicks are counted in the process
 * (the outage logged once) and added to Redis when it answers again. Without Redis they are kept
 * in the process and in `file`. Crawlers and prefetches are the caller's to leave out
 * ({@link isCrawler}, {@link isPrefetch}).
 *
 * @example
 * const clicks = createClickCounter({ redisUrl: config.redisUrl, file: join(config.dataDir, 'clicks.json'), log: app.log });
 * await clicks.record({ slug, agent, client: request.ip });
 */
export function createClickCounter(options: ClickCounterOptions = {}): ClickCounter {
  const settings: Settings = {
    now: options.now ?? Date.now,
    flushMs: checkOption('flushMs', options.flushMs ?? 60_000),
    refreshMs: checkOption('refreshMs', options.refreshMs ?? 2_000, 0),
    retentionDays: checkOption('retentionDays', options.retentionDays ?? 400, 1, true),
    commandTimeoutMs: checkOption('commandTimeoutMs', options.commandTimeoutMs ?? 200),
    log: options.log,
  };
  return options.redisUrl
    ? redisCounter(options.redisUrl, options.prefix ?? 'clicks:', settings)
    : localCounter(options.file, settings);
}
