/** A phrase found in a token sequence: where it starts, how many tokens it spans, its value. */
export interface PhraseMatch<T> {
  readonly start: number;
  readonly length: number;
  readonly value: T;
}

/**
 * Phrases of folded tokens (`'air jordan'`, `'$'`), each with a value, found in a token sequence
 * longest first: at a position, "air jordan 1" wins over "air jordan", which wins over "air".
 * Lookups cost one map read per token of the longest phrase, whatever the number of phrases.
 */
export class PhraseTable<T> {
  private readonly phrases = new Map<string, T>();
  // The longest phrase starting with each first token: most tokens start none, and are passed
  // over with one map read.
  private readonly byFirst = new Map<string, number>();

  /**
   * Adds a phrase (tokens joined by single spaces). The first value given for a phrase stays:
   * the lexicon lists its most specific meanings first.
   */
  add(phrase: string, value: T): void {
    if (phrase === '' || this.phrases.has(phrase)) return;
    this.phrases.set(phrase, value);
    const tokens = phrase.split(' ');
    const first = tokens[0]!;
    this.byFirst.set(first, Math.max(this.byFirst.get(first) ?? 0, tokens.length));
  }

  /** The value of exactly this phrase, if listed. */
  get(phrase: string): T | undefined {
    return this.phrases.get(phrase);
  }

  /** The longest phrase starting at `start`, if any. */
  longestAt(tokens: readonly string[], start: number): PhraseMatch<T> | undefined {
    const first = tokens[start];
    const longest = first === undefined ? undefined : this.byFirst.get(first);
    if (longest === undefined) return undefined;
    for (let length = Math.min(longest, tokens.length - start); length >= 1; length--) {
      const phrase = length === 1 ? first! : tokens.slice(start, start + length).join(' ');
      const value = this.phrases.get(phrase);
      if (value !== undefined) return { start, length, value };
    }
    return undefined;
  }

  /** Every phrase of the sequence, scanning left to right and taking the longest at each start. */
  scan(tokens: readonly string[]): PhraseMatch<T>[] {
    const found: PhraseMatch<T>[] = [];
    for (let start = 0; start < tokens.length; ) {
      const match = this.longestAt(tokens, start);
      if (match) {
        found.push(match);
        start += match.length;
      } else start++;
    }
    return found;
  }
}
