import { describe, expect, it } from 'vitest';
import { isCatalogError } from '../../src/errors.js';
import { itemsWeight, type WeighedProduct } from '../../src/shipping/parcel-weight.js';

const products = new Map<string, WeighedProduct>([
  [
    'air-jordan-4-black-cat-7234567890',
    { slug: 'air-jordan-4-black-cat-7234567890', category: 'sneakers', weight_grams: 1450 },
  ],
  ['plain-tee-white-612345678901', { slug: 'plain-tee-white-612345678901', category: 't-shirts' }],
]);
const resolve = (slug: string) => products.get(slug);

function codeOf(call: () => unknown): string | undefined {
  try {
    call();
  } catch (err) {
    return isCatalogError(err) ? err.code : 'not a CatalogError';
  }
  return undefined;
}

describe('itemsWeight', () => {
  it('uses product weights, category defaults and quantities, plus 10% packaging', () => {
    const weight = itemsWeight(
      [
        { slug: 'air-jordan-4-black-cat-7234567890' },
        { slug: 'plain-tee-white-612345678901', quantity: 2 },
      ],
      resolve,
    );
    expect(weight.grams).toBe(Math.ceil((1450 + 2 * 280) * 1.1));
    expect(weight.assumptions.join('\n')).toContain(
      'plain-tee-white-612345678901 has no recorded weight',
    );
    expect(weight.assumptions.join('\n')).toContain('x1.1');
  });

  it('does not let float noise add a gram', () => {
    expect(itemsWeight([{ category: 'sneakers' }]).grams).toBe(1760);
  });

  it('names an unknown slug', () => {
    expect(() => itemsWeight([{ slug: 'nope-12345' }], resolve)).toThrow(/"nope-12345"/);
    expect(codeOf(() => itemsWeight([{ slug: 'nope-12345' }], resolve))).toBe('UNKNOWN_PRODUCT');
    expect(codeOf(() => itemsWeight([{ slug: 'nope-12345' }]))).toBe('UNKNOWN_PRODUCT');
  });

  it('rejects items with both or neither of slug and category, bad categories and quantities', () => {
    expect(codeOf(() => itemsWeight([{}]))).toBe('INVALID_INPUT');
    expect(codeOf(() => itemsWeight([{ slug: 'a-12345', category: 'bags' }], resolve))).toBe(
      'INVALID_INPUT',
    );
    expect(codeOf(() => itemsWeight([{ category: 'boats' }]))).toBe('INVALID_INPUT');
    expect(codeOf(() => itemsWeight([{ category: 'bags', quantity: 0 }]))).toBe('INVALID_INPUT');
    expect(codeOf(() => itemsWeight([]))).toBe('INVALID_INPUT');
  });
});
