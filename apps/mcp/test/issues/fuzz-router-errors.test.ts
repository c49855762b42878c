import { describe, expect, it } from 'vitest';
import { build, rpc } from '../helper.js';

// Found by test/fuzz/methods.test.ts (seed 20251007): a path with broken percent-encoding is
// refused by the router before any hook runs. The server's `frameworkErrors` hands it to the
// app's error handler, so it answers as a JSON-RPC error like every other failure.
describe('a URL the router refuses', () => {
  it('is a 400 JSON-RPC error without internals, and /mcp itself is untouched', async () => {
    const app = await build();
    const response = await app.inject({
      ...rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      url: '/mcp%ZZ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
    expect(response.body).not.toMatch(/FST_ERR|node_modules|\/src\/|at .*:\d+/);
    const ping = await app.inject(rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    expect(ping.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});
