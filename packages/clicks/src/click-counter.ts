import { randomUUID } from 'node:crypto';
import type { Popularity } from '@repo/catalog-core';
import type { Click, ClickStats, ClicksLog } from './click.js';
import { keepAsideSync, readClickFileSync, writeClickFile } from './click-file.js';
import { DayCounts, fieldOf, isCountable } from './day-counts.js';
import { dayOf, lastDays, oldestKept } from './days.js';
import { ClicksError, checkOption, checkWindow, errorFields } from './errors.js';
import { LocalFold } from './fold.js';
import { PopularityCache } from './popularity-cache.js';
import { type AddRecord, RedisClicks } from './redis-clicks.js';

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

/** How long `clicks()` waits for Redis to connect. */
const CONNECT_WAIT_MS = 2_000;

interface Settings {
  readonly now: () => number;
  readonly flushMs: number;
  readonly refreshMs: number;
  readonly retentionDays: number;
  readonly commandTimeoutMs: number;
  readonly log: ClicksLog | undefined;
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

/** The parts of a click both modes check the same way; undefined when it cannot be counted. */
function accept(click: Click, now: () => number) {
  const at = click.at ?? now();
  if (!isCountable(click.slug) || !isCountable(click.agent) || !Number.isFinite(at)) return;
  if (typeof click.client !== 'string') return;
  return { at, day: dayOf(at), field: fieldOf(click.slug, click.agent) };
}

function localCounter(file: string | undefined, settings: Settings): ClickCounter {
  const { now, log, retentionDays } = settings;
  const counts = file ? loadFile(file, now, log) : new DayCounts();
  const fold = new LocalFold();
  const cache = new PopularityCache({
    load: async (window) => counts.bySlug(window),
    fallback: (window) => counts.bySlug(window),
    refreshMs: Number.POSITIVE_INFINITY,
    now,
  });
  // Counts changed since the start, and as of the last write: the file is written when they differ.
  let changes = 0;
  let written = 0;
  const prune = () => {
    if (counts.prune(oldestKept(dayOf(now()), retentionDays))) changes += 1;
  };
  prune();

  let writing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    const write = writing.then(async () => {
      prune();
      if (!file || changes === written) return;
      const target = changes;
      await writeClickFile(file, counts);
      written = target;
    });
    writing = write.catch(() => {});
    return write;
  };
  const timer = file
    ? setInterval(() => {
        flush().catch((err: unknown) =>
          log?.warn(errorFields(err), 'clicks: the clicks file could not be written'),
        );
      }, settings.flushMs)
    : undefined;
  timer?.unref();

  return {
    async record(click) {
      try {
        const accepted = accept(click, now);
        if (!accepted || !fold.take(accepted.day, click.client, click.slug, accepted.at)) {
          return false;
        }
        counts.add(accepted.day, accepted.field);
        changes += 1;
        cache.counted(click.slug, accepted.day);
        return true;
      } catch {
        return false;
      }
    },
    async popularity(days) {
      checkWindow(days);
      return cache.get(days);
    },
    async clicks(days) {
      checkWindow(days);
      return counts.stats(lastDays(dayOf(now()), days));
    },
    mode: () => 'local',
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** The counts of `file`; a file that cannot be read is renamed aside and counting starts empty. */
function loadFile(file: string, now: () => number, log: ClicksLog | undefined): DayCounts {
  try {
    return readClickFileSync(file) ?? new DayCounts();
  } catch (err) {
    let keptAs: string | undefined;
    let keepError: string | undefined;
    try {
      keptAs = keepAsideSync(file, now());
    } catch (renameError) {
      keepError = errorFields(renameError).err;
    }
    log?.warn(
      { ...errorFields(err), file, keptAs, keepError },
      'clicks: the clicks file cannot be read; it is kept aside and counting starts from zero',
    );
    return new DayCounts();
  }
}

/** Clicks whose counting command got no answer are kept one by one up to this many. */
const MAX_UNCERTAIN = 10_000;

function redisCounter(url: string, prefix: string, settings: Settings): ClickCounter {
  const { now, log, retentionDays } = settings;
  // Clicks counted in the process (during an outage, or before the first connection) wait here
  // until Redis answers: `pending` per day and field; `uncertain`, those whose command to Redis got
  // no answer (it may have run), with their fold key; `batch`, the part being sent, kept until
  // Redis confirms it.
  const pending = new DayCounts();
  let uncertain: AddRecord[] = [];
  let batch: { readonly id: string; readonly records: AddRecord[] } | undefined;
  const fold = new LocalFold();
  const notInRedis = () => {
    const counts = pending.copy();
    for (const record of [...uncertain, ...(batch?.records ?? [])]) {
      counts.add(record.day, record.field, record.clicks);
    }
    return counts;
  };

  let draining: Promise<void> | undefined;
  const drain = (): Promise<void> => {
    draining ??= sendPending().finally(() => {
      draining = undefined;
    });
    return draining;
  };
  const redis = new RedisClicks({
    url,
    prefix,
    commandTimeoutMs: settings.commandTimeoutMs,
    log,
    messages: {
      down: 'clicks: Redis unreachable, counting in this process until it is back',
      up: 'clicks: Redis is back, counting there again',
    },
    onReady: () => void drain(),
  });
  async function sendPending(): Promise<void> {
    const today = dayOf(now());
    pending.prune(oldestKept(today, retentionDays));
    try {
      while (redis.usable() && (batch || !pending.isEmpty || uncertain.length > 0)) {
        if (!batch) {
          const records: AddRecord[] = uncertain;
          for (const [day, fields] of pending.days()) {
            for (const [field, clicks] of fields) records.push({ day, field, clicks });
          }
          batch = { id: randomUUID(), records };
          uncertain = [];
          pending.clear();
        }
        // Sent again with the same id after a lost answer: Redis adds a batch once.
        const added = await redis.add(batch.id, batch.records, today, retentionDays);
        redis.succeeded();
        batch = undefined;
        log?.info(
          { clicks: added },
          'clicks: the clicks counted in this process while Redis was unreachable are in Redis now',
        );
      }
    } catch (err) {
      redis.failed(err);
    }
  }

  const cache = new PopularityCache({
    load: async (window) => {
      // Read before Redis: a click counted in the process meanwhile goes to the snapshot's delta.
      const local = notInRedis();
      const wait = redis.starting ? settings.commandTimeoutMs : 0;
      const counts = await redis.load(window, wait);
      counts.addAll(local);
      return counts.bySlug(window);
    },
    fallback: (window) => notInRedis().bySlug(window),
    refreshMs: settings.refreshMs,
    now,
  });
  const timer = setInterval(() => void drain(), settings.flushMs);
  timer.unref();

  return {
    async record(click) {
      try {
        const accepted = accept(click, now);
        if (!accepted) return false;
        const { at, day, field } = accepted;
        let sent: string | undefined;
        if (redis.usable()) {
          try {
            const foldKey = await redis.foldKey(day, click.client, click.slug);
            sent = foldKey;
            const counted = await redis.count(foldKey, day, field, retentionDays);
            redis.succeeded();
            if (batch || !pending.isEmpty || uncertain.length > 0) void drain();
            if (counted) cache.counted(click.slug, day);
            return counted;
          } catch (err) {
            redis.failed(err);
          }
        }
        if (!fold.take(day, click.client, click.slug, at)) return false;
        // Folded again when sent, so that another replica's count of the same client in the
        // hour is not added to it: under the salt the replicas share, if this process has it.
        sent ??= redis.knownFoldKey(day, click.client, click.slug);
        if (sent && uncertain.length < MAX_UNCERTAIN) {
          uncertain.push({ day, field, clicks: 1, fold: sent });
        } else {
          pending.add(day, field);
        }
        cache.counted(click.slug, day);
        return true;
      } catch {
        return false;
      }
    },
    async popularity(days) {
      checkWindow(days);
      return cache.get(days);
    },
    async clicks(days) {
      checkWindow(days);
      const window = lastDays(dayOf(now()), days);
      const local = notInRedis();
      const counts = await redis.load(window, CONNECT_WAIT_MS).catch((err: unknown) => {
        throw new ClicksError('CLICKS_REDIS_UNAVAILABLE', 'Redis did not answer for the clicks', {
          cause: err,
        });
      });
      counts.addAll(local);
      return counts.stats(window);
    },
    mode: () => (redis.usable() ? 'redis' : 'local'),
    flush: drain,
    async close() {
      clearInterval(timer);
      await drain();
      const lost = notInRedis().total;
      if (lost > 0) {
        log?.warn(
          { clicks: lost },
          'clicks: clicks counted in this process while Redis was unreachable are lost: Redis did not answer before closing',
        );
      }
      await redis.close();
    },
  };
}
