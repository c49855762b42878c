import { type CurrencyRates, isCurrency, unsupportedCurrency } from './currencies.js';
import { DEFAULT_CURRENCY_RATES } from './default-rates.js';

function rateOf(currency: string, rates: CurrencyRates): number {
  const rate = isCurrency(currency) ? rates.cny_per_unit[currency] : undefined;
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0)
    throw unsupportedCurrency(currency);
  return rate;
}

/**
 * Rounds to cents. `Number.EPSILON` nudges values such as 1.005 that binary floating point stores
 * just below the half cent.
 *
 * @example roundCents(1.005) // 1.01
 */
export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON * Math.sign(amount)) * 100) / 100;
}

/**
 * Converts a CNY amount into another currency, rounded to cents.
 *
 * @throws {CatalogError} `CURRENCY_UNSUPPORTED` for a currency without a rate.
 * @example convertPrice(70.8, 'USD') // 10
 */
export function convertPrice(
  amountCny: number,
  currency: string,
  rates: CurrencyRates = DEFAULT_CURRENCY_RATES,
): number {
  return roundCents(amountCny / rateOf(currency, rates));
}

/**
 * Converts an amount given in another currency into CNY, rounded to cents: the price filters of
 * `search_products` arrive in the shopper's currency while prices are stored in CNY.
 *
 * @throws {CatalogError} `CURRENCY_UNSUPPORTED` for a currency without a rate.
 * @example toCny(10, 'USD') // 70.8
 */
export function toCny(
  amount: number,
  currency: string,
  rates: CurrencyRates = DEFAULT_CURRENCY_RATES,
): number {
  return roundCents(amount * rateOf(currency, rates));
}
