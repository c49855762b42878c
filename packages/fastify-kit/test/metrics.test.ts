import { createServiceMetrics } from '@repo/ops';
import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { metricsPlugin } from '../src/index.js';

/** An app with the plugin, feeding a real registry. */
async function build() {
  const metrics = createServiceMetrics({ apps: ['web'], processMetrics: false });
  const app = Fastify({ logger: false });
  await app.register(metricsPlugin, { metrics, app: 'web' });
  app.get('/producto/:slug', async (request, reply) =>
    (request.params as { slug: string }).slug === 'gone' ? reply.code(404).send() : 'ok',
  );
  await app.ready();
  onTestFinished(() => app.close());
  return { app, metrics };
}

describe('metrics plugin', () => {
  it('counts every answer by app, method, route pattern and status', async () => {
    const { app, metrics } = await build();
    await app.inject('/producto/a-1');
    await app.inject('/producto/b-2');
    await app.inject('/producto/gone');
    await app.inject({ method: 'POST', url: '/no/such/route' });
    const text = await metrics.registry.metrics();
    const count = (labels: string) =>
      text.match(new RegExp(`^http_requests_total\\{${labels}\\} (\\d+)$`, 'm'))?.[1];
    expect(count('app="web",method="GET",route="/producto/:slug",status="200"')).toBe('2');
    expect(count('app="web",method="GET",route="/producto/:slug",status="404"')).toBe('1');
    // No route: one label for every such URL, never the raw URL.
    expect(count('app="web",method="POST",route="\\(unmatched\\)",status="404"')).toBe('1');
    expect(text).not.toContain('/no/such/route');
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{app="web",method="GET",route="\/producto\/:slug",status="200"\} 2$/m,
    );
  });
});
