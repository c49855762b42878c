import { describe, expect, it } from 'vitest';
import { build } from './helper.js';

describe('page rate limit', () => {
  it('answers 429 over budget in the representation asked for, with Retry-After and RateLimit headers', async () => {
    const app = await build({ RATE_LIMIT_PAGES: '2' });
    expect((await app.inject({ url: '/catalog?q=cap' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/catalog?q=cap' })).statusCode).toBe(200);

    const html = await app.inject({ url: '/catalog?q=cap' });
    expect(html.statusCode).toBe(429);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(html.headers['retry-after'])).toBeGreaterThan(0);
    expect(html.headers['ratelimit-limit']).toBe('2');
    expect(html.body).toContain('Too many requests');

    const markdown = await app.inject({ url: '/catalog.md?q=cap' });
    expect(markdown.statusCode).toBe(429);
    expect(markdown.headers['content-type']).toMatch(/^text\/markdown/);
    const document = await app.inject({ url: '/openapi.json' });
    expect(document.statusCode).toBe(429);
    expect(document.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('never counts health checks, the stylesheet or QC photos', async () => {
    const app = await build({ RATE_LIMIT_PAGES: '1' });
    for (let i = 0; i < 5; i++) {
      expect((await app.inject('/health.json')).statusCode).toBe(200);
    }
    expect((await app.inject('/')).statusCode).toBe(200);
  });

  it('is off at 0', async () => {
    const app = await build({ RATE_LIMIT_PAGES: '0' });
    for (let i = 0; i < 5; i++) expect((await app.inject('/')).statusCode).toBe(200);
  });
});
