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
