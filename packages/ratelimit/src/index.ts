// The public API of @repo/ratelimit. Adding a name here is an API decision: no `export *`.
export type { Count, CounterLog } from './count.js';
export { LocalCounter } from './local-counter.js';
export type { CounterMode, RateCounter, RateCounterOptions } from './rate-counter.js';
export { createRateCounter } from './rate-counter.js';
