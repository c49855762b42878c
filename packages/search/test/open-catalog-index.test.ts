import { type CurrencyRates, DEFAULT_CURRENCY_RATES, toCny } from '@repo/catalog-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogIndex } from '../src/catalog-index.js';
import { indexCatalogInMeilisearch } from '../src/meilisearch/index.js';
import { openCatalogIndex } from '../src/open-catalog-index.js';
import { type MeilisearchModel, startMeilisearchModel } from '../src/testing/index.js';
import { contractCatalog } from './contract/fixture.js';

// The three Quokka products of the fixture cost 100, 200 and 300 CNY.
const products = contractCatalog();

/** The operator's rates: a dollar at 10 CNY, a real at 5. */
const RATES: CurrencyRates = {
  as_of: '2026-11-20',
  cny_per_unit: { ...DEFAULT_CURRENCY_RATES.cny_per_unit, USD: 10, BRL: 5 },
};

let model: MeilisearchModel | undefined;
afterAll(async () => {
  await model?.close();
});

async function meilisearch(rates?: CurrencyRates): Promise<CatalogIndex> {
  if (!model) {
    model = await startMeilisearchModel();
    await indexCatalogInMeilisearch(products, { host: model.url, indexUid: 'products' });
  }
  return openCatalogIndex({
    engine: 'meilisearch',
    meilisearch: { host: model.url, indexUid: 'products' },
    ...(rates && { rates }),
  });
}

const engines: [string, (rates?: CurrencyRates) => Promise<CatalogIndex>][] = [
  [
    'embedded',
    (rates) => openCatalogIndex({ engine: 'embedded', products, ...(rates && { rates }) }),
  ],
  ['meilisearch (model)', meilisearch],
];

describe.each(engines)(
  'openCatalogIndex (%s): prices read from the text, at its rates',
  (_, open) => {
    it('converts "under 20" in USD at the rates it was opened with', async () => {
      const byDefault = await open();
      const operators = await open(RATES);
      const before = await byDefault.search({ q: 'quokka under 20' });
      const after = await operators.search({ q: 'quokka under 20' });
      expect(before.interpretation?.maxPrice).toEqual({
        amount: 20,
        currency: 'USD',
        cny: toCny(20, 'USD'),
      });
      expect(after.interpretation?.maxPrice).toEqual({ amount: 20, currency: 'USD', cny: 200 });
      // 20 USD is about 140 CNY by default: one Quokka; at 10 CNY a dollar, 200: two.
      expect(before.total).toBe(1);
      expect(after.total).toBe(2);
      expect(after.hits.every((p) => p.price <= 200)).toBe(true);
    });

    it('converts an amount in the request currency, BRL, with the operator’s BRL rate', async () => {
      const operators = await open(RATES);
      const result = await operators.search({ q: 'quokka under 50', currency: 'BRL' });
      expect(result.interpretation?.maxPrice).toEqual({ amount: 50, currency: 'BRL', cny: 250 });
      expect(result.total).toBe(2);
      const byDefault = await (await open()).search({ q: 'quokka under 50', currency: 'BRL' });
      expect(byDefault.interpretation?.maxPrice?.cny).toBe(toCny(50, 'BRL'));
      expect(byDefault.total).toBe(0);
    });
  },
);
