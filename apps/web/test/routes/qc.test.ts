import { describe, expect, it } from 'vitest';
import { build, products } from '../helper.js';

describe('GET /qc/{slug}/{n}.svg', () => {
  const product = products[0]!;

  it('draws a QC photo of a sample product as a self-contained SVG', async () => {
    const app = await build();
    const response = await app.inject(`/qc/${product.slug}/1.svg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(response.body).not.toMatch(/<script|href="http/);
  });

  it('answers 404 problem+json for a photo the product does not have', async () => {
    const app = await build();
    const response = await app.inject(`/qc/${product.slug}/${product.qc_photos.length + 1}.svg`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers 400 problem+json, not 500, for a malformed file name', async () => {
    const app = await build();
    const response = await app.inject(`/qc/${product.slug}/..%2f..%2fetc.svg`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(response.body).not.toMatch(/at .*\.js:\d+/);
  });
});

describe('unknown routes', () => {
  it('answer 404 problem+json to a client that asks for JSON', async () => {
    const app = await build();
    const response = await app.inject({
      url: '/no/such/page',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });
});
