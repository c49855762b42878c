import type { Product } from '@repo/catalog-core';
import type { NormalizedQuery } from '../normalize-query.js';
import type { PopularSlugs } from '../popular.js';
import type { EngineAnswer } from '../query/relax.js';
import { answerOf } from './answer.js';
import { ALL_SCOPE, categoryPosition, type Orderings } from './orderings.js';
import { DOC_SPACE, smallestKeys } from './top-k.js';

/** The clicked products of one popularity that this catalog holds. */
interface ClickedDocs {
  /** Most clicks first, then newest first: the popular order of a browse of everything. */
  readonly docs: Uint32Array;
  /** Clicks of each of `docs`. */
  readonly clicks: Float64Array;
  /** The same documents newest first (ascending numbers): where they sit in a newest order. */
  readonly newest: Uint32Array;
}

/**
 * `sort: 'popular'` in the embedded engine: the clicked products among the matches (at most
 * `MAX_POPULAR_PRODUCTS`) sorted by clicks, ties in the default order, then the other matches
 * in the default order. Only the clicked matches are sorted; the rest come from the same top-k
 * selection (text) or ordering walk (browse) as the default order, so a popular page costs about
 * what a default page does. Built on the first popular search: the other orders never pay for it.
 */
export class PopularSearch {
  // The clicked products of the running search, marked by generation (searches run synchronously
  // one at a time), so marking them costs one write per clicked product and no clearing.
  private readonly mark: Uint32Array;
  private readonly clicks: Float64Array;
  private generation = 0;
  private readonly resolved = new WeakMap<PopularSlugs, ClickedDocs>();

  constructor(
    /** The product of a document, and the document of a slug (-1: none). */
    private readonly catalog: {
      product(doc: number): Product;
      docOf(slug: string): number;
    },
    private readonly orderings: Orderings,
    /** The index's scratch keys (at least one per product). */
    private readonly keys: Float64Array,
  ) {
    this.mark = new Uint32Array(orderings.price.length);
    this.clicks = new Float64Array(orderings.price.length);
  }

  /**
   * A popular search with words: the relevance search's matches (`docs`, `scores` from the text
   * index for `query.words`), relevance (score, then newest) ordering the ties and the rest.
   */
  text(
    query: NormalizedQuery,
    matched: { readonly docs: Uint32Array; readonly scores: Uint16Array },
    maxScore: number,
  ): EngineAnswer {
    const { docs, scores } = matched;
    const { price, category } = this.orderings;
    const { minPrice = -1, maxPrice = Number.POSITIVE_INFINITY, offset, limit } = query;
    const wanted = query.category === undefined ? -1 : categoryPosition(query.category);
    const generation = this.install(query.popular!);
    const { mark, keys } = this;
    const counts = new Uint32Array(ALL_SCOPE);
    const clicked: number[] = [];
    const clickedKeys: number[] = [];
    let unclicked = 0;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      const p = price[doc]!;
      if (p < minPrice || p > maxPrice) continue;
      const c = category[doc]!;
      counts[c]!++;
      if (wanted !== -1 && c !== wanted) continue;
      const key = (maxScore - scores[doc]!) * DOC_SPACE + doc;
      if (mark[doc] === generation) {
        clicked.push(doc);
        clickedKeys.push(key);
      } else keys[unclicked++] = key;
    }
    // Most clicks first; equal clicks by relevance (the packed key: score, then newest).
    const { clicks } = this;
    const ranked = clicked
      .map((_, i) => i)
      .sort(
        (a, b) => clicks[clicked[b]!]! - clicks[clicked[a]!]! || clickedKeys[a]! - clickedKeys[b]!,
      )
      .map((i) => clicked[i]!);
    const page = stitch(ranked, offset, limit, (skip, take) => {
      const top = smallestKeys(keys, unclicked, skip + take);
      return Array.from(top.subarray(skip), (key) => key % DOC_SPACE);
    });
    return this.answer(page, clicked.length + unclicked, counts);
  }

  /** A popular browse (no words): newest orders the ties and the rest. */
  browse(query: NormalizedQuery): EngineAnswer {
    const { minPrice, maxPrice, offset, limit } = query;
    const o = this.orderings;
    const scope = query.category === undefined ? ALL_SCOPE : categoryPosition(query.category);
    const priced = minPrice !== undefined || maxPrice !== undefined;
    const low = minPrice ?? -1;
    const high = maxPrice ?? Number.POSITIVE_INFINITY;
    const counts = o.countsIn(minPrice, maxPrice);
    const [lo, hi] = priced ? o.priceRange(scope, minPrice, maxPrice) : [0, o.counts[scope]!];
    const generation = this.install(query.popular!);
    const { docs, newest } = this.resolved.get(query.popular!)!;
    // `docs` is already in the popular order of a browse: keeping some leaves it so.
    const clicked: number[] = [];
    for (const doc of docs) {
      if (scope !== ALL_SCOPE && o.category[doc] !== scope) continue;
      const p = o.price[doc]!;
      if (p >= low && p <= high) clicked.push(doc);
    }
    const order = o.order('newest', scope);
    const page = stitch(clicked, offset, limit, (skip, take) => {
      let start = 0;
      let skipped = skip;
      if (!priced) {
        // Every product of the scope matches: the first wanted one sits at `skip` plus the
        // clicked ones at or before it, so the walk starts there instead of at the top.
        start = skip;
        for (const doc of newest) {
          if (scope !== ALL_SCOPE && o.category[doc] !== scope) continue;
          const position = scope === ALL_SCOPE ? doc : positionOf(order, doc);
          if (position > start) break;
          start++;
        }
        skipped = 0;
      }
      const out: number[] = [];
      for (let i = start; i < order.length && out.length < take; i++) {
        const doc = order[i]!;
        if (this.mark[doc] === generation) continue;
        if (priced) {
          const p = o.price[doc]!;
          if (p < low || p > high) continue;
        }
        if (skipped > 0) skipped--;
        else out.push(doc);
      }
      return out;
    });
    return this.answer(page, hi - lo, counts);
  }

  /** Marks the clicked products of `popular` for the running search; returns the generation. */
  private install(popular: PopularSlugs): number {
    let found = this.resolved.get(popular);
    if (found === undefined) {
      const clicks = new Map<number, number>();
      for (const slug of popular.slugs) {
        const doc = this.catalog.docOf(slug);
        if (doc !== -1) clicks.set(doc, popular.clicks.get(slug)!);
      }
      const newest = Uint32Array.from(clicks.keys()).sort();
      const docs = Uint32Array.from(newest).sort(
        (a, b) => clicks.get(b)! - clicks.get(a)! || a - b,
      );
      found = { docs, clicks: Float64Array.from(docs, (doc) => clicks.get(doc)!), newest };
      this.resolved.set(popular, found);
    }
    if (this.generation >= 0xfffffff0) {
      this.generation = 0;
      this.mark.fill(0);
    }
    const generation = ++this.generation;
    found.docs.forEach((doc, i) => {
      this.mark[doc] = generation;
      this.clicks[doc] = found.clicks[i]!;
    });
    return generation;
  }

  private answer(page: readonly number[], total: number, counts: Uint32Array): EngineAnswer {
    return answerOf(
      page.map((doc) => this.catalog.product(doc)),
      total,
      counts,
    );
  }
}

/**
 * A page of `clicked` followed by the rest: `rest(skip, take)` gives the unclicked matches from
 * position `skip` on, at most `take` of them.
 */
function stitch(
  clicked: readonly number[],
  offset: number,
  limit: number,
  rest: (skip: number, take: number) => readonly number[],
): number[] {
  const page = clicked.slice(offset, offset + limit);
  const take = offset + limit - Math.max(offset, clicked.length);
  if (take > 0) page.push(...rest(Math.max(0, offset - clicked.length), take));
  return page;
}

/** Where `doc` sits in an order of ascending document numbers (the newest order of a scope). */
function positionOf(order: Uint32Array, doc: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (order[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
