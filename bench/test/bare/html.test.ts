import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import bareHtml, { BARE_PAGE_COUNT } from '../../src/bare/html.js';

describe('bare 20 KB pages', () => {
  it('sends a different page of about 20 KB at each of its paths, and nothing past the last', async () => {
    const app = Fastify();
    await app.register(bareHtml);
    const first = await app.inject('/bare/html/0');
    const last = await app.inject(`/bare/html/${BARE_PAGE_COUNT - 1}`);
    for (const res of [first, last]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.rawPayload.length).toBeGreaterThan(20_000);
      expect(res.rawPayload.length).toBeLessThan(21_000);
    }
    expect(first.body).not.toBe(last.body);
    expect((await app.inject(`/bare/html/${BARE_PAGE_COUNT}`)).statusCode).toBe(404);
    await app.close();
  });
});
