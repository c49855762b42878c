import { CATEGORY_IDS, MAX_LIMIT, SORT_ORDERS } from '@repo/catalog-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeQuery, type SearchQuery, SearchQueryError, tokenize } from '../../src/index.js';

// A fixed seed, so CI replays the same inputs; a failure prints seed and path.
const SEED = 20_251_007;

/** Any value at all, with the right one for the field now and then. */
const anything = (...valid: fc.Arbitrary<unknown>[]) =>
  fc.oneof(
    ...valid,
    fc.constant(undefined),
    fc.constantFrom(null, NaN, Infinity, -Infinity, -0, -1, 0.5, 2 ** 53, '', '10', [], {}, true),
    fc.anything({ maxDepth: 2, withNullPrototype: true, withBoxedValues: true }),
  );

const query = fc.record(
  {
    q: anything(fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ unit: 'grapheme' })),
    category: anything(fc.constantFrom(...CATEGORY_IDS), fc.string()),
    sort: anything(fc.constantFrom(...SORT_ORDERS), fc.string()),
    offset: anything(fc.nat(), fc.integer(), fc.double()),
    limit: anything(fc.integer({ min: 1, max: MAX_LIMIT }), fc.integer(), fc.double()),
    minPrice: anything(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double()),
    maxPrice: anything(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double()),
  },
  { requiredKeys: [] },
);

describe('normalizeQuery on any input', () => {
  it('returns a valid normalised query or throws a SearchQueryError, nothing else', () => {
    let valid = 0;
    let refused = 0;
    fc.assert(
      fc.property(query, (input) => {
        let result: ReturnType<typeof normalizeQuery>;
        try {
          result = normalizeQuery(input as SearchQuery);
        } catch (err) {
          expect(err, JSON.stringify(input)).toBeInstanceOf(SearchQueryError);
          expect((err as SearchQueryError).code).toBe('INVALID_QUERY');
          refused++;
          return;
        }
        valid++;
        expect(Number.isSafeInteger(result.offset) && result.offset >= 0).toBe(true);
        expect(Number.isSafeInteger(result.limit)).toBe(true);
        expect(result.limit).toBeGreaterThanOrEqual(1);
        expect(result.limit).toBeLessThanOrEqual(MAX_LIMIT);
        expect(SORT_ORDERS).toContain(result.sort);
        if (result.category !== undefined) expect(CATEGORY_IDS).toContain(result.category);
        for (const price of [result.minPrice, result.maxPrice])
          if (price !== undefined) expect(Number.isFinite(price) && price >= 0).toBe(true);
        if (result.minPrice !== undefined && result.maxPrice !== undefined)
          expect(result.minPrice).toBeLessThanOrEqual(result.maxPrice);
        expect(result.words.length).toBeLessThanOrEqual(10);
        for (const word of result.words) expect(tokenize(word)).toEqual([word]);
        if (result.words.length === 0) expect(result.sort).not.toBe('relevance');
      }),
      { seed: SEED, numRuns: 2000 },
    );
    // Both outcomes are reached, so neither branch of the property is vacuous.
    expect(valid).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(500);
  });

  // Found by the property above (seed 20251007, path of 14 runs): String() of a value without a
  // prototype threw a TypeError instead of the SearchQueryError.
  it.each([
    ['category', Object.create(null)],
    [
      'category',
      {
        toString: () => {
          throw new Error('no');
        },
      },
    ],
    ['sort', Object.create(null)],
  ])(
    'refuses %s without a prototype or a usable toString with a SearchQueryError',
    (field, value) => {
      expect(() => normalizeQuery({ [field]: value } as SearchQuery)).toThrow(SearchQueryError);
    },
  );
});
