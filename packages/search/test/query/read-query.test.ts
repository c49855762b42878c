import { DEFAULT_LEXICON, toCny } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { compileLexicon } from '../../src/query/query-lexicon.js';
import { readQuery } from '../../src/query/read-query.js';

const ql = compileLexicon(DEFAULT_LEXICON);
const read = (text: string, currency?: 'USD' | 'EUR' | 'CNY') =>
  readQuery(text, ql, currency ? { currency } : {});
const tokens = (text: string) => read(text).words.map((w) => w.token);
const price = (text: string) => {
  const { minPrice, maxPrice } = read(text);
  return [
    minPrice && `${minPrice.amount} ${minPrice.currency}`,
    maxPrice && `${maxPrice.amount} ${maxPrice.currency}`,
  ];
};

describe('readQuery: prices', () => {
  it.each([
    ['under $25', [undefined, '25 USD']],
    ['less than 250 yuan', [undefined, '250 CNY']],
    ['max 40€', [undefined, '40 EUR']],
    ['between 40 and 90 dollars', ['40 USD', '90 USD']],
    ['menos de 30 dólares', [undefined, '30 USD']],
    ['moins de 50 euros', [undefined, '50 EUR']],
    ['até 200 yuan', [undefined, '200 CNY']],
    ['entre 20 y 35 €', ['20 EUR', '35 EUR']],
    ['40-90$', ['40 USD', '90 USD']],
    ['$40 - $90', ['40 USD', '90 USD']],
    ['over $100', ['100 USD', undefined]],
    ['$50+', ['50 USD', undefined]],
    ['around $50', ['40 USD', '60 USD']],
    ['$29.99', [undefined, '29.99 USD']],
    ['1,2k ¥', [undefined, '1200 CNY']],
    ['my budget is 100 usd', [undefined, '100 USD']],
    ['hasta 300 rmb', [undefined, '300 CNY']],
  ])('%s', (text, expected) => {
    expect(price(text)).toEqual(expected);
    expect(read(text).words).toEqual([]);
  });

  it('reports a price as written', () => {
    expect(read('price range 50-100 usd').dropped).toEqual([
      { word: 'price range 50-100 usd', reason: 'price' },
    ]);
    expect(read('under $80').dropped).toEqual([{ word: 'under $80', reason: 'price' }]);
  });

  it('reads a bare amount in the currency given, USD otherwise', () => {
    expect(price('under 50')).toEqual([undefined, '50 USD']);
    expect(read('under 50', 'EUR').maxPrice).toMatchObject({
      amount: 50,
      currency: 'EUR',
      cny: toCny(50, 'EUR'),
    });
  });

  it('leaves numbers that name models alone', () => {
    expect(tokens('air max 90')).toEqual(['airmax', '90']);
    expect(tokens('jordan 4 under 200')).toEqual(['jordan', '4']);
    expect(tokens('new balance 550')).toEqual(['new', 'balance', '550']);
    expect(read('from 2002').words).toMatchObject([{ token: '2002', means: '2002r' }]);
    expect(price('air max 90')).toEqual([undefined, undefined]);
  });
});

describe('readQuery: words', () => {
  it('drops filler and politeness words in four languages', () => {
    for (const text of [
      "show me the best hoodie please, I'm looking for one",
      'quiero una sudadera por favor',
      'eu quero um moletom',
      "je cherche un sweat s'il vous plaît",
    ]) {
      const { words, dropped } = read(text);
      expect(words, text).toHaveLength(1);
      expect(words[0]!.class, text).toBe('category');
      expect(
        dropped.every((d) => d.reason === 'filler'),
        text,
      ).toBe(true);
    }
  });

  it('reads sizes and budget words, and takes them out', () => {
    const { words, sizes, budget, dropped } = read('cheap jordan 4 size 42 talla M');
    expect(words.map((w) => w.token)).toEqual(['jordan', '4']);
    expect(sizes).toEqual(['42', 'm']);
    expect(budget).toBe(true);
    expect(dropped.map((d) => d.reason)).toEqual(['budget', 'size', 'size']);
    expect(read('barato').budget).toBe(true);
    expect(read('pas cher').budget).toBe(true);
  });

  it('recognises nicknames, brand aliases, category and product-type words, longest first', () => {
    const { words } = read('aj1 tnf zapatillas cross body tee shirt');
    expect(words.map((w) => [w.token, w.class])).toEqual([
      ['aj1', 'brand'],
      ['north face', 'brand'],
      ['zapatillas', 'category'],
      ['crossbody', 'category'],
      ['teeshirt', 'category'],
    ]);
    expect(words[0]!.means).toBe('air jordan 1, jordan 1');
    expect(words[1]!.means).toBe('The North Face');
  });

  it('reads the plural of a model number as the number', () => {
    expect(tokens('jordan 4s')).toEqual(['jordan', '4']);
  });

  it('keeps ten words at most and says which were left out', () => {
    const { words, dropped } = read('a1 b2 c3 d4 e5 f6 g7 h8 i9 j10 k11 l12');
    expect(words).toHaveLength(10);
    expect(dropped).toEqual([
      { word: 'k11', reason: 'limit' },
      { word: 'l12', reason: 'limit' },
    ]);
  });
});
