import { describe, expect, it } from 'vitest';
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
});
