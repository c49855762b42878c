import {
  type CategoryId,
  foldCatalogPhrase,
  getCategory,
  LEXICON_CURRENCIES,
  type Lexicon,
  type LexiconCurrency,
  PhraseTable,
} from '@repo/catalog-core';

/**
 * What a lexicon word is, for the relaxation: qualifiers (a category word marked `dropFirst`, as
 * "women") go first, brand and model words last, category and other words by how many products
 * they match.
 */
export type WordClass = 'brand' | 'category' | 'qualifier' | 'word';

/** A lexicon word or phrase recognised in a query. */
export interface LexiconKey {
  /**
   * What the engines receive: one token for a nickname, category or type word ("cross body" →
   * `crossbody`, expanded with the synonyms); for a brand alias, the brand's own words
   * ("tnf" → `north face`); empty for a brand's own name (searched as typed).
   */
  readonly token: string;
  readonly class: WordClass;
  /** How the interpretation names what it stands for ("Air Jordan 1", "category Sneakers"). */
  readonly label: string;
  /** The category a category word stands for: a page names it in its own language. */
  readonly category?: CategoryId;
}

/**
 * A lexicon compiled for reading queries: phrase tables for each kind of word, the single-token
 * stop words, and the synonyms (token → catalog phrases) that both engines expand words with.
 * Built once per lexicon (see {@link compileLexicon}).
 */
export interface QueryLexicon {
  readonly lexicon: Lexicon;
  readonly keys: PhraseTable<LexiconKey>;
  readonly fillers: PhraseTable<true>;
  readonly budget: PhraseTable<true>;
  readonly priceMax: PhraseTable<true>;
  readonly priceMin: PhraseTable<true>;
  readonly priceBetween: PhraseTable<true>;
  readonly priceTo: PhraseTable<true>;
  readonly priceAround: PhraseTable<true>;
  readonly currencies: PhraseTable<LexiconCurrency>;
  readonly sizeWords: PhraseTable<true>;
  readonly sizeSystems: PhraseTable<true>;
  readonly sizeLetters: PhraseTable<true>;
  /** One-word fillers: never indexed, never searched (Meilisearch `stopWords`). */
  readonly stopWords: ReadonlySet<string>;
  /** Token → the catalog phrases it also matches (Meilisearch `synonyms`, one way). */
  readonly synonyms: ReadonlyMap<string, readonly string[]>;
  /** What each token a lexicon word is sent as stands for: known words, never corrected. */
  readonly keyTokens: ReadonlyMap<string, LexiconKey>;
  /**
   * The tokens of the category and product-type words: words of a language, searched without
   * typos (Meilisearch `typoTolerance.disableOnWords`), so that "pasek" (a belt in Polish) is
   * never Patek with one typo.
   */
  readonly exactWords: ReadonlySet<string>;
  /**
   * The phrase a multi-word key was typed as ("boxerbriefs" → `boxer briefs`): the synonym that
   * says exactly what was typed, ranked as an exact match.
   */
  readonly ownPhrases: ReadonlyMap<string, string>;
}

const TABLE_OF = (words: readonly string[]) => {
  const table = new PhraseTable<true>();
  for (const word of words) table.add(word, true);
  return table;
};

/** The one token a lexicon phrase is sent as: its words run together ("sac a dos" → `sacados`). */
export function keyToken(phrase: string): string {
  return phrase.replaceAll(' ', '');
}

/**
 * The token that stands for a kind of product in the index (`kinds`, see `titleKinds`): the token
 * of its first word (`backpack`, `runningshoes`), `undefined` for a kind without words.
 */
export function kindToken(entry: Lexicon['types'][number]): string | undefined {
  const first = entry.words[0];
  return first === undefined ? undefined : keyToken(first);
}

function categoryLabel(id: CategoryId): string {
  return `category ${getCategory(id)?.name ?? id}`;
}

const compiled = new WeakMap<Lexicon, QueryLexicon>();

/**
 * Compiles a lexicon for query reading, once per lexicon object: every later call with the same
 * lexicon returns the same tables.
 */
export function compileLexicon(lexicon: Lexicon): QueryLexicon {
  const known = compiled.get(lexicon);
  if (known) return known;
  const stopWords = new Set(lexicon.fillers.filter((word) => !word.includes(' ')));
  const keys = new PhraseTable<LexiconKey>();
  const keyTokens = new Map<string, LexiconKey>();
  const ownPhrases = new Map<string, string>();
  const synonyms = new Map<string, string[]>();
  const addSynonyms = (token: string, phrases: readonly string[]) => {
    const list = synonyms.get(token) ?? [];
    for (const phrase of phrases) {
      if (phrase !== token && !list.includes(phrase)) list.push(phrase);
    }
    if (list.length > 0) synonyms.set(token, list);
  };
  const addKey = (
    phrase: string,
    cls: WordClass,
    label: string,
    means: readonly string[],
    category?: CategoryId,
    ownPhrase = true,
  ) => {
    const token = keyToken(phrase);
    const key = { token, class: cls, label, ...(category && { category }) };
    keys.add(phrase, key);
    if (!keyTokens.has(token)) keyTokens.set(token, key);
    const own = foldCatalogPhrase(phrase);
    // A phrase typed as written in the catalog ("boxer briefs") still finds exactly that first.
    if (ownPhrase && token !== phrase && !ownPhrases.has(token)) {
      ownPhrases.set(token, own);
      addSynonyms(token, [own]);
    }
    addSynonyms(token, means);
  };
  // A brand's own name is searched as written: its words are catalog words already.
  for (const brand of lexicon.brands) {
    keys.add(foldCatalogPhrase(brand.name), {
      token: '',
      class: 'brand',
      label: brand.name,
    });
  }
  // An alias is searched as the brand's own words ("tnf" finds The North Face, not a colourway
  // named "Recycled TNF Black"); the index keeps it as a synonym for literal searches.
  for (const brand of lexicon.brands) {
    const words = foldCatalogPhrase(brand.name)
      .split(' ')
      .filter((word) => !stopWords.has(word))
      .join(' ');
    for (const alias of brand.aliases) {
      keys.add(alias, { token: words, class: 'brand', label: brand.name });
      addSynonyms(keyToken(alias), [foldCatalogPhrase(brand.name)]);
    }
  }
  for (const nickname of lexicon.nicknames) {
    for (const word of nickname.words) {
      addKey(word, 'brand', nickname.means.join(', '), nickname.means);
    }
  }
  for (const entry of lexicon.categories) {
    const phrase = foldCatalogPhrase(entry.category);
    const cls = entry.dropFirst ? 'qualifier' : 'category';
    for (const word of entry.words) {
      addKey(word, cls, categoryLabel(entry.category), [phrase], entry.category);
    }
  }
  // A kind of product matches what the catalog calls it, not its whole category: "sweats" are
  // sweatpants and joggers, not every pair of pants. It also matches its token in the `kinds` a
  // product's title names in any language (see `titleKinds`): "belt" finds "Gürtel". A word of
  // two kinds names neither there, as in titles. The kinds find a phrase with a stop word as the
  // title writes it, which the phrase itself cannot: Meilisearch lets any word stand for a stop
  // word, so "sac à dos" would be any "sac" and "dad hat" any hat.
  const kindsOfWord = new Map<string, number>();
  for (const entry of lexicon.types) {
    for (const word of entry.words) kindsOfWord.set(word, (kindsOfWord.get(word) ?? 0) + 1);
  }
  for (const entry of lexicon.types) {
    const kind = kindToken(entry);
    for (const word of entry.words) {
      const oneKind = kind !== undefined && kindsOfWord.get(word) === 1;
      addKey(
        word,
        'category',
        `${entry.means.join(', ')} (${categoryLabel(entry.category)})`,
        oneKind ? [...entry.means, kind] : entry.means,
        undefined,
        !word.split(' ').some((part) => stopWords.has(part)),
      );
    }
  }
  const exactWords = new Set<string>();
  for (const [token, key] of keyTokens) {
    if (key.class === 'category' || key.class === 'qualifier') exactWords.add(token);
  }
  const currencies = new PhraseTable<LexiconCurrency>();
  for (const code of LEXICON_CURRENCIES) {
    for (const word of lexicon.currencies[code]) currencies.add(word, code);
  }
  const result: QueryLexicon = {
    lexicon,
    keys,
    fillers: TABLE_OF(lexicon.fillers),
    budget: TABLE_OF(lexicon.budget),
    priceMax: TABLE_OF(lexicon.price.max),
    priceMin: TABLE_OF(lexicon.price.min),
    priceBetween: TABLE_OF(lexicon.price.between),
    priceTo: TABLE_OF(lexicon.price.to),
    priceAround: TABLE_OF(lexicon.price.around),
    currencies,
    sizeWords: TABLE_OF(lexicon.sizes.words),
    sizeSystems: TABLE_OF(lexicon.sizes.systems),
    sizeLetters: TABLE_OF(lexicon.sizes.letters),
    stopWords,
    synonyms: withoutStopWords(synonyms, stopWords),
    keyTokens,
    exactWords,
    ownPhrases,
  };
  compiled.set(lexicon, result);
  return result;
}

// Meilisearch ignores the stop words of a phrase (any word may stand there) and a phrase of stop
// words only: such a phrase is left out, and so is a synonym keyed by a stop word, which is never
// searched.
function withoutStopWords(
  synonyms: ReadonlyMap<string, readonly string[]>,
  stopWords: ReadonlySet<string>,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [token, phrases] of synonyms) {
    if (stopWords.has(token)) continue;
    const kept = phrases.filter((phrase) => phrase.split(' ').some((w) => !stopWords.has(w)));
    if (kept.length > 0) out.set(token, kept);
  }
  return out;
}
