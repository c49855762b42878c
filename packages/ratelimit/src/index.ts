// The public API of @repo/ratelimit. Adding a name here is an API decision: no `export *`.
export type { Count, CounterLog } from './count.js';
export type {
  ExceededContext,
  RateLimitedRequest,
  RateLimitPolicy,
} from './fastify-options.js';
export { clientKey, rateLimitOptions } from './fastify-options.js';
export type { RateLimitStore, RateLimitStoreClass } from './fastify-store.js';
export { rateLimitStore } from './fastify-store.js';
export { LocalCounter } from './local-counter.js';
export type { CounterMode, RateCounter, RateCounterOptions } from './rate-counter.js';
export { createRateCounter } from './rate-counter.js';
