import { CATEGORY_IDS } from '@repo/catalog-core';

/** The orders a browse (no text) can ask for: `relevance` without text is `newest`. */
export type BrowseSort = 'newest' | 'price_asc' | 'price_desc' | 'title_asc';

export const BROWSE_SORTS: readonly BrowseSort[] = [
  'newest',
  'price_asc',
  'price_desc',
  'title_asc',
];

/** Scopes are the 14 category positions plus this one for the whole catalog. */
export const ALL_SCOPE = CATEGORY_IDS.length;

const CATEGORY_POSITION = new Map<string, number>(CATEGORY_IDS.map((id, i) => [id, i]));

/** Position of a category in `CATEGORY_IDS` (the scope number used by {@link Orderings}). */
export function categoryPosition(id: string): number {
  return CATEGORY_POSITION.get(id)!;
}

/** An {@link Orderings} as typed arrays: what a prepared index keeps. */
export interface OrderingArrays {
  readonly price: Float64Array;
  /** Each document's category position. */
  readonly category: Uint8Array;
  /** Products per scope (the 14 categories, then the whole catalog). */
  readonly counts: Uint32Array;
  /** Per order: the documents of each category in turn, then those of the whole catalog (2n). */
  readonly orders: Readonly<Record<BrowseSort, Uint32Array>>;
  /** Per order: each document's position in the whole catalog's order. */
  readonly ranks: Readonly<Record<BrowseSort, Uint32Array>>;
}

/**
 * Every browse order of documents already numbered newest first (ties by slug), which makes the
 * document number the `newest` rank and the tie-break of every other order. `titleKeys` are
 * the titles' `sortKey`s.
 */
export function buildOrderings(
  price: Float64Array,
  category: Uint8Array,
  titleKeys: readonly string[],
): OrderingArrays {
  const n = price.length;
  const counts = new Uint32Array(ALL_SCOPE + 1);
  for (const c of category) counts[c]!++;
  counts[ALL_SCOPE] = n;
  const compare: Record<BrowseSort, (a: number, b: number) => number> = {
    newest: (a, b) => a - b,
    price_asc: (a, b) => price[a]! - price[b]! || a - b,
    price_desc: (a, b) => price[b]! - price[a]! || a - b,
    title_asc: (a, b) =>
      titleKeys[a]! < titleKeys[b]! ? -1 : titleKeys[a]! > titleKeys[b]! ? 1 : a - b,
  };
  const orders = {} as Record<BrowseSort, Uint32Array>;
  const ranks = {} as Record<BrowseSort, Uint32Array>;
  for (const sort of BROWSE_SORTS) {
    const both = new Uint32Array(2 * n);
    const all = both.subarray(n);
    for (let i = 0; i < n; i++) all[i] = i;
    if (sort !== 'newest') all.sort(compare[sort]);
    const rank = new Uint32Array(n);
    all.forEach((doc, position) => {
      rank[doc] = position;
    });
    const filled = scopeStarts(counts);
    for (const doc of all) both[filled[category[doc]!]!++] = doc;
    orders[sort] = both;
    ranks[sort] = rank;
  }
  return { price, category, counts, orders, ranks };
}

/** Where each category's documents start in an order of {@link OrderingArrays}. */
function scopeStarts(counts: Uint32Array): Uint32Array {
  const starts = new Uint32Array(ALL_SCOPE + 1);
  for (let c = 1; c <= ALL_SCOPE; c++) starts[c] = starts[c - 1]! + counts[c - 1]!;
  return starts;
}

/**
 * Every browse order precomputed for every category and for the whole catalog, so a browse page is
 * an array slice (views into {@link OrderingArrays}).
 */
export class Orderings {
  readonly price: Float64Array;
  readonly category: Uint8Array;
  /** Products per scope. */
  readonly counts: Uint32Array;
  private readonly orders = new Map<BrowseSort, Uint32Array[]>();
  private readonly ranks = new Map<BrowseSort, Uint32Array>();

  constructor(arrays: OrderingArrays) {
    this.price = arrays.price;
    this.category = arrays.category;
    this.counts = arrays.counts;
    const starts = scopeStarts(this.counts);
    for (const sort of BROWSE_SORTS) {
      const both = arrays.orders[sort];
      const scoped = CATEGORY_IDS.map((_, c) => both.subarray(starts[c]!, starts[c + 1]!));
      scoped.push(both.subarray(this.price.length));
      this.orders.set(sort, scoped);
      this.ranks.set(sort, arrays.ranks[sort]);
    }
  }

  /** The documents of a scope in this order. */
  order(sort: BrowseSort, scope: number): Uint32Array {
    return this.orders.get(sort)![scope]!;
  }

  /** Each document's position in the whole catalog's order (`rank[doc]`). */
  rank(sort: BrowseSort): Uint32Array {
    return this.ranks.get(sort)!;
  }

  /** Products per category (the 14, not the whole catalog) within a price range (either end absent). */
  countsIn(min: number | undefined, max: number | undefined): Uint32Array {
    const counts = new Uint32Array(ALL_SCOPE);
    const priced = min !== undefined || max !== undefined;
    for (let c = 0; c < ALL_SCOPE; c++) {
      if (!priced) counts[c] = this.counts[c]!;
      else {
        const [lo, hi] = this.priceRange(c, min, max);
        counts[c] = hi - lo;
      }
    }
    return counts;
  }

  /**
   * The half-open range of positions in `order('price_asc', scope)` whose price lies in
   * [min, max] (both inclusive, either absent).
   */
  priceRange(scope: number, min: number | undefined, max: number | undefined): [number, number] {
    const order = this.order('price_asc', scope);
    const lo = min === undefined ? 0 : this.firstPosition(order, (p) => p >= min);
    const hi = max === undefined ? order.length : this.firstPosition(order, (p) => p > max);
    return [lo, Math.max(lo, hi)];
  }

  /** First position in a price-ascending order whose price satisfies a monotone predicate. */
  private firstPosition(order: Uint32Array, test: (price: number) => boolean): number {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (test(this.price[order[mid]!]!)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
