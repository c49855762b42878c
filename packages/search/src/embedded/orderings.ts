import { CATEGORY_IDS, type Product } from '@repo/catalog-core';
import { sortKey } from '../text.js';

/** The orders a browse (no text) can ask for: `relevance` without text is `newest`. */
export type BrowseSort = 'newest' | 'price_asc' | 'price_desc' | 'title_asc';

const BROWSE_SORTS: readonly BrowseSort[] = ['newest', 'price_asc', 'price_desc', 'title_asc'];

/** Scopes are the 14 category positions plus this one for the whole catalog. */
export const ALL_SCOPE = CATEGORY_IDS.length;

const CATEGORY_POSITION = new Map<string, number>(CATEGORY_IDS.map((id, i) => [id, i]));

/** Position of a category in `CATEGORY_IDS` (the scope number used by {@link Orderings}). */
export function categoryPosition(id: string): number {
  return CATEGORY_POSITION.get(id)!;
}

/**
 * Every browse order precomputed for every category and for the whole catalog, so a browse page is
 * an array slice. Documents must already be numbered newest first (ties by slug), which makes the
 * document number the `newest` rank and the tie-break of every other order.
 */
export class Orderings {
  readonly price: Float64Array;
  readonly category: Uint8Array;
  /** Products per scope. */
  readonly counts: Uint32Array;
  private readonly orders = new Map<BrowseSort, Uint32Array[]>();
  private readonly ranks = new Map<BrowseSort, Uint32Array>();

  constructor(products: readonly Product[]) {
    const n = products.length;
    this.price = Float64Array.from(products, (p) => p.price);
    this.category = Uint8Array.from(products, (p) => categoryPosition(p.category));
    this.counts = new Uint32Array(ALL_SCOPE + 1);
    for (const c of this.category) this.counts[c]!++;
    this.counts[ALL_SCOPE] = n;
    const titles = products.map((p) => sortKey(p.title));
    const price = this.price;
    const compare: Record<BrowseSort, (a: number, b: number) => number> = {
      newest: (a, b) => a - b,
      price_asc: (a, b) => price[a]! - price[b]! || a - b,
      price_desc: (a, b) => price[b]! - price[a]! || a - b,
      title_asc: (a, b) => (titles[a]! < titles[b]! ? -1 : titles[a]! > titles[b]! ? 1 : a - b),
    };
    for (const sort of BROWSE_SORTS) {
      const all = new Uint32Array(n);
      for (let i = 0; i < n; i++) all[i] = i;
      if (sort !== 'newest') all.sort(compare[sort]);
      const rank = new Uint32Array(n);
      all.forEach((doc, position) => {
        rank[doc] = position;
      });
      const scoped = CATEGORY_IDS.map((_, c) => new Uint32Array(this.counts[c]!));
      const filled = new Uint32Array(ALL_SCOPE);
      for (const doc of all) {
        const c = this.category[doc]!;
        scoped[c]![filled[c]!++] = doc;
      }
      scoped.push(all);
      this.orders.set(sort, scoped);
      this.ranks.set(sort, rank);
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
