import { randomUUID } from 'node:crypto';
import { finished } from 'node:stream/promises';
import type { CatalogVersion } from '@repo/catalog-io';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// A warm-up request names the version it reads by a token that lives in this process only for
// the length of the request: a client that sends the header gets the version that serves, its
// requests logged, counted and rate limited as any other.
const WARM_HEADER = 'x-catalog-warm';
const pending = new Map<string, CatalogVersion>();
const seen = new WeakSet<object>();

/** A request worked out again before a swap (see {@link injectWarm}). */
export interface WarmRequest {
  /** The path and query, as the request that was kept had them. */
  readonly url: string;
  /**
   * The headers that choose the representation and its coding (`accept`, `accept-language`,
   * `accept-encoding`).
   */
  readonly headers: Readonly<Record<string, string>>;
}

/** What is read of a request to tell a warm-up (a `FastifyRequest` has it; tests pass less). */
export interface WarmCandidate {
  readonly headers?: FastifyRequest['headers'];
}

/** The version a warm-up request reads; undefined for every other request. */
export function warmVersion(request: WarmCandidate): CatalogVersion | undefined {
  const token = request.headers?.[WARM_HEADER];
  const version = typeof token === 'string' ? pending.get(token) : undefined;
  // Its token goes when its answer is read, possibly before its last hook runs.
  if (version !== undefined) seen.add(request);
  return version;
}

/**
 * Whether `request` is a warm-up: neither logged, counted in the metrics nor rate limited, since
 * no client sent it.
 */
export function isWarmRequest(request: WarmCandidate): boolean {
  return seen.has(request) || warmVersion(request) !== undefined;
}

/**
 * Sends `request` through `app` in-process (`inject`) reading `version`, a version not yet
 * swapped in, so that whatever its routes keep per version is kept before the first client
 * asks. Resolves to the status code.
 */
export async function injectWarm(
  app: FastifyInstance,
  version: CatalogVersion,
  request: WarmRequest,
): Promise<number> {
  const token = randomUUID();
  pending.set(token, version);
  try {
    // Streamed and drained, never read: `inject` otherwise copies each body into one buffer and
    // decodes it into a string. A page's is a large object, which only a full collection
    // frees, and a warm-up of hundreds of pages made the young collections of a loaded server
    // several times as long.
    const response = await app.inject({
      method: 'GET',
      url: request.url,
      headers: { ...request.headers, [WARM_HEADER]: token },
      payloadAsStream: true,
    });
    await finished(response.stream().resume());
    return response.statusCode;
  } finally {
    pending.delete(token);
  }
}
