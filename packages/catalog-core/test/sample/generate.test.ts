import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '../../src/categories.js';
import { listingUrl } from '../../src/listing-url.js';
import { ProductSchema } from '../../src/product.js';
import { generateSampleCatalog, SAMPLE_COUNT, SAMPLE_EPOCH } from '../../src/sample/generate.js';

const checker = Compile(ProductSchema);
const catalog = generateSampleCatalog();

describe('generateSampleCatalog', () => {
  it('has exactly 17,917 products by default', () => {
    expect(SAMPLE_COUNT).toBe(17_917);
    expect(catalog).toHaveLength(17_917);
  });

  it('is deterministic: the same seed gives a byte-identical catalog', () => {
    const again = generateSampleCatalog();
    expect(again).toEqual(catalog);
    expect(JSON.stringify(again)).toBe(JSON.stringify(catalog));
    const seeded = generateSampleCatalog({ seed: 42, count: 500 });
    expect(JSON.stringify(generateSampleCatalog({ seed: 42, count: 500 }))).toBe(
      JSON.stringify(seeded),
    );
  });

  it('differs with another seed', () => {
    const a = generateSampleCatalog({ seed: 1, count: 300 });
    const b = generateSampleCatalog({ seed: 2, count: 300 });
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
    expect(a.filter((p, i) => p.slug === b[i]!.slug)).toHaveLength(0);
  });

  it('passes ProductSchema for every product', () => {
    const failures = catalog.filter((p) => !checker.Check(p));
    expect(failures.slice(0, 3).map((p) => [...checker.Errors(p)])).toEqual([]);
  });

  it('covers all 14 categories, sneakers, t-shirts and hoodies biggest', () => {
    const counts = new Map<string, number>();
    for (const p of catalog) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...CATEGORY_IDS].sort());
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    expect(ranked.slice(0, 3)).toEqual(['sneakers', 't-shirts', 'hoodies']);
    for (const small of ['perfumes', 'electronics', 'kids']) {
      expect(ranked.indexOf(small)).toBeGreaterThanOrEqual(11);
    }
  });

  it('has unique slugs ending with the item id and unique (marketplace, item_id)', () => {
    expect(new Set(catalog.map((p) => p.slug)).size).toBe(catalog.length);
    expect(new Set(catalog.map((p) => `${p.marketplace}:${p.item_id}`)).size).toBe(catalog.length);
    for (const p of catalog) {
      expect(p.slug.endsWith(`-${p.item_id}`)).toBe(true);
      expect(p.listing_url).toBe(listingUrl(p.marketplace, p.item_id));
    }
  });

  it('looks like a reps catalog: marketplace mix, prices, dates, photos, batches', () => {
    const by = (m: string) => catalog.filter((p) => p.marketplace === m).length;
    expect(by('weidian')).toBeGreaterThan(by('taobao'));
    expect(by('taobao')).toBeGreaterThan(by('1688'));
    expect(by('1688')).toBeGreaterThan(0);
    const epoch = Date.parse(SAMPLE_EPOCH);
    for (const p of catalog) {
      expect(Math.round(p.price * 10)).toBe(p.price * 10);
      const at = Date.parse(p.created_at);
      expect(at).toBeLessThanOrEqual(epoch);
      expect(at).toBeGreaterThan(epoch - 731 * 86_400_000);
      expect(p.qc_photos.length).toBeGreaterThanOrEqual(2);
      expect(p.qc_photos.length).toBeLessThanOrEqual(6);
      expect(p.qc_photos[0]).toBe(`/qc/${p.slug}/1.svg`);
    }
    const dunk = catalog.find((p) => p.model === 'Dunk Low' && p.batch);
    expect(dunk?.title).toMatch(/^Nike Dunk Low '[^']+' \(\S+ batch\)$/);
    expect(catalog.some((p) => p.title.startsWith('Air Jordan'))).toBe(true);
    expect(catalog.some((p) => p.weight_grams !== undefined)).toBe(true);
    expect(catalog.some((p) => p.weight_grams === undefined)).toBe(true);
    expect(catalog.some((p) => p.price % 1 !== 0)).toBe(true);
  });

  it('sizes the catalog with count, keeping the categories spread', () => {
    const small = generateSampleCatalog({ count: 1_000 });
    expect(small).toHaveLength(1_000);
    expect(new Set(small.map((p) => p.category)).size).toBe(14);
    expect(generateSampleCatalog({ count: 0 })).toEqual([]);
    expect(generateSampleCatalog({ count: 5 })).toHaveLength(5);
  });

  // How fast it generates is the bench's figure (`pnpm bench --scale`), never a unit test's.
  it('generates 200,000 unique products', { timeout: 60_000 }, () => {
    const big = generateSampleCatalog({ count: 200_000, seed: 7 });
    expect(big).toHaveLength(200_000);
    expect(new Set(big.map((p) => p.slug)).size).toBe(200_000);
  });

  it('rejects invalid options', () => {
    expect(() => generateSampleCatalog({ count: -1 })).toThrow(RangeError);
    expect(() => generateSampleCatalog({ count: 1.5 })).toThrow(RangeError);
    expect(() => generateSampleCatalog({ seed: Number.NaN })).toThrow(RangeError);
  });
});
