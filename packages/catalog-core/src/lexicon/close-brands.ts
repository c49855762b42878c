import { typoCost } from './damerau.js';
import type { Lexicon } from './lexicon.js';
import type { TitleVocabulary } from './title-vocabulary.js';

/** Letters a word needs before a typo in it is forgiven; two typos from nine (as a search). */
const MIN_TYPO_LETTERS = 6;
const TWO_TYPO_LETTERS = 9;

/** The {@link TitleVocabulary.closeBrand} of a lexicon's brands. */
export function closeBrands(
  lexicon: Lexicon,
  key: (phrase: string) => string,
): TitleVocabulary['closeBrand'] {
  // Names that could be misspelt at all, by their first letter (a typo keeps it, as a search's).
  const byFirst = new Map<string, { name: string; words: string[] }[]>();
  for (const brand of lexicon.brands) {
    for (const phrase of [brand.name, ...brand.aliases]) {
      const words = key(phrase).split(' ');
      if (!words.some((word) => word.length >= MIN_TYPO_LETTERS)) continue;
      const first = words[0]!.charAt(0);
      const list = byFirst.get(first) ?? [];
      list.push({ name: brand.name, words });
      byFirst.set(first, list);
    }
  }
  const close = (typed: string, word: string) => {
    if (typed === word) return 0;
    if (word.length < MIN_TYPO_LETTERS) return undefined;
    return typoCost(typed, word, word.length >= TWO_TYPO_LETTERS ? 2 : 1);
  };
  return (words, start, unknown) => {
    let best: { name: string; length: number } | undefined;
    for (const candidate of byFirst.get(words[start]?.charAt(0) ?? '') ?? []) {
      const length = candidate.words.length;
      if (start + length <= unknown || start + length > words.length) continue;
      if (best && best.length >= length) continue;
      let typos = 0;
      let all = true;
      for (let i = 0; i < length && all; i++) {
        const cost = close(words[start + i]!, candidate.words[i]!);
        if (cost === undefined) all = false;
        else typos += cost;
      }
      if (all && typos > 0) best = { name: candidate.name, length };
    }
    return best;
  };
}
