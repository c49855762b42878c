import {
  type Agent,
  type CategoryId,
  isCategoryId,
  isCountryCode,
  type Product,
  SLUG_PATTERN,
} from '@repo/catalog-core';
import { type CatalogIndex, lookupPastedLink } from '@repo/search';
import type { ShippingQuery } from '../../schemas/shipping-query.js';
import { servedCountries } from './served-countries.js';
import type { BoxSide, ShippingProblem } from './shipping-problem.js';

/** One line of the parcel: a catalog product or a category's typical item, times a quantity. */
export type ShippingItem =
  | { readonly kind: 'product'; readonly product: Product; readonly quantity: number }
  | { readonly kind: 'category'; readonly category: CategoryId; readonly quantity: number };

/** Box sides in centimetres. */
export interface BoxCm {
  readonly length: number;
  readonly width: number;
  readonly height: number;
}

/** What the calculator was asked, read and checked: every value valid, or a reason it is not. */
export interface ShippingRequest {
  readonly country?: string;
  readonly weightGrams?: number;
  readonly items: readonly ShippingItem[];
  readonly box?: BoxCm;
  /** Each value that could not be used (`problemText` words it). Any makes the answer a 400. */
  readonly problems: readonly ShippingProblem[];
}

/** Items per parcel, as `estimate_shipping` takes them. */
export const MAX_ITEMS = 50;
const MAX_QUANTITY = 100;
const MAX_SIDE_CM = 300;
const MAX_WEIGHT_G = 100_000;
const SLUG = new RegExp(SLUG_PATTERN);
const ENTRY = /^([a-z0-9-]+)(?::([0-9]{1,4}))?$/;
const PRODUCT_PATH = /\/producto\/([a-z0-9-]+?)(?:\.md|\.html|\/index\.md)?\/?$/;

function readCountry(value: string, agents: readonly Agent[], problems: ShippingProblem[]) {
  const code = value.trim().toUpperCase();
  if (code === '') return undefined;
  if (!isCountryCode(code)) {
    problems.push({ code: 'unknown_country', value });
    return undefined;
  }
  if (!servedCountries(agents).some((c) => c.code === code)) {
    problems.push({ code: 'country_not_served', country: code });
    return undefined;
  }
  return code;
}

function readWeight(value: string, problems: ShippingProblem[]) {
  const text = value.trim();
  if (text === '') return undefined;
  const grams = /^[0-9]{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!(grams >= 1 && grams <= MAX_WEIGHT_G)) {
    problems.push({ code: 'invalid_weight', value: text, max: MAX_WEIGHT_G });
    return undefined;
  }
  return grams;
}

/**
 * The weight as given: by `weight_grams`, or by its old name `weight` (old links). Both given and
 * different is a problem, since either could be the one meant; equal or one empty is no doubt.
 */
function weightText(query: ShippingQuery, problems: ShippingProblem[]): string {
  const value = (query.weight_grams ?? '').trim();
  const old = (query.weight ?? '').trim();
  if (value !== '' && old !== '' && value !== old) {
    problems.push({
      code: 'conflicting_parameters',
      name: 'weight_grams',
      value,
      alias: 'weight',
      aliasValue: old,
    });
    return '';
  }
  return value === '' ? old : value;
}

const SIDES = ['length', 'width', 'height'] as const satisfies readonly BoxSide[];

function readBox(query: ShippingQuery, problems: ShippingProblem[]): BoxCm | undefined {
  const given = SIDES.flatMap((side) => {
    const text = (query[side] ?? '').trim();
    return text === '' ? [] : [{ side, text }];
  });
  if (given.length === 0) return undefined;
  if (given.length < SIDES.length) {
    problems.push({ code: 'partial_box' });
    return undefined;
  }
  const box: Record<string, number> = {};
  for (const { side, text } of given) {
    const cm = /^[0-9]{1,3}(?:\.[0-9]{1,2})?$/.test(text) ? Number(text) : Number.NaN;
    if (!(cm > 0 && cm <= MAX_SIDE_CM)) {
      problems.push({ code: 'invalid_side', side, value: text, max: MAX_SIDE_CM });
      return undefined;
    }
    box[side] = cm;
  }
  return box as unknown as BoxCm;
}

/** The product an `add` value names: a slug, a product page URL, or a catalogued listing link. */
async function productOf(value: string, index: CatalogIndex, agents: readonly Agent[]) {
  const text = value.trim();
  const slug = SLUG.test(text) ? text : PRODUCT_PATH.exec(text.split(/[?#]/)[0] ?? '')?.[1];
  if (slug !== undefined) return index.getBySlug(slug);
  const pasted = await lookupPastedLink(index, text, agents);
  return pasted?.products[0];
}

/**
 * Reads the calculator's query: the country (any the agents' lines serve), a weight or the items
 * (slugs and categories with quantities, plus one `add`ed by slug, page URL or listing link), and
 * the box. Slugs are looked up in the catalog. Every unusable value becomes a problem;
 * nothing is thrown for bad input.
 *
 * @throws {SearchError} when the catalog engine fails.
 */
export async function readShippingRequest(
  query: ShippingQuery,
  index: CatalogIndex,
  agents: readonly Agent[],
): Promise<ShippingRequest> {
  const problems: ShippingProblem[] = [];
  const country = readCountry(query.country ?? '', agents, problems);
  const weightGrams = readWeight(weightText(query, problems), problems);
  const box = readBox(query, problems);

  const quantities = new Map<string, number>();
  const entries = (query.items ?? '').split(',').map((e) => e.trim().toLowerCase());
  for (const entry of entries.filter((e) => e !== '')) {
    const match = ENTRY.exec(entry);
    const quantity = match?.[2] === undefined ? 1 : Number(match[2]);
    if (!match?.[1] || quantity < 1 || quantity > MAX_QUANTITY) {
      problems.push({ code: 'invalid_item', entry, maxQuantity: MAX_QUANTITY });
      continue;
    }
    quantities.set(match[1], (quantities.get(match[1]) ?? 0) + quantity);
  }
  const add = (query.add ?? '').trim();
  if (add !== '') {
    const product = await productOf(add, index, agents);
    if (product) {
      quantities.set(product.slug, (quantities.get(product.slug) ?? 0) + 1);
    } else {
      problems.push({ code: 'unknown_add', value: add });
    }
  }
  if (quantities.size > MAX_ITEMS) problems.push({ code: 'too_many_items', max: MAX_ITEMS });

  const items: ShippingItem[] = [];
  for (const [key, n] of quantities) {
    const quantity = Math.min(n, MAX_QUANTITY);
    if (isCategoryId(key)) {
      items.push({ kind: 'category', category: key, quantity });
      continue;
    }
    const product = SLUG.test(key) ? await index.getBySlug(key) : undefined;
    if (product) items.push({ kind: 'product', product, quantity });
    else problems.push({ code: 'unknown_slug', slug: key });
  }
  if (weightGrams !== undefined && items.length > 0) {
    problems.push({ code: 'weight_and_items' });
  }
  return {
    ...(country === undefined ? {} : { country }),
    ...(weightGrams === undefined ? {} : { weightGrams }),
    items,
    ...(box === undefined ? {} : { box }),
    problems,
  };
}
