import type { Count } from './count.js';

interface Window {
  count: number;
  resetAt: number;
}

/** Fixed-window counts kept in this process: the default, and the fallback while Redis is down. */
export class LocalCounter {
  readonly #windows = new Map<string, Window>();
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(options: { maxKeys?: number; now?: () => number } = {}) {
    this.#maxKeys = options.maxKeys ?? 100_000;
    this.#now = options.now ?? Date.now;
  }

  /** Counts one request for `key` in a window of `windowMs`. */
  incr(key: string, windowMs: number): Count {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      if (!window && this.#windows.size >= this.#maxKeys) this.#evict(now);
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

  // Bounded memory under a flood of distinct clients: drop expired windows first, then the oldest.
  #evict(now: number) {
    for (const [key, window] of this.#windows) {
      if (window.resetAt <= now) this.#windows.delete(key);
    }
    while (this.#windows.size >= this.#maxKeys) {
      const oldest = this.#windows.keys().next().value;
      if (oldest === undefined) break;
      this.#windows.delete(oldest);
    }
  }
}
