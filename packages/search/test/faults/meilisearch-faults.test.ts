import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogIndex } from '../../src/catalog-index.js';
import { isSearchError } from '../../src/errors.js';
import { createMeilisearchIndex } from '../../src/meilisearch/index.js';
import {
  type FaultServer,
  hangingListener,
  meilisearchStub,
  refusedHost,
} from './fault-servers.js';

const TIMEOUT_MS = 250;
// Generous against a loaded CI machine, still far below anything a client would wait for.
const BOUND_MS = TIMEOUT_MS + 1_500;

const servers: FaultServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function timed<T>(run: () => Promise<T>): Promise<{ value: T | unknown; ms: number }> {
  const started = performance.now();
  const value = await run().catch((e: unknown) => e);
  return { value, ms: performance.now() - started };
}

// A Meilisearch stand-in that starts hanging, and an index on it.
async function onHangingStub(breaker?: { failures: number; openMs: number }) {
  const stub = await meilisearchStub('hang');
  servers.push(stub);
  const index = createMeilisearchIndex({
    host: stub.host,
    indexUid: 'products',
    timeoutMs: TIMEOUT_MS,
    ...(breaker === undefined ? {} : { breaker }),
  });
  return { stub, index };
}

// Every read of the CatalogIndex, each of which must fail the same clear way.
const READS: Record<string, (index: CatalogIndex) => Promise<unknown>> = {
  search: (index) => index.search({ q: 'nike', category: 'bags' }),
  getBySlug: (index) => index.getBySlug('nike-dunk-low-12345'),
  categories: (index) => index.categories(),
  featured: (index) => index.featured(8),
};

describe('Meilisearch behind a TCP listener that accepts and never answers', () => {
  it.each(Object.keys(READS))('%s fails with ENGINE_TIMEOUT within the timeout', async (read) => {
    const listener = await hangingListener();
    servers.push(listener);
    const index = createMeilisearchIndex({
      host: listener.host,
      indexUid: 'products',
      timeoutMs: TIMEOUT_MS,
    });
    const { value, ms } = await timed(() => READS[read]!(index));
    expect(isSearchError(value) && value.code, String(value)).toBe('ENGINE_TIMEOUT');
    expect((value as Error).message).toMatch(/Meilisearch timed out/);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('reports degraded health within the timeout, with the reason', async () => {
    const listener = await hangingListener();
    servers.push(listener);
    const index = createMeilisearchIndex({
      host: listener.host,
      indexUid: 'products',
      timeoutMs: TIMEOUT_MS,
    });
    const { value, ms } = await timed(() => index.health());
    expect(value).toEqual({
      engine: 'meilisearch',
      state: 'degraded',
      products: 0,
      reason: expect.stringMatching(/timed out/),
    });
    expect(ms).toBeLessThan(BOUND_MS);
  });
});

describe('Meilisearch on a refused port', () => {
  it.each(Object.keys(READS))('%s fails fast with ENGINE_UNAVAILABLE', async (read) => {
    const index = createMeilisearchIndex({
      host: await refusedHost(),
      indexUid: 'products',
      timeoutMs: 5_000,
    });
    const { value, ms } = await timed(() => READS[read]!(index));
    expect(isSearchError(value) && value.code, String(value)).toBe('ENGINE_UNAVAILABLE');
    expect((value as Error).message).toMatch(/unreachable/);
    // Refused is known at once: no waiting for the timeout.
    expect(ms).toBeLessThan(1_000);
  });
});

describe('Meilisearch answering something that is not JSON', () => {
  it('fails with ENGINE_UNAVAILABLE, not an untranslated SyntaxError', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>Bad Gateway</body></html>');
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    servers.push({
      host: '',
      close: () => new Promise((resolve) => server.close(() => resolve())),
    });
    const { port } = server.address() as { port: number };
    const index = createMeilisearchIndex({ host: `http://127.0.0.1:${port}`, indexUid: 'p' });
    for (const read of Object.values(READS)) {
      const error = await read(index).catch((e: unknown) => e);
      expect(isSearchError(error) && error.code, String(error)).toBe('ENGINE_UNAVAILABLE');
    }
    expect((await index.health()).state).toBe('degraded');
  });
});

describe('an engine that keeps hanging', () => {
  it('is not waited on after three timeouts, and is tried again once the breaker lets one through', async () => {
    const { stub, index } = await onHangingStub({ failures: 3, openMs: 600 });
    for (let i = 0; i < 3; i++) {
      const error = await index.search({ q: 'nike' }).catch((e: unknown) => e);
      expect(isSearchError(error) && error.code).toBe('ENGINE_TIMEOUT');
    }
    const asked = stub.requests.length;
    const { value, ms } = await timed(() => index.getBySlug('nike-dunk-low-12345'));
    expect(isSearchError(value) && value.code).toBe('ENGINE_UNAVAILABLE');
    expect((value as Error).message).toMatch(/not asked again/);
    expect(ms).toBeLessThan(100);
    expect(stub.requests).toHaveLength(asked);

    stub.mode = 'answer';
    await new Promise((resolve) => setTimeout(resolve, 650));
    expect((await index.search({ q: 'nike', limit: 5 })).hits).toHaveLength(5);
    expect((await index.categories()).reduce((sum, c) => sum + c.count, 0)).toBe(30);
  });

  it('is asked again at once when a health check finds it ready', async () => {
    const { stub, index } = await onHangingStub({ failures: 1, openMs: 60_000 });
    await index.search({ q: 'nike' }).catch(() => undefined);
    stub.mode = 'answer';
    const refused = await index.search({ q: 'nike' }).catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(/not asked again/);
    expect((await index.health()).state).toBe('ready');
    expect((await index.search({ q: 'nike', limit: 5 })).hits).toHaveLength(5);
  });
});

describe('an engine that comes back', () => {
  it('recovers without a new index: degraded while it hangs, ready once it answers', async () => {
    const { stub, index } = await onHangingStub();
    expect((await index.health()).state).toBe('degraded');
    const error = await index.search({ q: 'nike' }).catch((e: unknown) => e);
    expect(isSearchError(error) && error.code).toBe('ENGINE_TIMEOUT');

    stub.mode = 'answer';
    expect(await index.health()).toEqual({ engine: 'meilisearch', state: 'ready', products: 30 });
    const result = await index.search({ q: 'nike', limit: 5 });
    expect(result.hits).toHaveLength(5);
    expect(result.total).toBe(30);
    expect((await index.categories()).reduce((sum, c) => sum + c.count, 0)).toBe(30);
    expect(stub.requests).toContain('POST /multi-search');
  });
});
