import { SERVICE_INFO } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { BASE_URL, build, rpc } from '../../helper.js';

describe('server card', () => {
  it('serves one hybrid card at both addresses, consistent with initialize', async () => {
    const app = await build({ BASE_URL: 'https://shop.example.com' });
    const wellKnown = await app.inject('/.well-known/mcp/server-card.json');
    const reserved = await app.inject('/mcp/server-card');
    expect(wellKnown.statusCode).toBe(200);
    expect(wellKnown.headers['content-type']).toMatch(/^application\/json/);
    expect(reserved.body).toBe(wellKnown.body);
    const card = wellKnown.json();
    expect(card).toMatchObject({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'com.example.shop/affiliate-catalog',
      version: SERVICE_INFO.version,
      endpoint: 'https://shop.example.com/mcp',
      transport: { type: 'streamable-http', endpoint: 'https://shop.example.com/mcp' },
      capabilities: { tools: { listChanged: false } },
      remotes: [
        {
          type: 'streamable-http',
          url: 'https://shop.example.com/mcp',
          supportedProtocolVersions: ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
        },
      ],
    });
    // SEP-2127 limits
    expect(card.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(card.description.length).toBeLessThanOrEqual(100);
    const init = await app.inject(
      rpc({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18' },
      }),
    );
    expect(card.serverInfo).toEqual(init.json().result.serverInfo);
  });

  it('is cacheable, readable from any origin and revalidates with 304', async () => {
    const app = await build();
    const first = await app.inject('/.well-known/mcp/server-card.json');
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: '/mcp/server-card', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('uses the draft media type when asked for it', async () => {
    const app = await build();
    const response = await app.inject({
      url: '/mcp/server-card',
      headers: { accept: 'application/mcp-server-card+json' },
    });
    expect(response.headers['content-type']).toMatch(/^application\/mcp-server-card\+json/);
    expect(response.json().websiteUrl).toBe(`${BASE_URL}/`);
  });
});

describe('unknown paths', () => {
  it('get a JSON 404 when the app runs alone', async () => {
    const app = await build();
    const response = await app.inject('/nope');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });
});
