import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { CatalogLog } from '../open-catalog.js';
import type { CatalogVersion } from './live-catalog.js';

/**
 * Readies `next` before it serves: works out again, against `next`, the answers that `previous`
 * kept lately (pages, tool results), so that the first requests after the swap find them kept.
 * It stops when `signal` aborts and resolves to how many answers it worked out. It runs while
 * `previous` serves, so it awaits `pause()` between two answers (see {@link WarmUps}).
 */
export type CatalogWarmer = (
  next: CatalogVersion,
  previous: CatalogVersion,
  signal: AbortSignal,
  pause: () => Promise<void>,
) => Promise<number>;

// While clients are served, a pause lasts this many times what the requests that came in during
// the answer before it take to be worked off (see WarmUps' pacer): at half load, one and a half
// answers. With three, a loaded server's warm-up used a seventh of the loop while a third of it
// stood idle: at 200,000 products its budget ran out with half the kept pages not yet built, and
// the first requests after the swap built them all at once, the longest waits of the reload.
const HEADROOM = 1.5;
// The clients' share of the event loop assumed before one is measured, and the most counted.
const FIRST_SHARE = 0.5;
const MAX_SHARE = 0.75;

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

  /**
   * @param serving Whether clients were served since it was last asked; the warm-up leaves them
   *   the loop when they were, and goes on at once when they were not.
   */
  constructor(
    private readonly budgetMs: number,
    private readonly log?: CatalogLog,
    private readonly serving: () => boolean = () => true,
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
    const pause = this.#pacer();
    let warmed = 0;
    try {
      for (const warmer of this.#warmers) {
        if (controller.signal.aborted) break;
        try {
          warmed += await warmer(next, previous, controller.signal, pause);
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

  /**
   * The pause between two answers. Each answer holds the event loop, and the requests that come
   * in meanwhile queue behind it: back to back, answers fill every idle moment of a loaded server
   * and the queue never drains. When clients take a share `u` of the loop, the queue an answer
   * leaves takes `u / (1 - u)` of the answer to work off; a pause lasts one and a half times
   * that, with `u` measured over the pause before (the loop's utilization while the warm-up
   * waits). Under the bench's half load at 200,000 products, clients took 0.58-0.67 of the loop
   * during a pause: a pause lasted about three answers, the warm-up took a fifth of the loop and
   * clients and warm-up together three quarters to four fifths of it. With a health probe alone a
   * pause is a millisecond; a server that nobody asks is warmed at full speed.
   */
  #pacer(): () => Promise<void> {
    let answerStarted = performance.now();
    let share = FIRST_SHARE;
    return async () => {
      const answerMs = performance.now() - answerStarted;
      if (this.serving()) {
        const before = performance.eventLoopUtilization();
        await sleep(Math.max(1, (HEADROOM * answerMs * share) / (1 - share)));
        share = Math.min(MAX_SHARE, performance.eventLoopUtilization(before).utilization);
      } else {
        await nextTurn();
      }
      answerStarted = performance.now();
    };
  }

  /** Ends a warm-up under way (the catalog closes). */
  stop(): void {
    this.#running?.abort();
  }
}
