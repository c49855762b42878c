import { CatalogError } from '../errors.js';

/**
 * The currencies prices can be shown in: the shoppers' (the most asked for first), then CNY, the
 * marketplace currency and the base of every rate.
 */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'BRL', 'MXN', 'PLN', 'CNY'] as const;
/** One of {@link CURRENCIES}. */
export type Currency = (typeof CURRENCIES)[number];

/**
 * Exchange rates with CNY as the base: `cny_per_unit.USD = 7.08` reads "1 USD costs 7.08 CNY".
 * An operator passes fresher figures through configuration (`parseCurrencyRates` checks them);
 * `as_of` travels with every converted price so that readers know how old the conversion is.
 */
export interface CurrencyRates {
  /** Day the figures were taken, `YYYY-MM-DD`. */
  readonly as_of: string;
  readonly cny_per_unit: Readonly<Record<Currency, number>>;
}

/**
 * Tells whether a string is one of the supported currency codes (upper case).
 *
 * @example isCurrency('EUR') // true
 */
export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

/** The error of a currency code no rate or symbol exists for. */
export function unsupportedCurrency(currency: string): CatalogError {
  return new CatalogError(
    'CURRENCY_UNSUPPORTED',
    `Currency "${currency}" is not supported; use one of ${CURRENCIES.join(', ')}.`,
  );
}
