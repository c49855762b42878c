import { generateSigningKey } from '@repo/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../src/stack.js';

// Operations through the real gateway: request ids end to end, and no metrics on the public side.
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    mcpReplicas: 1,
    redis: false,
    env: { JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('ops-1')) },
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('through the gateway', () => {
  it('never routes /metrics: the public side answers 404', async () => {
    for (const path of ['/metrics', '/metrics/', '/mcp/../metrics']) {
      const response = await fetch(`${stack.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toMatch(/http_requests_total|process_cpu/);
    }
  });

  it('gives every request an id and returns it from each app', async () => {
    const ids = new Set<string>();
    for (const [path, init] of [
      ['/', {}],
      ['/.well-known/jwks.json', {}],
      ['/mcp/server-card', {}],
    ] as const) {
      const response = await fetch(`${stack.baseUrl}${path}`, init);
      expect(response.status, path).toBe(200);
      const id = response.headers.get('x-request-id');
      // nginx's $request_id: 32 hex digits.
      expect(id, path).toMatch(/^[0-9a-f]{32}$/);
      ids.add(id ?? '');
    }
    expect(ids.size).toBe(3);
  });

  it("keeps a client's plain request id and replaces any other", async () => {
    const kept = await fetch(`${stack.baseUrl}/health.json`, {
      headers: { 'x-request-id': 'trace-42.abc:1' },
    });
    expect(kept.headers.get('x-request-id')).toBe('trace-42.abc:1');
    for (const bad of ['has space', 'a'.repeat(129), 'quote"d', '%C3%BCnicode', '{"level":50}']) {
      const response = await fetch(`${stack.baseUrl}/health.json`, {
        headers: { 'x-request-id': bad },
      });
      expect(response.headers.get('x-request-id'), bad).toMatch(/^[0-9a-f]{32}$/);
    }
  });
});
