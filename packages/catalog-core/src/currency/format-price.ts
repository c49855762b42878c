import { roundCents } from './convert.js';
import { type Currency, isCurrency, unsupportedCurrency } from './currencies.js';

const SYMBOLS: Readonly<Record<Currency, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  CAD: 'CA$',
  AUD: 'A$',
  BRL: 'R$',
  MXN: 'MX$',
  PLN: 'zł',
  CNY: '¥',
};

/**
 * Formats an amount for display with the currency's symbol, two decimals and thousands separators.
 * Hand-rolled rather than `Intl.NumberFormat` so that output does not depend on the ICU data a
 * runtime ships with (tests and Markdown snapshots compare strings); callers that want a locale's
 * conventions use `Intl` themselves.
 *
 * @throws {CatalogError} `CURRENCY_UNSUPPORTED` for an unknown currency code.
 * @example formatPrice(1234.5, 'EUR') // '€1,234.50'
 */
export function formatPrice(amount: number, currency: string): string {
  if (!isCurrency(currency)) throw unsupportedCurrency(currency);
  const symbol = SYMBOLS[currency];
  const [whole = '0', cents = '00'] = Math.abs(roundCents(amount)).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}${symbol}${grouped}.${cents}`;
}
