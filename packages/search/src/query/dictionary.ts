import { CATEGORY_IDS, getCategory, type Product } from '@repo/catalog-core';
import { maxTypos, tokenize } from '../text.js';
import { TypoTrie } from '../typo-trie.js';
import type { QueryLexicon } from './query-lexicon.js';

/** The product fields the dictionary is built from: both engines can count their values. */
export const DICTIONARY_FIELDS = [
  'brand',
  'model',
  'colorway',
  'batch',
  'tags',
  'category',
] as const;
/** One of {@link DICTIONARY_FIELDS}. */
export type DictionaryField = (typeof DICTIONARY_FIELDS)[number];

/** Products per value of each field, as Meilisearch's `facetDistribution` gives them. */
export type FacetCounts = Partial<Record<DictionaryField, Readonly<Record<string, number>>>>;

/** The value counts of {@link DICTIONARY_FIELDS} over a catalog (what the embedded engine has). */
export function facetCountsOf(products: Iterable<Product>): FacetCounts {
  const tally = facetTally();
  for (const product of products) tally.add(product);
  return tally.counts;
}

/** {@link facetCountsOf} one product at a time, for a catalog read as a stream. */
export function facetTally(): { add(product: Product): void; readonly counts: FacetCounts } {
  const counts: Record<string, Record<string, number>> = {};
  for (const field of DICTIONARY_FIELDS) counts[field] = {};
  const add = (field: DictionaryField, value: string | undefined) => {
    if (!value) return;
    const values = counts[field]!;
    values[value] = (values[value] ?? 0) + 1;
  };
  return {
    counts,
    add(product) {
      add('brand', product.brand);
      add('model', product.model);
      add('colorway', product.colorway);
      add('batch', product.batch);
      add('category', product.category);
      for (const tag of product.tags ?? []) add('tags', tag);
    },
  };
}

// Suggestions reach a little further than corrections: they are offered, not applied.
const SUGGEST_DISTANCE = 2;
const MAX_SUGGESTIONS = 3;
const MIN_LENGTH = 3;
const DIGITS = /^\p{N}+$/u;

interface Candidate {
  readonly word: string;
  readonly distance: number;
  readonly count: number;
}

/**
 * The catalog's own words, for "did you mean": the words of its brands, models, colourways,
 * batches, tags and categories with how many products carry each (a sum over the values that
 * contain the word), plus the lexicon's words. Both engines build it from the same value counts
 * (the embedded one from its products, Meilisearch's from a facet query), so they correct and
 * suggest alike.
 */
export class CatalogDictionary {
  private readonly words: string[] = [];
  private readonly counts: number[] = [];
  private readonly known = new Set<string>();
  private readonly trie = new TypoTrie();

  constructor(facets: FacetCounts, ql: QueryLexicon) {
    const totals = new Map<string, number>();
    for (const field of DICTIONARY_FIELDS) {
      for (const [value, count] of Object.entries(facets[field] ?? {})) {
        const text =
          field === 'category' && CATEGORY_IDS.includes(value as never)
            ? `${value} ${getCategory(value)?.name ?? ''}`
            : value;
        for (const word of new Set(tokenize(text)))
          totals.set(word, (totals.get(word) ?? 0) + count);
      }
    }
    for (const token of ql.keyTokens.keys()) if (!totals.has(token)) totals.set(token, 0);
    for (const [word, count] of [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (ql.stopWords.has(word)) continue;
      this.trie.add(word, this.words.length);
      this.words.push(word);
      this.counts.push(count);
      this.known.add(word);
    }
  }

  /** Whether the word is a catalog or lexicon word (never corrected). */
  has(word: string): boolean {
    return this.known.has(word);
  }

  private candidates(word: string, max: number): Candidate[] {
    const found: Candidate[] = [];
    this.trie.near(word, max, (id, distance) => {
      const candidate = this.words[id]!;
      if (candidate !== word && candidate.length >= 2) {
        found.push({ word: candidate, distance, count: this.counts[id]! });
      }
    });
    // Closest first, then the word more products carry, then A to Z: the same order everywhere.
    return found.sort(
      (a, b) =>
        a.distance - b.distance ||
        b.count - a.count ||
        (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
    );
  }

  /**
   * The word a query word that matches nothing was most likely meant to be, or `undefined`: the
   * closest dictionary word within the word's typo budget (`maxTypos`, at least one; a different
   * first letter counts one here, as "nkie" or "hordan" are plain slips). Words under three
   * letters, numbers and known words are never corrected.
   */
  correct(word: string): string | undefined {
    if (word.length < MIN_LENGTH || DIGITS.test(word) || this.known.has(word)) return undefined;
    return this.candidates(word, Math.max(1, maxTypos(word)))[0]?.word;
  }

  /** Up to three dictionary words close to a word (within two edits), closest first. */
  suggest(word: string): string[] {
    if (word.length < MIN_LENGTH || DIGITS.test(word)) return [];
    const max = word.length <= 4 ? 1 : SUGGEST_DISTANCE;
    return this.candidates(word, max)
      .slice(0, MAX_SUGGESTIONS)
      .map((candidate) => candidate.word);
  }
}
