import { getCategory, isCategoryId } from '../categories.js';
import { CatalogError } from '../errors.js';
import type { Product } from '../product.js';

/**
 * Items are weighed without the agent's parcel; boxes, bags and filler add about 10 %
 * (reference/domain.md 2.1, "items × 1.10").
 */
export const PACKAGING_FACTOR = 1.1;

/** One line of an estimate by items: a catalog product or a category, times a quantity. */
export interface ParcelItem {
  readonly slug?: string;
  readonly category?: string;
  readonly quantity?: number;
}

/** What the estimate reads of a product; a catalog {@link Product} fits. */
export interface WeighedProduct {
  readonly slug: string;
  readonly category: string;
  readonly weight_grams?: number | undefined;
}

/** Finds a catalog product by slug; the estimate takes it as an option so it needs no catalog. */
export type ResolveProduct = (slug: string) => WeighedProduct | undefined;

/** The packed weight of a parcel and what it took to get there. */
export interface ParcelWeight {
  readonly grams: number;
  readonly assumptions: string[];
}

function invalid(message: string): CatalogError {
  return new CatalogError('INVALID_INPUT', message);
}

/**
 * The packed weight of a parcel given as items: each item's own weight, else its category's
 * typical weight, times its quantity; the sum times {@link PACKAGING_FACTOR}, rounded up to the
 * gram. Every defaulted weight is recorded in `assumptions`.
 *
 * @throws {CatalogError} `UNKNOWN_PRODUCT` naming a slug the lookup does not know (or when no
 *   lookup is given); `INVALID_INPUT` for an item with both or neither of slug and category, an
 *   unknown category or a bad quantity.
 * @example itemsWeight([{ category: 't-shirts', quantity: 2 }]).grams // 616
 */
export function itemsWeight(
  items: readonly ParcelItem[],
  resolveProduct?: ResolveProduct,
): ParcelWeight {
  if (items.length === 0) throw invalid('items is empty: list at least one item.');
  const assumptions: string[] = [];
  let sum = 0;
  items.forEach((item, i) => {
    const quantity = item.quantity ?? 1;
    if (!Number.isInteger(quantity) || quantity < 1) {
      throw invalid(`items[${i}].quantity must be a whole number of at least 1.`);
    }
    if ((item.slug === undefined) === (item.category === undefined)) {
      throw invalid(`items[${i}] needs exactly one of slug and category.`);
    }
    let unit: number;
    if (item.slug !== undefined) {
      const product = resolveProduct?.(item.slug);
      if (!product) {
        throw new CatalogError(
          'UNKNOWN_PRODUCT',
          `Unknown product slug "${item.slug}" in items[${i}].`,
        );
      }
      const fallback = getCategory(product.category)?.defaultWeightGrams ?? 500;
      unit = product.weight_grams ?? fallback;
      if (product.weight_grams === undefined) {
        assumptions.push(
          `${product.slug} has no recorded weight; used the ${product.category} default of ${fallback} g.`,
        );
      }
    } else {
      const category = item.category ?? '';
      if (!isCategoryId(category))
        throw invalid(`items[${i}].category "${category}" is not a category.`);
      unit = getCategory(category)?.defaultWeightGrams ?? 500;
      assumptions.push(`A typical ${category} item weighs ${unit} g.`);
    }
    sum += unit * quantity;
  });
  // Round away float noise first: 1600 × 1.1 is 1760.0000000000002, which would ceil to 1761.
  const grams = Math.ceil(Math.round(sum * PACKAGING_FACTOR * 1000) / 1000);
  assumptions.push(`Items weigh ${sum} g; packaging adds 10% (x${PACKAGING_FACTOR}) = ${grams} g.`);
  return { grams, assumptions };
}
