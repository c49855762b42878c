import { CatalogError } from './errors.js';

/** The currencies prices can be shown in. CNY is the marketplace currency and the base of every rate. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CNY'] as const;
/** One of {@link CURRENCIES}. */
export type Currency = (typeof CURRENCIES)[number];

/**
 * Exchange rates with CNY as the base: `cny_per_unit.USD = 7.12` reads "1 USD costs 7.12 CNY".
 * An operator passes fresher figures through configuration; `as_of` travels with every converted
 * price so that readers know how old the conversion is.
 */
export interface CurrencyRates {
  /** Day the figures were taken, `YYYY-MM-DD`. */
  readonly as_of: string;
  readonly cny_per_unit: Readonly<Record<Currency, number>>;
}

/**
 * Default rates: mid-market figures rounded to two decimals, as of 2025-11-03. They only make
 * converted prices indicative (agents charge in CNY), so a few percent of drift is acceptable;
 * operators who care replace them.
 */
export const DEFAULT_CURRENCY_RATES: CurrencyRates = Object.freeze({
  as_of: '2025-11-03',
  cny_per_unit: Object.freeze({
    USD: 7.12,
    EUR: 8.2,
    GBP: 9.35,
    CAD: 5.07,
    AUD: 4.65,
    CNY: 1,
  }),
});

const SYMBOLS: Readonly<Record<Currency, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  CAD: 'CA$',
  AUD: 'A$',
  CNY: '¥',
};

/**
 * Tells whether a string is one of the supported currency codes (upper case).
 *
 * @example isCurrency('EUR') // true
 */
export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

function unsupported(currency: string): CatalogError {
  return new CatalogError(
    'CURRENCY_UNSUPPORTED',
    `Currency "${currency}" is not supported; use one of ${CURRENCIES.join(', ')}.`,
  );
}

function rateOf(currency: string, rates: CurrencyRates): number {
  const rate = isCurrency(currency) ? rates.cny_per_unit[currency] : undefined;
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0) throw unsupported(currency);
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
 * @example convertPrice(71.2, 'USD') // 10
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
 * @example toCny(10, 'USD') // 71.2
 */
export function toCny(
  amount: number,
  currency: string,
  rates: CurrencyRates = DEFAULT_CURRENCY_RATES,
): number {
  return roundCents(amount * rateOf(currency, rates));
}

/**
 * Formats an amount for display with the currency's symbol, two decimals and thousands separators.
 * Hand-rolled rather than `Intl.NumberFormat` so that output does not depend on the ICU data a
 * runtime ships with (tests and Markdown snapshots compare strings).
 *
 * @throws {CatalogError} `CURRENCY_UNSUPPORTED` for an unknown currency code.
 * @example formatPrice(1234.5, 'EUR') // '€1,234.50'
 */
export function formatPrice(amount: number, currency: string): string {
  if (!isCurrency(currency)) throw unsupported(currency);
  const symbol = SYMBOLS[currency];
  const [whole = '0', cents = '00'] = Math.abs(roundCents(amount)).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}${symbol}${grouped}.${cents}`;
}
