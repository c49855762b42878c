import { describe, expect, it } from 'vitest';
import { foldCatalogPhrase, foldPhrase, foldTokens, foldWords } from '../../src/lexicon/fold.js';

describe('folding text', () => {
  it('splits products on every non-letter, non-digit character, without accents or case', () => {
    expect(foldWords('Stüssy T-Shirt "8 Ball"')).toEqual(['stussy', 't', 'shirt', '8', 'ball']);
    expect(foldWords("Arc'teryx Beta LT")).toEqual(['arc', 'teryx', 'beta', 'lt']);
    expect(foldWords('  ')).toEqual([]);
  });

  it('drops elisions and contractions from what a shopper types, keeps price symbols', () => {
    expect(foldTokens("I’m looking for men's shoes")).toEqual([
      'i',
      'looking',
      'for',
      'men',
      'shoes',
    ]);
    expect(foldTokens("boucles d'oreilles pour l'été")).toEqual([
      'boucles',
      'oreilles',
      'pour',
      'ete',
    ]);
    expect(foldTokens('under $25 or 40€ or ¥300, <50')).toEqual([
      'under',
      '$',
      '25',
      'or',
      '40',
      '€',
      'or',
      '¥',
      '300',
      '<',
      '50',
    ]);
    expect(foldTokens("arc'teryx")).toEqual(['arc', 'teryx']);
  });

  it('folds lexicon entries the way each side is compared', () => {
    expect(foldPhrase("  Jusqu'à ")).toBe('jusqu a');
    expect(foldPhrase("S'il vous plaît")).toBe('il vous plait');
    expect(foldCatalogPhrase("America's Cup")).toBe('america s cup');
    expect(foldPhrase('!!!')).toBe('');
  });
});
