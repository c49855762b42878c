import { describe, expect, it } from 'vitest';
import { build, rpc } from './helper.js';

describe('MCP rate limit', () => {
  it('answers 429 over budget as a JSON-RPC error with Retry-After, per client address', async () => {
    const app = await build({ RATE_LIMIT_MCP: '2' });
    const call = () => app.inject(rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const over = await call();
    expect(over.statusCode).toBe(429);
    expect(over.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32029 } });
    expect(over.json().error.message).toMatch(/Too many requests/);

    const other = await app.inject({
      ...rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      remoteAddress: '203.0.113.5',
    });
    expect(other.statusCode).toBe(200);
  });

  it('does not count the server card', async () => {
    const app = await build({ RATE_LIMIT_MCP: '1' });
    for (let i = 0; i < 3; i++) {
      expect((await app.inject('/.well-known/mcp/server-card.json')).statusCode).toBe(200);
    }
  });
});
