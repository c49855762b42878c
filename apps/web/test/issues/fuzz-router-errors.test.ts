import { describe, expect, it } from 'vitest';
import { build } from '../helper.js';

// Found by test/fuzz/pages.test.ts (seed 20251007, path "30"): the router refuses a path with
// broken percent-encoding or a path parameter over 100 characters before any hook or error
// handler runs, so these answers are Fastify's own JSON, not a page or problem+json. Only the
// server's `frameworkErrors` option can hand them to the app; until it does, this pins what is
// served (a 4xx with no internals), and the fuzz oracle recognises exactly these two shapes.
describe('requests the router refuses', () => {
  it.each([
    ['/x%ZZ', 400, 'FST_ERR_BAD_URL'],
    ['/producto/%E2%28', 400, 'FST_ERR_BAD_URL'],
    [`/producto/${'ab%20'.repeat(60)}/index.md?sort=relevance`, 414, 'FST_ERR_MAX_PARAM_LENGTH'],
  ])('%s is a %i without internals', async (url, status, code) => {
    const app = await build();
    const response = await app.inject(url);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, statusCode: status });
    expect(response.body).not.toMatch(/node_modules|\/src\/|at .*:\d+/);
  });
});
