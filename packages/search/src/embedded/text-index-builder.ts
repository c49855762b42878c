import { getCategory, type Product } from '@repo/catalog-core';
import type { QueryLexicon } from '../query/query-lexicon.js';
import { titleKinds } from '../query/title-kinds.js';
import { tokenize } from '../text.js';
import { type TrieArrays, TypoTrie } from '../typo-trie.js';
import { PhraseFinder } from './phrase-finder.js';
import { FIELD_WEIGHTS } from './text-weights.js';

/** A {@link TextIndex}'s words and postings as typed arrays: what a prepared index keeps. */
export interface TextArrays {
  /** Where each term's postings start in `docs` and `weights`; one more for the end. */
  readonly starts: Uint32Array;
  /** Posting documents, ascending within each term. */
  readonly docs: Uint32Array;
  /** The best field weight of the term in each posting's document. */
  readonly weights: Uint8Array;
  /** The single words, with their term ids. */
  readonly trie: TrieArrays;
  /** The multi-word synonym phrases, reached through synonyms only, with their term ids. */
  readonly phrases: readonly (readonly [string, number])[];
}

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
 * Reads products one at a time into the postings of a {@link TextIndex}, keeping no product:
 * a catalog streamed from a file is indexed in the memory of its words and postings only.
 *
 * The lexicon's stop words are not indexed (as Meilisearch does not index `stopWords`), and each
 * multi-word synonym phrase ("air jordan 1") found in a field is indexed as one term of its own,
 * so a query word expands to it exactly as Meilisearch matches a synonym phrase. The kinds of
 * product a title names (`titleKinds`) are terms of a field of their own, the last.
 */
export class TextIndexBuilder {
  private readonly phrases: PhraseFinder;
  private readonly termIds = new Map<string, number>();
  private readonly lists: number[][] = [];
  // Brands, models, colourways and categories repeat across thousands of products.
  private readonly tokenized = new Map<string, string[]>();

  constructor(private readonly lexicon: QueryLexicon) {
    this.phrases = new PhraseFinder(lexicon);
  }

  /** Indexes `product` as document `doc` (documents are added in ascending order). */
  add(product: Product, doc: number): void {
    let titleWords: readonly string[] = [];
    for (const [text, weight] of fieldsOf(product)) {
      if (!text) continue;
      const tokens = this.tokensOf(text, weight);
      if (weight === FIELD_WEIGHTS.title) titleWords = tokens;
      for (const term of tokens) this.post(term, doc, weight);
      for (const term of this.phrases.in(tokens)) this.post(term, doc, weight);
    }
    // The kinds the title names in any language: a field of its own, one term each (as
    // Meilisearch keeps the values of an array apart, no phrase spans two).
    for (const kind of titleKinds(product, this.lexicon.lexicon, titleWords)) {
      this.post(kind, doc, FIELD_WEIGHTS.kinds);
    }
  }

  /**
   * The postings, with each document renumbered `renumber[doc]` (the catalog's final order)
   * and kept ascending within a term.
   */
  finish(renumber: Uint32Array): TextArrays {
    const { lists } = this;
    let postings = 0;
    for (const list of lists) postings += list.length;
    const starts = new Uint32Array(lists.length + 1);
    const docs = new Uint32Array(postings);
    const weights = new Uint8Array(postings);
    let at = 0;
    lists.forEach((list, id) => {
      starts[id] = at;
      // A posting is packed as doc * 256 + weight, so one typed sort orders it by new number.
      const packed = new Uint32Array(list.length);
      for (let i = 0; i < list.length; i++) {
        const value = list[i]!;
        packed[i] = renumber[value >>> 8]! * 256 + (value & 0xff);
      }
      packed.sort();
      for (let i = 0; i < packed.length; i++) {
        docs[at + i] = packed[i]! >>> 8;
        weights[at + i] = packed[i]! & 0xff;
      }
      at += list.length;
      lists[id] = [];
    });
    starts[lists.length] = at;
    const trie = new TypoTrie();
    const phrases: [string, number][] = [];
    for (const [term, id] of this.termIds) {
      if (term.includes(' ')) phrases.push([term, id]);
      else trie.add(term, id);
    }
    return { starts, docs, weights, trie: trie.toArrays(), phrases };
  }

  private tokensOf(text: string, weight: number): string[] {
    if (weight === FIELD_WEIGHTS.title || weight === FIELD_WEIGHTS.slug) return tokenize(text);
    let tokens = this.tokenized.get(text);
    if (!tokens) {
      tokens = tokenize(text);
      this.tokenized.set(text, tokens);
    }
    return tokens;
  }

  // Postings are packed as doc * 256 + weight (documents stay below 2^24, weights below 256).
  private post(term: string, doc: number, weight: number): void {
    if (this.lexicon.stopWords.has(term)) return;
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.lists.length;
      this.termIds.set(term, id);
      this.lists.push([]);
    }
    const list = this.lists[id]!;
    const last = list.length - 1;
    const packed = doc * 256 + weight;
    if (last >= 0 && list[last]! >>> 8 === doc) {
      if ((list[last]! & 0xff) < weight) list[last] = packed;
    } else list.push(packed);
  }
}
