// Twin of the same file in apps/mcp and apps/auth (apps never import each other); the counting
// itself lives in @repo/ratelimit, so this stays a thin registration.
import rateLimit from '@fastify/rate-limit';
import { createRateCounter, rateLimitStore } from '@repo/ratelimit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** What a request over budget learns: the budget and when it may try again. */
export interface ExceededContext {
  readonly max: number;
  /** Milliseconds until the window resets. */
  readonly ttl: number;
}

/** Options of the rate-limit plugin. */
export interface RateLimitOptions {
  /** Requests per client and window; 0 turns the limit off. */
  readonly max: number;
  readonly windowMs: number;
  /** Shared counts across replicas; absent: counted in this process. */
  readonly redisUrl?: string | undefined;
  /** Key prefix in Redis, one per app, e.g. `rl:web:`. */
  readonly prefix: string;
  /** The error the app's error handler turns into a 429 in the app's own format. */
  readonly exceeded: (request: FastifyRequest, context: ExceededContext) => Error;
  /** Requests that never count (health checks, static assets). */
  readonly exempt?: (request: FastifyRequest) => boolean;
}

// A client is its token's client_id when it sent a valid one, else its address (as the gateway
// forwarded it; see TRUST_PROXY).
function clientKey(request: FastifyRequest): string {
  const clientId = (request as { clientId?: string | null }).clientId;
  return clientId ? `client:${clientId}` : `ip:${request.ip}`;
}

async function rateLimitPlugin(fastify: FastifyInstance, opts: RateLimitOptions) {
  if (opts.max === 0) return;
  const counter = createRateCounter({
    redisUrl: opts.redisUrl,
    prefix: opts.prefix,
    log: fastify.log,
  });
  fastify.addHook('onClose', () => counter.close());
  await fastify.register(rateLimit, {
    max: opts.max,
    timeWindow: opts.windowMs,
    store: rateLimitStore(counter),
    keyGenerator: clientKey,
    ...(opts.exempt ? { allowList: opts.exempt } : {}),
    // The IETF RateLimit header fields (ratelimit-limit, -remaining, -reset) and Retry-After.
    enableDraftSpec: true,
    errorResponseBuilder: (request, context) =>
      opts.exceeded(request, { max: Number(context.max), ttl: context.ttl }),
    onExceeded: (request) =>
      request.log.info({ client: clientKey(request) }, 'rate limit exceeded'),
  });
}

/**
 * Limits each client to `max` requests per window, counted in Redis when configured (shared by
 * every replica) and in the process otherwise or while Redis is down. Over budget, the app's own
 * error (see `exceeded`) answers 429 with `Retry-After` and RateLimit headers.
 */
export default fp(rateLimitPlugin, { name: 'rate-limit', fastify: '5.x' });
