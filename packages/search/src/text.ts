// Text rules shared by both engines, so the embedded index and the Meilisearch query builder
// split and fold words the same way (and the same way Meilisearch's tokenizer does for Latin text).

import { foldWords } from '@repo/catalog-core';

/**
 * Splits text into search words: Unicode NFKD, diacritics removed, lowercased, split on every
 * character that is not a letter or a digit. So `"T-Shirt Café"` gives `["t", "shirt", "cafe"]`.
 * The one definition is catalog-core's `foldWords`, which the lexicon is folded with too.
 *
 * @example tokenize('Air Jordan 1 "Chicago"') // ['air', 'jordan', '1', 'chicago']
 */
export function tokenize(text: string): string[] {
  return foldWords(text);
}

/**
 * The lowercased, diacritic-folded form used to sort by title (`title_asc`), with runs of
 * separators collapsed to one space.
 *
 * @example sortKey('  Éclair-Tote ') // 'eclair tote'
 */
export function sortKey(text: string): string {
  return tokenize(text).join(' ');
}

const DIGITS = /^\p{N}+$/u;

/**
 * How many typos a query word tolerates, like Meilisearch's defaults: none under 5 characters, one
 * from 5 to 8, two from 9 on. Words made only of digits (item numbers, sizes) never tolerate typos.
 *
 * @example maxTypos('nike') // 0
 * @example maxTypos('jordan') // 1
 * @example maxTypos('balenciaga') // 2
 */
export function maxTypos(word: string): 0 | 1 | 2 {
  if (DIGITS.test(word)) return 0;
  const length = [...word].length;
  if (length < TYPO_ONE_MIN_LENGTH) return 0;
  return length < TYPO_TWO_MIN_LENGTH ? 1 : 2;
}

/** Shortest word that tolerates one typo (Meilisearch `minWordSizeForTypos.oneTypo`). */
export const TYPO_ONE_MIN_LENGTH = 5;
/** Shortest word that tolerates two typos (Meilisearch `minWordSizeForTypos.twoTypos`). */
export const TYPO_TWO_MIN_LENGTH = 9;
