import type { Product } from '@repo/catalog-core';
import { LRUCache } from 'lru-cache';
import { KeyTable } from './key-table.js';
import type { PackedIndex, ProductBytes } from './packed-index.js';

/** The product of each document. */
export interface ProductSource {
  product(doc: number): Product;
  /**
   * The product this source keeps for a slug (its UTF-8 bytes) when its JSON is `json`, byte
   * for byte; else undefined.
   */
  kept?(slug: Uint8Array, json: Uint8Array): Product | undefined;
  /** The bytes of the product with this slug (its UTF-8 bytes): valid until the next read. */
  bytesOf?(slug: Uint8Array): Uint8Array | undefined;
  /**
   * Whether `product`, which the source this one follows made for the same slug, is this
   * document's product too (the same bytes); it is then this document's object from now on.
   */
  shows?(doc: number, product: Product): boolean;
  clear(): void;
}

// Products read back from their bytes, the most recently shown first: the pages and answers of
// a busy catalog show the same few thousand again and again.
const READ_CACHE_SIZE = 4_096;
const decoder = new TextDecoder();

// Whether a product's bytes in two versions are the same. Both read through one buffer would be
// compared with themselves: that is never taken for the same.
function sameBytes(mine: Uint8Array, theirs: Uint8Array): boolean {
  if (mine.buffer === theirs.buffer && mine.byteOffset === theirs.byteOffset) return false;
  return Buffer.compare(mine, theirs) === 0;
}

/** Products held as objects, in document order (a catalog built in process). */
export function productsInMemory(products: readonly Product[]): ProductSource {
  return { product: (doc) => products[doc]!, clear: () => {} };
}

/**
 * Products read from their JSON bytes when first shown, the last few thousand kept. With the
 * source of the version before (`earlier`), a product whose bytes did not change is that
 * version's object, as long as it keeps one: a reload of a large catalog otherwise makes the
 * same few thousand objects again, and the garbage collector runs through both copies while the
 * old version still serves.
 */
export function productsFromBytes(
  packed: PackedIndex,
  bytes: ProductBytes,
  earlier?: ProductSource,
): ProductSource {
  const read = new LRUCache<number, Product>({ max: READ_CACHE_SIZE });
  const { bytes: slugBytes, offsets } = packed.slugs;
  let slugs: KeyTable | undefined;
  let open = true;
  // Weak: a version never keeps the one before it alive.
  const before = earlier && new WeakRef(earlier);
  return {
    product(doc) {
      let product = read.get(doc);
      if (product === undefined) {
        const json = bytes.read(packed.productStart[doc]!, packed.productLength[doc]!);
        // Once the version before is collected, a read is what it was without one.
        const lender = before?.deref();
        product =
          lender?.kept?.(slugBytes.subarray(offsets[doc]!, offsets[doc + 1]!), json) ??
          (JSON.parse(decoder.decode(json)) as Product);
        read.set(doc, product);
      }
      return product;
    },
    kept(slug, json) {
      if (!open) return undefined;
      slugs ??= new KeyTable(packed.slugs);
      const doc = slugs.findBytes(slug);
      if (doc === -1 || packed.productLength[doc] !== json.length) return undefined;
      const product = read.peek(doc);
      if (product === undefined) return undefined;
      try {
        return sameBytes(bytes.read(packed.productStart[doc]!, json.length), json)
          ? product
          : undefined;
      } catch {
        // This version's file can no longer be read: the next one reads its own.
        return undefined;
      }
    },
    bytesOf(slug) {
      if (!open) return undefined;
      slugs ??= new KeyTable(packed.slugs);
      const doc = slugs.findBytes(slug);
      if (doc === -1) return undefined;
      try {
        return bytes.read(packed.productStart[doc]!, packed.productLength[doc]!);
      } catch {
        return undefined;
      }
    },
    shows(doc, product) {
      const known = read.peek(doc);
      if (known !== undefined) return known === product;
      const theirs = before
        ?.deref()
        ?.bytesOf?.(slugBytes.subarray(offsets[doc]!, offsets[doc + 1]!));
      if (theirs === undefined || theirs.length !== packed.productLength[doc]) return false;
      if (!sameBytes(bytes.read(packed.productStart[doc]!, theirs.length), theirs)) return false;
      read.set(doc, product);
      return true;
    },
    clear: () => {
      open = false;
      read.clear();
    },
  };
}
