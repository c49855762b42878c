import type { CategoryId } from '../categories.js';
import { getCategory } from '../categories.js';
import { foldCatalogPhrase, foldTokens } from './fold.js';
import type { Lexicon } from './lexicon.js';
import { type PhraseMatch, PhraseTable } from './phrase-table.js';

interface Recognizers {
  readonly brands: PhraseTable<string>;
  readonly categories: PhraseTable<{ readonly category: CategoryId; readonly audience: boolean }>;
}

// Lexicons are built once and never change, so their tables are built once per lexicon object.
const built = new WeakMap<Lexicon, Recognizers>();

function recognizers(lexicon: Lexicon): Recognizers {
  let found = built.get(lexicon);
  if (found) return found;
  const brands = new PhraseTable<string>();
  // A brand's own name first, then its aliases, then what its nicknames stand for.
  for (const brand of lexicon.brands) brands.add(foldCatalogPhrase(brand.name), brand.name);
  for (const brand of lexicon.brands)
    for (const alias of brand.aliases) brands.add(alias, brand.name);
  for (const nickname of lexicon.nicknames) {
    if (nickname.brand === undefined) continue;
    for (const word of [...nickname.words, ...nickname.means]) brands.add(word, nickname.brand);
  }
  const categories = new PhraseTable<{ category: CategoryId; audience: boolean }>();
  for (const entry of lexicon.categories) {
    const value = { category: entry.category, audience: entry.audience };
    categories.add(foldCatalogPhrase(entry.category), value);
    categories.add(foldCatalogPhrase(getCategory(entry.category)?.name ?? ''), value);
    for (const word of entry.words) categories.add(word, value);
  }
  for (const entry of lexicon.types) {
    const audience = lexicon.categories.some((c) => c.category === entry.category && c.audience);
    for (const word of entry.words) categories.add(word, { category: entry.category, audience });
  }
  found = { brands, categories };
  built.set(lexicon, found);
  return found;
}

/** The longest match; among equally long ones, the leftmost. */
function longest<T>(matches: readonly PhraseMatch<T>[]): PhraseMatch<T> | undefined {
  let best: PhraseMatch<T> | undefined;
  for (const match of matches) if (!best || match.length > best.length) best = match;
  return best;
}

/**
 * The canonical brand a text names (a title, a spreadsheet cell), or `undefined`: the brand's own
 * name, any of its aliases ("stussy", "offwhite", "tnf", "lv") or a nickname that implies it
 * ("aj1" → Jordan, "yeezy" → Adidas). The longest match wins, so "Yeezy Gap Hoodie" is Yeezy Gap,
 * not Adidas; among equally long matches, the first in the text.
 *
 * @example recognizeBrand('OFFWHITE diag tee', DEFAULT_LEXICON) // 'Off-White'
 * @example recognizeBrand('Stussy 8 Ball Tee', DEFAULT_LEXICON) // 'Stüssy'
 */
export function recognizeBrand(text: string, lexicon: Lexicon): string | undefined {
  return longest(recognizers(lexicon).brands.scan(foldTokens(text)))?.value;
}

/**
 * The category a text names with a category or product-type word in English, Spanish,
 * Portuguese or French, or its identifier or display name: "Zapatillas" and "Running shoes" are
 * sneakers, "Crossbody" is bags, "Sudadera" is hoodies, "Caps & Hats" is caps. A word for whom
 * the product is (kids, women) wins over a word for what it is, as the catalog files a kids'
 * hoodie under Kids; otherwise the longest match, then the first.
 *
 * @example recognizeCategory('Kids Hoodie', DEFAULT_LEXICON) // 'kids'
 * @example recognizeCategory('mochila', DEFAULT_LEXICON) // 'bags'
 */
export function recognizeCategory(text: string, lexicon: Lexicon): CategoryId | undefined {
  const matches = recognizers(lexicon).categories.scan(foldTokens(text));
  const audience = matches.filter((match) => match.value.audience);
  return longest(audience.length > 0 ? audience : matches)?.value.category;
}
