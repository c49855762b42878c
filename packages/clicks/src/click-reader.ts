import { stat } from 'node:fs/promises';
import type { ClicksLog } from './click.js';
import type { ClickReader } from './click-counter.js';
import { readClickFile } from './click-file.js';
import { DayCounts } from './day-counts.js';
import { checkOption, errorFields } from './errors.js';
import { PopularityCache } from './popularity-cache.js';
import { RedisClicks } from './redis-clicks.js';
import { redisCounts, windowReads } from './window-reads.js';

/** Options of {@link openClickReader}. */
export interface ClickReaderOptions {
  /** Read the counts of this Redis (the counters' `redisUrl`). */
  readonly redisUrl?: string | undefined;
  /** Without Redis: read the counter's file; absent too: there are no clicks. */
  readonly file?: string | undefined;
  /** Prefix of every Redis key; default `clicks:`. */
  readonly prefix?: string;
  /** How old a popularity snapshot may get before Redis or the file is read again; default 2,000 ms. */
  readonly refreshMs?: number;
  /** A Redis command that takes longer fails; default 200 ms. */
  readonly commandTimeoutMs?: number;
  readonly log?: ClicksLog | undefined;
  /** The clock, for tests; default `Date.now`. */
  readonly now?: () => number;
}

/**
 * Opens the clicks for a process that only reads them (the MCP replicas, the operator's CLI):
 * those of Redis when a URL is given, else those of the counter's file, read again when it
 * changes (checked at most every `refreshMs`). A Redis that does not answer keeps the last
 * popularity read (logged once); a file that cannot be read keeps the last one read (logged once
 * per version of the file) and is left where it is.
 *
 * @example const clicks = openClickReader({ redisUrl: config.redisUrl, file: join(config.dataDir, 'clicks.json'), log: app.log });
 */
export function openClickReader(options: ClickReaderOptions): ClickReader {
  const now = options.now ?? Date.now;
  const refreshMs = checkOption('refreshMs', options.refreshMs ?? 2_000, 0);
  const commandTimeoutMs = checkOption('commandTimeoutMs', options.commandTimeoutMs ?? 200);
  if (options.redisUrl) {
    return redisReader(options.redisUrl, options.prefix ?? 'clicks:', {
      now,
      refreshMs,
      commandTimeoutMs,
      log: options.log,
    });
  }
  const read = options.file ? fileReader(options.file, options.log) : async () => new DayCounts();
  const cache = new PopularityCache({
    load: async (window) => (await read()).bySlug(window),
    fallback: () => new Map(),
    refreshMs,
    now,
  });
  return { ...windowReads(cache, now, read), close: async () => {} };
}

/**
 * The counts of `file` as last read: read again when the file was replaced or changed (the
 * counter renames a new file over it), the last good counts kept while it cannot be read.
 */
function fileReader(file: string, log: ClicksLog | undefined): () => Promise<DayCounts> {
  let counts = new DayCounts();
  let seen = '';
  let warned = '';
  let reading: Promise<DayCounts> | undefined;
  const readNow = async (): Promise<DayCounts> => {
    let stamp: string;
    try {
      const stats = await stat(file);
      stamp = `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
    } catch {
      // No file (yet): no clicks.
      seen = '';
      counts = new DayCounts();
      return counts;
    }
    if (stamp === seen) return counts;
    try {
      counts = (await readClickFile(file)) ?? new DayCounts();
      seen = stamp;
    } catch (err) {
      if (warned !== stamp) {
        warned = stamp;
        log?.warn(
          { ...errorFields(err), file },
          'clicks: the clicks file cannot be read; the last clicks read are kept',
        );
      }
    }
    return counts;
  };
  return () => {
    reading ??= readNow().finally(() => {
      reading = undefined;
    });
    return reading;
  };
}

function redisReader(
  url: string,
  prefix: string,
  settings: {
    now: () => number;
    refreshMs: number;
    commandTimeoutMs: number;
    log: ClicksLog | undefined;
  },
): ClickReader {
  const { now } = settings;
  const redis = new RedisClicks({
    url,
    prefix,
    commandTimeoutMs: settings.commandTimeoutMs,
    log: settings.log,
    messages: {
      down: 'clicks: Redis unreachable, popularity kept as last read until it is back',
      up: 'clicks: Redis is back, popularity read there again',
    },
  });
  const cache = new PopularityCache({
    load: async (window) =>
      (await redis.load(window, redis.starting ? settings.commandTimeoutMs : 0)).bySlug(window),
    fallback: () => new Map(),
    refreshMs: settings.refreshMs,
    now,
  });
  return {
    ...windowReads(cache, now, (window) => redisCounts(redis, window)),
    close: () => redis.close(),
  };
}
