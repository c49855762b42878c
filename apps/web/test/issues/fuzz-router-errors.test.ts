import { describe, expect, it } from 'vitest';
import { build } from '../helper.js';

// Found by test/fuzz/pages.test.ts (seed 20251007, path "30"): the router refuses a path with
// broken percent-encoding or a path parameter over 100 characters before any hook runs. The
// server's `frameworkErrors` hands them to the app's error handler, so they answer like any other
// error: a page in the representation asked for, without internals.
describe('requests the router refuses', () => {
  it.each([
    ['/x%ZZ', 400, /^text\/html/],
    ['/producto/%E2%28', 400, /^text\/html/],
    [`/producto/${'ab%20'.repeat(60)}/index.md?sort=relevance`, 414, /^text\/markdown/],
  ])("%s is a %i page, not Fastify's own JSON", async (url, status, type) => {
    const app = await build();
    const page = await app.inject(url);
    expect(page.statusCode).toBe(status);
    expect(page.headers['content-type']).toMatch(type);
    expect(page.body).not.toMatch(/FST_ERR|node_modules|\/src\/|at .*:\d+/);
    const json = await app.inject({ url, headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(status);
    expect(json.body).not.toMatch(/FST_ERR/);
  });
});
