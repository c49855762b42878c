import { describe, expect, it } from 'vitest';
import { lexQuery } from '../../src/query/lex-query.js';

const texts = (q: string) => lexQuery(q).map((t) => t.text);
const values = (q: string) => lexQuery(q).flatMap((t) => (t.value === undefined ? [] : [t.value]));

describe('lexQuery', () => {
  it('reads numbers with decimal and thousands separators, and k as thousands', () => {
    expect(values('under $29.99 or 29,99€')).toEqual([29.99, 29.99]);
    expect(values('1,200 or 1.200 or 1 200')).toEqual([1200, 1200, 1, 200]);
    expect(values('2k yuan, 1,5k')).toEqual([2000, 1500]);
  });

  it('keeps digits followed by letters as one word', () => {
    expect(texts('jordan 4s 9060s 990v6 59fifty aj1')).toEqual([
      'jordan',
      '4s',
      '9060s',
      '990v6',
      '59fifty',
      'aj1',
    ]);
    expect(values('jordan 4s 9060s 990v6')).toEqual([]);
  });

  it('keeps price symbols and a dash between numbers only', () => {
    expect(texts('40-90$ t-shirt $40 – $90 <50')).toEqual([
      '40',
      '-',
      '90',
      '$',
      't',
      'shirt',
      '$',
      '40',
      '-',
      '$',
      '90',
      '<',
      '50',
    ]);
  });

  it('folds words as the lexicon does', () => {
    expect(texts("I'm looking for MEN’S Zapatillas, menos de 30 dólares")).toEqual([
      'i',
      'looking',
      'for',
      'men',
      'zapatillas',
      'menos',
      'de',
      '30',
      'dolares',
    ]);
  });
});
