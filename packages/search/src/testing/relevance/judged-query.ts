import {
  type CategoryId,
  DEFAULT_CURRENCY_RATES,
  foldWords,
  type Product,
  toCny,
} from '@repo/catalog-core';

/**
 * The kinds of query the judged sets hold, in report order: the six every set has, and queries
 * naming a brand that no shipped list knows (`new_brand`, sets over an operator's own catalog).
 */
export const QUERY_KINDS = [
  'catalog',
  'slang',
  'typo',
  'everyday',
  'language',
  'agent',
  'new_brand',
] as const;
/** One of {@link QUERY_KINDS}. */
export type QueryKind = (typeof QUERY_KINDS)[number];

/** A price bound of a judgement, in the currency a shopper would state it in. */
export interface JudgedPrice {
  readonly amount: number;
  readonly currency: 'USD' | 'EUR' | 'CNY';
}

/**
 * A query with the rules a relevant product meets, all of them: its brand is one of `brand`, its
 * category one of `category`, its text (title, model, colourway, tags) holds one phrase of each
 * `words` group, its price lies within the bounds. Rules, not product lists, so a judgement holds
 * for any catalog. Brands compare as the search folds text ("Stussy" is "Stüssy").
 */
export interface JudgedQuery {
  readonly kind: QueryKind;
  readonly query: string;
  /** The language it is written in (ISO 639-1), when it is not English. */
  readonly lang?: string;
  readonly brand?: readonly string[];
  readonly category?: readonly CategoryId[];
  readonly words?: readonly (readonly string[])[];
  readonly minPrice?: JudgedPrice;
  readonly maxPrice?: JudgedPrice;
}

/** A named set of judged queries. */
export interface JudgedSet {
  readonly name: string;
  readonly description: string;
  readonly queries: readonly JudgedQuery[];
}

const sameBrand = (a: string, b: string) => foldWords(a).join('') === foldWords(b).join('');

const texts = new WeakMap<Product, string>();

function textOf(product: Product): string {
  let text = texts.get(product);
  if (text === undefined) {
    const fields = [product.title, product.model, product.colorway, ...(product.tags ?? [])];
    text = fields.map((field) => ` ${foldWords(field ?? '').join(' ')} `).join('|');
    texts.set(product, text);
  }
  return text;
}

/** Whether a product meets every rule of a judged query. */
export function isRelevant(product: Product, judged: JudgedQuery): boolean {
  if (judged.brand && !judged.brand.some((brand) => sameBrand(brand, product.brand))) return false;
  if (judged.category && !judged.category.includes(product.category)) return false;
  const cny = (bound: JudgedPrice) => toCny(bound.amount, bound.currency, DEFAULT_CURRENCY_RATES);
  if (judged.minPrice && product.price < cny(judged.minPrice)) return false;
  if (judged.maxPrice && product.price > cny(judged.maxPrice)) return false;
  const text = textOf(product);
  return (judged.words ?? []).every((group) =>
    group.some((phrase) => text.includes(` ${foldWords(phrase).join(' ')} `)),
  );
}
