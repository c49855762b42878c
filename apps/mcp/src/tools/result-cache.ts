import { LRUCache } from 'lru-cache';

/**
 * A bounded LRU of tool results, kept serialised, with a time limit. Tool results are pure functions of
 * their arguments and the catalog, and real traffic repeats a few queries far more than the rest,
 * so the popular ones are answered without searching, mapping or serialising again. The time
 * limit bounds how stale an answer can get when the catalog behind a Meilisearch index changes.
 */
export class ResultCache<V extends NonNullable<unknown>> {
  readonly #entries: LRUCache<string, V> | undefined;

  /** `now` is the clock of the time limit, in milliseconds (tests pass a fake one). */
  constructor(maxEntries: number, ttlMs: number, now: () => number = () => performance.now()) {
    this.#entries =
      maxEntries > 0
        ? new LRUCache({
            max: maxEntries,
            ttl: ttlMs,
            // lru-cache reads a start time of 0 as "none", and by default keeps a clock reading
            // for a millisecond; the clock is shifted off 0 and read on every check instead.
            perf: { now: () => now() + 1 },
            ttlResolution: 0,
          })
        : undefined;
  }

  get(key: string): V | undefined {
    return this.#entries?.get(key);
  }

  set(key: string, value: V): void {
    this.#entries?.set(key, value);
  }

  get size(): number {
    return this.#entries?.size ?? 0;
  }
}
