import { getToolContract, toCny } from '@repo/catalog-core';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { BASE_URL, build, products, rpc } from '../helper.js';

async function callTool(name: string, args: Record<string, unknown>) {
  const app = await build();
  const response = await app.inject(
    rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  );
  expect(response.statusCode).toBe(200);
  const result = response.json().result;
  if (!result.isError) {
    const check = Compile(getToolContract(name)!.outputSchema);
    expect([...check.Errors(result.structuredContent)]).toEqual([]);
  }
  return result;
}

describe('search_products', () => {
  it('converts price filters from the given currency to CNY', async () => {
    const { structuredContent } = await callTool('search_products', {
      max_price: 20,
      currency: 'EUR',
      sort: 'price_desc',
      limit: 5,
    });
    expect(structuredContent.items.length).toBeGreaterThan(0);
    expect(structuredContent.items[0].price.amount).toBeLessThanOrEqual(toCny(20, 'EUR'));
    expect(structuredContent.items[0].price.amount).toBeGreaterThan(toCny(20, 'USD') * 0.5);
  });

  it('pages with next_offset and ends with null', async () => {
    const first = (await callTool('search_products', { category: 'caps', limit: 50 }))
      .structuredContent;
    expect(first.total).toBe(products.filter((p) => p.category === 'caps').length);
    const last = (
      await callTool('search_products', { category: 'caps', limit: 50, offset: first.total - 1 })
    ).structuredContent;
    expect(last.items).toHaveLength(1);
    expect(last.next_offset).toBeNull();
  });

  it('reads a request as an agent passes it on, and says how in structuredContent and text', async () => {
    const result = await callTool('search_products', {
      query: 'show me cheap dunks under $80, size 42',
      limit: 5,
    });
    const { items, interpretation } = result.structuredContent;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.title).toContain('Nike Dunk');
      expect(item.price.amount).toBeLessThanOrEqual(toCny(80, 'USD'));
    }
    expect(interpretation).toMatchObject({
      searched_words: ['dunks'],
      understood: [{ word: 'dunks', means: 'dunk' }],
      max_price: { amount: 80, currency: 'USD' },
      sizes: ['42'],
      cheapest_first: true,
      relaxed: false,
      literal: false,
    });
    expect(interpretation.dropped_words).toContainEqual({ word: 'show', reason: 'filler' });
    // Cheapest first, as the budget word asked.
    const prices = items.map((i: { price: { amount: number } }) => i.price.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const text: string = result.content[0].text;
    expect(text.split('\n')[0]).toBe(
      'Searched: dunks · understood dunks = dunk · max price 80 USD · cheapest first · size 42 not filtered · left out: show (filler), me (filler), cheap (budget), under $80 (price), size 42 (size).',
    );
  });

  it('lets explicit arguments win over the text, and searches literally when asked', async () => {
    const explicit = await callTool('search_products', {
      query: 'hoodie under 10 dollars',
      max_price: 500,
      currency: 'CNY',
      sort: 'price_desc',
    });
    expect(explicit.structuredContent.items[0].price.amount).toBeGreaterThan(toCny(10, 'USD'));
    expect(explicit.structuredContent.interpretation.cheapest_first).toBe(false);
    expect(explicit.structuredContent.interpretation.dropped_words).toContainEqual({
      word: '10 USD',
      reason: 'overridden',
    });
    const literal = await callTool('search_products', {
      query: 'hoodie under 10 dollars',
      literal: true,
    });
    expect(literal.structuredContent.total).toBe(0);
    expect(literal.structuredContent.interpretation).toMatchObject({ literal: true });
  });

  it('suggests from the catalog when nothing matches, and says what it left out', async () => {
    const relaxed = await callTool('search_products', { query: 'nike dunk xyzzyq' });
    expect(relaxed.structuredContent.total).toBeGreaterThan(0);
    expect(relaxed.structuredContent.interpretation.dropped_words).toEqual([
      { word: 'xyzzyq', reason: 'no_match' },
    ]);
    const nothing = await callTool('search_products', { query: 'balenciagga' });
    expect(nothing.structuredContent.total).toBeGreaterThan(0);
    const none = await callTool('search_products', { query: 'qwxzvbnm' });
    expect(none.structuredContent.total).toBe(0);
    expect(none.structuredContent).not.toHaveProperty('next_offset', 1);
    expect(none.content[0].text).toContain('No products for "qwxzvbnm"');
  });

  it('carries the disclosure in the text too', async () => {
    const result = await callTool('search_products', { limit: 1 });
    expect(result.content[0].text).toContain(result.structuredContent.disclosure);
  });
});

describe('list_categories', () => {
  it('counts every product once, with absolute page URLs', async () => {
    const { structuredContent } = await callTool('list_categories', {});
    expect(structuredContent.total).toBe(products.length);
    expect(structuredContent.categories[0].url).toBe(`${BASE_URL}/category/accessories`);
    expect(structuredContent.categories[0].markdown_url).toBe(
      `${BASE_URL}/category/accessories.md`,
    );
  });
});

describe('get_agent_offers', () => {
  it('gives one agent or all three, with spreadsheet URLs under BASE_URL', async () => {
    expect((await callTool('get_agent_offers', {})).structuredContent.agents).toHaveLength(3);
    const one = (await callTool('get_agent_offers', { agent: 'agent_c' })).structuredContent;
    expect(one.agents.map((a: { id: string }) => a.id)).toEqual(['agent_c']);
    expect(one.agents[0].spreadsheet_url).toBe(`${BASE_URL}/spreadsheet/agent_c`);
  });
});

describe('estimate_shipping', () => {
  it('weighs catalog items by slug', async () => {
    const product = products.find((p) => p.category === 'sneakers')!;
    const bySlug = (
      await callTool('estimate_shipping', {
        country: 'US',
        items: [{ slug: product.slug, quantity: 2 }],
      })
    ).structuredContent;
    expect(bySlug.country).toBe('US');
    expect(bySlug.quotes.length).toBeGreaterThan(0);
    expect(bySlug.quotes.filter((q: { cheapest: boolean }) => q.cheapest).length).toBeGreaterThan(
      0,
    );
  });

  it('asks for exactly one of weight_grams and items', async () => {
    const result = await callTool('estimate_shipping', { country: 'US' });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/weight_grams/);
  });
});
