import { describe, expect, it } from 'vitest';
import { localeOf } from '../../../src/i18n/locale.js';
import { problemText } from '../../../src/pages/shipping/problem-text.js';
import type { ShippingProblem } from '../../../src/pages/shipping/shipping-problem.js';

// The English of every problem, pinned: a translation starts from these sentences.
const SENTENCES: readonly (readonly [ShippingProblem, string])[] = [
  [
    { code: 'unknown_country', value: 'XX' },
    'Unknown country “XX”: choose one from the list, or give an ISO 3166-1 alpha-2 code such as PL, US or GB.',
  ],
  [
    { code: 'unknown_country', value: 'uk' },
    'Unknown country “uk” (the United Kingdom is GB): choose one from the list, or give an ISO 3166-1 alpha-2 code such as PL, US or GB.',
  ],
  [{ code: 'country_not_served', country: 'CN' }, 'No shipping line serves China (CN).'],
  [
    {
      code: 'conflicting_parameters',
      name: 'weight_grams',
      value: '1000',
      alias: 'weight',
      aliasValue: '1500',
    },
    '“weight_grams” and its old name “weight” give different values (“1000” and “1500”): give one of them.',
  ],
  [
    { code: 'invalid_weight', value: '-5', max: 100_000 },
    'The weight must be a whole number of grams from 1 to 100,000; “-5” is not.',
  ],
  [{ code: 'partial_box' }, 'Give the box’s length, width and height, or none of them.'],
  [
    { code: 'invalid_side', side: 'width', value: '-2', max: 300 },
    'The width must be more than 0 and at most 300 cm; “-2” is not.',
  ],
  [
    { code: 'invalid_item', entry: 'nike dunk!:0', maxQuantity: 100 },
    'The item “nike dunk!:0” is not a product slug or category with an optional quantity from 1 to 100 (slug:2).',
  ],
  [
    { code: 'unknown_add', value: 'https://m.tb.cn/h.x' },
    '“https://m.tb.cn/h.x” is no product of the catalog: add a product slug, its page link, or the listing link of a catalogued product.',
  ],
  [{ code: 'too_many_items', max: 50 }, 'At most 50 different items.'],
  [
    { code: 'unknown_slug', slug: 'no-such-thing-1' },
    'No product has the slug “no-such-thing-1”; search the catalog for it.',
  ],
  [{ code: 'weight_and_items' }, 'Give a weight or items, not both.'],
  [
    { code: 'unknown_parameter', name: 'wieght', suggestion: 'weight_grams' },
    'Unknown parameter “wieght”: did you mean “weight_grams”? It was ignored.',
  ],
  [
    { code: 'unknown_parameters', names: ['zz'], known: ['country', 'items'] },
    'Unknown parameter “zz”: the known ones are country and items. It was ignored.',
  ],
  [
    { code: 'unknown_parameters', names: ['zz', 'yy', 'xx'], known: ['country', 'items'] },
    'Unknown parameters “zz”, “yy”, and “xx”: the known ones are country and items. They were ignored.',
  ],
  [{ code: 'more_unknown_parameters', count: 1200 }, '1,200 more unknown parameters were ignored.'],
  [
    {
      code: 'estimate_refused',
      catalogCode: 'SHIPPING_UNAVAILABLE',
      country: 'US',
      message: 'No shipping line can carry this parcel to US.',
    },
    'No shipping line can carry this parcel to US.',
  ],
];

const en = localeOf('en');

describe('problemText', () => {
  it.each(SENTENCES)('words %j', (problem, sentence) => {
    expect(problemText(en, problem)).toBe(sentence);
  });

  it('cuts a long value after 80 characters', () => {
    expect(problemText(en, { code: 'unknown_slug', slug: 'a'.repeat(200) })).toBe(
      `No product has the slug “${'a'.repeat(80)}…”; search the catalog for it.`,
    );
  });
});

describe('problemText in another language', () => {
  it('words every problem in it, with its quotes, and no English', () => {
    const de = localeOf('de');
    for (const [problem, english] of SENTENCES) {
      const text = problemText(de, problem);
      expect(text, problem.code).not.toBe(english);
      expect(text.length, problem.code).toBeGreaterThan(10);
    }
    expect(problemText(de, { code: 'unknown_slug', slug: 'x' })).toContain('„x“');
  });
});
