import {
  type Agent,
  type CategoryId,
  countryName,
  isCategoryId,
  isCountryCode,
  type Product,
  SLUG_PATTERN,
} from '@repo/catalog-core';
import { type CatalogIndex, lookupPastedLink } from '@repo/search';
import type { ShippingQuery } from '../../schemas/shipping-query.js';
import { servedCountries } from './served-countries.js';

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
  /** Each value that could not be used, as a sentence naming it. Any makes the answer a 400. */
  readonly problems: readonly string[];
}

/** Items per parcel, as `estimate_shipping` takes them. */
export const MAX_ITEMS = 50;
const MAX_QUANTITY = 100;
const MAX_SIDE_CM = 300;
const MAX_WEIGHT_G = 100_000;
const SLUG = new RegExp(SLUG_PATTERN);
const ENTRY = /^([a-z0-9-]+)(?::([0-9]{1,4}))?$/;
const PRODUCT_PATH = /\/producto\/([a-z0-9-]+?)(?:\.md|\.html|\/index\.md)?\/?$/;

const quoted = (value: string) => `“${value.length > 80 ? `${value.slice(0, 80)}…` : value}”`;

function readCountry(value: string, agents: readonly Agent[], problems: string[]) {
  const code = value.trim().toUpperCase();
  if (code === '') return undefined;
  if (!isCountryCode(code)) {
    problems.push(
      `Unknown country ${quoted(value)}${code === 'UK' ? ' (the United Kingdom is GB)' : ''}: choose one from the list, or give an ISO 3166-1 alpha-2 code such as PL, US or GB.`,
    );
    return undefined;
  }
  if (!servedCountries(agents).some((c) => c.code === code)) {
    problems.push(`No shipping line serves ${countryName(code)} (${code}).`);
    return undefined;
  }
  return code;
}

function readWeight(value: string, problems: string[]) {
  const text = value.trim();
  if (text === '') return undefined;
  const grams = /^[0-9]{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!(grams >= 1 && grams <= MAX_WEIGHT_G)) {
    problems.push(
      `The weight must be a whole number of grams from 1 to 100,000; ${quoted(text)} is not.`,
    );
    return undefined;
  }
  return grams;
}

function readBox(query: ShippingQuery, problems: string[]): BoxCm | undefined {
  const sides = { length: query.length, width: query.width, height: query.height };
  const given = Object.entries(sides).filter(([, v]) => (v ?? '').trim() !== '');
  if (given.length === 0) return undefined;
  if (given.length < 3) {
    problems.push('Give the box’s length, width and height, or none of them.');
    return undefined;
  }
  const box: Record<string, number> = {};
  for (const [name, raw] of given) {
    const text = (raw ?? '').trim();
    const cm = /^[0-9]{1,3}(?:\.[0-9]{1,2})?$/.test(text) ? Number(text) : Number.NaN;
    if (!(cm > 0 && cm <= MAX_SIDE_CM)) {
      problems.push(`The ${name} must be more than 0 and at most 300 cm; ${quoted(text)} is not.`);
      return undefined;
    }
    box[name] = cm;
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
 * the box. Slugs are looked up in the catalog. Every unusable value becomes a problem sentence;
 * nothing is thrown for bad input.
 *
 * @throws {SearchError} when the catalog engine fails.
 */
export async function readShippingRequest(
  query: ShippingQuery,
  index: CatalogIndex,
  agents: readonly Agent[],
): Promise<ShippingRequest> {
  const problems: string[] = [];
  const country = readCountry(query.country ?? '', agents, problems);
  const weightGrams = readWeight(query.weight ?? '', problems);
  const box = readBox(query, problems);

  const quantities = new Map<string, number>();
  const entries = (query.items ?? '').split(',').map((e) => e.trim().toLowerCase());
  for (const entry of entries.filter((e) => e !== '')) {
    const match = ENTRY.exec(entry);
    const quantity = match?.[2] === undefined ? 1 : Number(match[2]);
    if (!match?.[1] || quantity < 1 || quantity > MAX_QUANTITY) {
      problems.push(
        `The item ${quoted(entry)} is not a product slug or category with an optional quantity from 1 to 100 (slug:2).`,
      );
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
      problems.push(
        `${quoted(add)} is no product of the catalog: add a product slug, its page link, or the listing link of a catalogued product.`,
      );
    }
  }
  if (quantities.size > MAX_ITEMS) problems.push(`At most ${MAX_ITEMS} different items.`);

  const items: ShippingItem[] = [];
  for (const [key, n] of quantities) {
    const quantity = Math.min(n, MAX_QUANTITY);
    if (isCategoryId(key)) {
      items.push({ kind: 'category', category: key, quantity });
      continue;
    }
    const product = SLUG.test(key) ? await index.getBySlug(key) : undefined;
    if (product) items.push({ kind: 'product', product, quantity });
    else problems.push(`No product has the slug ${quoted(key)}; search the catalog for it.`);
  }
  if (weightGrams !== undefined && items.length > 0) {
    problems.push('Give a weight or items, not both.');
  }
  return {
    ...(country === undefined ? {} : { country }),
    ...(weightGrams === undefined ? {} : { weightGrams }),
    items,
    ...(box === undefined ? {} : { box }),
    problems,
  };
}
