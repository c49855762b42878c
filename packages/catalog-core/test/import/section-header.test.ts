import { describe, expect, it } from 'vitest';
import { readSectionHeader, readTabName } from '../../src/import/section-header.js';
import { parseLexicon } from '../../src/lexicon/parse-lexicon.js';

const row = (cells: Record<string, unknown>) => ({
  Item: '',
  Price: '',
  Link: '',
  QC: '',
  Category: '',
  ...cells,
});

describe('readSectionHeader', () => {
  it.each([
    ['👟 SHOES 👟', 'sneakers'],
    ['=== BAGS ===', 'bags'],
    ['--- HOODIES ---', 'hoodies'],
    ['⌚ WATCHES', 'accessories'],
    ['SCHUHE', 'sneakers'],
    ['Profumi', 'perfumes'],
    ['🎧 TECH', 'electronics'],
    ['🧦 UNDERWEAR + SOCKS', 'underwear'],
  ])('%s labels %s', (text, category) => {
    expect(readSectionHeader(row({ Item: text }))).toEqual({ text, category });
  });

  it('reads a label that names no category, and one spread over merged cells', () => {
    expect(readSectionHeader(row({ Item: '🔥 BEST SELLERS 🔥' }))).toEqual({
      text: '🔥 BEST SELLERS 🔥',
    });
    const merged = { Item: '--- BAGS ---', Price: '--- BAGS ---', Link: '--- BAGS ---' };
    expect(readSectionHeader(row(merged))).toEqual({ text: '--- BAGS ---', category: 'bags' });
  });

  it('never takes a product row, or one whose link or price is missing, for a label', () => {
    expect(readSectionHeader(row({ Item: 'Jordan 4 Military Black' }))).toBeUndefined();
    expect(readSectionHeader(row({ Item: 'Jordan 4', Price: '¥499' }))).toBeUndefined();
    expect(readSectionHeader(row({ Price: 'TBD' }))).toBeUndefined();
    expect(
      readSectionHeader(row({ Link: 'https://weidian.com/item.html?itemID=7231234567' })),
    ).toBeUndefined();
    expect(readSectionHeader(row({ Item: '🔥🔥🔥' }))).toBeUndefined();
    expect(readSectionHeader(row({ Item: 'SHOES', Price: 12 }))).toBeUndefined();
  });
});

describe('readTabName: the category a workbook tab is named after', () => {
  it.each([
    ['👟 Schuhe', 'sneakers'],
    ['Hoodies & Pullover', 'hoodies'],
    ['Taschen', 'bags'],
    ['Montres', 'accessories'],
    ['Giacche', 'jackets'],
    ['Bluzy', 'hoodies'],
    ['Sneaker Low', 'sneakers'],
    ['T-Shirts', 't-shirts'],
    ['TSHIRTS 👕', 't-shirts'],
    ['Zapatillas', 'sneakers'],
    ['Moletons', 'hoodies'],
    ['Broeken', 'pants'],
    ['Czapki', 'caps'],
    ['⌚ Uhren ⌚', 'accessories'],
    ['--- Parfum ---', 'perfumes'],
    ['Tech', 'electronics'],
    ['Kids Shoes', 'kids'],
  ])('%j names %s', (name, category) => {
    expect(readTabName(name)).toEqual({ text: name, category, kind: 'tab' });
  });

  it.each([
    'Info',
    'How to order',
    'FAQ',
    'Shipping',
    'Sheet1',
    'Tabelle1',
    'Finds',
    'Best Sellers',
    'Size chart',
    'Sellers',
    'Otros',
    // Two categories: its rows say which each is.
    'Schuhe & Taschen',
    '',
    '👟',
  ])('%j names none', (name) => {
    expect(readTabName(name)).toBeUndefined();
  });

  it("reads an operator's words for a category", () => {
    const lexicon = parseLexicon({
      version: 1,
      categories: [{ category: 'sneakers', words: { en: ['kicks'] } }],
    });
    expect(readTabName('KICKS 🔥', lexicon)).toEqual({
      text: 'KICKS 🔥',
      category: 'sneakers',
      kind: 'tab',
    });
  });
});
