import type { RateCounter } from '@repo/ratelimit';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The store contract of `@fastify/rate-limit` (its `store` option). */
export interface RateLimitStore {
  incr(key: string, callback: IncrCallback, timeWindow?: number, max?: number): void;
  child(routeOptions: object): RateLimitStore;
}

/** A store class as `@fastify/rate-limit`'s `store` option expects it. */
export type RateLimitStoreClass = new (globalParams: unknown) => RateLimitStore;

/**
 * Adapts a {@link RateCounter} to `@fastify/rate-limit`'s store option, so the plugin keeps its
 * headers, hooks and 429 handling while the counting survives a Redis outage.
 *
 * @example app.register(rateLimit, { store: rateLimitStore(counter), max: 300, timeWindow: 60_000 })
 */
export function rateLimitStore(counter: RateCounter): RateLimitStoreClass {
  return class CounterStore implements RateLimitStore {
    readonly #scope: string;

    // The plugin passes its global options; a route-level child passes its own key scope.
    constructor(_globalParams: unknown, scope = '') {
      this.#scope = scope;
    }

    incr(key: string, callback: IncrCallback, timeWindow = 60_000) {
      counter.incr(`${this.#scope}${key}`, timeWindow).then(
        (count) => callback(null, count),
        (err: Error) => callback(err),
      );
    }

    // Route-level limits get their own key space, named like @fastify/rate-limit's Redis store.
    child(routeOptions: object): RateLimitStore {
      const { method = '', url = '' } =
        (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new CounterStore(undefined, `${this.#scope}${method}${url}:`);
    }
  };
}
