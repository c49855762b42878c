import { describe, expect, it } from 'vitest';
import { convertPrice, roundCents, toCny } from '../../src/currency/convert.js';
import type { CurrencyRates } from '../../src/currency/currencies.js';
import { DEFAULT_CURRENCY_RATES } from '../../src/currency/default-rates.js';
import { isCatalogError } from '../../src/errors.js';

describe('currency conversion', () => {
  it('converts CNY into the display currencies, rounded to cents', () => {
    expect(convertPrice(71.2, 'USD')).toBe(10);
    expect(convertPrice(315, 'USD')).toBe(44.24);
    expect(convertPrice(100, 'EUR')).toBe(12.2);
    expect(convertPrice(100, 'CNY')).toBe(100);
  });

  it('converts filter amounts into CNY', () => {
    expect(toCny(10, 'USD')).toBe(71.2);
    expect(toCny(20, 'GBP')).toBe(187);
  });

  it('uses rates passed in instead of the defaults', () => {
    const rates: CurrencyRates = {
      as_of: '2026-01-01',
      cny_per_unit: { ...DEFAULT_CURRENCY_RATES.cny_per_unit, USD: 8 },
    };
    expect(convertPrice(80, 'USD', rates)).toBe(10);
    expect(toCny(10, 'USD', rates)).toBe(80);
  });

  it('rounds half cents up despite binary floating point', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(2.675)).toBe(2.68);
  });

  it('rejects unsupported currencies with CURRENCY_UNSUPPORTED', () => {
    for (const call of [() => convertPrice(1, 'XYZ'), () => toCny(1, 'usd')]) {
      try {
        call();
        expect.unreachable();
      } catch (err) {
        expect(isCatalogError(err) && err.code).toBe('CURRENCY_UNSUPPORTED');
      }
    }
  });
});
