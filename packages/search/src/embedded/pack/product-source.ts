import type { Product } from '@repo/catalog-core';
import { LRUCache } from 'lru-cache';
import type { PackedIndex, ProductBytes } from './packed-index.js';

/** The product of each document. */
export interface ProductSource {
  product(doc: number): Product;
  clear(): void;
}

// Products read back from their bytes, the most recently shown first: the pages and answers of
// a busy catalog show the same few thousand again and again.
const READ_CACHE_SIZE = 4_096;
const decoder = new TextDecoder();

/** Products held as objects, in document order (a catalog built in process). */
export function productsInMemory(products: readonly Product[]): ProductSource {
  return { product: (doc) => products[doc]!, clear: () => {} };
}

/** Products read from their JSON bytes when first shown, the last few thousand kept. */
export function productsFromBytes(packed: PackedIndex, bytes: ProductBytes): ProductSource {
  const read = new LRUCache<number, Product>({ max: READ_CACHE_SIZE });
  return {
    product(doc) {
      let product = read.get(doc);
      if (product === undefined) {
        const json = bytes.read(packed.productStart[doc]!, packed.productLength[doc]!);
        product = JSON.parse(decoder.decode(json)) as Product;
        read.set(doc, product);
      }
      return product;
    },
    clear: () => read.clear(),
  };
}
