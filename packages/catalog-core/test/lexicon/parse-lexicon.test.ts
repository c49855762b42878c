import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCatalogError } from '../../src/errors.js';
import { DEFAULT_LEXICON } from '../../src/lexicon/default-lexicon.js';
import { mergeLexicons, parseLexicon } from '../../src/lexicon/parse-lexicon.js';

function problemsOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isCatalogError(error) && error.code === 'LEXICON_INVALID') return error.message;
    throw error;
  }
  throw new Error('no error was thrown');
}

describe('parseLexicon', () => {
  it('reads a file of one section and folds its words', () => {
    const lexicon = parseLexicon({
      version: 1,
      brands: [{ name: 'Nike', aliases: ['Swooshy', ' SWOOSHY ', 'Nike'] }],
      fillers: { fr: ["S'il vous plaît"], es: ['Por   favor'] },
    });
    expect(lexicon.brands).toEqual([
      { name: 'Nike', aliases: ['swooshy'], models: [], commonWord: false },
    ]);
    expect(lexicon.fillers).toEqual(['por favor', 'il vous plait']);
    expect(lexicon.categories).toEqual([]);
    expect(lexicon.currencies).toEqual({ USD: [], EUR: [], CNY: [] });
  });

  it('folds query words as typed and product-type meanings as catalog text', () => {
    const lexicon = parseLexicon({
      version: 1,
      types: [{ category: 'accessories', means: ["America's Cup"], words: { en: ["Men's cup"] } }],
    });
    expect(lexicon.types[0]).toEqual({
      category: 'accessories',
      means: ['america s cup'],
      words: ['men cup'],
    });
  });

  it('refuses a file written for another format version, naming it', () => {
    expect(problemsOf(() => parseLexicon({ version: 2 }))).toContain(
      '/version: must be 1 (this file says 2)',
    );
    expect(problemsOf(() => parseLexicon({ brands: [] }))).toContain('/version: must be 1');
  });

  it('names unknown fields, bad categories and wrong types by their path', () => {
    const message = problemsOf(() =>
      parseLexicon({
        version: 1,
        synonyms: {},
        categories: [{ category: 'shoes', words: {} }],
        fillers: { en: [42] },
      }),
    );
    expect(message).toContain('synonyms');
    expect(message).toContain('/categories/0/category');
    expect(message).toContain('/fillers/en/0');
  });

  it('refuses a word with no letter, digit or price symbol', () => {
    expect(
      problemsOf(() => parseLexicon({ version: 1, fillers: { en: ['ok', '!!!'] } })),
    ).toContain('/fillers/en/1: "!!!" has no letter, digit or symbol');
  });

  it('refuses what is not an object', () => {
    for (const bad of [null, 'x', [], 3]) {
      expect(problemsOf(() => parseLexicon(bad))).toContain('Invalid lexicon');
    }
  });
});

describe('mergeLexicons', () => {
  it('adds an operator file to the default lexicon without removing a word', () => {
    const extra = parseLexicon({
      version: 1,
      brands: [
        { name: 'Nike', aliases: ['swooshy'] },
        { name: 'Cobalt Atelier', aliases: ['cobalt atl'], category: 'bags', models: ['Orbit'] },
      ],
      categories: [{ category: 'sneakers', words: { en: ['sneaks'] } }],
      nicknames: [{ words: ['aj9'], means: ['air jordan 9'], brand: 'Jordan' }],
      fillers: { en: ['yolo'] },
    });
    const merged = mergeLexicons(DEFAULT_LEXICON, extra);
    const nike = merged.brands.find((b) => b.name === 'Nike')!;
    expect(nike.aliases).toEqual([
      ...DEFAULT_LEXICON.brands.find((b) => b.name === 'Nike')!.aliases,
      'swooshy',
    ]);
    expect(merged.brands.at(-1)).toEqual({
      name: 'Cobalt Atelier',
      aliases: ['cobalt atl'],
      category: 'bags',
      models: ['orbit'],
      commonWord: false,
    });
    const sneakers = merged.categories.find((c) => c.category === 'sneakers')!;
    expect(sneakers.words).toContain('sneaks');
    expect(sneakers.words).toContain('zapatillas');
    expect(merged.nicknames.at(-1)?.words).toEqual(['aj9']);
    expect(merged.fillers).toContain('yolo');
    expect(merged.fillers.length).toBe(DEFAULT_LEXICON.fillers.length + 1);
  });

  it('refuses a filler that is also a brand, category or product-type word', () => {
    const message = problemsOf(() =>
      mergeLexicons(
        DEFAULT_LEXICON,
        parseLexicon({ version: 1, fillers: { en: ['Nike', 'mochila'] }, budget: { en: ['tnf'] } }),
      ),
    );
    expect(message).toContain('/fillers: "nike" is also brand Nike');
    expect(message).toContain('/fillers: "mochila" is also a word for backpack');
    expect(message).toContain('/budget: "tnf" is also an alias of The North Face');
  });

  it('refuses a nickname that implies a brand the lexicon does not know', () => {
    const extra = parseLexicon({
      version: 1,
      nicknames: [{ words: ['co1'], means: ['cobalt one'], brand: 'Cobalt Atelier' }],
    });
    expect(problemsOf(() => mergeLexicons(DEFAULT_LEXICON, extra))).toContain(
      '/nicknames: "co1" implies brand "Cobalt Atelier", which is not a brand of the lexicon',
    );
  });

  it('refuses a spelling of two brands, and a describing word that names a brand', () => {
    const extra = parseLexicon({
      version: 1,
      brands: [{ name: 'Nikola', aliases: ['swoosh'] }],
      descriptors: { en: ['supreme'] },
    });
    const message = problemsOf(() => mergeLexicons(DEFAULT_LEXICON, extra));
    expect(message).toContain('/brands: "swoosh" names both Nike and Nikola');
    expect(message).toContain('/descriptors: "supreme" is also brand Supreme');
  });

  it('lets two lines of one house share a spelling when the later one has its category', () => {
    const extra = parseLexicon({
      version: 1,
      brands: [{ name: 'Swoosh Beauty', aliases: ['swoosh'], category: 'perfumes' }],
    });
    expect(() => mergeLexicons(DEFAULT_LEXICON, extra)).not.toThrow();
  });
});

describe('the README example of an operator file', () => {
  it('is a valid file that adds its words', () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const example = /To add words[\s\S]*?```json\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const lexicon = mergeLexicons(DEFAULT_LEXICON, parseLexicon(JSON.parse(example!)));
    expect(lexicon.brands.find((b) => b.name === 'Hollow Pines')).toEqual({
      name: 'Hollow Pines',
      aliases: ['hpines'],
      category: 'jackets',
      models: ['ridge parka'],
      commonWord: false,
    });
    expect(lexicon.descriptors).toContain('hollow');
  });
});
