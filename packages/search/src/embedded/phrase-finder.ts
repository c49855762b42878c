import type { QueryLexicon } from '../query/query-lexicon.js';

interface Phrase {
  readonly text: string;
  readonly words: readonly string[];
  /** Where its first word that is not a stop word stands: the word it is looked up by. */
  readonly anchor: number;
}

/**
 * Finds the lexicon's multi-word synonym phrases ("air jordan 1", "out of office") in a field's
 * words, so that each can be indexed as one term. A stop word of a phrase stands for any word
 * there, as Meilisearch ignores stop words in phrases.
 */
export class PhraseFinder {
  private readonly byAnchor = new Map<string, Phrase[]>();
  private readonly stopWords: ReadonlySet<string>;

  constructor(lexicon: QueryLexicon) {
    this.stopWords = lexicon.stopWords;
    const seen = new Set<string>();
    for (const phrases of lexicon.synonyms.values()) {
      for (const text of phrases) {
        if (!text.includes(' ') || seen.has(text)) continue;
        seen.add(text);
        const words = text.split(' ');
        const anchor = words.findIndex((word) => !this.stopWords.has(word));
        const list = this.byAnchor.get(words[anchor]!) ?? [];
        list.push({ text, words, anchor });
        this.byAnchor.set(words[anchor]!, list);
      }
    }
  }

  /** The phrases that occur in `words`, each once. */
  in(words: readonly string[]): string[] {
    const found: string[] = [];
    words.forEach((word, at) => {
      for (const phrase of this.byAnchor.get(word) ?? []) {
        const start = at - phrase.anchor;
        if (start < 0 || start + phrase.words.length > words.length) continue;
        if (found.includes(phrase.text)) continue;
        const here = phrase.words.every(
          (part, k) => this.stopWords.has(part) || words[start + k] === part,
        );
        if (here) found.push(phrase.text);
      }
    });
    return found;
  }
}
