import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../../src/currency/currencies.js';
import { DEFAULT_CURRENCY_RATES } from '../../src/currency/default-rates.js';
import { parseCurrencyRates } from '../../src/currency/parse-rates.js';
import file from '../../src/currency/rates.json' with { type: 'json' };

describe('DEFAULT_CURRENCY_RATES', () => {
  it('is rates.json, parsed: a rate for every currency, CNY 1, dated', () => {
    expect(DEFAULT_CURRENCY_RATES).toEqual(parseCurrencyRates(file));
    expect(Object.keys(DEFAULT_CURRENCY_RATES.cny_per_unit)).toEqual([...CURRENCIES]);
    expect(DEFAULT_CURRENCY_RATES.cny_per_unit.CNY).toBe(1);
    expect(DEFAULT_CURRENCY_RATES.as_of).toBe(file.as_of);
  });

  it('is frozen: no caller can change the rates every other caller converts with', () => {
    expect(Object.isFrozen(DEFAULT_CURRENCY_RATES)).toBe(true);
    expect(Object.isFrozen(DEFAULT_CURRENCY_RATES.cny_per_unit)).toBe(true);
  });

  it('keeps two decimals, as mid-market figures are written', () => {
    for (const rate of Object.values(DEFAULT_CURRENCY_RATES.cny_per_unit)) {
      expect(Math.round(rate * 100) / 100).toBe(rate);
    }
  });
});

describe('the README example of a rates file', () => {
  it('is a valid file with a rate for every currency', () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const example = /## Exchange rates[\s\S]*?```json\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const rates = parseCurrencyRates(JSON.parse(example!));
    expect(Object.keys(rates.cny_per_unit)).toEqual([...CURRENCIES]);
  });
});
