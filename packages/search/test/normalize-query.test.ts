import {
  type CurrencyRates,
  DEFAULT_CURRENCY_RATES,
  DEFAULT_LEXICON,
  toCny,
} from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { normalizeQuery } from '../src/normalize-query.js';
import { compileLexicon } from '../src/query/query-lexicon.js';

const ql = compileLexicon(DEFAULT_LEXICON);
const rates: CurrencyRates = {
  as_of: '2026-11-20',
  cny_per_unit: { ...DEFAULT_CURRENCY_RATES.cny_per_unit, USD: 10, PLN: 2 },
};

describe('normalizeQuery: prices of the text at the rates given', () => {
  it('converts with the default rates unless others are given', () => {
    expect(normalizeQuery({ q: 'dunk under $30' }, ql).maxPrice).toBe(toCny(30, 'USD'));
    expect(normalizeQuery({ q: 'dunk under $30' }, ql, rates).maxPrice).toBe(300);
    expect(normalizeQuery({ q: 'dunk under 30', currency: 'PLN' }, ql, rates)).toMatchObject({
      maxPrice: 60,
      textMaxPrice: { amount: 30, currency: 'PLN', cny: 60 },
    });
  });

  it('never answers from a reading made at other rates (one lexicon, two catalogs)', () => {
    const other: CurrencyRates = { ...rates, cny_per_unit: { ...rates.cny_per_unit, USD: 5 } };
    const q = { q: 'tee under $40' };
    expect(normalizeQuery(q, ql, rates).maxPrice).toBe(400);
    expect(normalizeQuery(q, ql, other).maxPrice).toBe(200);
    expect(normalizeQuery(q, ql, rates).maxPrice).toBe(400);
  });

  it('leaves explicit bounds alone: they arrive in CNY', () => {
    expect(normalizeQuery({ q: 'dunk', maxPrice: 99 }, ql, rates).maxPrice).toBe(99);
  });
});
