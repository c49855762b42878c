import type { Product } from '../product.js';

/** The outcome of {@link CatalogCollector.add}: kept, or why not. */
export type CollectResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Accumulates the products of an import and keeps slugs and (marketplace, item id) unique. */
export interface CatalogCollector {
  /**
   * Keeps a product unless its slug or its (marketplace, item id) was already kept; `where`
   * (`line 12`, `item 3`) names the product in later duplicate reasons.
   */
  add(product: Product, where?: string): CollectResult;
  /** The products kept so far, in the order they were added. */
  products(): Product[];
  /** How many products were kept. */
  readonly size: number;
}

/**
 * Creates an empty {@link CatalogCollector}. The first product with a slug or an item wins, and
 * every later one is rejected with a reason naming where the first one came from.
 *
 * @example
 * const collector = createCatalogCollector();
 * collector.add(product, 'line 2'); // { ok: true }
 * collector.add(product, 'line 9'); // { ok: false, reason: 'duplicate slug "…" (first at line 2)' }
 */
export function createCatalogCollector(): CatalogCollector {
  const kept: Product[] = [];
  const bySlug = new Map<string, string>();
  const byItem = new Map<string, string>();
  return {
    add(product, where = `product ${kept.length + 1}`) {
      const first = bySlug.get(product.slug);
      if (first !== undefined) {
        return { ok: false, reason: `duplicate slug "${product.slug}" (first at ${first})` };
      }
      const item = `${product.marketplace}:${product.item_id}`;
      const firstItem = byItem.get(item);
      if (firstItem !== undefined) {
        return {
          ok: false,
          reason: `duplicate ${product.marketplace} item ${product.item_id} (first at ${firstItem})`,
        };
      }
      bySlug.set(product.slug, where);
      byItem.set(item, where);
      kept.push(product);
      return { ok: true };
    },
    products: () => [...kept],
    get size() {
      return kept.length;
    },
  };
}
