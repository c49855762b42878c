import { LRUCache } from 'lru-cache';
import type { AccessTokenClaims } from './access-token.js';

// A verified token is trusted again without a signature check for at most this long, so a key
// withdrawn from the JWKS stops being honoured within minutes even for cached tokens.
const MAX_TRUST_MS = 5 * 60_000;

/** A small LRU of verified tokens, each kept until it expires or {@link MAX_TRUST_MS} passes. */
export class VerifiedCache {
  readonly #entries: LRUCache<string, AccessTokenClaims> | undefined;
  readonly #toleranceMs: number;

  /** `clock` measures how long an entry has been kept (tests pass a fake one). */
  constructor(size: number, clockToleranceS: number, clock: { now(): number } = performance) {
    this.#entries =
      size > 0 ? new LRUCache({ max: size, ttl: MAX_TRUST_MS, perf: clock }) : undefined;
    this.#toleranceMs = clockToleranceS * 1000;
  }

  get(token: string): AccessTokenClaims | undefined {
    return this.#entries?.get(token);
  }

  set(token: string, claims: AccessTokenClaims) {
    const trustMs = Math.min(claims.exp * 1000 + this.#toleranceMs - Date.now(), MAX_TRUST_MS);
    if (trustMs > 0) this.#entries?.set(token, claims, { ttl: trustMs });
  }
}
