import type { AccessTokenClaims } from './access-token.js';

// A verified token is trusted again without a signature check for at most this long, so a key
// withdrawn from the JWKS stops being honoured within minutes even for cached tokens.
const MAX_TRUST_MS = 5 * 60_000;

/** A small LRU of verified tokens, each kept until it expires or {@link MAX_TRUST_MS} passes. */
export class VerifiedCache {
  readonly #entries = new Map<string, { claims: AccessTokenClaims; until: number }>();
  readonly #size: number;
  readonly #toleranceMs: number;

  constructor(size: number, clockToleranceS: number) {
    this.#size = size;
    this.#toleranceMs = clockToleranceS * 1000;
  }

  get(token: string): AccessTokenClaims | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    this.#entries.delete(token);
    if (entry.until <= Date.now()) return undefined;
    this.#entries.set(token, entry);
    return entry.claims;
  }

  set(token: string, claims: AccessTokenClaims) {
    if (this.#size <= 0) return;
    const now = Date.now();
    const until = Math.min(claims.exp * 1000 + this.#toleranceMs, now + MAX_TRUST_MS);
    this.#entries.set(token, { claims, until });
    if (this.#entries.size > this.#size) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }
}
