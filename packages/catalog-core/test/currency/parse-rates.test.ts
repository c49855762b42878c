import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../../src/currency/currencies.js';
import { parseCurrencyRates } from '../../src/currency/parse-rates.js';
import { isCatalogError } from '../../src/errors.js';

/** A valid file: every currency but CNY, 2 CNY each. */
const valid = () => ({
  as_of: '2026-11-23',
  cny_per_unit: Object.fromEntries(
    CURRENCIES.filter((c) => c !== 'CNY').map((c) => [c, 2]),
  ) as Record<string, unknown>,
});

/** The problems of an invalid value, one per line of the message. */
function problems(value: unknown): string[] {
  try {
    parseCurrencyRates(value);
  } catch (err) {
    if (!isCatalogError(err)) throw err;
    expect(err.code).toBe('RATES_INVALID');
    const [title, ...lines] = err.message.split('\n');
    expect(title).toBe('Invalid currency rates:');
    return lines.map((line) => line.trim());
  }
  return expect.unreachable('the value was accepted');
}

describe('parseCurrencyRates', () => {
  it('returns the rates frozen, with CNY as 1 whether it is left out or written', () => {
    const rates = parseCurrencyRates(valid());
    expect(rates.as_of).toBe('2026-11-23');
    expect(rates.cny_per_unit.USD).toBe(2);
    expect(rates.cny_per_unit.CNY).toBe(1);
    expect(Object.keys(rates.cny_per_unit)).toEqual([...CURRENCIES]);
    expect(Object.isFrozen(rates) && Object.isFrozen(rates.cny_per_unit)).toBe(true);
    const withBase = valid();
    withBase.cny_per_unit.CNY = 1;
    expect(parseCurrencyRates(withBase)).toEqual(rates);
  });

  it('keeps no reference to the value it was given', () => {
    const value = valid();
    const rates = parseCurrencyRates(value);
    value.cny_per_unit.USD = 99;
    expect(rates.cny_per_unit.USD).toBe(2);
  });

  it('names a missing currency, and each of several, in one line', () => {
    const value = valid();
    delete value.cny_per_unit.BRL;
    expect(problems(value)).toEqual([
      '/cny_per_unit: missing a rate for BRL; every currency but CNY needs one',
    ]);
    delete value.cny_per_unit.EUR;
    delete value.cny_per_unit.PLN;
    expect(problems(value)).toEqual([
      '/cny_per_unit: missing a rate for EUR, BRL and PLN; every currency but CNY needs one',
    ]);
  });

  it('names a rate that is not a positive, finite number', () => {
    for (const [rate, shown] of [
      [0, '0'],
      [-7.1, '-7.1'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      ['7.12', '"7.12"'],
      [null, 'null'],
    ] as const) {
      const value = valid();
      value.cny_per_unit.USD = rate;
      expect(problems(value)).toEqual([
        `/cny_per_unit/USD: must be a positive, finite number of CNY per USD, got ${shown}`,
      ]);
    }
  });

  it('names an unknown currency code and lists the known ones', () => {
    const value = valid();
    value.cny_per_unit.JPY = 0.05;
    expect(problems(value)).toEqual([
      `/cny_per_unit: unknown currency code JPY; the known ones are ${CURRENCIES.join(', ')}`,
    ]);
    value.cny_per_unit.KRW = 0.005;
    value.cny_per_unit.usd = 7;
    expect(problems(value)).toEqual([
      '/cny_per_unit/usd: write currency codes in capitals (USD)',
      `/cny_per_unit: unknown currency codes JPY and KRW; the known ones are ${CURRENCIES.join(', ')}`,
    ]);
  });

  it('keeps a whole provider table to a few lines: unknown codes, then its real problems', () => {
    const value = valid();
    for (let i = 0; i < 150; i++) value.cny_per_unit[`X${String(i).padStart(2, '0')}`] = 1;
    value.cny_per_unit.USD = -1;
    const found = problems(value);
    expect(found).toHaveLength(2);
    expect(found).toContain(
      '/cny_per_unit/USD: must be a positive, finite number of CNY per USD, got -1',
    );
    expect(found.find((line) => line.includes('unknown'))).toMatch(
      /^\/cny_per_unit: unknown currency codes X00, X01, .*, X09 and 140 more; the known ones are /,
    );
  });

  it('refuses a CNY rate other than 1: CNY is the base', () => {
    const value = valid();
    value.cny_per_unit.CNY = 7;
    expect(problems(value)).toEqual([
      '/cny_per_unit/CNY: must be 1 (CNY is the base of every rate) or left out, got 7',
    ]);
  });

  it('names a bad date: not YYYY-MM-DD, or no day of the calendar', () => {
    for (const [as_of, problem] of [
      ['23/11/2026', '/as_of: must be a day written YYYY-MM-DD, got "23/11/2026"'],
      [20261123, '/as_of: must be a day written YYYY-MM-DD, got 20261123'],
      ['2026-02-30', '/as_of: 2026-02-30 is not a day of the calendar'],
      ['2026-13-01', '/as_of: 2026-13-01 is not a day of the calendar'],
    ] as const) {
      expect(problems({ ...valid(), as_of })).toEqual([problem]);
    }
  });

  it('names missing and unknown fields, and a value that is no object', () => {
    expect(problems({ rates: {} })).toEqual([
      '/as_of: missing; the day the figures were taken, YYYY-MM-DD',
      `/cny_per_unit: missing; what one unit of each currency costs in CNY (${CURRENCIES.filter((c) => c !== 'CNY').join(', ')})`,
      '/rates: unknown field; a rates file has only "as_of" and "cny_per_unit"',
    ]);
    expect(problems([])[0]).toMatch(/^\/: must be an object \{"as_of": "YYYY-MM-DD"/);
    expect(problems(null)[0]).toMatch(/^\/: must be an object .*, got null$/);
    expect(problems({ as_of: '2026-11-23', cny_per_unit: [7] })).toEqual([
      '/cny_per_unit: must be an object of rates such as {"USD": 7.08}, got [7]',
    ]);
  });

  it('reports every problem of a file at once', () => {
    const value = { ...valid(), as_of: '2026-02-30' };
    value.cny_per_unit.GBP = -1;
    value.cny_per_unit.XYZ = 1;
    expect(problems(value)).toHaveLength(3);
  });
});
