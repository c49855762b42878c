import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CURRENCY_RATES } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { loadImportConfig } from '../src/config.js';
import { loadRates } from '../src/load-rates.js';
import { openCatalog } from '../src/open-catalog.js';

const dir = mkdtempSync(join(tmpdir(), 'rates-'));

/** An operator's rates file: the defaults, with a dollar at 10 CNY and a real at 5. */
function ratesFile(name: string, changes: Record<string, unknown> = { USD: 10, BRL: 5 }): string {
  const file = join(dir, name);
  const { CNY: _base, ...quoted } = DEFAULT_CURRENCY_RATES.cny_per_unit;
  writeFileSync(
    file,
    JSON.stringify({ as_of: '2026-11-20', cny_per_unit: { ...quoted, ...changes } }),
  );
  return file;
}

describe('loadRates', () => {
  it('gives the default rates without a file', async () => {
    expect(await loadRates()).toBe(DEFAULT_CURRENCY_RATES);
  });

  it('reads an operator file that replaces the defaults', async () => {
    const rates = await loadRates(ratesFile('rates.json'));
    expect(rates.as_of).toBe('2026-11-20');
    expect(rates.cny_per_unit).toMatchObject({ USD: 10, BRL: 5, CNY: 1 });
    expect(rates.cny_per_unit.EUR).toBe(DEFAULT_CURRENCY_RATES.cny_per_unit.EUR);
  });

  it('names a missing file, broken JSON and an invalid rate clearly', async () => {
    await expect(loadRates(join(dir, 'missing.json'))).rejects.toMatchObject({
      code: 'FILE_READ',
      message: expect.stringMatching(/cannot read the rates file/),
    });
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "as_of": "2026-11-20",');
    await expect(loadRates(broken)).rejects.toMatchObject({
      code: 'FILE_READ',
      message: expect.stringMatching(/the rates file .* is not valid JSON/),
    });
    const invalid = ratesFile('invalid.json', { PLN: -2, JPY: 0.05 });
    await expect(loadRates(invalid)).rejects.toMatchObject({
      code: 'RATES_INVALID',
      message: expect.stringContaining('/cny_per_unit/PLN: must be a positive, finite number'),
    });
    await expect(loadRates(invalid)).rejects.toThrow(/\/cny_per_unit: unknown currency code JPY/);
  });

  it('is read when the catalog opens: the index reads a query’s prices at its rates', async () => {
    const file = ratesFile('open.json');
    const opened = await openCatalog({ engine: 'embedded', ratesFile: file, seed: 1 });
    expect(opened.rates.cny_per_unit.USD).toBe(10);
    const result = await opened.index.search({ q: 'hoodie under 20', limit: 1 });
    expect(result.interpretation?.maxPrice).toEqual({ amount: 20, currency: 'USD', cny: 200 });
    const inBrl = await opened.index.search({ q: 'hoodie under 20', currency: 'BRL', limit: 1 });
    expect(inBrl.interpretation?.maxPrice?.cny).toBe(100);
    // The catalog file's prices in other currencies are converted at the same rates.
    const csv = join(dir, 'catalog.csv');
    writeFileSync(
      csv,
      'title,brand,category,price,marketplace,item_id\nPlain Hoodie,Nike,hoodies,$30,weidian,7123456789\n',
    );
    const withFile = await openCatalog({ engine: 'embedded', ratesFile: file, file: csv });
    expect((await withFile.index.search({})).hits[0]?.price).toBe(300);
  });

  it('stops the start with the file’s problem, like an agents file', async () => {
    const bad = ratesFile('bad.json', { USD: 0 });
    await expect(openCatalog({ engine: 'embedded', ratesFile: bad })).rejects.toMatchObject({
      code: 'RATES_INVALID',
      message: expect.stringContaining('/cny_per_unit/USD'),
    });
  });

  it('is read by `catalog import` too, from RATES_FILE', () => {
    expect(loadImportConfig({ RATES_FILE: 'data/rates.json' })).toEqual({
      agentsFile: undefined,
      ratesFile: 'data/rates.json',
      urlMaxBytes: 50 * 1024 * 1024,
    });
  });
});
