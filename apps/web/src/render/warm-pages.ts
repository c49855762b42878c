import type { CatalogVersion } from '@repo/catalog-io';
import { injectWarm } from '@repo/fastify-kit';
import type { FastifyInstance } from 'fastify';
import type { PageCache } from './page-cache.js';

// The pages a warm-up works out again at most: the busiest kept pages of a large catalog, well
// within the warm-up's time budget at half load. They weigh a quarter of the page cache's budget
// at most, since both versions' caches (and the products they read) are held until the swap.
const MAX_WARM_PAGES = 1_000;
const WARM_SHARE = 0.25;

/**
 * Builds in `next`, before it serves, the pages most lately kept in the version serving now
 * (`pages`): each asked again in-process as it was first asked, so the new version's page cache,
 * product reads and search caches are filled when the swap comes. One page at a time, with
 * `pause()` between two, so the requests of the version that serves are not held up.
 */
export async function warmPages(
  app: FastifyInstance,
  pages: PageCache | undefined,
  next: CatalogVersion,
  signal: AbortSignal,
  pause: () => Promise<void>,
): Promise<number> {
  let warmed = 0;
  const requests = pages?.recent(MAX_WARM_PAGES, pages.maxBytes * WARM_SHARE) ?? [];
  for (const request of requests) {
    if (signal.aborted) break;
    await injectWarm(app, next, request);
    warmed++;
    await pause();
  }
  return warmed;
}
