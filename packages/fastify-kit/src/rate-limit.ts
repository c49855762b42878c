// The counting lives in @repo/ratelimit; this registers @fastify/rate-limit over it.
import fastifyRateLimit from '@fastify/rate-limit';
import { createRateCounter } from '@repo/ratelimit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type RateLimitPolicy, rateLimitOptions } from './rate-limit-options.js';

/** Options of the rate-limit plugin: the budget, and where it is counted. */
export interface RateLimitOptions extends RateLimitPolicy<FastifyRequest> {
  /** Shared counts across replicas; absent: counted in this process. */
  readonly redisUrl?: string | undefined;
  /** Key prefix in Redis, one per app, e.g. `rl:web:`. */
  readonly prefix: string;
}

async function limitRate(fastify: FastifyInstance, opts: RateLimitOptions) {
  if (opts.max === 0) return;
  const counter = createRateCounter({
    redisUrl: opts.redisUrl,
    prefix: opts.prefix,
    log: fastify.log,
  });
  fastify.addHook('onClose', () => counter.close());
  await fastify.register(fastifyRateLimit, rateLimitOptions(counter, opts));
}

/**
 * Limits each client to `max` requests per window, counted in Redis when configured (shared by
 * every replica) and in the process otherwise or while Redis is down. Over budget, the app's own
 * error (see `exceeded`) answers 429 with `Retry-After` and RateLimit headers. `max: 0` turns
 * it off.
 */
export const rateLimitPlugin = fp(limitRate, { name: 'rate-limit', fastify: '5.x' });
