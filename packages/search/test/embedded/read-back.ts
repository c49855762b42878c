import { DEFAULT_LEXICON, type Lexicon, type Product } from '@repo/catalog-core';
import type { CatalogIndex } from '../../src/catalog-index.js';
import {
  decodeIndex,
  encodeIndex,
  openPackedIndex,
  PackBuilder,
} from '../../src/embedded/index.js';
import { compileLexicon } from '../../src/index.js';

/**
 * The embedded index as a process reads it from a prepared file: encoded to bytes, its layout
 * through JSON and its arrays into a shared buffer, the products parsed from their JSON when
 * shown, each read into one buffer that the next read reuses.
 */
export function readBack(
  products: readonly Product[],
  earlier?: CatalogIndex,
  lexicon: Lexicon = DEFAULT_LEXICON,
): CatalogIndex {
  const chunks: Uint8Array[] = [];
  const builder = new PackBuilder({
    lexicon: compileLexicon(lexicon),
    write: (json) => chunks.push(json),
  });
  for (const product of products) builder.add(product);
  const { layout, parts } = encodeIndex(builder.finish().index);
  const encoded = Buffer.concat(parts);
  const region = new SharedArrayBuffer(encoded.length);
  new Uint8Array(region).set(encoded);
  const bytes = Buffer.concat(chunks);
  let scratch = Buffer.alloc(0);
  return openPackedIndex(
    decodeIndex(JSON.parse(JSON.stringify(layout)), region),
    {
      read(start, length) {
        if (scratch.length < length) scratch = Buffer.alloc(length * 2);
        bytes.copy(scratch, 0, start, start + length);
        return scratch.subarray(0, length);
      },
    },
    { earlier, lexicon },
  );
}
