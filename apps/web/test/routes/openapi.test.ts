import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import { TOOL_CONTRACTS } from '@repo/catalog-core';
import { Check } from 'typebox/schema';
import { describe, expect, it } from 'vitest';
import { TOOL_EXAMPLES } from '../../src/content/tool-examples.js';
import { BASE, build, products } from '../helper.js';

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };

async function openapi() {
  const app = await build();
  const response = await app.inject('/openapi.json');
  return { app, response, doc: response.json() };
}

describe('/openapi.json', () => {
  it('passes a standard OpenAPI validator', async () => {
    const { response, doc } = await openapi();
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers).toEqual([{ url: BASE }]);
  });

  it('describes every public endpoint of the interface', async () => {
    const { doc } = await openapi();
    const expected: [string, string][] = [
      ['/', 'get'],
      ['/catalog', 'get'],
      ['/category/{category}', 'get'],
      ['/producto/{slug}', 'get'],
      ['/spreadsheet/{agent}', 'get'],
      ['/shipping', 'get'],
      ['/health.json', 'get'],
      ['/mcp', 'post'],
      ['/oauth/token', 'post'],
      ['/.well-known/api-catalog', 'get'],
      ['/.well-known/ai-catalog.json', 'get'],
      ['/.well-known/oauth-authorization-server', 'get'],
      ['/.well-known/oauth-protected-resource', 'get'],
      ['/.well-known/jwks.json', 'get'],
      ['/.well-known/mcp/server-card.json', 'get'],
      ['/.well-known/agent-skills/index.json', 'get'],
      ['/auth.md', 'get'],
      ['/openapi.json', 'get'],
    ];
    for (const [path, method] of expected)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(doc.paths['/catalog'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['q', 'category', 'sort', 'min_price', 'max_price', 'page']),
    );
    expect(doc.paths['/oauth/token'].post.requestBody.content).toHaveProperty(
      'application/x-www-form-urlencoded',
    );
  });

  it('gives the shipping calculator the tool’s argument names, and its old weight as deprecated', async () => {
    const { doc } = await openapi();
    const parameters = doc.paths['/shipping'].get.parameters as {
      name: string;
      deprecated?: boolean;
    }[];
    expect(parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['country', 'weight_grams', 'items', 'weight']),
    );
    expect(parameters.filter((p) => p.deprecated).map((p) => p.name)).toEqual(['weight']);
  });

  it('publishes each tool’s argument schema, which accepts the documented example', async () => {
    const { doc } = await openapi();
    const deref = await dereference(structuredClone(doc));
    const schemas = (deref.components as { schemas: Record<string, object> }).schemas;
    for (const tool of TOOL_CONTRACTS) {
      const name = tool.name.replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase());
      expect(schemas[`${name}Arguments`], tool.name).toBeDefined();
      expect(Check(schemas[`${name}Arguments`] as never, TOOL_EXAMPLES[tool.name]), tool.name).toBe(
        true,
      );
    }
  });

  it('matches the real responses of every endpoint the web app serves', async () => {
    const { app, doc } = await openapi();
    const deref = (await dereference(structuredClone(doc))) as unknown as {
      paths: Record<string, { get?: Operation }>;
    };
    const concrete: Record<string, string> = {
      '/category/{category}': '/category/sneakers',
      '/producto/{slug}': `/producto/${products[3]!.slug}`,
      '/spreadsheet/{agent}': '/spreadsheet/agent_c',
      '/.well-known/agent-skills/{name}/SKILL.md':
        '/.well-known/agent-skills/catalog-search/SKILL.md',
    };
    let checked = 0;
    for (const [path, item] of Object.entries(deref.paths)) {
      const url = concrete[path] ?? path;
      if (!item.get || url.includes('{')) continue;
      const probe = await app.inject(url);
      // Paths of the MCP and auth apps are not served by this app on its own.
      if (probe.statusCode === 404 && !concrete[path]) continue;
      for (const accept of ['text/html', 'text/markdown', 'application/json']) {
        const response = await app.inject({ url, headers: { accept } });
        const documented = item.get.responses[String(response.statusCode)];
        expect(documented, `${url} ${response.statusCode}`).toBeDefined();
        const type = String(response.headers['content-type']).split(';')[0]!;
        const media = documented?.content?.[type];
        expect(media, `${url}: ${type} is not documented`).toBeDefined();
        const body = type.endsWith('json') ? response.json() : response.body;
        expect(Check(media?.schema as never, body), `${url} (${type}) against its schema`).toBe(
          true,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3 * 14);
    // The check can fail: a wrong body does not pass its schema.
    const health =
      deref.paths['/health.json']?.get?.responses['200']?.content?.['application/json'];
    expect(Check(health?.schema as never, { status: 'fine' })).toBe(false);
  });
});
