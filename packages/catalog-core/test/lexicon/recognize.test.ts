import { describe, expect, it } from 'vitest';
import { DEFAULT_LEXICON } from '../../src/lexicon/default-lexicon.js';
import { mergeLexicons, parseLexicon } from '../../src/lexicon/parse-lexicon.js';
import { recognizeBrand, recognizeCategory } from '../../src/lexicon/recognize.js';

describe('recognizeBrand', () => {
  it.each([
    ['Nike Dunk Low Panda', 'Nike'],
    ['STUSSY 8 ball tee', 'Stüssy'],
    ['stüssy stock cap', 'Stüssy'],
    ['OffWhite Diag Tee', 'Off-White'],
    ['off white arrow tee', 'Off-White'],
    ["ARC'TERYX Beta LT", "Arc'teryx"],
    ['arcteryx beta', "Arc'teryx"],
    ['TNF Nuptse 1996', 'The North Face'],
    ['LV Keepall 50', 'Louis Vuitton'],
    ['aj1 chicago', 'Jordan'],
    ['Nike Air Jordan 4 Black Cat', 'Jordan'],
    ['Yeezy Boost 350 V2 Zebra', 'Adidas'],
    ['Yeezy Gap Engineered by Balenciaga Hoodie', 'Yeezy Gap'],
    ['Van Cleef Alhambra', 'Van Cleef & Arpels'],
    ['Hermes Birkin 30', 'Hermès'],
  ])('%s → %s', (text, brand) => {
    expect(recognizeBrand(text, DEFAULT_LEXICON)).toBe(brand);
  });

  it('finds nothing in a text that names no brand', () => {
    expect(recognizeBrand('black hoodie size L', DEFAULT_LEXICON)).toBeUndefined();
    expect(recognizeBrand('', DEFAULT_LEXICON)).toBeUndefined();
  });

  it('knows the brands an operator adds', () => {
    const lexicon = mergeLexicons(
      DEFAULT_LEXICON,
      parseLexicon({ version: 1, brands: [{ name: 'Cobalt Atelier', aliases: ['cobalt atl'] }] }),
    );
    expect(recognizeBrand('COBALT ATL logo hoodie', lexicon)).toBe('Cobalt Atelier');
    expect(recognizeBrand('COBALT ATL logo hoodie', DEFAULT_LEXICON)).toBeUndefined();
  });
});

describe('recognizeCategory', () => {
  it.each([
    ['Sneakers', 'sneakers'],
    ['Shoes', 'sneakers'],
    ['Zapatillas', 'sneakers'],
    ['Tênis', 'sneakers'],
    ['Chaussures', 'sneakers'],
    ['Running shoes', 'sneakers'],
    ['Hoodies & Sweatshirts', 'hoodies'],
    ['Sudadera', 'hoodies'],
    ['Caps & Hats', 'caps'],
    ['casquette', 'caps'],
    ['Beanie', 'caps'],
    ['T-Shirts', 't-shirts'],
    ['tee', 't-shirts'],
    ['Crossbody', 'bags'],
    ['Mochila', 'bags'],
    ['sac à dos', 'bags'],
    ['Calças', 'pants'],
    ['Joggers', 'pants'],
    ['Windbreaker', 'jackets'],
    ['Doudoune', 'jackets'],
    ['Chándal', 'sets'],
    ['Chaussettes', 'underwear'],
    ['Parfum', 'perfumes'],
    ['Écouteurs', 'electronics'],
    ["Boucles d'oreilles", 'accessories'],
    ['Kids Hoodie', 'kids'],
    ['hoodie for kids', 'kids'],
    ["Women's jacket", 'women'],
    ['jacket for women', 'women'],
    ['shoulder bag', 'bags'],
  ])('%s → %s', (text, category) => {
    expect(recognizeCategory(text, DEFAULT_LEXICON)).toBe(category);
  });

  it('finds nothing in a text without a category or product-type word', () => {
    expect(recognizeCategory('Nike Dunk Low Panda', DEFAULT_LEXICON)).toBeUndefined();
    expect(recognizeCategory('misc', DEFAULT_LEXICON)).toBeUndefined();
  });
});
