import { LRUCache } from 'lru-cache';

// The doorkeeper's filter: 2^16 bits (8 KB), two hashes, emptied after DOORKEEPER_ROUNDS offers
// per entry the cache holds. At 4 offers per entry the filter is at most an eighth full, and a
// result is admitted one call early for about 1.4% of first calls.
const FILTER_BITS = 1 << 16;
const DOORKEEPER_ROUNDS = 4;

/**
 * Which keys were offered lately, approximately and in fixed memory: a Bloom filter emptied every
 * `resetAfter` offers (TinyLFU's doorkeeper). It holds no key, so what it remembers never reaches
 * the garbage collector.
 */
class Doorkeeper {
  readonly #bits = new Uint32Array(FILTER_BITS / 32);
  #offers = 0;

  constructor(private readonly resetAfter: number) {}

  /** Whether `key` was offered since the filter was last emptied; remembers it either way. */
  seen(key: string): boolean {
    // FNV-1a and a multiplicative hash of the UTF-16 units: two indexes from one pass.
    let a = 0x811c9dc5;
    let b = key.length;
    for (let i = 0; i < key.length; i++) {
      const unit = key.charCodeAt(i);
      a = Math.imul(a ^ unit, 0x01000193);
      b = Math.imul(b ^ unit, 0x5bd1e995);
    }
    const i = (a >>> 0) % FILTER_BITS;
    const j = ((b ^ (b >>> 15)) >>> 0) % FILTER_BITS;
    const seen = this.#has(i) && this.#has(j);
    this.#bits[i >>> 5]! |= 1 << (i & 31);
    this.#bits[j >>> 5]! |= 1 << (j & 31);
    if (++this.#offers >= this.resetAfter) {
      this.#bits.fill(0);
      this.#offers = 0;
    }
    return seen;
  }

  #has(bit: number): boolean {
    return (this.#bits[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  }
}

/**
 * A bounded LRU of results, with a time limit (0: none): search results of the embedded engine,
 * serialised tool results of the MCP app. Both are pure functions of their key and the catalog,
 * and real traffic repeats a few queries far more than the rest, so the popular ones are answered
 * without working them out again. The time limit bounds how stale an answer can get when the
 * catalog behind a Meilisearch index changes.
 *
 * A result is kept from the second time its key is offered: most keys of varied traffic come
 * once, and keeping them would only push out the ones that repeat and hand the garbage collector
 * a stream of entries that outlive the young generation and die old.
 */
export class ResultCache<V extends NonNullable<unknown>> {
  readonly #entries: LRUCache<string, V> | undefined;
  readonly #doorkeeper: Doorkeeper | undefined;
  // Weakly: a version's cache must not keep the version before it alive.
  #earlier: WeakRef<ResultCache<V>> | undefined;

  /**
   * `maxEntries` 0 keeps nothing; `ttlMs` 0 sets no time limit. `now` is the clock of the time
   * limit, in milliseconds (tests pass a fake one).
   */
  constructor(maxEntries: number, ttlMs = 0, now: () => number = () => performance.now()) {
    this.#entries =
      maxEntries > 0
        ? new LRUCache({
            max: maxEntries,
            ...(ttlMs > 0 && {
              ttl: ttlMs,
              // lru-cache reads a start time of 0 as "none", and by default keeps a clock
              // reading for a millisecond; the clock is shifted off 0 and read on every check.
              perf: { now: () => now() + 1 },
              ttlResolution: 0,
            }),
          })
        : undefined;
    this.#doorkeeper = maxEntries > 0 ? new Doorkeeper(maxEntries * DOORKEEPER_ROUNDS) : undefined;
  }

  get(key: string): V | undefined {
    return this.#entries?.get(key);
  }

  /** The result kept for `key`, without making it the most recently used. */
  peek(key: string): V | undefined {
    return this.#entries?.peek(key);
  }

  /** Whether a result is kept for `key`, without making it the most recently used. */
  has(key: string): boolean {
    return this.#entries?.has(key) ?? false;
  }

  /**
   * Keeps `value` if `key` was offered before, or is kept by the cache this one follows; returns
   * whether it is kept.
   */
  offer(key: string, value: V): boolean {
    if (this.#entries === undefined) return false;
    if (!this.#doorkeeper?.seen(key) && !this.#earlier?.deref()?.has(key)) return false;
    this.#entries.set(key, value);
    return true;
  }

  /**
   * Names the cache of the catalog version before this one's: a key it keeps has repeated, and
   * is kept here from the first time it is offered. Without it, the first queries of a new
   * version were each worked out twice before they were kept, while they are the ones that
   * repeat, and a warm-up did each of its searches twice.
   */
  follow(earlier: ResultCache<V>): void {
    this.#earlier = new WeakRef(earlier);
  }

  /**
   * Keeps `value` at once, as a result known to repeat: one worked out again for a new catalog
   * version from the keys the old one kept (see {@link ResultCache.recent}).
   */
  keep(key: string, value: V): void {
    this.#entries?.set(key, value);
  }

  /** The keys of the `limit` most recently used results, the latest first (expired ones left out). */
  recent(limit: number): string[] {
    const keys: string[] = [];
    if (this.#entries === undefined) return keys;
    for (const key of this.#entries.keys()) {
      if (keys.length >= limit) break;
      keys.push(key);
    }
    return keys;
  }

  /** Forgets every result (the filter of what was offered lately empties in its own time). */
  clear(): void {
    this.#entries?.clear();
  }

  get size(): number {
    return this.#entries?.size ?? 0;
  }
}
