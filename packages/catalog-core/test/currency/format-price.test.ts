import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../src/currency/format-price.js';
import { isCatalogError } from '../../src/errors.js';

describe('formatPrice', () => {
  it('formats prices with symbol, separators and two decimals', () => {
    expect(formatPrice(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatPrice(44.2449, 'USD')).toBe('$44.24');
    expect(formatPrice(88, 'CNY')).toBe('¥88.00');
    expect(formatPrice(-3, 'AUD')).toBe('-A$3.00');
  });

  it('writes BRL, MXN and PLN with their own symbols, in the same hand-rolled form', () => {
    expect(formatPrice(1234.5, 'BRL')).toBe('R$1,234.50');
    expect(formatPrice(899, 'MXN')).toBe('MX$899.00');
    expect(formatPrice(49.9, 'PLN')).toBe('zł49.90');
  });

  it('rejects an unknown currency code with CURRENCY_UNSUPPORTED', () => {
    try {
      formatPrice(1, 'JPY');
      expect.unreachable();
    } catch (err) {
      expect(isCatalogError(err) && err.code).toBe('CURRENCY_UNSUPPORTED');
    }
  });
});
