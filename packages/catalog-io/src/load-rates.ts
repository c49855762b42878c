import { type CurrencyRates, DEFAULT_CURRENCY_RATES, parseCurrencyRates } from '@repo/catalog-core';
import { readJsonFile } from './read-json-file.js';

/**
 * The exchange rates an app converts prices with: the operator's JSON file (`RATES_FILE`,
 * validated: a dated rate in CNY for every display currency), or the defaults when no file is
 * set.
 *
 * @throws {CatalogIoError} `FILE_READ` when the file cannot be read or is not JSON.
 * @throws {CatalogError} `RATES_INVALID` naming each bad field.
 * @example const rates = await loadRates(config.catalog.ratesFile);
 */
export async function loadRates(file?: string): Promise<CurrencyRates> {
  if (file === undefined) return DEFAULT_CURRENCY_RATES;
  const value = await readJsonFile(file, 'rates');
  return parseCurrencyRates(value);
}
