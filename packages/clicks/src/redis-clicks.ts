import { Redis } from 'ioredis';
import type { ClicksLog } from './click.js';
import { DayCounts, isField } from './day-counts.js';
import { expiresAt, oldestKept } from './days.js';
import { FOLD_MS, foldHash, newSalt } from './fold.js';

// Keys, under the prefix (default `clicks:`):
//   salt:<day>   the day's salt, shared by the replicas: SET NX EX (26 h), then GET.
//   fold:<hash>  a client's fold on a product: SET NX PX 3600000. Only the hash.
//   day:<day>    a hash of `<slug> <agent>` → clicks, expiring `retentionDays` after the day.
//   drain:<id>   a batch of clicks counted during an outage that was added (kept 24 h), so a
//                batch whose answer was lost is not added twice.

// The day's salt: the first replica to ask sets it, every replica reads the same one.
const SALT = `
redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2])
return redis.call('GET', KEYS[1])
`;
/** 26 hours: longer than the day it salts, wherever in the day it was set. */
const SALT_TTL_S = 93_600;

// One round trip, atomic: fold the client's repeats for an hour, count the click if it is new.
const COUNT = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then
  return 0
end
redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
redis.call('EXPIREAT', KEYS[2], ARGV[3])
return 1
`;

// Clicks counted in the process, added once per batch. KEYS[1] the batch's marker, then one day's
// key per record; ARGV[1] the marker's lifetime, ARGV[2] the fold's, then per record its day's
// expiry, field, clicks and fold key. A record with a fold key is a click whose counting command
// failed without an answer: it is added only if its fold key is not set, i.e. if that command never
// ran (and no other replica counted the client on that product since). Returns the clicks added.
const ADD = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then
  return 0
end
local added = 0
local a = 3
for i = 2, #KEYS do
  local expireAt, field, clicks, fold = ARGV[a], ARGV[a + 1], ARGV[a + 2], ARGV[a + 3]
  a = a + 4
  if fold == '' or redis.call('SET', fold, '1', 'NX', 'PX', ARGV[2]) then
    redis.call('HINCRBY', KEYS[i], field, clicks)
    redis.call('EXPIREAT', KEYS[i], expireAt)
    added = added + tonumber(clicks)
  end
end
return added
`;
const DRAIN_MARKER_TTL_S = 86_400;

/** After a command fails while connected (a timeout), Redis is left alone this long. */
const PAUSE_MS = 1_000;

/** Clicks of one day and field to add to Redis; `fold`: see {@link RedisClicks.add}. */
export interface AddRecord {
  readonly day: string;
  readonly field: string;
  readonly clicks: number;
  readonly fold?: string | undefined;
}

/** Options of {@link RedisClicks}. */
export interface RedisClicksOptions {
  readonly url: string;
  readonly prefix: string;
  /** A command that takes longer fails, and the caller does without Redis. */
  readonly commandTimeoutMs?: number | undefined;
  readonly log?: ClicksLog | undefined;
  /** Logged once when Redis stops answering, and when it answers again. */
  readonly messages: { readonly down: string; readonly up: string };
  /** Called on every (re)connection. */
  readonly onReady?: () => void;
}

type Script = (...args: (string | number)[]) => Promise<unknown>;

/**
 * The clicks in Redis and the state of the connection: usable while connected and answering; an
 * outage (a connection lost, a command timed out) is logged once, and its end once.
 */
export class RedisClicks {
  readonly client: Redis;
  readonly #prefix: string;
  readonly #log: ClicksLog | undefined;
  readonly #messages: RedisClicksOptions['messages'];
  #outage = false;
  #closing = false;
  #starting = true;
  #pausedUntil = 0;
  #salt: { readonly day: string; readonly salt: Promise<string> } | undefined;
  /** The last salt Redis gave, to fold a click while Redis is paused or away. */
  #known: { readonly day: string; readonly salt: string } | undefined;

  constructor(options: RedisClicksOptions) {
    this.#prefix = options.prefix;
    this.#log = options.log;
    this.#messages = options.messages;
    this.client = new Redis(options.url, {
      // Fail fast instead of queueing: a request must never wait for Redis to come back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 200,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
    });
    this.client.defineCommand('clicksSalt', { numberOfKeys: 1, lua: SALT });
    this.client.defineCommand('clicksCount', { numberOfKeys: 2, lua: COUNT });
    // ioredis reports connection trouble as events; without a listener they would crash the process.
    this.client.on('error', (err: unknown) => {
      this.#starting = false;
      this.#down(err);
    });
    this.client.on('close', () => this.#down(new Error('connection closed')));
    this.client.on('ready', () => {
      // Redis may have restarted empty: ask for the day's salt again rather than keep one that
      // the other replicas may not share any more.
      this.#salt = undefined;
      this.#pausedUntil = 0;
      this.#starting = false;
      this.succeeded();
      options.onReady?.();
    });
  }

  /** Whether a command may be sent now: connected, and not paused after a failure. */
  usable(): boolean {
    return this.client.status === 'ready' && performance.now() >= this.#pausedUntil;
  }

  /** Waits up to `timeoutMs` for the connection; tells whether it is usable. */
  async ready(timeoutMs: number): Promise<boolean> {
    if (this.usable()) return true;
    if (this.#closing || this.client.status === 'end') return false;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off('ready', done);
        resolve(this.usable());
      };
      const timer = setTimeout(done, timeoutMs);
      timer.unref();
      this.client.once('ready', done);
    });
  }

  /** Whether the first connection is still being made (neither ready nor failed yet). */
  get starting(): boolean {
    return this.#starting;
  }

  /** A command failed: do without Redis for a moment, and log the outage if it starts. */
  failed(err: unknown): void {
    this.#pausedUntil = performance.now() + PAUSE_MS;
    this.#down(err);
  }

  /** A command answered: log the outage's end if there was one. */
  succeeded(): void {
    if (!this.#outage) return;
    this.#outage = false;
    this.#log?.info({}, this.#messages.up);
  }

  /** The fold key of a client on a product on `day`, under the day's shared salt. */
  async foldKey(day: string, client: string, slug: string): Promise<string> {
    return `${this.#prefix}fold:${foldHash(await this.#daySalt(day), client, slug)}`;
  }

  /**
   * The fold key under the day's salt as last read, without asking Redis; `undefined` when none
   * was read for `day`. A click counted in the process with it is folded again when it is sent.
   */
  knownFoldKey(day: string, client: string, slug: string): string | undefined {
    const known = this.#known;
    return known?.day === day
      ? `${this.#prefix}fold:${foldHash(known.salt, client, slug)}`
      : undefined;
  }

  /**
   * Counts a click unless its fold key is set, and sets it for an hour; tells whether it was
   * counted. Rejects when Redis does not answer in time (the command may still run later).
   */
  async count(fold: string, day: string, field: string, retentionDays: number): Promise<boolean> {
    const counted = await this.#script('clicksCount')(
      fold,
      this.#dayKey(day),
      FOLD_MS,
      field,
      expiresAt(day, retentionDays),
    );
    return counted === 1;
  }

  /**
   * The clicks of the days of `window`, waiting up to `waitMs` for the connection; rejects when
   * Redis is not connected by then or does not answer in time.
   */
  async load(window: readonly string[], waitMs: number): Promise<DayCounts> {
    if (!(await this.ready(waitMs))) throw new Error('Redis is not connected');
    try {
      const counts = await this.#read(window);
      this.succeeded();
      return counts;
    } catch (err) {
      this.failed(err);
      throw err;
    }
  }

  /** The clicks of the days of `window`. */
  async #read(window: readonly string[]): Promise<DayCounts> {
    const pipeline = this.client.pipeline();
    for (const day of window) pipeline.hgetall(this.#dayKey(day));
    const results = await pipeline.exec();
    if (!results) throw new Error('the read was discarded');
    const counts = new DayCounts();
    results.forEach(([err, value], i) => {
      if (err) throw err;
      const day = window[i]!;
      for (const [field, text] of Object.entries(value as Record<string, string>)) {
        const clicks = Number(text);
        if (isField(field) && Number.isSafeInteger(clicks) && clicks > 0) {
          counts.add(day, field, clicks);
        }
      }
    });
    return counts;
  }

  /**
   * Adds a batch of clicks counted in the process, at most once per `id` (a batch sent again
   * after a lost answer is not added twice); resolves the clicks added. A record with a `fold` key
   * is a click whose counting command got no answer: it is added only if that key is not set (the
   * command never ran). Days past the retention are left out.
   */
  async add(
    id: string,
    records: readonly AddRecord[],
    today: string,
    retentionDays: number,
  ): Promise<number> {
    const oldest = oldestKept(today, retentionDays);
    const keys = [`${this.#prefix}drain:${id}`];
    const args: (string | number)[] = [DRAIN_MARKER_TTL_S, FOLD_MS];
    for (const { day, field, clicks, fold } of records) {
      if (day < oldest) continue;
      keys.push(this.#dayKey(day));
      args.push(expiresAt(day, retentionDays), field, clicks, fold ?? '');
    }
    if (keys.length === 1) return 0;
    return Number(await this.client.eval(ADD, keys.length, ...keys, ...args));
  }

  async close(): Promise<void> {
    this.#closing = true;
    this.client.disconnect();
  }

  #dayKey(day: string): string {
    return `${this.#prefix}day:${day}`;
  }

  #daySalt(day: string): Promise<string> {
    if (this.#salt?.day !== day) {
      const salt = this.#script('clicksSalt')(
        `${this.#prefix}salt:${day}`,
        newSalt(),
        SALT_TTL_S,
      ).then((value) => {
        if (typeof value !== 'string' || value === '') throw new Error('no salt in Redis');
        this.#known = { day, salt: value };
        return value;
      });
      const entry = { day, salt };
      this.#salt = entry;
      // A failed read is asked again by the next click.
      salt.catch(() => {
        if (this.#salt === entry) this.#salt = undefined;
      });
    }
    return this.#salt!.salt;
  }

  #script(name: 'clicksSalt' | 'clicksCount'): Script {
    const script = (this.client as unknown as Record<string, Script>)[name]!;
    return script.bind(this.client);
  }

  #down(err: unknown): void {
    if (this.#outage || this.#closing) return;
    this.#outage = true;
    this.#log?.warn({ err: err instanceof Error ? err.message : String(err) }, this.#messages.down);
  }
}
