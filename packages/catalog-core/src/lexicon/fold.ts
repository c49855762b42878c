// How text is folded before words are compared: the one definition the search engines, the query
// understanding and the lexicon all use, so that a word typed, indexed and listed compares alike.

const COMBINING_MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
// Letters and digits in runs; the symbols prices are written with stand alone.
const TOKENS = /[\p{L}\p{N}]+|[$€¥£<>≤≥~+]/gu;
// Apostrophes of every kind become one, so that "men’s" and "men's" fold alike.
const APOSTROPHES = /[\u2019\u2018\u02bc`´]/g;
// French elisions ("l'", "d'", "qu'") and English contractions or possessives ("'s", "'m", "'re")
// carry no search meaning: "boucles d'oreilles" is "boucles oreilles", "men's" is "men". A word
// such as "arc'teryx" is neither, and splits like any other punctuation.
const ELISION = /(?<![\p{L}\p{N}])(?:l|d|j|qu|n|s|c|m|t)'(?=\p{L})/gu;
const CONTRACTION = /(?<=\p{L})'(?:s|m|re|ve|ll|d|t)(?![\p{L}\p{N}])/gu;

function fold(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/**
 * Splits text into search words: Unicode NFKD, diacritics removed, lowercased, split on every
 * character that is not a letter or a digit. This is how Meilisearch's tokenizer splits Latin
 * text, and how both engines index products.
 *
 * @example foldWords('Stüssy T-Shirt') // ['stussy', 't', 'shirt']
 */
export function foldWords(text: string): string[] {
  return fold(text)
    .split(SEPARATORS)
    .filter((word) => word.length > 0);
}

/**
 * Folds what a shopper types: like {@link foldWords}, but French elisions and English
 * contractions are dropped ("d'oreilles" → `oreilles`, "men's" → `men`) and the symbols prices
 * are written with (`$ € ¥ £ < > ≤ ≥ ~ +`) stay tokens of their own. Query-side lexicon entries
 * are folded this way too, so that both compare alike.
 *
 * @example foldTokens("Moins de 50€ pour l'homme") // ['moins', 'de', '50', '€', 'pour', 'homme']
 */
export function foldTokens(text: string): string[] {
  return foldText(text).match(TOKENS) ?? [];
}

/**
 * What a shopper typed, folded but not yet split: lowercase, no accents, one kind of apostrophe,
 * elisions and contractions dropped. {@link foldTokens} splits this; a reader that needs more
 * than tokens (numbers with decimals, ranges) can split it its own way.
 *
 * @example foldText("L'Été à 29,99 €") // 'ete a 29,99 €'
 */
export function foldText(text: string): string {
  const folded = fold(text.replace(APOSTROPHES, "'"));
  return folded.replace(ELISION, '').replace(CONTRACTION, '');
}

/**
 * The folded form of a query-side lexicon entry: its {@link foldTokens} joined by single spaces,
 * or `''` when nothing is left (an entry of punctuation only).
 *
 * @example foldPhrase("  Jusqu'à ") // 'jusqu a'
 */
export function foldPhrase(text: string): string {
  return foldTokens(text).join(' ');
}

/**
 * The folded form of catalog text as the engines index it: its {@link foldWords} joined by single
 * spaces ("America's Cup" → `america s cup`).
 *
 * @example foldCatalogPhrase("Arc'teryx") // 'arc teryx'
 */
export function foldCatalogPhrase(text: string): string {
  return foldWords(text).join(' ');
}

/** A title's words, folded for lookups and as written for people. */
export interface TitleTokens {
  /** Each word folded like {@link foldWords}: `stüssy` → `stussy`. */
  readonly folded: readonly string[];
  /** The same words as the title writes them: `Stüssy`. */
  readonly original: readonly string[];
  /**
   * How many words come before what the title adds in brackets or after a `+` ("Set (hoodie +
   * joggers)": 1): the words that say what the product is.
   */
  readonly head: number;
}

// Letters and digits in runs; each Chinese character is a word of its own, as Chinese titles
// write brand names and words without spaces between them ("耐克dunk熊猫").
const WORD_RUNS = /\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;
const ASIDE = /[(+（]/u;
// The query's elision and contraction rules, for text that has not been lowercased.
const ELISION_ANY_CASE = new RegExp(ELISION.source, 'giu');
const CONTRACTION_ANY_CASE = new RegExp(CONTRACTION.source, 'giu');

/**
 * A product title split into words, each both folded and as written, so that a word recognised
 * by its folded form can be quoted as the title spells it. Contractions and elisions are dropped
 * as for a query ("Women's" → `women`), and a `×` between two names reads as `x`.
 *
 * @example tokenizeTitle("Nike × Stüssy Men's Tee").original // ['Nike', 'x', 'Stüssy', 'Men', 'Tee']
 */
export function tokenizeTitle(title: string): TitleTokens {
  const text = title
    .replace(APOSTROPHES, "'")
    .replace(/×/g, ' x ')
    .replace(ELISION_ANY_CASE, '')
    .replace(CONTRACTION_ANY_CASE, '');
  const original = text.match(WORD_RUNS) ?? [];
  const aside = text.search(ASIDE);
  const head = aside < 0 ? original.length : (text.slice(0, aside).match(WORD_RUNS) ?? []).length;
  return { folded: original.map(fold), original, head };
}
