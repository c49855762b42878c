import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { fixedCatalog } from '@repo/catalog-io';
import { createEmbeddedIndex } from '@repo/search/embedded';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it, onTestFinished } from 'vitest';
import mcpApp from '../src/app.js';
import { loadConfig } from '../src/config.js';

async function build(serveHealth?: boolean) {
  const app = Fastify({ logger: false });
  const index = createEmbeddedIndex(generateSampleCatalog({ count: 50 }));
  app.register(fp(mcpApp), { config: loadConfig({}), catalog: fixedCatalog(index), serveHealth });
  await app.ready();
  onTestFinished(() => app.close());
  return app;
}

describe('mcp app', () => {
  it('answers /health.json on its own', async () => {
    const response = await (await build()).inject('/health.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', service: 'mcp' });
  });

  it('leaves /health.json to the web app in the one-process server', async () => {
    const response = await (await build(false)).inject('/health.json');
    expect(response.statusCode).toBe(404);
  });

  it('defaults to port 8082', () => {
    expect(loadConfig({}).port).toBe(8082);
  });
});
