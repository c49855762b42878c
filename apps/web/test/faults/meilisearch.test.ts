import { type ServerProcess, startServerProcess } from '@repo/fastify-kit/testing';
import { type MeilisearchStub, startMeilisearchStub } from '@repo/search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY } from '../helper.js';

// The real server process against a Meilisearch that refuses, then hangs, then answers.
const TIMEOUT_MS = 400;
// Every answer during an outage comes within the engine timeout plus slack for a loaded machine.
const BOUND_MS = TIMEOUT_MS * 2 + 1_500;

let stub: MeilisearchStub;
let server: ServerProcess;

beforeAll(async () => {
  stub = await startMeilisearchStub('refuse');
  server = await startServerProcess(SERVER_ENTRY, {
    env: {
      SEARCH_ENGINE: 'meilisearch',
      MEILISEARCH_URL: stub.url,
      MEILISEARCH_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await stub?.close();
});

async function timedGet(path: string, accept?: string) {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    headers: accept ? { accept } : {},
  });
  const body = await response.text();
  return { response, body, ms: performance.now() - started };
}

async function expectOutage(kind: string) {
  const health = await timedGet('/health.json');
  expect(health.response.status, kind).toBe(503);
  expect(health.response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(JSON.parse(health.body)).toMatchObject({
    status: 'degraded',
    search: { engine: 'meilisearch', state: 'degraded', reason: expect.any(String) },
  });
  expect(health.ms).toBeLessThan(BOUND_MS);

  const cases = [
    { path: '/catalog?q=nike', accept: 'text/html', type: /^text\/html/ },
    { path: '/catalog.md?q=nike', accept: undefined, type: /^text\/markdown/ },
    { path: '/catalog?q=nike', accept: 'text/markdown', type: /^text\/markdown/ },
    { path: '/', accept: 'text/html', type: /^text\/html/ },
    { path: '/sitemap.xml', accept: undefined, type: /^application\/problem\+json/ },
  ];
  for (const { path, accept, type } of cases) {
    const { response, body, ms } = await timedGet(path, accept);
    const label = `${kind}: ${path} (${accept ?? 'no Accept'})`;
    expect(response.status, label).toBe(503);
    expect(response.headers.get('content-type'), label).toMatch(type);
    expect(response.headers.get('retry-after'), label).toBe('5');
    expect(body, label).toMatch(/unavailable/i);
    // No internals: not the engine's address, no stack, no client error names.
    expect(body, label).not.toContain(stub.url);
    expect(body, label).not.toMatch(/\bat .*\.js:\d|Meilisearch\w*Error|SyntaxError/);
    expect(ms, label).toBeLessThan(BOUND_MS);
  }
  expect(server.child.exitCode, 'the process stays up').toBeNull();
}

describe('web with SEARCH_ENGINE=meilisearch when the engine fails', () => {
  it('starts although Meilisearch refuses connections, and says so in the log', async () => {
    expect(server.child.exitCode).toBeNull();
    expect(await server.waitForOutput(/catalog opened degraded/)).toMatch(
      /catalog opened degraded/,
    );
  });

  it('answers 503 in the requested representation while the port is refused', async () => {
    await expectOutage('refused');
  });

  it('answers 503 within the engine timeout while Meilisearch accepts and never answers', async () => {
    await stub.set('hang');
    await expectOutage('hanging');
  });

  it('recovers by itself once Meilisearch answers again', async () => {
    await stub.set('answer');
    const health = await timedGet('/health.json');
    expect(health.response.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({
      status: 'ok',
      catalog: { products: stub.products.length },
      search: { engine: 'meilisearch', state: 'ready' },
    });
    const page = await timedGet('/catalog?q=nike', 'text/html');
    expect(page.response.status).toBe(200);
    expect(page.body).toContain(`/producto/${stub.products[0]!.slug}`);
    const markdown = await timedGet('/catalog.md');
    expect(markdown.response.status).toBe(200);
  });

  it('falls back to 503 when the engine hangs again, then recovers again', async () => {
    await stub.set('hang');
    expect((await timedGet('/health.json')).response.status).toBe(503);
    await stub.set('answer');
    expect((await timedGet('/health.json')).response.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
