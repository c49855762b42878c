import { describe, expect, it } from 'vitest';
import { convertPrice, roundCents, toCny } from '../../src/currency/convert.js';
import { CURRENCIES, type CurrencyRates } from '../../src/currency/currencies.js';
import { DEFAULT_CURRENCY_RATES } from '../../src/currency/default-rates.js';
import { isCatalogError } from '../../src/errors.js';

// Figures of their own, so that a refresh of rates.json changes no expectation here.
const RATES: CurrencyRates = {
  as_of: '2026-01-01',
  cny_per_unit: {
    USD: 7.12,
    EUR: 8.2,
    GBP: 9.35,
    CAD: 5.07,
    AUD: 4.65,
    BRL: 1.33,
    MXN: 0.39,
    PLN: 1.95,
    CNY: 1,
  },
};

describe('currency conversion', () => {
  it('converts CNY into the display currencies, rounded to cents', () => {
    expect(convertPrice(71.2, 'USD', RATES)).toBe(10);
    expect(convertPrice(315, 'USD', RATES)).toBe(44.24);
    expect(convertPrice(100, 'EUR', RATES)).toBe(12.2);
    expect(convertPrice(100, 'CNY', RATES)).toBe(100);
  });

  it('converts into and from BRL, MXN and PLN', () => {
    expect(convertPrice(133, 'BRL', RATES)).toBe(100);
    expect(convertPrice(100, 'MXN', RATES)).toBe(256.41);
    expect(convertPrice(100, 'PLN', RATES)).toBe(51.28);
    expect(toCny(50, 'BRL', RATES)).toBe(66.5);
    expect(toCny(1000, 'MXN', RATES)).toBe(390);
    expect(toCny(20, 'PLN', RATES)).toBe(39);
  });

  it('converts filter amounts into CNY', () => {
    expect(toCny(10, 'USD', RATES)).toBe(71.2);
    expect(toCny(20, 'GBP', RATES)).toBe(187);
  });

  it('uses the default rates when none are passed, for every currency', () => {
    for (const currency of CURRENCIES) {
      const rate = DEFAULT_CURRENCY_RATES.cny_per_unit[currency];
      expect(toCny(10, currency)).toBe(roundCents(10 * rate));
      expect(convertPrice(1000, currency)).toBe(roundCents(1000 / rate));
    }
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
