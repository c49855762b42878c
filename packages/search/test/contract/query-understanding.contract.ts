import type { Product } from '@repo/catalog-core';
import { DEFAULT_CURRENCY_RATES, foldWords } from '@repo/catalog-core';
import { expect, it } from 'vitest';
import type { SearchQuery, SearchResult } from '../../src/catalog-index.js';
import { CRAFTED, EUROPEAN } from './fixture.js';

const slugs = (hits: readonly Product[]): string[] => hits.map((p) => p.slug).sort();
const usd = (amount: number) => amount * DEFAULT_CURRENCY_RATES.cny_per_unit.USD;
const has = (p: Product, phrase: string) =>
  ` ${foldWords(`${p.title} ${p.model ?? ''}`).join(' ')} `.includes(` ${phrase} `);

/**
 * The query understanding every engine shares (the lexicon as synonyms and stop words, the
 * reading of prices, relaxation, corrections, suggestions), run inside the CatalogIndex contract
 * on the same index.
 */
export function runQueryUnderstandingContract(
  search: (query: SearchQuery) => Promise<SearchResult>,
  products: readonly Product[],
): void {
  const quokkas = CRAFTED.filter((p) => p.brand === 'Quokka');

  it('expands nicknames to the catalog phrase they stand for (synonyms)', async () => {
    const aj4 = products.filter((p) => has(p, 'air jordan 4'));
    expect(aj4.length).toBeGreaterThan(5);
    const result = await search({ q: 'aj4', limit: 100 });
    expect(result.total).toBe(aj4.length);
    expect(slugs(result.hits)).toEqual(slugs(aj4).slice(0, 100).sort());
    expect(result.interpretation?.expanded).toEqual([
      { word: 'aj4', means: 'air jordan 4, jordan 4' },
    ]);
    // Words of the same meaning: the literal search still applies the index's synonyms.
    expect((await search({ q: 'aj4', literal: true })).total).toBe(aj4.length);
  });

  it('finds products by a word for their category that their titles lack', async () => {
    const sneakers = (await search({ q: 'quokka footwear' })).hits;
    expect(slugs(sneakers)).toEqual(slugs(quokkas.filter((p) => p.category === 'sneakers')));
    expect((await search({ q: 'zapatillas quokka' })).total).toBe(2);
    expect(slugs((await search({ q: 'quokka bolso' })).hits)).toEqual([CRAFTED[2]!.slug]);
  });

  it('finds a kind of product by its name in any language, whole words only', async () => {
    const titled = (...titles: string[]) => slugs(EUROPEAN.filter((p) => titles.includes(p.title)));
    const belts = titled('Numbat Gürtel Leder', 'Ceinture Numbat cuir');
    for (const q of ['numbat belt', 'numbat ceinture', 'numbat riem', 'cintura numbat']) {
      expect(slugs((await search({ q })).hits), q).toEqual(belts);
    }
    // A watch strap is "pasek do zegarka": no belt, though "pasek" alone is one.
    expect(slugs((await search({ q: 'numbat pasek' })).hits)).toEqual(
      titled('Numbat Gürtel Leder', 'Ceinture Numbat cuir', 'Numbat Pasek do zegarka'),
    );
    for (const q of ['numbat necklace', 'kette numbat']) {
      expect(slugs((await search({ q })).hits), q).toEqual(titled('Numbat Kette Silber'));
    }
    expect(slugs((await search({ q: 'numbat boxers' })).hits)).toEqual(
      titled('Numbat Boxershorts 3er'),
    );
    for (const q of ['numbat backpack', 'numbat plecak', 'numbat sac à dos', 'zaino numbat']) {
      expect(slugs((await search({ q })).hits), q).toEqual(titled('Numbat rugzak'));
    }
  });

  it('searches category and type words without typos: "pasek" is no Patek', async () => {
    const patek = EUROPEAN.filter((p) => p.title.startsWith('Patek'));
    // "patex" is one typo from "patek", as "pasek" is, but no word the lexicon knows.
    const typo = await search({ q: 'numbat patex', literal: true });
    expect(slugs(typo.hits)).toEqual(slugs(patek));
    const pasek = await search({ q: 'numbat pasek', literal: true });
    expect(slugs(pasek.hits)).not.toContain(patek[0]!.slug);
  });

  it('drops filler words in four languages (stop words), and says so', async () => {
    for (const q of [
      'show me the quokka please',
      'quiero ver quokka',
      "je cherche des quokka s'il vous plaît",
    ]) {
      const result = await search({ q });
      expect(result.total, q).toBe(3);
      expect(result.interpretation?.searched, q).toEqual(['quokka']);
      expect(
        result.interpretation?.dropped.every((d) => d.reason === 'filler'),
        q,
      ).toBe(true);
    }
    const fillersOnly = await search({ q: 'show me something please' });
    expect(fillersOnly.total).toBe(products.length);
    expect(fillersOnly.interpretation?.searched).toEqual([]);
  });

  it('reads prices in the text, in USD, EUR and CNY, and explicit bounds win', async () => {
    const cases: [string, (price: number) => boolean][] = [
      ['quokka under $20', (p) => p <= usd(20)],
      ['quokka less than 250 yuan', (p) => p <= 250],
      ['quokka max 30€', (p) => p <= 30 * DEFAULT_CURRENCY_RATES.cny_per_unit.EUR],
      ['quokka between 20 and 40 dollars', (p) => p >= usd(20) && p <= usd(40)],
      ['quokka menos de 15 dólares', (p) => p <= usd(15)],
    ];
    for (const [q, inRange] of cases) {
      const result = await search({ q });
      expect(slugs(result.hits), q).toEqual(slugs(quokkas.filter((p) => inRange(p.price))));
      expect(result.interpretation?.searched, q).toEqual(['quokka']);
    }
    const explicit = await search({ q: 'quokka under $20', maxPrice: 250 });
    expect(explicit.total).toBe(2);
    expect(explicit.interpretation?.maxPrice).toBeUndefined();
    expect(explicit.interpretation?.dropped).toContainEqual({
      word: '20 USD',
      reason: 'overridden',
    });
    expect((await search({ q: 'quokka', currency: 'CNY', maxPrice: 150 })).total).toBe(1);
    expect((await search({ q: 'quokka under 150', currency: 'CNY' })).total).toBe(1);
  });

  it('relaxes a query nothing matches in full, dropping the most frequent word first', async () => {
    const result = await search({ q: 'quokka echo' });
    expect(slugs(result.hits)).toEqual([CRAFTED[4]!.slug]);
    expect(result.interpretation).toMatchObject({
      searched: ['echo'],
      dropped: [{ word: 'quokka', reason: 'relaxed' }],
      relaxed: true,
    });
    const unknown = await search({ q: 'quokka xqzzvw' });
    expect(unknown.total).toBe(3);
    expect(unknown.interpretation?.dropped).toEqual([{ word: 'xqzzvw', reason: 'no_match' }]);
  });

  it('keeps brand words longer than other words when relaxing', async () => {
    // "nike" matches far more products than "quokka", but is a brand: "quokka" goes first.
    const result = await search({ q: 'nike quokka' });
    expect(result.interpretation?.searched).toEqual(['nike']);
    expect(result.interpretation?.dropped).toEqual([{ word: 'quokka', reason: 'relaxed' }]);
    expect(result.hits.every((p) => p.brand === 'Nike')).toBe(true);
  });

  it('corrects a word that matches nothing, and suggests when nothing matches', async () => {
    const corrected = await search({ q: 'uqokka' });
    expect(corrected.total).toBe(3);
    expect(corrected.interpretation?.corrections).toEqual([{ from: 'uqokka', to: 'quokka' }]);
    // A correction that leads nowhere is withdrawn before any other word is left out.
    const withdrawn = await search({ q: 'wombat uqokka' });
    expect(withdrawn.interpretation).toMatchObject({
      searched: ['wombat'],
      dropped: [{ word: 'uqokka', reason: 'no_match' }],
      corrections: [],
    });
    const suggested = await search({ q: 'qukkaa' });
    expect(suggested.total).toBe(0);
    expect(suggested.interpretation?.suggestions).toContain('quokka');
  });

  it('lists far fewer products for nonsense than for no query', async () => {
    const nonsense = await search({ q: 'xylophonequartz zzqqvv' });
    expect(nonsense.total).toBe(0);
    expect(nonsense.interpretation?.suggestions).toEqual([]);
  });
}
