import {
  DEFAULT_CURRENCY_RATES,
  LISTING_PAGE_SIZE,
  TOOL_DEFAULT_LIMIT,
  toCny,
} from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { isSearchError, SearchQueryError } from '../src/errors.js';
import { toSearchQuery } from '../src/to-search-query.js';

describe('toSearchQuery', () => {
  it('applies the caller’s page size, offset 0 and USD when they are absent', () => {
    expect(toSearchQuery({}, { limit: TOOL_DEFAULT_LIMIT })).toEqual({
      currency: 'USD',
      offset: 0,
      limit: TOOL_DEFAULT_LIMIT,
    });
    expect(toSearchQuery({ offset: 48 }, { limit: LISTING_PAGE_SIZE })).toMatchObject({
      offset: 48,
      limit: LISTING_PAGE_SIZE,
    });
  });

  it('converts price bounds to CNY in the request’s currency', () => {
    const query = toSearchQuery(
      { query: 'dunk', min_price: 10, max_price: 40, currency: 'EUR', limit: 5 },
      { limit: TOOL_DEFAULT_LIMIT },
    );
    expect(query).toEqual({
      q: 'dunk',
      minPrice: toCny(10, 'EUR'),
      maxPrice: toCny(40, 'EUR'),
      currency: 'EUR',
      offset: 0,
      limit: 5,
    });
  });

  it('converts price bounds at the rates it is given: the catalog version’s', () => {
    const rates = {
      as_of: '2026-11-20',
      cny_per_unit: { ...DEFAULT_CURRENCY_RATES.cny_per_unit, MXN: 0.5 },
    };
    const query = toSearchQuery(
      { min_price: 100, max_price: 400, currency: 'MXN' },
      { limit: TOOL_DEFAULT_LIMIT, rates },
    );
    expect(query).toMatchObject({ minPrice: 50, maxPrice: 200, currency: 'MXN' });
  });

  it('carries the order, the category and literal only when given', () => {
    const query = toSearchQuery(
      { query: 'aj1', sort: 'title_asc', category: 'sneakers', literal: true },
      { limit: 24 },
    );
    expect(query).toMatchObject({
      q: 'aj1',
      sort: 'title_asc',
      category: 'sneakers',
      literal: true,
    });
    const plain = toSearchQuery({ query: '', literal: false }, { limit: 24 });
    expect(plain).not.toHaveProperty('q');
    expect(plain).not.toHaveProperty('sort');
    expect(plain).not.toHaveProperty('literal');
  });

  it('passes the clicks on for sort popular, and nothing without them', () => {
    const popularity = { version: 'v9', counts: new Map([['a-1', 3]]) };
    const query = toSearchQuery({ sort: 'popular' }, { limit: 10, popularity });
    expect(query.sort).toBe('popular');
    expect(query.popularity).toBe(popularity);
    expect(toSearchQuery({ sort: 'popular' }, { limit: 10 })).not.toHaveProperty('popularity');
  });

  it('refuses min_price above max_price in the request’s own terms', () => {
    let error: unknown;
    try {
      toSearchQuery({ min_price: 50, max_price: 10 }, { limit: 10 });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SearchQueryError);
    expect(isSearchError(error) && error.code).toBe('INVALID_QUERY');
    expect((error as Error).message).toBe(
      'min_price (50) is above max_price (10); swap them or drop one.',
    );
  });
});
