import { describe, expect, it } from 'vitest';
import { build, form } from './helper.js';

describe('token rate limit', () => {
  it('meters token requests per address and answers an OAuth error with 429 over budget', async () => {
    const app = await build({ RATE_LIMIT_TOKEN: '2' });
    const token = (client_id: string) =>
      app.inject({
        method: 'POST',
        url: '/oauth/token',
        ...form({ grant_type: 'client_credentials', client_id, scope: 'public' }),
      });
    expect((await token('a')).statusCode).toBe(200);
    // A fresh client_id buys no fresh budget: the address is what counts.
    expect((await token('b')).statusCode).toBe(200);
    const over = await token('c');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'temporarily_unavailable' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['cache-control']).toBe('no-store');

    // Documents are not metered.
    expect((await app.inject('/.well-known/jwks.json')).statusCode).toBe(200);
  });
});
