import type { Product } from '@repo/catalog-core';
import { facetTally } from '../../query/dictionary.js';
import type { QueryLexicon } from '../../query/query-lexicon.js';
import { sortKey } from '../../text.js';
import { buildOrderings, categoryPosition } from '../orderings.js';
import { TextIndexBuilder } from '../text-index-builder.js';
import { DOC_SPACE } from '../top-k.js';
import { buildKeyTable, KeyTable } from './key-table.js';
import type { PackedIndex } from './packed-index.js';

/** Options of {@link PackBuilder}. */
export interface PackBuilderOptions {
  /** How product text is indexed (stop words, synonym phrases, kinds). */
  readonly lexicon: QueryLexicon;
  /**
   * Receives each product's JSON in turn; the index says where each one lies among them. Absent:
   * the products are kept by the caller (`productStart` and `productLength` are empty).
   */
  readonly write?: (json: Uint8Array) => void;
  /** Keep a fingerprint of each product (see `PackedIndex.fingerprints`). */
  readonly fingerprints?: boolean;
}

const encoder = new TextEncoder();

/**
 * Builds a {@link PackedIndex} from products given one at a time, keeping none of them: what a
 * product costs while the catalog is read is its words, its postings and a few numbers, so a
 * catalog streamed from a file is indexed in a small part of the memory its objects would take.
 */
export class PackBuilder {
  private readonly text: TextIndexBuilder;
  private readonly facets = facetTally();
  private readonly createdAt: number[] = [];
  private readonly price: number[] = [];
  private readonly category: number[] = [];
  private readonly slugs: string[] = [];
  private readonly itemIds: string[] = [];
  private readonly titleKeys: string[] = [];
  private readonly start: number[] = [];
  private readonly length: number[] = [];
  private readonly prints: number[] = [];
  private written = 0;

  constructor(private readonly options: PackBuilderOptions) {
    this.text = new TextIndexBuilder(options.lexicon);
  }

  /** The number of products added so far. */
  get count(): number {
    return this.slugs.length;
  }

  /** Adds a product (a valid one: see `normalizeProduct`). */
  add(product: Product): void {
    const doc = this.slugs.length;
    if (doc + 1 >= DOC_SPACE) throw new RangeError('too many products for one index');
    this.text.add(product, doc);
    this.facets.add(product);
    this.createdAt.push(Date.parse(product.created_at));
    this.price.push(product.price);
    this.category.push(categoryPosition(product.category));
    this.slugs.push(product.slug);
    this.itemIds.push(product.item_id);
    this.titleKeys.push(sortKey(product.title));
    const { write } = this.options;
    const json = write || this.options.fingerprints ? JSON.stringify(product) : '';
    if (write) {
      const bytes = encoder.encode(json);
      this.start.push(this.written);
      this.length.push(bytes.length);
      this.written += bytes.length;
      write(bytes);
    }
    if (this.options.fingerprints) {
      // What it says, not when it was read (a row without a date is dated at each load).
      const said = json.replace(`"created_at":${JSON.stringify(product.created_at)}`, '');
      this.prints.push(fnv(said, 0x811c9dc5), fnv(said, 0x050c5d1f));
    }
  }

  /**
   * The index of every product added, numbered newest first (ties by slug), and the position in
   * which each document was added (`added[doc]`).
   */
  finish(): { index: PackedIndex; added: Uint32Array } {
    const n = this.slugs.length;
    const { createdAt, slugs } = this;
    const byOld = Array.from({ length: n }, (_, i) => i);
    byOld.sort((a, b) => createdAt[b]! - createdAt[a]! || (slugs[a]! < slugs[b]! ? -1 : 1));
    const renumber = new Uint32Array(n);
    byOld.forEach((old, doc) => {
      renumber[old] = doc;
    });
    const text = this.text.finish(renumber);
    const inOrder = <T>(values: readonly T[]): T[] => byOld.map((old) => values[old]!);
    const newSlugs = inOrder(slugs);
    const itemIds = inOrder(this.itemIds);
    const items = buildKeyTable(itemIds);
    const itemNext = new Int32Array(n).fill(-1);
    const tail = new Int32Array(n).fill(-1);
    const itemTable = new KeyTable(items);
    for (let doc = 0; doc < n; doc++) {
      const first = itemTable.find(itemIds[doc]!);
      if (first === doc) tail[doc] = doc;
      else {
        itemNext[tail[first]!] = doc;
        tail[first] = doc;
      }
    }
    const orderings = buildOrderings(
      Float64Array.from(inOrder(this.price)),
      Uint8Array.from(inOrder(this.category)),
      inOrder(this.titleKeys),
    );
    let fingerprints: Uint32Array | undefined;
    if (this.options.fingerprints) {
      fingerprints = new Uint32Array(2 * n);
      byOld.forEach((old, doc) => {
        fingerprints![2 * doc] = this.prints[2 * old]!;
        fingerprints![2 * doc + 1] = this.prints[2 * old + 1]!;
      });
    }
    const index: PackedIndex = {
      count: n,
      text,
      slugs: buildKeyTable(newSlugs),
      items,
      itemNext,
      orderings,
      productStart: Float64Array.from(inOrder(this.start)),
      productLength: Uint32Array.from(inOrder(this.length)),
      facets: this.facets.counts,
      ...(fingerprints && { fingerprints }),
    };
    return { index, added: Uint32Array.from(byOld) };
  }
}

// FNV-1a over UTF-16 code units, from a seed: two seeds give a 64-bit fingerprint.
function fnv(text: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
