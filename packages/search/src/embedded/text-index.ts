import { LRUCache } from 'lru-cache';
import type { QueryLexicon } from '../query/query-lexicon.js';
import { maxTypos } from '../text.js';
import { TypoTrie } from '../typo-trie.js';
import type { TextArrays } from './text-index-builder.js';
import { FIELD_WEIGHTS, wordBase } from './text-weights.js';

/** The products that share an item number (a listing catalogued more than once). */
export interface ItemDocs {
  /** The first document (the newest) with the item number `word`, or -1. */
  first(word: string): number;
  /** The next document with the same item number, or -1. */
  readonly next: Int32Array;
}

/**
 * An inverted index over the catalog's words, read from typed arrays (see `TextIndexBuilder`):
 * one trie as the dictionary for exact, prefix and typo lookups (typos counted as Meilisearch
 * counts them), and compact posting lists (document number + best field weight). Nothing in it
 * is a JavaScript object per product or per posting.
 */
export class TextIndex {
  private readonly trie: TypoTrie;
  private readonly phraseIds: Map<string, number>;
  private readonly starts: Uint32Array;
  private readonly docs: Uint32Array;
  private readonly weights: Uint8Array;
  // Scratch space reused by every query (queries run synchronously, one at a time).
  private readonly mark: Uint32Array;
  private readonly wordMark: Uint32Array;
  private readonly wordBest: Uint16Array;
  private readonly scores: Uint16Array;
  private readonly candidates: Uint32Array;
  private generation = 0;
  // A word's dictionary terms (exact, prefix, typos) cost a radix-tree walk, the fuzzy part most
  // of a query's time, and queries repeat their words far more than whole queries: the same
  // words come back with another page, sort, filter or one more word.
  private readonly expansions: LRUCache<string, ExpandedWord> | undefined;

  /**
   * @param count the number of documents.
   * @param wordCacheSize how many expanded words to keep (0: none).
   */
  constructor(
    arrays: TextArrays,
    private readonly items: ItemDocs,
    count: number,
    private readonly lexicon: QueryLexicon,
    wordCacheSize = 4096,
  ) {
    this.expansions = wordCacheSize > 0 ? new LRUCache({ max: wordCacheSize }) : undefined;
    this.starts = arrays.starts;
    this.docs = arrays.docs;
    this.weights = arrays.weights;
    this.trie = TypoTrie.fromArrays(arrays.trie);
    this.phraseIds = new Map(arrays.phrases);
    this.mark = new Uint32Array(count);
    this.wordMark = new Uint32Array(count);
    this.wordBest = new Uint16Array(count);
    this.scores = new Uint16Array(count);
    this.candidates = new Uint32Array(count);
  }

  /** Number of distinct words in the dictionary. */
  get terms(): number {
    return this.starts.length - 1;
  }

  /**
   * The documents that match every word (the last one also as a prefix, unless `prefixLast` is
   * false), with their scores. Returns a view into scratch space: read it before the next call.
   * `scores[doc]` is valid for each returned doc.
   */
  match(words: readonly string[], prefixLast = true): { docs: Uint32Array; scores: Uint16Array } {
    const expanded = words.map((word, i) =>
      this.expand(word, prefixLast && i === words.length - 1),
    );
    // Cheapest word first: the candidate set only shrinks, so later words touch fewer documents.
    expanded.sort((a, b) => a.cost - b.cost);
    const { mark, wordMark, wordBest, scores, candidates, docs, weights, starts } = this;
    let count = 0;
    let alive = this.nextGeneration();
    expanded.forEach((word, step) => {
      const seen = step === 0 ? alive : this.nextGeneration();
      for (const [termId, base] of word.terms) {
        for (let p = starts[termId]!, end = starts[termId + 1]!; p < end; p++) {
          const doc = docs[p]!;
          const value = base + 2 * weights[p]!;
          if (step === 0) {
            if (mark[doc] !== alive) {
              mark[doc] = alive;
              scores[doc] = value;
              candidates[count++] = doc;
            } else if (value > scores[doc]!) scores[doc] = value;
          } else if (mark[doc] === alive) {
            if (wordMark[doc] !== seen) {
              wordMark[doc] = seen;
              wordBest[doc] = value;
            } else if (value > wordBest[doc]!) wordBest[doc] = value;
          }
        }
      }
      for (const doc of word.itemDocs) {
        const value = wordBase(0, true) + 2 * FIELD_WEIGHTS.item_id;
        if (step === 0) {
          if (mark[doc] !== alive) {
            mark[doc] = alive;
            scores[doc] = value;
            candidates[count++] = doc;
          } else if (value > scores[doc]!) scores[doc] = value;
        } else if (mark[doc] === alive) {
          if (wordMark[doc] !== seen) {
            wordMark[doc] = seen;
            wordBest[doc] = value;
          } else if (value > wordBest[doc]!) wordBest[doc] = value;
        }
      }
      if (step === 0) return;
      const next = this.nextGeneration();
      let kept = 0;
      for (let i = 0; i < count; i++) {
        const doc = candidates[i]!;
        if (wordMark[doc] !== seen) continue;
        scores[doc] = scores[doc]! + wordBest[doc]!;
        mark[doc] = next;
        candidates[kept++] = doc;
      }
      count = kept;
      alive = next;
    });
    return { docs: candidates.subarray(0, count), scores };
  }

  private expand(word: string, isLast: boolean): ExpandedWord {
    const key = isLast ? `${word}*` : word;
    let expanded = this.expansions?.get(key);
    if (expanded === undefined) {
      expanded = this.expandUncached(word, isLast);
      this.expansions?.set(key, expanded);
    }
    return expanded;
  }

  private expandUncached(word: string, isLast: boolean): ExpandedWord {
    const terms = new Map<number, number>();
    const offer = (termId: number, base: number): void => {
      if ((terms.get(termId) ?? -1) < base) terms.set(termId, base);
    };
    const exact = this.trie.find(word);
    if (exact !== -1) offer(exact, wordBase(0, true));
    if (isLast) this.trie.withPrefix(word, (termId) => offer(termId, wordBase(0, false)));
    if (!this.lexicon.exactWords.has(word)) {
      this.trie.typos(word, maxTypos(word), isLast, (termId, typos) => {
        offer(termId, wordBase(typos, false));
      });
    }
    // Synonyms of the word as typed (not of its typos), as zero-typo matches: Meilisearch's rule.
    // The phrase a key was typed as ("boxer briefs") ranks as an exact match.
    const own = this.lexicon.ownPhrases.get(word);
    for (const phrase of this.lexicon.synonyms.get(word) ?? []) {
      const termId = phrase.includes(' ') ? this.phraseIds.get(phrase) : this.trie.find(phrase);
      if (termId !== undefined && termId !== -1) offer(termId, wordBase(0, phrase === own));
    }
    let cost = 0;
    for (const termId of terms.keys()) cost += this.starts[termId + 1]! - this.starts[termId]!;
    const itemDocs: number[] = [];
    for (let doc = this.items.first(word); doc !== -1; doc = this.items.next[doc]!) {
      itemDocs.push(doc);
    }
    return { terms: [...terms], itemDocs, cost: cost + itemDocs.length };
  }

  private nextGeneration(): number {
    if (this.generation >= 0xfffffff0) {
      this.generation = 0;
      this.mark.fill(0);
      this.wordMark.fill(0);
    }
    return ++this.generation;
  }
}

interface ExpandedWord {
  /** [term id, base score] pairs. */
  readonly terms: readonly (readonly [number, number])[];
  /** Documents whose item number equals the word. */
  readonly itemDocs: readonly number[];
  /** Postings to read: the order in which words are intersected. */
  readonly cost: number;
}
