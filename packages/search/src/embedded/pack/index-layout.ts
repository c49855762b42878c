import { createHash } from 'node:crypto';
import type { FacetCounts } from '../../query/dictionary.js';
import { BROWSE_SORTS, type BrowseSort } from '../orderings.js';
import type { PackedIndex } from './packed-index.js';

/**
 * The version of {@link PackedIndex}'s layout: a prepared index of another version is built
 * again, never read. Change it with any change to what the arrays mean.
 */
export const PACKED_INDEX_VERSION = 1;

type ArrayKind = 'u8' | 'u32' | 'i32' | 'f64';
type Typed = Uint8Array | Uint32Array | Int32Array | Float64Array;

/** Where each array of a {@link PackedIndex} lies in its bytes, and its little JSON. */
export interface IndexLayout {
  readonly version: number;
  readonly count: number;
  readonly deepest: number;
  readonly phrases: readonly (readonly [string, number])[];
  /** Name → [byte offset, element count, kind]. */
  readonly arrays: Readonly<Record<string, readonly [number, number, ArrayKind]>>;
  /** The digest of what a search that reads no price reads (absent from older layouts). */
  readonly search?: string;
}

const KINDS = { u8: Uint8Array, u32: Uint32Array, i32: Int32Array, f64: Float64Array } as const;

function kindOf(array: Typed): ArrayKind {
  if (array instanceof Uint8Array) return 'u8';
  if (array instanceof Uint32Array) return 'u32';
  if (array instanceof Int32Array) return 'i32';
  return 'f64';
}

// The arrays of an index by name; the facet counts go as JSON bytes (they can be large).
function arraysOf(index: PackedIndex): Record<string, Typed> {
  const { text, orderings } = index;
  const named: Record<string, Typed> = {
    'text.starts': text.starts,
    'text.docs': text.docs,
    'text.weights': text.weights,
    'trie.firstChild': text.trie.firstChild,
    'trie.nextSibling': text.trie.nextSibling,
    'trie.letter': text.trie.letter,
    'trie.term': text.trie.term,
    'slugs.bytes': index.slugs.bytes,
    'slugs.offsets': index.slugs.offsets,
    'slugs.slots': index.slugs.slots,
    'items.bytes': index.items.bytes,
    'items.offsets': index.items.offsets,
    'items.slots': index.items.slots,
    itemNext: index.itemNext,
    price: orderings.price,
    category: orderings.category,
    counts: orderings.counts,
    productStart: index.productStart,
    productLength: index.productLength,
    facets: new TextEncoder().encode(JSON.stringify(index.facets)),
  };
  for (const sort of BROWSE_SORTS) {
    named[`order.${sort}`] = orderings.orders[sort];
    named[`rank.${sort}`] = orderings.ranks[sort];
  }
  if (index.fingerprints) named.fingerprints = index.fingerprints;
  return named;
}

// What a search reads only when it filters or sorts by price, and where the products' own bytes
// lie: an edit of prices changes these and nothing else (see `searchDigestOf`).
const PRICED_OR_STORED = new Set([
  'price',
  'order.price_asc',
  'order.price_desc',
  'rank.price_asc',
  'rank.price_desc',
  'productStart',
  'productLength',
  'fingerprints',
]);

/**
 * A digest of everything a search that neither filters nor sorts by price reads: the text, the
 * slugs and document numbers, the categories, the other orders, the dictionary's counts. Two
 * indexes with the same one find the same documents for such a search, in the same order and
 * with the same counts; the products shown may still differ (their bytes are not in it).
 */
function searchDigestOf(index: PackedIndex, arrays: Record<string, Typed>): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([index.count, index.text.trie.deepest, index.text.phrases]));
  for (const [name, array] of Object.entries(arrays)) {
    if (PRICED_OR_STORED.has(name)) continue;
    hash.update(name);
    hash.update(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  }
  return hash.digest('base64url');
}

/**
 * Whether a search that neither filters nor sorts by price answers alike in both indexes (see
 * {@link searchDigestOf}): known only of indexes read back from their bytes, which carry the
 * digest their encoding took; false for any other.
 */
export function searchesAlike(a: PackedIndex, b: PackedIndex): boolean {
  return a.searchDigest !== undefined && a.searchDigest === b.searchDigest;
}

/**
 * A {@link PackedIndex} as bytes: `parts` written one after the other make `byteLength` bytes,
 * each array starting at a multiple of 8, which {@link decodeIndex} reads back with `layout`.
 */
export function encodeIndex(index: PackedIndex): {
  layout: IndexLayout;
  parts: Uint8Array[];
  byteLength: number;
} {
  const arrays: Record<string, [number, number, ArrayKind]> = {};
  const parts: Uint8Array[] = [];
  let at = 0;
  const named = arraysOf(index);
  for (const [name, array] of Object.entries(named)) {
    arrays[name] = [at, array.length, kindOf(array)];
    parts.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    at += array.byteLength;
    const pad = (8 - (at % 8)) % 8;
    if (pad > 0) parts.push(new Uint8Array(pad));
    at += pad;
  }
  const layout: IndexLayout = {
    version: PACKED_INDEX_VERSION,
    count: index.count,
    deepest: index.text.trie.deepest,
    phrases: index.text.phrases,
    arrays,
    search: searchDigestOf(index, named),
  };
  return { layout, parts, byteLength: at };
}

/**
 * The {@link PackedIndex} in `buffer` (the bytes of {@link encodeIndex}, from `base`, a multiple
 * of 8): views, no copy.
 *
 * @throws {RangeError} when the layout is of another version or does not fit the buffer.
 */
export function decodeIndex(layout: IndexLayout, buffer: ArrayBufferLike, base = 0): PackedIndex {
  if (layout.version !== PACKED_INDEX_VERSION) {
    throw new RangeError(`index layout ${layout.version}, not ${PACKED_INDEX_VERSION}`);
  }
  const view = <K extends ArrayKind>(name: string, kind: K): InstanceType<(typeof KINDS)[K]> => {
    const entry = layout.arrays[name];
    if (!entry || entry[2] !== kind) throw new RangeError(`index array ${name} is missing`);
    const [offset, length] = entry;
    const Kind: new (buffer: ArrayBufferLike, offset: number, length: number) => Typed =
      KINDS[kind];
    return new Kind(buffer, base + offset, length) as InstanceType<(typeof KINDS)[K]>;
  };
  const orders = {} as Record<BrowseSort, Uint32Array>;
  const ranks = {} as Record<BrowseSort, Uint32Array>;
  for (const sort of BROWSE_SORTS) {
    orders[sort] = view(`order.${sort}`, 'u32');
    ranks[sort] = view(`rank.${sort}`, 'u32');
  }
  const facetBytes = view('facets', 'u8');
  let facets: FacetCounts | undefined;
  return {
    count: layout.count,
    text: {
      starts: view('text.starts', 'u32'),
      docs: view('text.docs', 'u32'),
      weights: view('text.weights', 'u8'),
      trie: {
        firstChild: view('trie.firstChild', 'i32'),
        nextSibling: view('trie.nextSibling', 'i32'),
        letter: view('trie.letter', 'i32'),
        term: view('trie.term', 'i32'),
        deepest: layout.deepest,
      },
      phrases: layout.phrases,
    },
    slugs: {
      bytes: view('slugs.bytes', 'u8'),
      offsets: view('slugs.offsets', 'u32'),
      slots: view('slugs.slots', 'i32'),
    },
    items: {
      bytes: view('items.bytes', 'u8'),
      offsets: view('items.offsets', 'u32'),
      slots: view('items.slots', 'i32'),
    },
    itemNext: view('itemNext', 'i32'),
    orderings: {
      price: view('price', 'f64'),
      category: view('category', 'u8'),
      counts: view('counts', 'u32'),
      orders,
      ranks,
    },
    productStart: view('productStart', 'f64'),
    productLength: view('productLength', 'u32'),
    // Parsed when first read: a version that takes the query dictionary of the one before (the
    // same counts) never reads them, and they are many at 200,000 products.
    get facets() {
      facets ??= JSON.parse(new TextDecoder().decode(facetBytes)) as FacetCounts;
      return facets;
    },
    ...(layout.arrays.fingerprints && { fingerprints: view('fingerprints', 'u32') }),
    ...(layout.search !== undefined && { searchDigest: layout.search }),
  };
}
