import type { FacetCounts } from '../../query/dictionary.js';
import type { OrderingArrays } from '../orderings.js';
import type { TextArrays } from '../text-index-builder.js';
import type { KeyTableArrays } from './key-table.js';

/**
 * A catalog's embedded index as typed arrays and a little JSON: everything a search reads,
 * without one JavaScript object per product. Documents are numbered newest first (ties by
 * slug). Products themselves stay bytes (their JSON), read when a page or an answer shows them.
 * Built by `PackBuilder`; written to a file and read back by `encodeIndex` and `decodeIndex`;
 * opened by `openPackedIndex`.
 */
export interface PackedIndex {
  /** The number of products. */
  readonly count: number;
  readonly text: TextArrays;
  /** Each document's slug. */
  readonly slugs: KeyTableArrays;
  /** Each document's item number; `itemNext[doc]` is the next document with the same one, or -1. */
  readonly items: KeyTableArrays;
  readonly itemNext: Int32Array;
  readonly orderings: OrderingArrays;
  /** Where each document's JSON starts among the product bytes, and its length. */
  readonly productStart: Float64Array;
  readonly productLength: Uint32Array;
  /** The value counts the query dictionary is built from (corrections, suggestions). */
  readonly facets: FacetCounts;
  /**
   * Two 32-bit hashes per document of what the product says (its date left out), when asked
   * for: what a new version of the catalog changed.
   */
  readonly fingerprints?: Uint32Array;
  /**
   * A digest of everything a search that reads no price reads, when read back from bytes
   * (`decodeIndex`): two versions with the same one answer such searches alike.
   */
  readonly searchDigest?: string;
}

/** Where the products' JSON is read from (a prepared file). */
export interface ProductBytes {
  /** `length` bytes from `start`: valid until the next call. */
  read(start: number, length: number): Uint8Array;
}
