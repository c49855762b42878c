import { SearchUnavailableError } from '../errors.js';

/** When the breaker opens and for how long. */
export interface CircuitBreakerOptions {
  /** Consecutive unavailable answers (timeouts, refused connections, 5xx) that open it. */
  readonly failures: number;
  /** Milliseconds it stays open before one call may try the engine again. */
  readonly openMs: number;
  readonly now?: () => number;
}

const isUnavailable = (error: unknown) => error instanceof SearchUnavailableError;

/**
 * Stops waiting on an engine that keeps failing. A hanging Meilisearch otherwise costs every
 * request the whole timeout, and the requests pile up behind it. After `failures` consecutive
 * unavailable answers, calls fail at once with `ENGINE_UNAVAILABLE` for `openMs`. Then one call
 * goes through: success closes the breaker; another failure opens it again. Any answer from the
 * engine, a refusal (4xx) included, counts as alive.
 */
export class CircuitBreaker {
  private consecutive = 0;
  private openUntil = 0;
  private probing = false;
  private last: unknown;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Runs `call` unless the breaker is open; `call` must throw translated search errors. */
  async run<T>(action: string, call: () => Promise<T>): Promise<T> {
    const probe = this.consecutive >= this.options.failures;
    if (probe) this.refuseWhileOpen(action);
    try {
      const result = await call();
      this.consecutive = 0;
      return result;
    } catch (error) {
      if (!isUnavailable(error)) {
        this.consecutive = 0;
      } else if (++this.consecutive >= this.options.failures) {
        this.last = error;
        this.openUntil = this.now() + this.options.openMs;
      }
      throw error;
    } finally {
      if (probe) this.probing = false;
    }
  }

  /** Closes the breaker: the engine was seen answering outside it (a health check). */
  reset(): void {
    this.consecutive = 0;
  }

  // Open: refuse. Past the deadline: let this one call through as the probe, refuse the others
  // until it has answered.
  private refuseWhileOpen(action: string): void {
    const wait = this.openUntil - this.now();
    if (wait <= 0 && !this.probing) {
      this.probing = true;
      return;
    }
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    const reason = this.last instanceof Error ? this.last.message : 'unavailable';
    throw new SearchUnavailableError(
      'ENGINE_UNAVAILABLE',
      `Meilisearch failed ${this.consecutive} times in a row (last: ${reason}); not asked again for ${seconds} s (${action})`,
      { cause: this.last },
    );
  }
}
