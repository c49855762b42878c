import {
  type CurrencyRates,
  DEFAULT_CURRENCY_RATES,
  DEFAULT_LEXICON,
  toCny,
} from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { SearchQueryError } from '../src/errors.js';
import { normalizeQuery, queryKey } from '../src/normalize-query.js';
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

describe('normalizeQuery: sort popular', () => {
  const popularity = { version: 'v3', counts: new Map([['nike-dunk-10001', 2]]) };

  it('keeps popular with clicks, and is the default order without any', () => {
    const popular = normalizeQuery({ q: 'dunk', sort: 'popular', popularity });
    expect(popular.sort).toBe('popular');
    expect(popular.popular?.slugs).toEqual(['nike-dunk-10001']);
    expect(normalizeQuery({ q: 'dunk', sort: 'popular' }).sort).toBe('relevance');
    expect(normalizeQuery({ sort: 'popular' }).sort).toBe('newest');
    const empty = { version: 'e', counts: new Map<string, number>() };
    expect(normalizeQuery({ sort: 'popular', popularity: empty })).toEqual(
      normalizeQuery({ sort: 'newest' }),
    );
  });

  it('reads no clicks for another order', () => {
    expect(normalizeQuery({ q: 'dunk', popularity })).toEqual(normalizeQuery({ q: 'dunk' }));
    expect(normalizeQuery({ sort: 'price_asc', popularity }).popular).toBeUndefined();
  });

  it('keys popular answers on the version, and no other order', () => {
    const key = (version: string, sort: 'popular' | 'newest' = 'popular') =>
      queryKey(normalizeQuery({ sort, popularity: { version, counts: popularity.counts } }));
    expect(key('v1')).not.toBe(key('v2'));
    expect(key('v1', 'newest')).toBe(key('v2', 'newest'));
    expect(key('v1', 'newest')).toBe(queryKey(normalizeQuery({})));
  });

  it('rejects a popularity that is not one', () => {
    for (const bad of [{ version: 1, counts: new Map() }, { version: 'v' }, null]) {
      expect(() => normalizeQuery({ sort: 'popular', popularity: bad as never })).toThrow(
        SearchQueryError,
      );
    }
  });
});
