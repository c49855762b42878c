import type { CatalogIndex, SearchQuery } from '@repo/search';
import { sameData } from './same-data.js';

type Read = { readonly slug: string } | { readonly query: SearchQuery };

/**
 * What a page read of its catalog version while it was built: each product by slug and each
 * search, by what was asked. A page whose builder reads nothing else (its language, currency,
 * agents, rates and chrome aside) comes out the same in another version that gives the same
 * answers to the same reads: a warm-up then takes the kept page as it is instead of building it
 * again (see `PageCache.adopt`). A read it cannot ask again (the category counts, the featured
 * products) makes the page one to build.
 */
export class CatalogReads {
  readonly #reads: Read[] = [];
  #replayable = true;

  /**
   * `catalog`, recording here what is read of it. Only the reads are kept, never `catalog`: a
   * page taken over keeps its reads, and through them it would keep every version before.
   */
  of(catalog: CatalogIndex): CatalogIndex {
    const reads = this.#reads;
    return {
      engine: catalog.engine,
      search: (query) => {
        reads.push({ query });
        return catalog.search(query);
      },
      getBySlug: (slug) => {
        reads.push({ slug });
        return catalog.getBySlug(slug);
      },
      categories: () => {
        this.#replayable = false;
        return catalog.categories();
      },
      featured: (limit) => {
        this.#replayable = false;
        return catalog.featured(limit);
      },
      health: () => catalog.health(),
      close: () => catalog.close(),
    };
  }

  /**
   * Whether each read, asked again of `before` (the version the page was built from) and then of
   * `after`, gets the same answer in both. In that order, `after` finds the answer `before` kept:
   * a product whose bytes did not change is lent, a search result carried over, and both compare
   * by identity (asked at once, each version searched in full). The first read that differs ends
   * it.
   */
  async readAlike(before: CatalogIndex, after: CatalogIndex): Promise<boolean> {
    if (!this.#replayable) return false;
    for (const read of this.#reads) {
      const same =
        'slug' in read
          ? sameData(await before.getBySlug(read.slug), await after.getBySlug(read.slug))
          : sameData(await before.search(read.query), await after.search(read.query));
      if (!same) return false;
    }
    return true;
  }
}
