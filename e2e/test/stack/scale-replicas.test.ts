import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSigningKey } from '@repo/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, slugsOf } from '../../src/reload/call-tool.js';
import { catalogCli } from '../../src/reload/stage-catalogs.js';
import { type Stack, startStack } from '../../src/stack.js';

// A catalog of 200,000 products served by two mcp replicas, the second one started when the
// first is already serving, as an orchestrator scales out: the new replica must answer searches
// within seconds of its start, because it opens the prepared form `catalog import` wrote beside
// the catalog instead of indexing 200,000 rows.
const PRODUCTS = 200_000;
const NEW_REPLICA_WITHIN_MS = 3_000;

let stack: Stack;
let dir: string;
let catalogFile: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalog-scale-'));
  const sample = join(dir, 'sample.ndjson');
  catalogFile = join(dir, 'catalog.ndjson');
  await catalogCli('sample', '--count', String(PRODUCTS), '--out', sample);
  await catalogCli('import', sample, '--out', catalogFile);
  expect((await stat(`${catalogFile}.prepared`)).size).toBeGreaterThan(0);
  stack = await startStack({
    mcpReplicas: 2,
    ownDataDirs: true,
    env: {
      JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('stack-scale')),
      CATALOG_FILE: catalogFile,
      RATE_LIMIT_MCP: '0',
    },
  });
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe(`two mcp replicas on ${PRODUCTS.toLocaleString('en')} products`, () => {
  it('a replica started beside a serving one answers searches within 3 s of its start', async () => {
    await stack.stopProcess('mcp-2');
    const one = await callTool(stack.directUrl('mcp-1'), 'search_products', { query: 'jordan 4' });
    expect(one.status).toBe(200);

    const started = performance.now();
    await stack.startProcess('mcp-2');
    const two = await callTool(stack.directUrl('mcp-2'), 'search_products', { query: 'jordan 4' });
    const answeredMs = performance.now() - started;

    expect(two.status).toBe(200);
    expect(slugsOf(two.result)).toEqual(slugsOf(one.result));
    expect(slugsOf(two.result).length).toBeGreaterThan(0);
    expect(answeredMs).toBeLessThan(NEW_REPLICA_WITHIN_MS);
    expect(two.result?.structured.total).toBe(one.result?.structured.total);
    const health = (await (await fetch(`${stack.directUrl('web')}/health.json`)).json()) as {
      catalog: { products: number };
    };
    expect(health.catalog.products).toBe(PRODUCTS);
    console.log(`new replica answered ${Math.round(answeredMs)} ms after its start`);
  });

  it('both replicas answer through the gateway with the same catalog', async () => {
    const answers = await Promise.all(
      ['mcp-1', 'mcp-2'].map((name) =>
        callTool(stack.directUrl(name), 'search_products', { query: 'hoodie', limit: 5 }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(slugsOf(answers[0]!.result)).toEqual(slugsOf(answers[1]!.result));
    const viaGateway = await callTool(stack.baseUrl, 'search_products', {
      query: 'hoodie',
      limit: 5,
    });
    expect(slugsOf(viaGateway.result)).toEqual(slugsOf(answers[0]!.result));
  });
});
