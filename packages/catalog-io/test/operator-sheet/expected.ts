import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type CategoryId,
  type Currency,
  DEFAULT_CURRENCY_RATES,
  type Product,
  toCny,
} from '@repo/catalog-core';
import { parse } from 'csv-parse/sync';

// An operator's community sheet nobody on the team wrote, and what a person expects of each
// row (`operator-sheet.expected.csv`), both written before the importer learned to read it.
const fixtures = new URL('../fixtures/', import.meta.url);
export const SHEET = fileURLToPath(new URL('operator-sheet.csv', fixtures));
export const QUERIES = fileURLToPath(new URL('operator-sheet.queries.json', fixtures));

/** What a row of the sheet should become. */
export interface ExpectedRow {
  readonly line: number;
  readonly outcome: 'product' | 'section' | 'reject';
  /** Acceptable brands (several for a collaboration or a house's lines). */
  readonly brands: readonly string[];
  readonly categories: readonly CategoryId[];
  readonly priceCny: number;
  readonly marketplace: string;
  readonly itemId: string;
  readonly photos: number;
  readonly albums: number;
  /** The brand is one the shipped brand list had before this sheet was written. */
  readonly listed: boolean;
}

export const EXPECTED: readonly ExpectedRow[] = (
  parse(readFileSync(fileURLToPath(new URL('operator-sheet.expected.csv', fixtures))), {
    columns: true,
  }) as Record<string, string>[]
).map((row) => ({
  line: Number(row.line),
  outcome: row.outcome as ExpectedRow['outcome'],
  brands: row.brand ? row.brand.split('|') : [],
  categories: (row.category ? row.category.split('|') : []) as CategoryId[],
  priceCny:
    row.currency && row.currency !== 'CNY'
      ? toCny(Number(row.amount), row.currency as Currency, DEFAULT_CURRENCY_RATES)
      : Number(row.amount),
  marketplace: row.marketplace ?? '',
  itemId: row.item_id ?? '',
  photos: Number(row.photos || 0),
  albums: Number(row.albums || 0),
  listed: row.listed === 'yes',
}));

/** Brands compare as people read them: case, accents and punctuation aside. */
export const sameBrand = (a: string, b: string) => fold(a) === fold(b);
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Whether a product is what its row should be: brand, category, price and listing. */
export function judge(product: Product, row: ExpectedRow) {
  return {
    brand: row.brands.some((brand) => sameBrand(brand, product.brand)),
    category: row.categories.includes(product.category),
    price: Math.abs(product.price - row.priceCny) < 0.011,
    listing: product.marketplace === row.marketplace && product.item_id === row.itemId,
  };
}
