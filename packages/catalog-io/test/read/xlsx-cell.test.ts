import { parseMoney } from '@repo/catalog-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SharedStrings } from '../../src/read/shared-strings.js';
import { cellValue } from '../../src/read/xlsx-cell.js';

const strings = new SharedStrings();
afterAll(() => strings.close());

describe('cellValue: a number formatted as a currency keeps its currency', () => {
  it.each([
    ['"$"#,##0.00', '$28.5', 'USD'],
    ['[$¥-804]#,##0', '¥28.5', 'CNY'],
    ['#,##0.00 [$€-407]', '€28.5', 'EUR'],
    ['[$£-809]#,##0.00', '£28.5', 'GBP'],
    ['[$R$-416] #,##0.00', 'R$28.5', 'BRL'],
    ['[$MX$-80A]#,##0.00', 'MX$28.5', 'MXN'],
    ['#,##0.00 [$zł-415]', 'zł28.5', 'PLN'],
    ['"BRL" #,##0.00', 'R$28.5', 'BRL'],
  ] as const)('%s', (numFmt, value, currency) => {
    const cell = cellValue({ value: 28.5, numFmt }, strings);
    expect(cell).toBe(value);
    expect(parseMoney(cell)).toEqual({ ok: true, value: { amount: 28.5, currency } });
  });

  it('leaves a number without a currency format as a number', () => {
    expect(cellValue({ value: 28.5, numFmt: '#,##0.00' }, strings)).toBe(28.5);
    expect(cellValue({ value: 28.5 }, strings)).toBe(28.5);
  });
});
