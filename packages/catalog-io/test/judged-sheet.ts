import {
  type CategoryId,
  type Currency,
  DEFAULT_CURRENCY_RATES,
  type Product,
  toCny,
} from '@repo/catalog-core';
import type { CatalogIndex } from '@repo/search';
import {
  formatRelevanceReport,
  type JudgedQuery,
  judgedEngines,
  measureRelevance,
} from '@repo/search/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

// What the tests of an operator's sheet share: what a person expects of a row, how a product is
// judged against it, and the bar a judged query set over the sheet must clear.

/** What a row of a sheet should become, as its `*.expected.csv` says. */
export interface JudgedRow {
  readonly outcome: 'product' | 'section' | 'reject';
  /** Acceptable brands (several for a collaboration or a house's lines). */
  readonly brands: readonly string[];
  readonly categories: readonly CategoryId[];
  readonly priceCny: number;
  readonly marketplace: string;
  readonly itemId: string;
  readonly photos: number;
  readonly albums: number;
  /** The brand is one the shipped brand list had when the sheet was written. */
  readonly listed: boolean;
}

/** The common columns of an expected row (`brand`, `category`, `amount`, `currency`, …). */
export function judgedRow(row: Readonly<Record<string, string>>): JudgedRow {
  return {
    outcome: row.outcome as JudgedRow['outcome'],
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
  };
}

/** Text as people compare it: case, accents and punctuation aside. */
export const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Brands compare as people read them. */
export const sameBrand = (a: string, b: string) => fold(a) === fold(b);

/** Whether a product is what its row should be: brand, category, price and listing. */
export function judge(product: Product, row: JudgedRow) {
  return {
    brand: row.brands.some((brand) => sameBrand(brand, product.brand)),
    category: row.categories.includes(product.category),
    price: Math.abs(product.price - row.priceCny) < 0.011,
    listing: product.marketplace === row.marketplace && product.item_id === row.itemId,
  };
}

/**
 * The bar a judged set over a sheet clears on every engine: success@10 of 95% or more, and 90% or
 * more for every kind and every language; a miss names the queries with no relevant product shown.
 */
export function itClearsTheRelevanceBar(
  products: readonly Product[],
  queries: readonly JudgedQuery[],
): void {
  for (const engine of judgedEngines(products)) {
    let index: CatalogIndex;
    beforeAll(async () => {
      index = await engine.open();
    }, 120_000);
    afterAll(() => engine.close());

    it(`${engine.name}: success@10 ≥ 95%, and ≥ 90% for every kind and every language`, async () => {
      const report = await measureRelevance(index, queries, products);
      const missed = report.measures
        .filter((m) => m.relevantShown === 0)
        .map((m) => `  ${m.judged.kind} ${m.judged.lang ?? '--'} "${m.judged.query}"`);
      const message = `${formatRelevanceReport('', report)}\nno relevant product in the first 10:\n${missed.join('\n')}`;
      expect(report.all.success, message).toBeGreaterThanOrEqual(0.95);
      for (const [kind, figures] of Object.entries(report.byKind)) {
        expect(figures.success, `${kind}\n${message}`).toBeGreaterThanOrEqual(0.9);
      }
      for (const [lang, figures] of Object.entries(report.byLanguage)) {
        expect(figures.success, `${lang}\n${message}`).toBeGreaterThanOrEqual(0.9);
      }
    }, 120_000);
  }
}
