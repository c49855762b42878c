import type { CatalogIndex, SearchQuery, SearchResult } from '@repo/search';
import { sameData } from './same-data.js';

// A search read keeps its answer: the answer of the version that keeps the page.
type SearchRead = { readonly query: SearchQuery; answer: SearchResult };
type Read = { readonly slug: string } | SearchRead;

/**
 * What a page read of its catalog version while it was built: each product by slug and each
 * search, by what was asked and what it answered. A page whose builder reads nothing else (its language, currency,
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
   * page taken over keeps its reads, and through them it would keep every version before. A
   * search's answer is kept too (the page shows it already): asking it again of that version
   * would work it out in full, since one page's search is asked once per version.
   */
  of(catalog: CatalogIndex): CatalogIndex {
    const reads = this.#reads;
    return {
      engine: catalog.engine,
      search: async (query) => {
        const read = { query, answer: await catalog.search(query) };
        reads.push(read);
        return read.answer;
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
   * Whether each read gets the same answer from `after` as from `before` (the version the page
   * was built from, or last taken over by). A product is asked of both: `after` lends the one
   * `before` keeps when its bytes did not change, and both compare by identity. A search is asked
   * of `after` only, with the answer kept ({@link CatalogIndex.searchAgain}): taken over when
   * `after` reads it as `before` did, worked out else. The first read that differs ends it; when
   * none does, the answers kept are `after`'s from then on.
   */
  async readAlike(before: CatalogIndex, after: CatalogIndex): Promise<boolean> {
    if (!this.#replayable) return false;
    const answers: [SearchRead, SearchResult][] = [];
    for (const read of this.#reads) {
      if ('slug' in read) {
        if (!sameData(await before.getBySlug(read.slug), await after.getBySlug(read.slug))) {
          return false;
        }
        continue;
      }
      const answer = await (after.searchAgain?.(read.query, read.answer) ??
        after.search(read.query));
      if (!sameData(read.answer, answer)) return false;
      answers.push([read, answer]);
    }
    for (const [read, answer] of answers) read.answer = answer;
    return true;
  }
}
