import { parseMoney } from '@repo/catalog-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SharedStrings } from '../../../src/read/shared-strings.js';
import { type CellContext, type RawCell, readCell } from '../../../src/read/xlsx/cell-value.js';

const strings = new SharedStrings();
strings.push('Nike Dunk Low');
afterAll(() => strings.close());

const FORMATS = [
  'General',
  '"$"#,##0.00',
  '[$¥-804]#,##0',
  '#,##0.00 [$€-407]',
  '[$£-809]#,##0.00',
  '[$R$-416] #,##0.00',
  '[$MX$-80A]#,##0.00',
  '#,##0.00 [$zł-415]',
  '"BRL" #,##0.00',
  '#,##0.00 "€"',
  '"¥"#,##0',
  '#,##0.00',
  'yyyy-mm-dd',
  '[$-407]dd/mm/yyyy',
];
const context: CellContext = { strings, formats: FORMATS, date1904: false };
const cell = (parts: Partial<RawCell>): RawCell => ({
  type: 'n',
  style: 0,
  value: '',
  inline: '',
  formula: '',
  ...parts,
});

describe('readCell: a number formatted as a currency keeps its currency', () => {
  it.each([
    [1, '$28.5', 'USD'],
    [2, '¥28.5', 'CNY'],
    [3, '€28.5', 'EUR'],
    [4, '£28.5', 'GBP'],
    [5, 'R$28.5', 'BRL'],
    [6, 'MX$28.5', 'MXN'],
    [7, 'zł28.5', 'PLN'],
    [8, 'R$28.5', 'BRL'],
    [9, '€28.5', 'EUR'],
    [10, '¥28.5', 'CNY'],
  ] as const)('style %i', (style, value, currency) => {
    const { value: read } = readCell(cell({ style, value: '28.5' }), context);
    expect(read).toBe(value);
    expect(parseMoney(read)).toEqual({ ok: true, value: { amount: 28.5, currency } });
  });

  it('leaves a number without a currency format as a number', () => {
    expect(readCell(cell({ style: 11, value: '28.5' }), context).value).toBe(28.5);
    expect(readCell(cell({ value: '28.5' }), context).value).toBe(28.5);
  });

  it('reads a date-formatted serial as the date (1900 and 1904 systems)', () => {
    expect(readCell(cell({ style: 12, value: '45839' }), context).value).toEqual(
      new Date('2025-07-01T00:00:00Z'),
    );
    expect(readCell(cell({ style: 13, value: '45839.5' }), context).value).toEqual(
      new Date('2025-07-01T12:00:00Z'),
    );
    expect(
      readCell(cell({ style: 12, value: '44377' }), { ...context, date1904: true }).value,
    ).toEqual(new Date('2025-07-01T00:00:00Z'));
  });
});

describe('readCell: texts, booleans, errors', () => {
  it('reads shared, inline and formula strings', () => {
    expect(readCell(cell({ type: 's', value: '0' }), context).value).toBe('Nike Dunk Low');
    expect(readCell(cell({ type: 's', value: '7' }), context).value).toBeUndefined();
    expect(readCell(cell({ type: 'inlineStr', inline: 'Jordan 4' }), context).value).toBe(
      'Jordan 4',
    );
    expect(readCell(cell({ type: 'str', value: 'x', formula: 'A1' }), context).value).toBe('x');
    expect(readCell(cell({ type: 'b', value: '1' }), context).value).toBe('true');
  });

  it('gives an error value as its text, which the row rules read as empty', () => {
    expect(
      readCell(cell({ type: 'e', value: '#N/A', formula: 'VLOOKUP(A1,B:C,2)' }), context),
    ).toEqual({ value: '#N/A' });
  });
});

describe('readCell: links and pictures of formulas', () => {
  it.each([
    ['HYPERLINK("https://weidian.com/item.html?itemID=1","LINK")', 'LINK'],
    ['HYPERLINK("https://weidian.com/item.html?itemID=1";"LINK")', 'LINK'],
    ['_xlfn.HYPERLINK( "https://weidian.com/item.html?itemID=1" ; "LINK" )', 'LINK'],
    ['hyperlink("https://weidian.com/item.html?itemID=1")', 'LINK'],
  ])('%s', (formula, cached) => {
    expect(readCell(cell({ type: 'str', value: cached, formula }), context)).toEqual({
      value: cached,
      link: 'https://weidian.com/item.html?itemID=1',
    });
  });

  it('takes the label from the formula when no result was cached', () => {
    expect(
      readCell(cell({ formula: 'HYPERLINK("https://x.example/?a=""b""";"KAUFEN")' }), context),
    ).toEqual({ value: 'KAUFEN', link: 'https://x.example/?a="b"' });
  });

  it('reads the picture of IMAGE as the cell value, a photo for the QC rules', () => {
    expect(
      readCell(cell({ formula: '_xlfn.IMAGE("https://i.imgur.com/Qx7f2Lk.jpg", 1)' }), context),
    ).toEqual({ value: 'https://i.imgur.com/Qx7f2Lk.jpg', image: true });
  });

  it('leaves other formulas to their cached result', () => {
    expect(readCell(cell({ value: '42', formula: 'SUM(A1:A3)' }), context)).toEqual({ value: 42 });
    expect(
      readCell(cell({ type: 'str', value: 'LINK', formula: 'HYPERLINK(B2,"LINK")' }), context),
    ).toEqual({ value: 'LINK' });
  });
});
