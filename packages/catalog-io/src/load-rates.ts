import { readFile } from 'node:fs/promises';
import { type CurrencyRates, DEFAULT_CURRENCY_RATES, parseCurrencyRates } from '@repo/catalog-core';
import { CatalogIoError } from './errors.js';

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
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new CatalogIoError('FILE_READ', `cannot read the rates file ${file}`, { cause });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new CatalogIoError('FILE_READ', `the rates file ${file} is not valid JSON`, { cause });
  }
  return parseCurrencyRates(value);
}
