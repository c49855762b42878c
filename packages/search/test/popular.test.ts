import { describe, expect, it } from 'vitest';
import { MAX_POPULAR_PRODUCTS, popularSlugsOf } from '../src/popular.js';

describe('popularSlugsOf', () => {
  it('keeps the products with clicks and a slug, most clicked first', () => {
    const cut = popularSlugsOf({
      version: 'v7',
      counts: new Map([
        ['b-10002', 3],
        ['a-10001', 5],
        ['c-10003', 0],
        ['d-10004', -1],
        ['e-10005', Number.NaN],
        ['f-10006', Number.POSITIVE_INFINITY],
        ['g-10007', 3],
        ['Nike-Dunk-10008', 9],
        ['not a slug', 9],
      ]),
    });
    expect(cut?.version).toBe('v7');
    expect(cut?.slugs).toEqual(['a-10001', 'b-10002', 'g-10007']);
    expect([...(cut?.clicks ?? [])]).toEqual([
      ['a-10001', 5],
      ['b-10002', 3],
      ['g-10007', 3],
    ]);
  });

  it('is undefined without any clicked product', () => {
    expect(popularSlugsOf(undefined)).toBeUndefined();
    expect(popularSlugsOf({ version: 'e', counts: new Map() })).toBeUndefined();
    expect(popularSlugsOf({ version: 'z', counts: new Map([['a-10001', 0]]) })).toBeUndefined();
  });

  it(`keeps the ${MAX_POPULAR_PRODUCTS} most clicked, equal counts at the cut by slug`, () => {
    const counts = new Map<string, number>();
    // Slugs whose A→Z order is not their count order, and one more than the cut at 1 click.
    for (let i = 0; i < MAX_POPULAR_PRODUCTS; i++) counts.set(`p-${10000 + i}`, 2 + (i % 7));
    counts.set('zz-last-10000', 1);
    counts.set('aa-first-10000', 1);
    const cut = popularSlugsOf({ version: 'big', counts })!;
    expect(cut.slugs).toHaveLength(MAX_POPULAR_PRODUCTS);
    expect(cut.slugs).not.toContain('aa-first-10000');
    counts.delete('p-10000');
    const tied = popularSlugsOf({ version: 'big2', counts })!;
    expect(tied.slugs.at(-1)).toBe('aa-first-10000');
    expect(tied.slugs).not.toContain('zz-last-10000');
    expect(tied.clicks.has('zz-last-10000')).toBe(false);
  });

  it('cuts once per popularity object', () => {
    const popularity = { version: 'once', counts: new Map([['a-10001', 1]]) };
    expect(popularSlugsOf(popularity)).toBe(popularSlugsOf(popularity));
  });
});
