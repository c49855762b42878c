import { readFile } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateSigningKey } from '@repo/jwt';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../src/stack.js';

// The production shape through the real gateway: every path reaches the app that owns it, with
// the absolute URLs of one BASE_URL (the gateway's origin).
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    mcpReplicas: 2,
    env: { JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('stack-1')) },
  });
});
afterAll(async () => {
  await stack?.stop();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.baseUrl}${path}`, { headers });
  return { response, body: await response.text() };
}

describe('through the gateway', () => {
  it('runs the apps under the Node major of the production image', async () => {
    // The apps are started with this process's Node (e2e's `node` dev dependency under pnpm).
    const dockerfile = await readFile(
      new URL('../../../infra/Dockerfile', import.meta.url),
      'utf8',
    );
    const image = /^ARG NODE_VERSION=(\d+)/m.exec(dockerfile)?.[1];
    expect(process.versions.node.split('.')[0]).toBe(image);
    const web = stack.processes.get('web');
    expect(web?.child.spawnfile).toBe(process.execPath);
  });

  it('answers /health.json from the web app', async () => {
    const { response, body } = await get('/health.json');
    expect(response.status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({
      status: 'ok',
      catalog: { products: 17_917, categories: 14 },
    });
  });

  it('serves pages and their Markdown twins', async () => {
    const home = await get('/');
    expect(home.response.headers.get('content-type')).toMatch(/^text\/html/);
    const markdown = await get('/', { accept: 'text/markdown' });
    expect(markdown.response.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect((await get('/index.md')).response.status).toBe(200);
    const catalog = await get('/catalog.md?q=jordan');
    expect(catalog.response.status).toBe(200);
    const slug = /\/producto\/([a-z0-9-]+)/.exec(catalog.body)?.[1];
    expect(slug).toBeDefined();
    expect((await get(`/producto/${slug}`)).response.status).toBe(200);
    expect((await get(`/producto/${slug}.md`)).body).toContain(slug);
  });

  it('routes every discovery document to its app with its media type and BASE_URL', async () => {
    const documents: [string, RegExp][] = [
      ['/.well-known/api-catalog', /^application\/linkset\+json/],
      ['/.well-known/ai-catalog.json', /^application\/json/],
      ['/.well-known/agent-skills/index.json', /^application\/json/],
      ['/openapi.json', /^application\/json/],
      ['/robots.txt', /^text\/plain/],
      ['/sitemap.xml', /xml/],
      ['/llms.txt', /^text\/(plain|markdown)/],
      ['/.well-known/mcp/server-card.json', /^application\/json/],
      ['/mcp/server-card', /^application\/json/],
      ['/.well-known/oauth-authorization-server', /^application\/json/],
      ['/.well-known/oauth-protected-resource', /^application\/json/],
      ['/.well-known/oauth-protected-resource/mcp', /^application\/json/],
      ['/.well-known/jwks.json', /^application\/(jwk-set\+)?json/],
      ['/auth.md', /^text\/markdown/],
    ];
    for (const [path, type] of documents) {
      const { response, body } = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(type);
      expect(body, path).not.toContain('localhost:808');
    }
    const metadata = JSON.parse((await get('/.well-known/oauth-authorization-server')).body);
    expect(metadata.issuer).toBe(stack.baseUrl);
  });

  it('lets the official MCP SDK client list and call tools across the mcp replicas', async () => {
    const client = new Client({ name: 'stack-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.baseUrl}/mcp`)));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(
        ['estimate_shipping', 'get_agent_offers', 'list_categories', 'search_products'].sort(),
      );
      for (let i = 0; i < 4; i++) {
        const result = await client.callTool({
          name: 'search_products',
          arguments: { query: 'hoodie', limit: 2 },
        });
        expect(result.isError ?? false).toBe(false);
        const items = (result.structuredContent as { items: { product_url: string }[] }).items;
        expect(items[0]?.product_url.startsWith(`${stack.baseUrl}/producto/`)).toBe(true);
      }
    } finally {
      await client.close();
    }
  });

  it('passes the gzipped tool list through unchanged', async () => {
    const response = await fetch(`${stack.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'gw', method: 'tools/list' }),
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    const body = (await response.json()) as { id: string; result: { tools: unknown[] } };
    expect(body.id).toBe('gw');
    expect(body.result.tools).toHaveLength(4);
  });

  it('follows the OAuth discovery order with a standard client and calls /mcp with the token', async () => {
    const resource = new URL(stack.baseUrl);
    const prm = await oauth.resourceDiscoveryRequest(resource, {
      [oauth.allowInsecureRequests]: true,
    });
    const protectedResource = await oauth.processResourceDiscoveryResponse(resource, prm);
    const issuer = new URL(protectedResource.authorization_servers?.[0] ?? '');
    const asResponse = await oauth.discoveryRequest(issuer, {
      algorithm: 'oauth2',
      [oauth.allowInsecureRequests]: true,
    });
    const as = await oauth.processDiscoveryResponse(issuer, asResponse);
    const client: oauth.Client = { client_id: 'stack-test-agent' };
    const tokenResponse = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.None(),
      new URLSearchParams({ scope: 'public' }),
      { [oauth.allowInsecureRequests]: true },
    );
    const token = await oauth.processClientCredentialsResponse(as, client, tokenResponse);
    expect(token.token_type.toLowerCase()).toBe('bearer');
    const call = await fetch(`${stack.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token.access_token}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(call.status).toBe(200);
    const listed = (await call.json()) as { result: { tools: unknown[] } };
    expect(listed.result.tools).toHaveLength(4);
  });
});
