// Twin of the same file in apps/web and apps/mcp (apps never import each other); the policy and
// the counting live in @repo/ratelimit, so this stays a thin registration.
import rateLimit from '@fastify/rate-limit';
import { createRateCounter, type RateLimitPolicy, rateLimitOptions } from '@repo/ratelimit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Options of the rate-limit plugin: the budget, and where it is counted. */
export interface RateLimitOptions extends RateLimitPolicy<FastifyRequest> {
  /** Shared counts across replicas; absent: counted in this process. */
  readonly redisUrl?: string | undefined;
  /** Key prefix in Redis, one per app, e.g. `rl:web:`. */
  readonly prefix: string;
}

async function rateLimitPlugin(fastify: FastifyInstance, opts: RateLimitOptions) {
  if (opts.max === 0) return;
  const counter = createRateCounter({
    redisUrl: opts.redisUrl,
    prefix: opts.prefix,
    log: fastify.log,
  });
  fastify.addHook('onClose', () => counter.close());
  await fastify.register(rateLimit, rateLimitOptions(counter, opts));
}

/**
 * Limits each client to `max` requests per window, counted in Redis when configured (shared by
 * every replica) and in the process otherwise or while Redis is down. Over budget, the app's own
 * error (see `exceeded`) answers 429 with `Retry-After` and RateLimit headers. `max: 0` turns
 * it off.
 */
export default fp(rateLimitPlugin, { name: 'rate-limit', fastify: '5.x' });
