import type { CatalogVersion, LiveCatalog, ReloadStatus } from '@repo/catalog-io';

/** A catalog a test moves from version to version, as reloads would. */
export interface SwappableCatalog extends LiveCatalog {
  /** Serves `next` from now on, as a successful reload does. */
  swap(next: CatalogVersion): void;
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
  return {
    get current() {
      return current;
    },
    get lastReload() {
      return lastReload;
    },
    reload: async () => lastReload,
    close: async () => undefined,
    swap(next) {
      current = next;
      lastReload = { status: 'ok', at: new Date() };
    },
    fail(error) {
      lastReload = { status: 'failed', at: new Date(), error };
    },
  };
}
