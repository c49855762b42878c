import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { agentProductUrl, DEFAULT_AGENTS, getToolContract, listingUrl } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helper.js';

// A link pasted as search_products' query, through the official SDK client against the built
// server (the sample catalog): the client checks structuredContent against the listed output
// schema itself, so `link` must be declared there.
let server: RunningServer;
let client: Client;
const catalog = generateSampleCatalog();
const output = Compile(getToolContract('search_products')!.outputSchema);

beforeAll(async () => {
  server = await startServer();
  client = new Client({ name: 'pasted-link-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
}, 60_000);
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

interface LinkResult {
  total: number;
  items: { slug: string; buy_links: { agent: string; url: string }[] }[];
  link?: {
    readable: boolean;
    marketplace?: string;
    item_id?: string;
    listing_url?: string;
    read_as?: string;
    agent?: string;
    catalogued?: boolean;
    buy_links?: { agent: string; name: string; url: string }[];
    failure?: string;
    message: string;
  };
  disclosure: string;
}

async function search(args: Record<string, unknown>) {
  const result = await client.callTool({ name: 'search_products', arguments: args });
  expect(result.isError).toBeFalsy();
  expect([...output.Errors(result.structuredContent)]).toEqual([]);
  const text = (result.content as { text: string }[])[0]?.text ?? '';
  return { out: result.structuredContent as unknown as LinkResult, text };
}

describe('search_products with a pasted link', () => {
  it('puts a catalogued listing first, from its own link or an agent’s', async () => {
    const product = catalog[1234]!;
    const agentLink = `${agentProductUrl(DEFAULT_AGENTS[2]!, product.marketplace, product.item_id)}&utm_source=x`;
    for (const query of [product.listing_url.replace('https:', 'http:'), agentLink]) {
      const { out, text } = await search({ query });
      expect(out.items[0]?.slug).toBe(product.slug);
      expect(out.link).toMatchObject({
        readable: true,
        marketplace: product.marketplace,
        item_id: product.item_id,
        listing_url: product.listing_url,
        catalogued: true,
      });
      expect(out.link?.buy_links?.map((l) => l.agent)).toEqual(['agent_a', 'agent_b', 'agent_c']);
      expect(text).toContain(product.slug);
      expect(text).toContain(out.disclosure);
    }
    const { out } = await search({ query: agentLink });
    expect(out.link).toMatchObject({ read_as: 'agent', agent: 'agent_c' });
  });

  it('gives three disclosed buy links for a listing the catalog does not have', async () => {
    const { out, text } = await search({
      query: 'https://item.taobao.com/item.htm?spm=a1z10.1&id=600000000001&ns=1',
    });
    expect(out.total).toBe(0);
    expect(out.items).toEqual([]);
    expect(out.link).toMatchObject({
      readable: true,
      marketplace: 'taobao',
      item_id: '600000000001',
      listing_url: listingUrl('taobao', '600000000001'),
      read_as: 'listing',
      catalogued: false,
    });
    expect(out.link?.buy_links).toEqual(
      DEFAULT_AGENTS.map((a) => ({
        agent: a.id,
        name: a.name,
        url: agentProductUrl(a, 'taobao', '600000000001'),
      })),
    );
    expect(out.link?.message).toMatch(/not in the catalog/);
    expect(out.disclosure).toMatch(/affiliate/i);
    expect(text).toContain(out.disclosure);
    for (const a of DEFAULT_AGENTS)
      expect(text).toContain(agentProductUrl(a, 'taobao', '600000000001'));
  });

  it('keeps the agent argument: one buy link', async () => {
    const { out } = await search({
      query: 'https://weidian.com/item.html?itemID=7000000001',
      agent: 'agent_b',
    });
    expect(out.link?.buy_links?.map((l) => l.agent)).toEqual(['agent_b']);
  });

  it('answers a short link and garbage with a clear message, not an error', async () => {
    const short = await search({ query: 'https://m.tb.cn/h.5xYzAbC?tk=abc' });
    expect(short.out.link).toMatchObject({ readable: false, failure: 'short_link' });
    expect(short.text).toMatch(/can’t be read without opening it/);
    const garbage = await search({ query: 'https://example.com/%E0%A4%A/?id=-1' });
    expect(garbage.out.link).toMatchObject({ readable: false, failure: 'unknown_site' });
    expect(garbage.text).toMatch(/Links understood: Weidian/);
    expect(garbage.out.total).toBe(0);
  });

  it('still searches words as words', async () => {
    const { out } = await search({ query: 'jordan', limit: 2 });
    expect(out.link).toBeUndefined();
    expect(out.total).toBeGreaterThan(0);
  });
});
