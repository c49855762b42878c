import { LRUCache } from 'lru-cache';
import type { Count } from './count.js';

interface Window {
  count: number;
  resetAt: number;
}

/** Fixed-window counts kept in this process: the default, and the fallback while Redis is down. */
export class LocalCounter {
  // Bounded memory under a flood of distinct clients: past `maxKeys`, the client counted least
  // recently is forgotten (its window has most likely ended anyway).
  readonly #windows: LRUCache<string, Window>;
  readonly #now: () => number;

  constructor(options: { maxKeys?: number; now?: () => number } = {}) {
    this.#windows = new LRUCache({ max: options.maxKeys ?? 100_000 });
    this.#now = options.now ?? Date.now;
  }

  /** Counts one request for `key` in a window of `windowMs`. */
  incr(key: string, windowMs: number): Count {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.resetAt - now };
  }

  /** How many keys are counted now. */
  get size(): number {
    return this.#windows.size;
  }
}
