import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS, getCategory } from '../../src/categories.js';
import { DEFAULT_LEXICON } from '../../src/lexicon/default-lexicon.js';
import { foldWords } from '../../src/lexicon/fold.js';
import file from '../../src/lexicon/lexicon.json' with { type: 'json' };
import { LEXICON_LANGUAGES } from '../../src/lexicon/lexicon-schema.js';
import { generateSampleCatalog } from '../../src/sample/generate.js';

const products = generateSampleCatalog();
// Each product's searchable text, one line each, with a space at both ends for phrase lookups.
const catalogText = products
  .map((p) => {
    const fields = [p.title, p.brand, p.model, p.colorway, p.batch, ...(p.tags ?? [])];
    fields.push(p.category, getCategory(p.category)?.name);
    return ` ${fields.map((f) => foldWords(f ?? '').join(' ')).join(' | ')} `;
  })
  .join('\n');
const catalogWords = new Set(catalogText.split(/[\s|]+/));
const inCatalog = (phrase: string) => catalogText.includes(` ${phrase} `);

describe('the default lexicon', () => {
  it('names every brand the sample catalog sells', () => {
    const names = new Set(DEFAULT_LEXICON.brands.map((b) => b.name));
    for (const brand of new Set(products.map((p) => p.brand))) expect(names).toContain(brand);
  });

  it('has words in every lexicon language for each of the 14 categories', () => {
    for (const id of CATEGORY_IDS) {
      const entry = file.categories.find((c) => c.category === id);
      expect(entry, id).toBeDefined();
      for (const language of LEXICON_LANGUAGES) {
        expect(entry?.words[language]?.length, `${id}/${language}`).toBeGreaterThan(0);
      }
    }
  });

  it('has filler, budget and price words in every lexicon language', () => {
    for (const language of LEXICON_LANGUAGES) {
      expect(file.fillers[language].length, language).toBeGreaterThan(20);
      expect(file.budget[language].length, language).toBeGreaterThan(0);
      expect(file.price.max[language].length, language).toBeGreaterThan(0);
    }
  });

  it('means catalog words: every product type names a thing the sample sells, or one listed', () => {
    // Watch straps and footwear the sample does not sell; operators' catalogs do, and their
    // titles name them so.
    const elsewhere = ['watch strap', 'boots', 'clogs', 'loafers', 'mules', 'heels', 'slippers'];
    const unsold = DEFAULT_LEXICON.types
      .filter((type) => !type.means.some(inCatalog))
      .map((type) => type.words[0]);
    expect(unsold).toEqual(elsewhere);
    const missing = DEFAULT_LEXICON.nicknames.flatMap((n) =>
      n.means.filter((m) => !inCatalog(m)).map((m) => `${n.words[0]} → ${m}`),
    );
    // Jordans, Comme des Garçons lines and bags the sample does not sell; a shopper still means
    // them, and an operator's catalog sells them.
    expect(missing).toEqual([
      'aj6 → air jordan 6',
      'aj6 → jordan 6',
      'aj12 → air jordan 12',
      'aj12 → jordan 12',
      'aj13 → air jordan 13',
      'aj13 → jordan 13',
      'cdg → comme des garcons',
      'cdg play → comme des garcons play',
      'cleo bag → cleo',
      'dionysus bag → dionysus',
      'lady dior bag → lady dior',
      'flamenco bag → flamenco',
      'sac de jour bag → sac de jour',
      'wander bag → wander',
      'arcadie bag → arcadie',
      'alma bag → alma',
      'on the go → onthego',
      'constance bag → constance',
      'picotin bag → picotin',
    ]);
  });

  it('never makes a word products are found by a filler (fillers are not indexed)', () => {
    // Articles and prepositions that titles contain ("The North Face", "Parfums de Marly") are
    // fillers on purpose: the other words of those names find them. "Replica" is the community's
    // word for every listing (Margiela's Replica GAT is found by "gat" and "margiela"), "best"
    // its word of praise (the "best batch" tag is found by "batch"), and a "gift" is whom it is
    // for, not what it is ("gift set" and "gift box" are product-type phrases of their own).
    const functionWords = ['the', 'and', 'of', 'in', 'with', 'by', 'la', 'un', 'y', 'de', 'le'];
    const single = DEFAULT_LEXICON.fillers.filter((f) => !f.includes(' '));
    const clashes = single.filter((f) => catalogWords.has(f) && !functionWords.includes(f));
    expect(clashes).toEqual(['best', 'replica', 'gift']);
  });
});
