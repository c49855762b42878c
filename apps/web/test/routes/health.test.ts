import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { HealthSchema } from '../../src/schemas/health.js';
import { build, products } from '../helper.js';

describe('GET /health.json', () => {
  it('reports the catalog size, the categories and the engine', async () => {
    const app = await build();
    const response = await app.inject('/health.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({
      status: 'ok',
      version: '1.0.0',
      catalog: { products: products.length, categories: 14 },
      search: { engine: 'embedded', state: 'ready' },
    });
  });

  it('answers polls with the body the schema describes and one ETag while nothing changed', async () => {
    const app = await build();
    const first = await app.inject('/health.json');
    const second = await app.inject('/health.json');
    expect(Value.Check(HealthSchema, first.json())).toBe(true);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9+/=]+"$/);
    // The uptime is in seconds: two polls a second apart may differ by it, and only by it.
    if (first.json().uptime_s === second.json().uptime_s) {
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.body).toBe(first.body);
    }
  });
});
