import { describe, expect, it } from 'vitest';
import { build } from '../helper.js';

// Every JSON input of the auth app, nested deep: POST /auth.md (a JSON object) and a JSON body
// sent to the token endpoint (which takes a form). The answer is the endpoint's own 400, never a
// 500: the 4 KB body limit stops nesting past about 2,000 levels before it is parsed, and what
// fits is refused by the schema without being walked.
const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

function bodies(depth: number) {
  return [arrays(depth), objects(depth)].flatMap((n) => [
    n,
    `{"type":${n}}`,
    `{"type":"anonymous","client_id":${n}}`,
    `{"type":"anonymous","extra":${n}}`,
  ]);
}

describe('deeply nested JSON', () => {
  it.each([
    ['/auth.md', 10_000],
    ['/auth.md', 5_000],
    // The deepest that fits the body limit: parsed, then refused by the schema.
    ['/auth.md', 800],
    ['/oauth/token', 10_000],
    ['/oauth/token', 800],
  ])('POST %s nested %i levels deep is an OAuth 400, not a 500', async (url, depth) => {
    const app = await build({ RATE_LIMIT_TOKEN: '0' });
    for (const payload of bodies(depth)) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      const where = `${payload.slice(0, 60)} (${payload.length} bytes) → ${response.body.slice(0, 160)}`;
      // An unknown member is ignored however deep it nests (a registration is still made).
      if (payload.includes('"extra"') && payload.length <= 4096 && url === '/auth.md') {
        expect(response.statusCode, where).toBe(200);
        continue;
      }
      expect(response.statusCode, where).toBe(400);
      expect(response.headers['content-type'], where).toBe('application/json; charset=utf-8');
      expect(response.json().error, where).toBe('invalid_request');
    }
  });

  it('keeps a valid registration working beside them', async () => {
    const app = await build({ RATE_LIMIT_TOKEN: '0' });
    const response = await app.inject({
      method: 'POST',
      url: '/auth.md',
      payload: { type: 'anonymous' },
    });
    expect(response.statusCode).toBe(200);
  });
});
