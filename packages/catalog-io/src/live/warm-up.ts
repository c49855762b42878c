import type { CatalogLog } from '../open-catalog.js';
import type { CatalogVersion } from './live-catalog.js';

/**
 * Readies `next` before it serves: works out again, against `next`, the answers that `previous`
 * kept lately (pages, tool results), so that the first requests after the swap find them kept.
 * It stops when `signal` aborts and resolves to how many answers it worked out. It runs while
 * `previous` serves, so it yields to the event loop between answers.
 */
export type CatalogWarmer = (
  next: CatalogVersion,
  previous: CatalogVersion,
  signal: AbortSignal,
) => Promise<number>;

/** What one warm-up did, for the `catalog reloaded` line. */
export interface WarmUpReport {
  readonly warmed: number;
  readonly warmMs: number;
}

/**
 * The warmers of a live catalog, run one after the other before each swap within one time
 * budget. A new version starts with every cache empty: under load, the first seconds of the same
 * traffic cost it several times the work, and the queue that builds is a stall as long as a
 * blocking reload. A warmer that fails is logged and the swap goes on: warming is never a reason
 * to keep the old version.
 */
export class WarmUps {
  readonly #warmers = new Set<CatalogWarmer>();
  #running: AbortController | undefined;

  constructor(
    private readonly budgetMs: number,
    private readonly log?: CatalogLog,
  ) {}

  /** Adds a warmer; the function returned removes it. */
  add(warmer: CatalogWarmer): () => void {
    this.#warmers.add(warmer);
    return () => {
      this.#warmers.delete(warmer);
    };
  }

  /** Runs every warmer on `next`; undefined when there is nothing to run. */
  async run(next: CatalogVersion, previous: CatalogVersion): Promise<WarmUpReport | undefined> {
    if (this.#warmers.size === 0 || this.budgetMs <= 0) return undefined;
    const started = performance.now();
    const controller = new AbortController();
    this.#running = controller;
    const timer = setTimeout(() => controller.abort(), this.budgetMs);
    let warmed = 0;
    try {
      for (const warmer of this.#warmers) {
        if (controller.signal.aborted) break;
        try {
          warmed += await warmer(next, previous, controller.signal);
        } catch (err) {
          this.log?.warn({ err, version: next.version }, 'catalog warm-up failed; swapping anyway');
        }
      }
    } finally {
      clearTimeout(timer);
      this.#running = undefined;
    }
    return { warmed, warmMs: Math.round(performance.now() - started) };
  }

  /** Ends a warm-up under way (the catalog closes). */
  stop(): void {
    this.#running?.abort();
  }
}
