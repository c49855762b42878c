import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SERVICE_INFO, TOOL_CONTRACTS } from '@repo/catalog-core';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helper.js';

// The official v1 SDK client against `node dist/server.js`: the legacy handshake most agents use.
let server: RunningServer;
let client: Client;

beforeAll(async () => {
  server = await startServer();
  client = new Client({ name: 'catalog-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

const VALID: Record<string, Record<string, unknown>> = {
  search_products: { query: 'jordan', limit: 3, max_price: 100, currency: 'USD' },
  list_categories: {},
  get_agent_offers: { agent: 'agent_b' },
  estimate_shipping: { country: 'de', items: [{ category: 'sneakers', quantity: 2 }] },
};
const INVALID: Record<string, Record<string, unknown>> = {
  search_products: { limit: 'three' },
  list_categories: { verbose: true },
  get_agent_offers: { agent: 'agent_z' },
  estimate_shipping: { country: 'Germany', weight_grams: 500 },
};

describe('official SDK v1 client', () => {
  it('connects with the newest legacy revision and reads the server info', () => {
    expect(client.getServerVersion()).toMatchObject({
      name: SERVICE_INFO.name,
      version: SERVICE_INFO.version,
    });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    expect(client.getInstructions()).toMatch(/disclos/);
  });

  it('lists the four tools with read-only annotations and object schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_CONTRACTS.map((c) => c.name));
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      expect(tool.annotations).toMatchObject({
        readOnlyHint: true,
        openWorldHint: false,
        idempotentHint: true,
      });
    }
  });

  it.each(TOOL_CONTRACTS.map((c) => [c.name, c] as const))(
    '%s: valid arguments give structuredContent matching the output schema',
    async (name, contract) => {
      // The client validates structuredContent against the listed outputSchema itself (ajv); the
      // compiled contract schema checks it a second time, with formats.
      const result = await client.callTool({ name, arguments: VALID[name] });
      expect(result.isError).toBeFalsy();
      const check = Compile(contract.outputSchema);
      expect([...check.Errors(result.structuredContent)]).toEqual([]);
      const text = (result.content as { type: string; text: string }[])[0];
      expect(text?.type).toBe('text');
      expect(text?.text.length).toBeGreaterThan(20);
    },
  );

  it.each(TOOL_CONTRACTS.map((c) => c.name))(
    '%s: invalid arguments give isError with a reason',
    async (name) => {
      const result = await client.callTool({ name, arguments: INVALID[name] });
      expect(result.isError).toBe(true);
      expect((result.content as { text: string }[])[0]?.text).toMatch(
        new RegExp(name === 'estimate_shipping' ? 'country' : name),
      );
    },
  );

  it('gets product results with every link an agent needs', async () => {
    const result = await client.callTool({
      name: 'search_products',
      arguments: { query: 'jordan', limit: 2, agent: 'agent_a' },
    });
    const { items, disclosure } = result.structuredContent as {
      items: {
        product_url: string;
        markdown_url: string;
        listing_url: string;
        qc_photos: string[];
        buy_links: { agent: string }[];
      }[];
      disclosure: string;
    };
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item.product_url.startsWith(`${server.origin}/producto/`)).toBe(true);
      expect(item.markdown_url).toBe(`${item.product_url}.md`);
      expect(item.listing_url).toMatch(/^https:\/\//);
      expect(item.qc_photos.length).toBeGreaterThan(0);
      for (const photo of item.qc_photos)
        expect(photo.startsWith(`${server.origin}/qc/`)).toBe(true);
      expect(item.buy_links.map((l) => l.agent)).toEqual(['agent_a']);
    }
    expect(disclosure).toMatch(/affiliate/);
  });

  it('reads a repeated call the server sends gzipped (fetch asks for gzip)', async () => {
    const args = { name: 'search_products', arguments: { query: 'cap', limit: 5 } };
    const first = await client.callTool(args);
    const again = await client.callTool(args);
    expect(again.structuredContent).toEqual(first.structuredContent);
    // The same request straight through fetch shows the encoding the client decoded.
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: args }),
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const body = (await response.json()) as { result: { structuredContent: unknown } };
    expect(body.result.structuredContent).toEqual(first.structuredContent);
  });

  it('rejects an unknown tool with -32602', async () => {
    await expect(client.callTool({ name: 'drop_tables', arguments: {} })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('pings', async () => {
    await expect(client.ping()).resolves.toEqual({});
  });
});
