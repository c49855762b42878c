import { agentProductUrl, DEFAULT_AGENTS } from '@repo/catalog-core';
import { createClickCounter } from '@repo/clicks';
import { describe, expect, it, onTestFinished } from 'vitest';
import { BASE_URL, build, products, searchProducts } from '../helper.js';

interface Item {
  slug: string;
  buy_links: { agent: string; name: string; url: string }[];
}

const search = (app: Awaited<ReturnType<typeof build>>, args: Record<string, unknown>) =>
  searchProducts<{
    structuredContent: { items: Item[]; total: number; link?: { buy_links?: Item['buy_links'] } };
    content: { text: string }[];
  }>(app, args);

function counter() {
  const clicks = createClickCounter();
  onTestFinished(() => clicks.close());
  return clicks;
}

const hoodies = products.filter((p) => p.category === 'hoodies');

describe('search_products sort "popular"', () => {
  it('lists the products clicked most first, the rest in the default order', async () => {
    const clicks = counter();
    const app = await build({}, { clicks });
    const [a, b] = [hoodies[5]!, hoodies[9]!];
    const before = await search(app, { category: 'hoodies', sort: 'popular' });
    const newest = await search(app, { category: 'hoodies', sort: 'newest' });
    // No clicks yet: the default order.
    expect(before.structuredContent.items.map((i) => i.slug)).toEqual(
      newest.structuredContent.items.map((i) => i.slug),
    );
    await clicks.record({ slug: a.slug, agent: 'agent_a', client: '203.0.113.1' });
    await clicks.record({ slug: b.slug, agent: 'agent_a', client: '203.0.113.1' });
    await clicks.record({ slug: b.slug, agent: 'agent_c', client: '203.0.113.2' });
    // The same call again: answered anew, not from the cache of the call before the clicks.
    const after = await search(app, { category: 'hoodies', sort: 'popular' });
    const slugs = after.structuredContent.items.map((i) => i.slug);
    expect(slugs.slice(0, 2)).toEqual([b.slug, a.slug]);
    expect(after.structuredContent.total).toBe(newest.structuredContent.total);
    expect(after.content[0]!.text.indexOf(b.slug)).toBeLessThan(
      after.content[0]!.text.indexOf(a.slug),
    );
    // A clicked product of another category stays out of the hoodies.
    await clicks.record({
      slug: products.find((p) => p.category === 'bags')!.slug,
      agent: 'agent_a',
      client: '203.0.113.3',
    });
    const still = await search(app, { category: 'hoodies', sort: 'popular' });
    expect(still.structuredContent.items.slice(0, 2).map((i) => i.slug)).toEqual([b.slug, a.slug]);
    // Relevance is never changed by clicks.
    const relevance = await search(app, { query: 'hoodie' });
    const fresh = await build({}, { clicks: counter() });
    expect(relevance.structuredContent.items.map((i) => i.slug)).toEqual(
      (await search(fresh, { query: 'hoodie' })).structuredContent.items.map((i) => i.slug),
    );
  });
});

describe('buy links in tool results', () => {
  it('go through the counted redirect for a catalog product', async () => {
    const app = await build({}, { clicks: counter() });
    const { structuredContent } = await search(app, { query: 'hoodie', limit: 3 });
    for (const item of structuredContent.items) {
      expect(item.buy_links.map((l) => l.url)).toEqual(
        ['agent_a', 'agent_b', 'agent_c'].map((agent) => `${BASE_URL}/go/${agent}/${item.slug}`),
      );
    }
  });

  it('stay direct for a pasted listing that is not in the catalog', async () => {
    const app = await build({}, { clicks: counter() });
    const { structuredContent } = await search(app, {
      query: 'https://item.taobao.com/item.htm?id=600000000001',
    });
    expect(structuredContent.link?.buy_links?.map((l) => l.url)).toEqual(
      DEFAULT_AGENTS.map((a) => agentProductUrl(a, 'taobao', '600000000001')),
    );
  });

  it('go through the counted redirect for a pasted listing the catalog has', async () => {
    const app = await build({}, { clicks: counter() });
    const product = hoodies[4]!;
    const { structuredContent } = await search(app, { query: product.listing_url });
    expect(structuredContent.items[0]?.slug).toBe(product.slug);
    expect(structuredContent.link?.buy_links?.map((l) => l.url)).toEqual(
      ['agent_a', 'agent_b', 'agent_c'].map((agent) => `${BASE_URL}/go/${agent}/${product.slug}`),
    );
  });

  it('find the product when one of the catalog’s own links is pasted', async () => {
    const app = await build({}, { clicks: counter() });
    const product = hoodies[3]!;
    for (const query of [
      `${BASE_URL}/go/agent_b/${product.slug}`,
      `https://shop.example/producto/${product.slug}`,
      `${BASE_URL}/producto/${product.slug}.md`,
    ]) {
      const { structuredContent } = await search(app, { query });
      expect(structuredContent.items[0]?.slug, query).toBe(product.slug);
    }
  });
});
