import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SERVICE_INFO } from '@repo/catalog-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helper.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

async function connect(options?: ConstructorParameters<typeof Client>[1]) {
  const client = new Client({ name: 'catalog-test-v2', version: '1.0.0' }, options);
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  return client;
}

describe('official SDK v2 client', () => {
  it('negotiates 2026-07-28 in auto mode and calls every tool statelessly', async () => {
    const client = await connect({ versionNegotiation: { mode: 'auto' } });
    try {
      expect(client.getProtocolEra()).toBe('modern');
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(client.getServerVersion()).toMatchObject({
        name: SERVICE_INFO.name,
        version: SERVICE_INFO.version,
      });
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(4);
      const search = await client.callTool({
        name: 'search_products',
        arguments: { query: 'hoodie', limit: 2 },
      });
      expect(search.isError).toBeFalsy();
      expect((search.structuredContent as { items: unknown[] }).items).toHaveLength(2);
      const bad = await client.callTool({
        name: 'estimate_shipping',
        arguments: { country: 'US' },
      });
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('still works with the default legacy handshake', async () => {
    const client = await connect();
    try {
      expect(client.getProtocolEra()).toBe('legacy');
      const result = await client.callTool({ name: 'list_categories', arguments: {} });
      expect((result.structuredContent as { categories: unknown[] }).categories).toHaveLength(14);
    } finally {
      await client.close();
    }
  });
});
