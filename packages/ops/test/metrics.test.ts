import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { createEmbeddedIndex } from '@repo/search/embedded';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createServiceMetrics, measureIndex, startMetricsServer } from '../src/index.js';

const products = generateSampleCatalog({ count: 50 });

/** The value of one sample line of the text format, or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('service metrics', () => {
  it('counts and times requests by route pattern, unmatched URLs under one label', async () => {
    const metrics = createServiceMetrics({ apps: ['web'], processMetrics: false });
    const base = { app: 'web', method: 'GET', seconds: 0.003 };
    metrics.observeRequest({ ...base, route: '/producto/:slug', status: 200 });
    metrics.observeRequest({ ...base, route: '/producto/:slug', status: 200 });
    metrics.observeRequest({ ...base, route: undefined, status: 404 });
    const text = await metrics.registry.metrics();
    const product = '{app="web",method="GET",route="/producto/:slug",status="200"}';
    expect(sample(text, 'http_requests_total', product)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', product)).toBe(2);
    expect(
      sample(
        text,
        'http_requests_total',
        '{app="web",method="GET",route="(unmatched)",status="404"}',
      ),
    ).toBe(1);
    expect(sample(text, 'rate_limit_rejections_total', '{app="web"}')).toBe(0);
  });

  it('counts every 429 as a rate-limit rejection of its app', async () => {
    const metrics = createServiceMetrics({ apps: ['mcp', 'auth'], processMetrics: false });
    for (let i = 0; i < 3; i++) {
      metrics.observeRequest({
        app: 'mcp',
        method: 'POST',
        route: '/mcp',
        status: 429,
        seconds: 0,
      });
    }
    const text = await metrics.registry.metrics();
    expect(sample(text, 'rate_limit_rejections_total', '{app="mcp"}')).toBe(3);
    expect(sample(text, 'rate_limit_rejections_total', '{app="auth"}')).toBe(0);
  });

  it('counts outbound clicks by agent, each series from 0', async () => {
    const metrics = createServiceMetrics({ processMetrics: false });
    metrics.countClick('agent_a', 0);
    metrics.countClick('agent_b', 0);
    metrics.countClick('agent_b');
    metrics.countClick('agent_b');
    const text = await metrics.registry.metrics();
    expect(sample(text, 'outbound_clicks_total', '{agent="agent_a"}')).toBe(0);
    expect(sample(text, 'outbound_clicks_total', '{agent="agent_b"}')).toBe(2);
  });

  it('times every engine call, failures included, and reports the catalog size', async () => {
    const index = createEmbeddedIndex(products);
    const metrics = createServiceMetrics({ index, processMetrics: false });
    const measured = measureIndex(index, metrics);
    const result = await measured.search({ q: products[0]?.title.split(' ')[0], limit: 3 });
    expect(result).toEqual(await index.search({ q: products[0]?.title.split(' ')[0], limit: 3 }));
    expect(await measured.getBySlug(products[1]?.slug ?? '')).toEqual(products[1]);
    await measured.categories();
    await measured.featured(4);
    await expect(measured.search({ limit: 1_000_000 })).rejects.toThrow();
    const text = await metrics.registry.metrics();
    const count = (operation: string, outcome = 'ok') =>
      sample(
        text,
        'search_engine_duration_seconds_count',
        `{engine="embedded",operation="${operation}",outcome="${outcome}"}`,
      );
    expect(count('search')).toBe(1);
    expect(count('search', 'error')).toBe(1);
    expect(count('getBySlug')).toBe(1);
    expect(count('categories')).toBe(1);
    expect(count('featured')).toBe(1);
    expect(sample(text, 'catalog_products')).toBe(50);
    expect(measured.engine).toBe('embedded');
  });

  it('includes the Node.js process metrics unless asked not to', async () => {
    const text = await createServiceMetrics().registry.metrics();
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });
});

describe('metrics listener', () => {
  it('serves GET /metrics in the Prometheus text format and 404 elsewhere', async () => {
    const metrics = createServiceMetrics({ apps: ['web'], processMetrics: false });
    const server = await startMetricsServer({
      registry: metrics.registry,
      host: '127.0.0.1',
      port: 0,
    });
    onTestFinished(() => server.close());
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toContain('rate_limit_rejections_total{app="web"} 0');
    expect((await fetch(server.url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(404);
  });

  it('fails to start on a port in use instead of hanging', async () => {
    const registry = createServiceMetrics({ processMetrics: false }).registry;
    const first = await startMetricsServer({ registry, host: '127.0.0.1', port: 0 });
    onTestFinished(() => first.close());
    const port = Number(new URL(first.url).port);
    await expect(startMetricsServer({ registry, host: '127.0.0.1', port })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });
});
