import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CatalogVersion, CatalogWarmer, LiveCatalog, ReloadStatus } from '@repo/catalog-io';

/** A catalog a test moves from version to version, as reloads would. */
export interface SwappableCatalog extends LiveCatalog {
  /** Serves `next` from now on, as a successful reload does, with no warm-up. */
  swap(next: CatalogVersion): void;
  /**
   * Runs the apps' warmers on `next` (see `onWarm`), then swaps it in, as `openLiveCatalog`'s
   * reload does; resolves to how many answers the warmers worked out.
   */
  warmAndSwap(next: CatalogVersion): Promise<number>;
  /** Records a failed reload: the version that serves stays. */
  fail(error: string): void;
}

/**
 * A {@link LiveCatalog} that reloads only when the test says so, to check what an app answers
 * before, during and after a swap without files or timers.
 *
 * @example const catalog = swappableCatalog(fixedCatalog(index, { version: 'a' }).current);
 */
export function swappableCatalog(first: CatalogVersion): SwappableCatalog {
  let current = first;
  let lastReload: ReloadStatus = { status: 'ok', at: first.loadedAt };
  const warmers = new Set<CatalogWarmer>();
  const swap = (next: CatalogVersion) => {
    current = next;
    lastReload = { status: 'ok', at: new Date() };
  };
  return {
    get current() {
      return current;
    },
    get lastReload() {
      return lastReload;
    },
    reload: async () => lastReload,
    onWarm(warmer) {
      warmers.add(warmer);
      return () => {
        warmers.delete(warmer);
      };
    },
    close: async () => undefined,
    swap,
    async warmAndSwap(next) {
      let warmed = 0;
      const { signal } = new AbortController();
      // Tests ask nothing meanwhile: a turn of the event loop between two answers.
      const pause = () => nextTurn();
      for (const warmer of warmers) warmed += await warmer(next, current, signal, pause);
      swap(next);
      return warmed;
    },
    fail(error) {
      lastReload = { status: 'failed', at: new Date(), error };
    },
  };
}
