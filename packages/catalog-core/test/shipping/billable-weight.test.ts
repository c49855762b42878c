import { describe, expect, it } from 'vitest';
import { priceForWeight, volumetricWeightGrams } from '../../src/shipping/billable-weight.js';

const box = { length: 36, width: 26, height: 15 };
const rate = { first_grams: 500, first_price: 150, step_grams: 100, step_price: 11 };

describe('volumetricWeightGrams', () => {
  it('matches the sneaker-box example of domain.md 2.4', () => {
    expect(volumetricWeightGrams(box, { volumetric: { divisor: 5000, rule: 'always' } })).toBe(
      2808,
    );
    expect(volumetricWeightGrams(box, { volumetric: { divisor: 6000, rule: 'always' } })).toBe(
      2340,
    );
  });

  it('applies side_gt_60cm only to parcels with a side over 60 cm', () => {
    const ems = { volumetric: { divisor: 8000, rule: 'side_gt_60cm' as const } };
    expect(volumetricWeightGrams(box, ems)).toBeUndefined();
    expect(volumetricWeightGrams({ length: 70, width: 40, height: 30 }, ems)).toBe(10_500);
  });

  it('ignores volume for `never` lines and parcels without dimensions', () => {
    expect(
      volumetricWeightGrams(box, { volumetric: { divisor: 6000, rule: 'never' } }),
    ).toBeUndefined();
    expect(
      volumetricWeightGrams(undefined, { volumetric: { divisor: 5000, rule: 'always' } }),
    ).toBeUndefined();
  });
});

describe('priceForWeight', () => {
  it('charges the first bracket for light parcels', () => {
    expect(priceForWeight(rate, 120)).toEqual({ billableGrams: 500, priceCny: 150 });
    expect(priceForWeight(rate, 500)).toEqual({ billableGrams: 500, priceCny: 150 });
  });

  it('adds every started step and rounds the billable weight up to it', () => {
    expect(priceForWeight(rate, 501)).toEqual({ billableGrams: 600, priceCny: 161 });
    expect(priceForWeight(rate, 2000)).toEqual({ billableGrams: 2000, priceCny: 315 });
  });
});
