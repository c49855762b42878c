import type { Product } from '@repo/catalog-core';

/** Remembers the slug and (marketplace, item id) of every kept product, and nothing else. */
export interface DuplicateGuard {
  /**
   * Why `product` duplicates an earlier one, or `undefined` (and it is remembered, under
   * `where`, as the first of its kind).
   */
  check(product: Product, where: string): string | undefined;
}

/**
 * Creates a {@link DuplicateGuard}: the first product with a slug or an item wins, later ones are
 * refused with a reason naming where the first came from (the wording of `createCatalogCollector`
 * in `@repo/catalog-core`). Unlike the collector it keeps only the keys, not the products, so an
 * import streamed to disk holds about 200 bytes per product (two map entries), not the catalog.
 */
export function createDuplicateGuard(): DuplicateGuard {
  const bySlug = new Map<string, string>();
  const byItem = new Map<string, string>();
  return {
    check(product, where) {
      const first = bySlug.get(product.slug);
      if (first !== undefined) return `duplicate slug "${product.slug}" (first at ${first})`;
      const item = `${product.marketplace}:${product.item_id}`;
      const firstItem = byItem.get(item);
      if (firstItem !== undefined) {
        return `duplicate ${product.marketplace} item ${product.item_id} (first at ${firstItem})`;
      }
      bySlug.set(product.slug, where);
      byItem.set(item, where);
      return undefined;
    },
  };
}
