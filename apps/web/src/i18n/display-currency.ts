import { type Currency, isCurrency } from '@repo/catalog-core';
import table from './region-currencies.json' with { type: 'json' };

/** The display currency when nothing chooses one. */
export const DEFAULT_CURRENCY: Currency = 'USD';

function currencies(record: Readonly<Record<string, string>>): ReadonlyMap<string, Currency> {
  return new Map(
    Object.entries(record).flatMap(([key, code]) => (isCurrency(code) ? [[key, code]] : [])),
  );
}

// Data, so a market is added without code: a tag's region names the currency (`pt-BR` → BRL);
// a language spoken in one country names it without a region (`pl` → PLN).
const BY_REGION = currencies(table.regions);
const BY_LANGUAGE = currencies(table.languages);

/**
 * The currency of a language tag's region (`en-GB` → GBP, `es-MX` → MXN, `pl` → PLN), else
 * {@link DEFAULT_CURRENCY}.
 *
 * @example currencyOfTag('pt-BR') // 'BRL'
 */
export function currencyOfTag(tag: string | undefined): Currency {
  if (tag === undefined) return DEFAULT_CURRENCY;
  const [language = '', ...rest] = tag.toLowerCase().split('-');
  const region = rest.find((part) => /^[a-z]{2}$/.test(part));
  return (
    (region === undefined ? undefined : BY_REGION.get(region.toUpperCase())) ??
    BY_LANGUAGE.get(language) ??
    DEFAULT_CURRENCY
  );
}
