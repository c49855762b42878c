import type { Product } from '@repo/catalog-core';
import type { NormalizedQuery } from '../normalize-query.js';
import type { EngineAnswer } from '../query/relax.js';
import { answerOf } from './answer.js';
import { ALL_SCOPE, type BrowseSort, categoryPosition, type Orderings } from './orderings.js';
import type { TextIndex } from './text-index.js';
import { DOC_SPACE, smallestKeys } from './top-k.js';

/**
 * A page of results of one index, by text (the matches ranked) or by browsing (a slice of a
 * precomputed ordering), each within the query's category and price range. `popular` has its own
 * search (`PopularSearch`), which never comes here.
 */
export class RankedPages {
  /**
   * @param keys Scratch space of one key per document, shared with the index's other searches:
   *   a search runs start to end on the event loop, so no two use it at once.
   * @param maxScore Above every text score: relevance keys are `maxScore - score`, smallest first.
   */
  constructor(
    private readonly text: TextIndex,
    private readonly orderings: Orderings,
    private readonly keys: Float64Array,
    private readonly maxScore: number,
    private readonly product: (doc: number) => Product,
  ) {}

  /** Products matching every word within the query's category and price range. */
  count(words: readonly string[], query: NormalizedQuery, prefixLast: boolean): number {
    const { docs } = this.text.match(words, prefixLast);
    const { price, category } = this.orderings;
    const { minPrice = -1, maxPrice = Number.POSITIVE_INFINITY } = query;
    const wanted = query.category === undefined ? -1 : categoryPosition(query.category);
    let total = 0;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      const p = price[doc]!;
      if (p < minPrice || p > maxPrice) continue;
      if (wanted === -1 || category[doc] === wanted) total++;
    }
    return total;
  }

  /** The page of a query with words: matches ranked by score or by the query's sort. */
  matching(query: NormalizedQuery): EngineAnswer {
    const { docs, scores } = this.text.match(query.words);
    const { price, category } = this.orderings;
    const { minPrice = -1, maxPrice = Number.POSITIVE_INFINITY, sort, offset, limit } = query;
    const wanted = query.category === undefined ? -1 : categoryPosition(query.category);
    const rank =
      sort === 'relevance' || sort === 'newest'
        ? undefined
        : this.orderings.rank(sort as BrowseSort);
    const counts = new Uint32Array(ALL_SCOPE);
    const keys = this.keys;
    let total = 0;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      const p = price[doc]!;
      if (p < minPrice || p > maxPrice) continue;
      const c = category[doc]!;
      counts[c]!++;
      if (wanted !== -1 && c !== wanted) continue;
      keys[total++] =
        sort === 'relevance'
          ? (this.maxScore - scores[doc]!) * DOC_SPACE + doc
          : rank === undefined
            ? doc
            : rank[doc]!;
    }
    const top = smallestKeys(keys, total, offset + limit);
    const byRank =
      rank === undefined ? undefined : this.orderings.order(sort as BrowseSort, ALL_SCOPE);
    const hits: Product[] = [];
    for (let i = offset; i < top.length; i++) {
      const key = top[i]!;
      const doc =
        sort === 'relevance' ? key % DOC_SPACE : byRank === undefined ? key : byRank[key]!;
      hits.push(this.product(doc));
    }
    return answerOf(hits, total, counts);
  }

  /** The page of a query without words: a slice of the precomputed ordering of its sort. */
  browse(query: NormalizedQuery): EngineAnswer {
    const { minPrice, maxPrice, offset, limit } = query;
    const sort = query.sort as BrowseSort;
    const scope = query.category === undefined ? ALL_SCOPE : categoryPosition(query.category);
    const o = this.orderings;
    const priced = minPrice !== undefined || maxPrice !== undefined;
    const counts = o.countsIn(minPrice, maxPrice);
    const [lo, hi] = priced ? o.priceRange(scope, minPrice, maxPrice) : [0, o.counts[scope]!];
    const total = hi - lo;
    const size = o.counts[scope]!;
    let page: ArrayLike<number>;
    if (!priced) page = o.order(sort, scope).subarray(offset, offset + limit);
    else if (sort === 'price_asc') {
      page = o.order(sort, scope).subarray(lo + offset, Math.min(hi, lo + offset + limit));
    } else if (sort === 'price_desc') {
      const start = size - hi;
      page = o
        .order(sort, scope)
        .subarray(start + offset, Math.min(size - lo, start + offset + limit));
    } else page = this.pricedPage(sort, scope, lo, hi, query);
    const hits = Array.from(page, (doc) => this.product(doc));
    return answerOf(hits, total, counts);
  }

  /**
   * A `newest`/`title_asc` page within a price range: walk the precomputed order skipping prices
   * out of range when matches are dense; pick from the price range with a heap when they are sparse.
   */
  private pricedPage(
    sort: BrowseSort,
    scope: number,
    lo: number,
    hi: number,
    query: NormalizedQuery,
  ): number[] {
    const { minPrice = -1, maxPrice = Number.POSITIVE_INFINITY, offset, limit } = query;
    const o = this.orderings;
    const matches = hi - lo;
    if (matches === 0 || offset >= matches) return [];
    const order = o.order(sort, scope);
    const page: number[] = [];
    if (((offset + limit) * order.length) / matches < matches) {
      let skipped = 0;
      for (let i = 0; i < order.length && page.length < limit; i++) {
        const doc = order[i]!;
        const p = o.price[doc]!;
        if (p < minPrice || p > maxPrice) continue;
        if (skipped++ >= offset) page.push(doc);
      }
      return page;
    }
    const rank = o.rank(sort);
    const inRange = o.order('price_asc', scope);
    const keys = this.keys;
    for (let i = lo; i < hi; i++) keys[i - lo] = rank[inRange[i]!]!;
    const top = smallestKeys(keys, matches, offset + limit);
    const all = o.order(sort, ALL_SCOPE);
    for (let i = offset; i < top.length; i++) page.push(all[top[i]!]!);
    return page;
  }
}
