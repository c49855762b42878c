import { getCategory, type Product } from '@repo/catalog-core';
import { LRUCache } from 'lru-cache';
import SearchableMap from 'minisearch/SearchableMap';
import type { QueryLexicon } from '../query/query-lexicon.js';
import { titleKinds } from '../query/title-kinds.js';
import { maxTypos, tokenize } from '../text.js';
import { TypoTrie } from '../typo-trie.js';
import { PhraseFinder } from './phrase-finder.js';

/**
 * Searchable fields and their weights (higher ranks first when typos are equal). The item number
 * is matched exactly only, through its own map, so the typo/prefix dictionary stays small.
 */
export const FIELD_WEIGHTS = {
  title: 10,
  brand: 9,
  model: 8,
  colorway: 7,
  batch: 6,
  category: 5,
  tags: 4,
  item_id: 3,
  slug: 2,
  kinds: 1,
} as const;

// A word's score for one document: typos dominate (like Meilisearch's `typo` rule coming before
// `attribute`), then the field weight, then exact over prefix. 2 * max weight + 1 < TYPO_STEP.
const TYPO_STEP = 64;
const EXACT_BONUS = 1;

function wordBase(typos: number, exact: boolean): number {
  return (2 - typos) * TYPO_STEP + (exact ? EXACT_BONUS : 0);
}

/** The highest score one document can reach for one query word. */
export const MAX_WORD_SCORE = wordBase(0, true) + 2 * FIELD_WEIGHTS.title;

/** Text fields of a product with their weights, as the index reads them. */
function fieldsOf(product: Product): [string | undefined, number][] {
  return [
    [product.title, FIELD_WEIGHTS.title],
    [product.brand, FIELD_WEIGHTS.brand],
    [product.model, FIELD_WEIGHTS.model],
    [product.colorway, FIELD_WEIGHTS.colorway],
    [product.batch, FIELD_WEIGHTS.batch],
    [`${getCategory(product.category)?.name ?? ''} ${product.category}`, FIELD_WEIGHTS.category],
    [product.tags?.join(' '), FIELD_WEIGHTS.tags],
    [product.slug.slice(0, product.slug.length - product.item_id.length), FIELD_WEIGHTS.slug],
  ];
}

/**
 * An inverted index over the catalog's words: MiniSearch's radix tree (`SearchableMap`) as the
 * dictionary for exact and prefix lookups, a {@link TypoTrie} for typos counted as Meilisearch
 * counts them, and compact posting lists (document number + best field weight) in typed arrays.
 * Document numbers are positions in the catalog as given.
 *
 * The lexicon's stop words are not indexed (as Meilisearch does not index `stopWords`), and each
 * multi-word synonym phrase ("air jordan 1") found in a field is indexed as one term of its own,
 * so a query word expands to it exactly as Meilisearch matches a synonym phrase. The kinds of
 * product a title names (`titleKinds`) are terms of a field of their own, the last.
 */
export class TextIndex {
  private readonly dictionary = new SearchableMap<number>();
  private readonly typoTrie = new TypoTrie();
  private readonly phraseIds = new Map<string, number>();
  private readonly itemIds = new Map<string, number[]>();
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

  /** @param wordCacheSize how many expanded words to keep (0: none). */
  constructor(
    products: readonly Product[],
    private readonly lexicon: QueryLexicon,
    wordCacheSize = 4096,
  ) {
    this.expansions = wordCacheSize > 0 ? new LRUCache({ max: wordCacheSize }) : undefined;
    const phrases = new PhraseFinder(lexicon);
    const termIds = new Map<string, number>();
    const lists: number[][] = [];
    const listWeights: number[][] = [];
    let postings = 0;
    // Brands, models, colourways and categories repeat across thousands of products.
    const tokenized = new Map<string, string[]>();
    const tokensOf = (text: string, weight: number): string[] => {
      if (weight === FIELD_WEIGHTS.title || weight === FIELD_WEIGHTS.slug) return tokenize(text);
      let tokens = tokenized.get(text);
      if (!tokens) {
        tokens = tokenize(text);
        tokenized.set(text, tokens);
      }
      return tokens;
    };
    const post = (term: string, doc: number, weight: number): void => {
      if (lexicon.stopWords.has(term)) return;
      let id = termIds.get(term);
      if (id === undefined) {
        id = lists.length;
        termIds.set(term, id);
        lists.push([]);
        listWeights.push([]);
      }
      const list = lists[id]!;
      const ws = listWeights[id]!;
      const last = list.length - 1;
      if (list[last] === doc) {
        if (ws[last]! < weight) ws[last] = weight;
      } else {
        list.push(doc);
        ws.push(weight);
        postings++;
      }
    };
    products.forEach((product, doc) => {
      let titleWords: readonly string[] = [];
      for (const [text, weight] of fieldsOf(product)) {
        if (!text) continue;
        const tokens = tokensOf(text, weight);
        if (weight === FIELD_WEIGHTS.title) titleWords = tokens;
        for (const term of tokens) post(term, doc, weight);
        for (const term of phrases.in(tokens)) post(term, doc, weight);
      }
      // The kinds the title names in any language: a field of its own, one term each (as
      // Meilisearch keeps the values of an array apart, no phrase spans two).
      for (const kind of titleKinds(product, lexicon.lexicon, titleWords)) {
        post(kind, doc, FIELD_WEIGHTS.kinds);
      }
      const sameItem = this.itemIds.get(product.item_id);
      if (sameItem) sameItem.push(doc);
      else this.itemIds.set(product.item_id, [doc]);
    });
    this.starts = new Uint32Array(lists.length + 1);
    this.docs = new Uint32Array(postings);
    this.weights = new Uint8Array(postings);
    let at = 0;
    lists.forEach((list, id) => {
      this.starts[id] = at;
      this.docs.set(list, at);
      this.weights.set(listWeights[id]!, at);
      at += list.length;
    });
    this.starts[lists.length] = at;
    for (const [term, id] of termIds) {
      // Phrases are reached through synonyms only, never by prefix or typo.
      if (term.includes(' ')) this.phraseIds.set(term, id);
      else {
        this.dictionary.set(term, id);
        this.typoTrie.add(term, id);
      }
    }
    const n = products.length;
    this.mark = new Uint32Array(n);
    this.wordMark = new Uint32Array(n);
    this.wordBest = new Uint16Array(n);
    this.scores = new Uint16Array(n);
    this.candidates = new Uint32Array(n);
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
    const exact = this.dictionary.get(word);
    if (exact !== undefined) offer(exact, wordBase(0, true));
    if (isLast) {
      for (const [, termId] of this.dictionary.atPrefix(word)) offer(termId, wordBase(0, false));
    }
    if (!this.lexicon.exactWords.has(word)) {
      this.typoTrie.typos(word, maxTypos(word), isLast, (termId, typos) => {
        offer(termId, wordBase(typos, false));
      });
    }
    // Synonyms of the word as typed (not of its typos), as zero-typo matches: Meilisearch's rule.
    // The phrase a key was typed as ("boxer briefs") ranks as an exact match.
    const own = this.lexicon.ownPhrases.get(word);
    for (const phrase of this.lexicon.synonyms.get(word) ?? []) {
      const termId = phrase.includes(' ')
        ? this.phraseIds.get(phrase)
        : this.dictionary.get(phrase);
      if (termId !== undefined) offer(termId, wordBase(0, phrase === own));
    }
    let cost = 0;
    for (const termId of terms.keys()) cost += this.starts[termId + 1]! - this.starts[termId]!;
    const itemDocs = this.itemIds.get(word) ?? [];
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
