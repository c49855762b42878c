import type { RateCounter } from '@repo/ratelimit';
import { rateLimitStore } from './rate-limit-store.js';
import { isWarmRequest, type WarmCandidate } from './warm-request.js';

/** What the policy reads of a request (a `FastifyRequest` has it; tests pass less). */
export interface RateLimitedRequest extends WarmCandidate {
  readonly ip: string;
  /** A valid bearer token's `client_id` (see the attribution plugin), else null/absent. */
  readonly clientId?: string | null;
  readonly log: { info(bindings: object, message: string): void };
}

/** What a request over budget learns: the budget and when it may try again. */
export interface ExceededContext {
  readonly max: number;
  /** Milliseconds until the window resets. */
  readonly ttl: number;
}

/** One app's budget and how it answers when a client is over it. */
export interface RateLimitPolicy<R extends RateLimitedRequest> {
  /** Requests per client and window (the caller registers nothing when it is 0). */
  readonly max: number;
  readonly windowMs: number;
  /** The error the app's error handler turns into a 429 in the app's own format. */
  readonly exceeded: (request: R, context: ExceededContext) => Error;
  /** Requests that never count (health checks, static assets). */
  readonly exempt?: ((request: R) => boolean) | undefined;
}

/**
 * A client is its token's `client_id` when it sent a valid one, else its address (as the gateway
 * forwarded it; see TRUST_PROXY).
 */
export function clientKey(request: RateLimitedRequest): string {
  return request.clientId ? `client:${request.clientId}` : `ip:${request.ip}`;
}

/**
 * The options of `@fastify/rate-limit` for a policy, counting with `counter`: the IETF RateLimit
 * header fields and `Retry-After`, keys per client, a log line per refusal.
 *
 * @example app.register(rateLimit, rateLimitOptions(counter, { max: 300, windowMs: 60_000, exceeded }))
 */
export function rateLimitOptions<R extends RateLimitedRequest>(
  counter: RateCounter,
  policy: RateLimitPolicy<R>,
) {
  return {
    max: policy.max,
    timeWindow: policy.windowMs,
    store: rateLimitStore(counter),
    keyGenerator: clientKey,
    // A warm-up (see injectWarm) is no client's request.
    allowList: (request: R) => isWarmRequest(request) || (policy.exempt?.(request) ?? false),
    // The IETF RateLimit header fields (ratelimit-limit, -remaining, -reset) and Retry-After.
    enableDraftSpec: true,
    errorResponseBuilder: (request: R, context: { max: number | string; ttl: number }) =>
      policy.exceeded(request, { max: Number(context.max), ttl: context.ttl }),
    onExceeded: (request: R) =>
      request.log.info({ client: clientKey(request) }, 'rate limit exceeded'),
  };
}
