import type { CurrencyRates } from './currencies.js';
import { parseCurrencyRates } from './parse-rates.js';
import file from './rates.json' with { type: 'json' };

/**
 * The rates the catalog ships with, from `rates.json`: mid-market figures rounded to two
 * decimals, dated by its `as_of`. They only make converted prices indicative (agents charge in
 * CNY), so a few percent of drift is acceptable; operators who care replace them with a file of
 * the same format (`RATES_FILE`). Checked like an operator's file, so a bad edit fails the
 * build's tests, not a shopper's page.
 */
export const DEFAULT_CURRENCY_RATES: CurrencyRates = parseCurrencyRates(file);
