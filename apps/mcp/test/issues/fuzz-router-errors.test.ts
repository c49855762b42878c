import { describe, expect, it } from 'vitest';
import { build, rpc } from '../helper.js';

// Found by test/fuzz/methods.test.ts (seed 20251007): a path with broken percent-encoding is
// refused by the router before any hook or error handler runs, so it gets Fastify's own JSON
// rather than a JSON-RPC error. Only the server's `frameworkErrors` option can hand it to the
// app; until it does, this pins what is served (a 400 without internals).
describe('a URL the router refuses', () => {
  it('is a 400 without internals, and /mcp itself is untouched', async () => {
    const app = await build();
    const response = await app.inject({
      ...rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      url: '/mcp%ZZ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'FST_ERR_BAD_URL', statusCode: 400 });
    expect(response.body).not.toMatch(/node_modules|\/src\/|at .*:\d+/);
    const ping = await app.inject(rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    expect(ping.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});
