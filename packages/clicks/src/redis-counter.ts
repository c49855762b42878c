import { randomUUID } from 'node:crypto';
import type { ClickCounter } from './click-counter.js';
import { accept, type Settings } from './counter-settings.js';
import { DayCounts } from './day-counts.js';
import { dayOf, oldestKept } from './days.js';
import { LocalFold } from './fold.js';
import { PopularityCache } from './popularity-cache.js';
import { type AddRecord, RedisClicks } from './redis-clicks.js';
import { redisCounts, windowReads } from './window-reads.js';

/** Clicks whose counting command got no answer are kept one by one up to this many. */
const MAX_UNCERTAIN = 10_000;

/** Counts in Redis, shared by the replicas, and in the process while Redis does not answer. */
export function redisCounter(url: string, prefix: string, settings: Settings): ClickCounter {
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
    ...windowReads(cache, now, async (window) => {
      // Read before Redis, as the snapshots do: the clicks not sent yet count too.
      const local = notInRedis();
      const counts = await redisCounts(redis, window);
      counts.addAll(local);
      return counts;
    }),
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
