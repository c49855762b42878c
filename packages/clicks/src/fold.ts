import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** Repeats of a client on a product within this time after a counted click are not counted. */
export const FOLD_MS = 3_600_000;

/** A new random salt: 32 bytes, base64 (the form Redis keeps it in). */
export function newSalt(): string {
  return randomBytes(32).toString('base64');
}

/**
 * The fold key of a client on a product: HMAC-SHA256 of the address and the slug under the day's
 * salt, truncated to 128 bits (base64url). Without the salt, which rotates daily and is never
 * written to disk, the address cannot be recovered from it; the agent is not part of it, so a
 * client is counted once per product whichever agent it goes to.
 */
export function foldHash(salt: string, client: string, slug: string): string {
  return createHmac('sha256', salt)
    .update(`${client}\n${slug}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/**
 * The fold in this process: the fold keys of the last hour with their expiry, under a salt of its
 * own that lives only in memory and changes with the day. Bounded: past `max` keys the oldest is
 * forgotten (at worst a repeat is counted once more).
 */
export class LocalFold {
  readonly #keys: LRUCache<string, number>;
  #day = '';
  #salt = '';

  constructor(options: { max?: number } = {}) {
    this.#keys = new LRUCache({ max: options.max ?? 200_000 });
  }

  /**
   * Tells whether a click at `at` (ms) on `day` is new, and if so folds the client's repeats on
   * this product for the next hour.
   */
  take(day: string, client: string, slug: string, at: number): boolean {
    if (day !== this.#day) {
      // A new day, a new salt: yesterday's keys can never match again.
      this.#day = day;
      this.#salt = newSalt();
      this.#keys.clear();
    }
    const key = foldHash(this.#salt, client, slug);
    const until = this.#keys.get(key);
    if (until !== undefined && until > at) return false;
    this.#keys.set(key, at + FOLD_MS);
    return true;
  }

  /** How many fold keys are held. */
  get size(): number {
    return this.#keys.size;
  }
}
