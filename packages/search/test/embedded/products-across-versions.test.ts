import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { describe, expect, it } from 'vitest';
import type { CatalogIndex } from '../../src/catalog-index.js';
import { readBack } from './read-back.js';

const products = generateSampleCatalog({ count: 200 });

/** A version as a process opens it from its prepared form. */
const open = readBack;

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

  it('keeps from its first time a search the version before kept, with this version’s answer', async () => {
    const before = open(products);
    const query = { q: products[0]!.brand, category: products[0]!.category, limit: 7 };
    await before.search(query);
    await before.search(query);
    const changed = products.map((p, i) => (i === 0 ? { ...p, title: `${p.title} v2` } : p));
    const after = open(changed, before);
    const first = await after.search(query);
    expect(await after.search(query)).toBe(first);
    expect(first.hits.some((hit) => hit.title.endsWith(' v2'))).toBe(true);
    // A query the version before never kept is kept from its second time, as always.
    const other = { q: products[1]!.brand, limit: 3 };
    expect(await after.search(other)).not.toBe(await after.search(other));
  });
});
