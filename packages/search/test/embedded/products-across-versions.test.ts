import { DEFAULT_LEXICON, type Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { describe, expect, it } from 'vitest';
import type { CatalogIndex } from '../../src/catalog-index.js';
import {
  decodeIndex,
  encodeIndex,
  openPackedIndex,
  PackBuilder,
} from '../../src/embedded/index.js';
import { compileLexicon } from '../../src/index.js';

const products = generateSampleCatalog({ count: 200 });

/** A version as a process opens it from its prepared form: a shared region, its own bytes. */
function open(catalog: readonly Product[], earlier?: CatalogIndex): CatalogIndex {
  const chunks: Uint8Array[] = [];
  const builder = new PackBuilder({
    lexicon: compileLexicon(DEFAULT_LEXICON),
    write: (json) => chunks.push(json),
  });
  for (const product of catalog) builder.add(product);
  const { layout, parts } = encodeIndex(builder.finish().index);
  const region = new SharedArrayBuffer(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    new Uint8Array(region, at, part.length).set(part);
    at += part.length;
  }
  const bytes = Buffer.concat(chunks);
  // One buffer for every read, valid until the next one, as a prepared file's reader does.
  let scratch = Buffer.alloc(0);
  return openPackedIndex(
    decodeIndex(layout, region),
    {
      read(start, length) {
        if (scratch.length < length) scratch = Buffer.alloc(length * 2);
        bytes.copy(scratch, 0, start, start + length);
        return scratch.subarray(0, length);
      },
    },
    { earlier },
  );
}

const [first, second, third] = products.map((p) => p.slug);

describe('products across versions', () => {
  it('are the same objects where the bytes did not change, new where they did', async () => {
    const before = open(products);
    const kept = await before.getBySlug(first!);
    const dearer = await before.getBySlug(second!);
    const changed = products.map((p) => (p.slug === second ? { ...p, price: p.price + 1 } : p));
    const after = open(changed, before);

    expect(await after.getBySlug(first!)).toBe(kept);
    const now = await after.getBySlug(second!);
    expect(now).not.toBe(dearer);
    expect(now?.price).toBe(dearer!.price + 1);
    // One the version before never read is read from the bytes.
    expect(await after.getBySlug(third!)).toEqual(products.find((p) => p.slug === third));
  });

  it('are read again once the version before is closed', async () => {
    const before = open(products);
    const kept = await before.getBySlug(first!);
    await before.close();
    const after = open(products, before);
    const read = await after.getBySlug(first!);
    expect(read).not.toBe(kept);
    expect(read).toEqual(kept);
  });

  it('are taken from a version opened here only, and searches answer alike', async () => {
    const before = open(products);
    const after = open(products, before);
    const q = { q: 'nike', limit: 10 };
    expect((await after.search(q)).hits).toEqual((await before.search(q)).hits);
    const kept = await before.getBySlug(first!);
    // An index another site wraps (metrics) is not one this package opened.
    const wrapped = { ...before, getBySlug: before.getBySlug.bind(before) } as CatalogIndex;
    const alone = open(products, wrapped);
    const read = await alone.getBySlug(first!);
    expect(read).not.toBe(kept);
    expect(read).toEqual(kept);
  });
});
