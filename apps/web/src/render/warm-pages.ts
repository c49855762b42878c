import type { CatalogVersion } from '@repo/catalog-io';
import { injectWarm } from '@repo/fastify-kit';
import type { FastifyInstance } from 'fastify';
import type { PageCache } from './page-cache.js';

// The pages a warm-up works out again at most: the busiest kept pages of a large catalog, well
// within the warm-up's time budget at half load. They weigh a quarter of the page cache's budget
// at most, since both versions' caches (and the products they read) are held until the swap.
const MAX_WARM_PAGES = 1_000;
const WARM_SHARE = 0.25;
// Pages taken over cost tens of microseconds each: the warm-up pauses once they add up to this.
const TAKEN_OVER_MS = 1;

/** The versions a warm-up goes from and to, and their page caches. */
export interface WarmStep {
  readonly previous: CatalogVersion;
  readonly next: CatalogVersion;
  /** The pages `previous` keeps, the ones worked out again. */
  readonly pages: PageCache | undefined;
  /** `next`'s own, which takes over those that would come out the same (`PageCache.adopt`). */
  readonly nextPages: PageCache;
}

/**
 * Readies in `next`, before it serves, the pages most lately kept in the version serving now:
 * each taken over as it is when building it again would give the same page, else asked again
 * in-process as it was first asked, so the new version's page cache, product reads and search
 * caches are filled when the swap comes. One page at a time, with `pause()` between two, so the
 * requests of the version that serves are not held up.
 */
export async function warmPages(
  app: FastifyInstance,
  { previous, next, pages, nextPages }: WarmStep,
  signal: AbortSignal,
  pause: () => Promise<void>,
): Promise<number> {
  let warmed = 0;
  let since = performance.now();
  for (const { key, page } of pages?.recent(MAX_WARM_PAGES, pages.maxBytes * WARM_SHARE) ?? []) {
    if (signal.aborted || warmed >= MAX_WARM_PAGES) break;
    if (await nextPages.adopt(key, page, previous.index, next.index)) {
      warmed++;
      if (performance.now() - since < TAKEN_OVER_MS) continue;
    } else {
      for (const request of page.replays()) {
        if (signal.aborted || warmed >= MAX_WARM_PAGES) break;
        await injectWarm(app, next, request);
        warmed++;
      }
    }
    await pause();
    since = performance.now();
  }
  return warmed;
}
