import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import type { CatalogIndex } from '@repo/search';
import { createEmbeddedIndex } from '@repo/search/embedded';
import { describe, expect, it } from 'vitest';
import { CatalogReads } from '../../src/render/catalog-reads.js';
import { PageCache } from '../../src/render/page-cache.js';
import { chrome as siteChrome } from './site-chrome.js';

const chrome = { ...siteChrome, version: 'aaaaaaaaaaaaaaaa' };
const nextChrome = { ...siteChrome, version: 'bbbbbbbbbbbbbbbb' };

const products = generateSampleCatalog({ count: 400 });
const before = createEmbeddedIndex(products);
const relatedOf = (p: Product) => ({ q: p.brand, category: p.category, limit: 7 });
// A product whose related search shows others: the page that an edit of one of them changes.
const { shown, other } = await (async () => {
  for (const p of products) {
    const hit = (await before.search(relatedOf(p))).hits.find((h) => h.slug !== p.slug);
    if (hit) return { shown: p, other: hit };
  }
  throw new Error('no product with related products in the sample');
})();

/** The catalog with `edit` applied to the product of `slug`. */
function edited(slug: string, edit: (p: Product) => Product): CatalogIndex {
  return createEmbeddedIndex(products.map((p) => (p.slug === slug ? edit(p) : p)));
}

/** A product page as the product route builds one: its product, then its related search. */
async function productPage(cache: PageCache, catalog: CatalogIndex, also?: 'categories') {
  return cache.get(
    'product',
    async () => {
      const reads = new CatalogReads();
      const read = reads.of(catalog);
      const p = (await read.getBySlug(shown.slug))!;
      const related = await read.search(relatedOf(p));
      if (also) await read.categories();
      const model = {
        title: p.title,
        description: `${related.total} related`,
        url: 'http://x.test/p',
        mdUrl: 'http://x.test/p.md',
        h1: p.title,
        blocks: related.hits.map((h) => ({ kind: 'paragraph' as const, content: [h.title] })),
      };
      return { model, reads };
    },
    { url: `/producto/${shown.slug}`, headers: {} },
  );
}

async function kept(also?: 'categories') {
  const earlier = new PageCache(1 << 20, chrome);
  return { earlier, page: await productPage(earlier, before, also) };
}

describe('CatalogReads', () => {
  it('reads alike in two versions that answer its reads the same, and not after an edit of one', async () => {
    const reads = new CatalogReads();
    const read = reads.of(before);
    const p = (await read.getBySlug(shown.slug))!;
    await read.search(relatedOf(p));
    expect(await reads.readAlike(before, createEmbeddedIndex(products))).toBe(true);
    // A related product a yuan dearer, the product itself renamed, or gone.
    const dearer = edited(other.slug, (o) => ({ ...o, price: o.price + 1 }));
    expect(await reads.readAlike(before, dearer)).toBe(false);
    const renamed = edited(shown.slug, (s) => ({ ...s, title: `${s.title} II` }));
    expect(await reads.readAlike(before, renamed)).toBe(false);
    const gone = createEmbeddedIndex(products.filter((x) => x.slug !== shown.slug));
    expect(await reads.readAlike(before, gone)).toBe(false);
  });

  it('asks a search of the version after only, and keeps its answer from then on', async () => {
    const searched: string[] = [];
    const handed: unknown[] = [];
    const answered: unknown[] = [];
    // `catalog`, telling which of its searches are asked; asked again, it searches in full.
    const counted = (name: string, catalog: CatalogIndex): CatalogIndex => ({
      engine: catalog.engine,
      search: (query) => {
        searched.push(name);
        return catalog.search(query);
      },
      searchAgain: async (query, earlier) => {
        searched.push(`${name} again`);
        handed.push(earlier);
        const answer = await catalog.search(query);
        answered.push(answer);
        return answer;
      },
      getBySlug: (slug) => catalog.getBySlug(slug),
      categories: () => catalog.categories(),
      featured: (limit) => catalog.featured(limit),
      health: () => catalog.health(),
      close: () => catalog.close(),
    });
    const reads = new CatalogReads();
    const read = reads.of(counted('built', before));
    const p = (await read.getBySlug(shown.slug))!;
    const answer = await read.search(relatedOf(p));
    const after = createEmbeddedIndex(products);
    expect(await reads.readAlike(counted('before', before), counted('after', after))).toBe(true);
    expect(searched).toEqual(['built', 'after again']);
    expect(handed).toEqual([answer]);
    expect(handed[0]).toBe(answer);
    // The version after's answer is the one kept: the next version is handed it.
    expect(answered[0]).not.toBe(answer);
    expect(await reads.readAlike(after, counted('third', createEmbeddedIndex(products)))).toBe(
      true,
    );
    expect(handed[1]).toBe(answered[0]);
  });

  it('does not read alike once it read what it cannot ask again', async () => {
    const reads = new CatalogReads();
    await reads.of(before).featured(3);
    expect(await reads.readAlike(before, before)).toBe(false);
  });
});

describe('PageCache.adopt', () => {
  it('keeps the earlier page, its model and renderings, when every read answers the same', async () => {
    const { earlier, page } = await kept();
    const html = page.html();
    const next = new PageCache(1 << 20, nextChrome);
    next.follow(earlier, true);
    const after = edited(products.at(-1)!.slug, (p) => ({ ...p, price: p.price + 1 }));
    expect(await next.adopt('product', page, before, after)).toBe(true);
    const taken = next.peek('product')!;
    expect(taken.model).toBe(page.model);
    expect(taken.replay).toEqual(page.replay);
    expect(taken.html().body).toBe(html.body);
    expect(taken.html().etag).toBe(html.etag.replace(chrome.version, nextChrome.version));
    // Taken over again by the version after.
    const third = new PageCache(1 << 20, { ...siteChrome, version: 'cccccccccccccccc' });
    third.follow(next, true);
    expect(await third.adopt('product', taken, after, after)).toBe(true);
  });

  it('keeps no version before alive through a page it took over', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let old: CatalogIndex | undefined = createEmbeddedIndex(products);
    const gone = new WeakRef(old);
    const earlier = new PageCache(1 << 20, chrome);
    const page = await productPage(earlier, old);
    const next = new PageCache(1 << 20, nextChrome);
    next.follow(earlier, true);
    expect(await next.adopt('product', page, old, before)).toBe(true);
    old = undefined;
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(gone.deref()).toBeUndefined();
    expect(next.peek('product')?.html().body.length).toBeGreaterThan(0);
  });

  it('takes over no page that one of its reads changed: it is built again', async () => {
    const { earlier, page } = await kept();
    const next = new PageCache(1 << 20, nextChrome);
    next.follow(earlier, true);
    const dearer = edited(other.slug, (o) => ({ ...o, price: o.price + 1 }));
    expect(await next.adopt('product', page, before, dearer)).toBe(false);
    expect(next.peek('product')).toBeUndefined();
    const built = await productPage(next, dearer);
    expect(built.model).not.toBe(page.model);
  });

  it('takes over nothing from another site, another chrome, a remote engine or a page that did not say what it read', async () => {
    const same = createEmbeddedIndex(products);
    const { earlier, page } = await kept();
    const otherSite = new PageCache(1 << 20, nextChrome);
    otherSite.follow(earlier, false);
    expect(await otherSite.adopt('product', page, before, same)).toBe(false);
    const otherChrome = new PageCache(1 << 20, { ...nextChrome, cssHref: '/b.css' });
    otherChrome.follow(earlier, true);
    expect(await otherChrome.adopt('product', page, before, same)).toBe(false);
    const next = new PageCache(1 << 20, nextChrome);
    next.follow(earlier, true);
    const remote: CatalogIndex = { ...same, engine: 'meilisearch' };
    expect(await next.adopt('product', page, before, remote)).toBe(false);

    const untold = await earlier.get('untold', async () => page.model);
    expect(await next.adopt('untold', untold, before, same)).toBe(false);
    const counted = await kept('categories');
    const after = new PageCache(1 << 20, nextChrome);
    after.follow(counted.earlier, true);
    expect(await after.adopt('product', counted.page, before, same)).toBe(false);
  });
});
