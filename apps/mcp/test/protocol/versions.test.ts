import { SERVICE_INFO } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { build, rpc } from '../helper.js';

const init = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } },
});
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
};
const modern = (method: string, params: Record<string, unknown> = {}, name?: string) =>
  rpc(
    { jsonrpc: '2.0', id: 9, method, params: { ...params, _meta: META } },
    {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name === undefined ? {} : { 'mcp-name': name }),
    },
  );

describe('legacy revisions (initialize handshake)', () => {
  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])('echoes %s', async (version) => {
    const app = await build();
    const response = await app.inject(rpc(init(version)));
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.protocolVersion).toBe(version);
    expect(result.serverInfo).toMatchObject({
      name: SERVICE_INFO.name,
      version: SERVICE_INFO.version,
    });
    expect(result.capabilities).toEqual({ tools: { listChanged: false } });
    expect(result.instructions).toMatch(/search_products/);
    expect(result.instructions).toMatch(/disclosure/);
    expect(response.headers['mcp-session-id']).toBeUndefined();
  });

  it.each(['2024-11-05', '1999-01-01', 'latest'])(
    'answers %s with the newest legacy revision',
    async (v) => {
      const app = await build();
      expect((await app.inject(rpc(init(v)))).json().result.protocolVersion).toBe('2025-11-25');
    },
  );

  it('answers ping with an empty result', async () => {
    const app = await build();
    const response = await app.inject(rpc({ jsonrpc: '2.0', id: 'p', method: 'ping' }));
    expect(response.json()).toEqual({ jsonrpc: '2.0', id: 'p', result: {} });
  });

  it('answers notifications and posted responses with 202 and no body', async () => {
    const app = await build();
    for (const body of [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
      { jsonrpc: '2.0', method: 'notifications/unknown' },
      { jsonrpc: '2.0', id: 5, result: {} },
    ]) {
      const response = await app.inject(rpc(body, { 'mcp-protocol-version': '2025-11-25' }));
      expect(response.statusCode).toBe(202);
      expect(response.body).toBe('');
    }
  });

  it('serves tools/list and tools/call with no initialize before', async () => {
    const app = await build();
    const list = await app.inject(rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(list.json().result.tools.map((t: { name: string }) => t.name)).toEqual([
      'search_products',
      'list_categories',
      'get_agent_offers',
      'estimate_shipping',
    ]);
    const call = await app.inject(
      rpc({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_categories' } }),
    );
    expect(call.json().result.structuredContent.categories).toHaveLength(14);
  });

  it('serves a 2025-03-26 batch, answering requests only and in order', async () => {
    const app = await build();
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'nope' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_categories' } },
      { jsonrpc: '2.0', id: 4 },
      { jsonrpc: '2.0', id: 5, method: 'initialize', params: {} },
    ];
    const variants: Record<string, string>[] = [{}, { 'mcp-protocol-version': '2025-03-26' }];
    for (const headers of variants) {
      const response = await app.inject(rpc(batch, headers));
      expect(response.statusCode).toBe(200);
      const answers = response.json();
      expect(answers.map((a: { id: unknown }) => a.id)).toEqual([1, 2, 3, 4, 5]);
      expect(answers[0].result).toEqual({});
      expect(answers[1].error.code).toBe(-32601);
      expect(answers[2].result.structuredContent.total).toBeGreaterThan(0);
      expect(answers[3].error.code).toBe(-32600);
      expect(answers[4].error.code).toBe(-32600);
    }
  });

  it('answers a batch of notifications with 202', async () => {
    const app = await build();
    const response = await app.inject(
      rpc([{ jsonrpc: '2.0', method: 'notifications/initialized' }]),
    );
    expect(response.statusCode).toBe(202);
    expect(response.body).toBe('');
  });
});

describe('2026-07-28 (per-request _meta)', () => {
  it('answers server/discover', async () => {
    const app = await build();
    const response = await app.inject(modern('server/discover'));
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: { listChanged: false } },
      cacheScope: 'public',
      _meta: {
        'io.modelcontextprotocol/serverInfo': {
          name: SERVICE_INFO.name,
          version: SERVICE_INFO.version,
        },
      },
    });
    expect(response.json().result.ttlMs).toBeGreaterThan(0);
  });

  it('marks every result complete and lists tools with cache hints', async () => {
    const app = await build();
    const list = (await app.inject(modern('tools/list'))).json().result;
    expect(list).toMatchObject({ resultType: 'complete', cacheScope: 'public' });
    expect(list.tools).toHaveLength(4);
    const call = await app.inject(
      modern('tools/call', { name: 'get_agent_offers', arguments: {} }, 'get_agent_offers'),
    );
    expect(call.json().result).toMatchObject({ resultType: 'complete' });
    expect(call.json().result.structuredContent.agents).toHaveLength(3);
  });

  it('accepts a base64-encoded Mcp-Name', async () => {
    const app = await build();
    const name = `=?base64?${Buffer.from('list_categories').toString('base64')}?=`;
    const response = await app.inject(modern('tools/call', { name: 'list_categories' }, name));
    expect(response.statusCode).toBe(200);
  });

  it('has no ping and no initialize: 404 with -32601', async () => {
    const app = await build();
    for (const method of ['ping', 'initialize']) {
      const response = await app.inject(modern(method));
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe(-32601);
    }
  });

  it('answers a modern notification with 202 even without the standard headers', async () => {
    const app = await build();
    const response = await app.inject(
      rpc({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { _meta: META } }),
    );
    expect(response.statusCode).toBe(202);
  });
});
