import { generateSigningKey } from '@repo/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../src/stack.js';

// Two mcp processes share their counts through Redis, so a client's budget holds whichever
// replica the gateway picks; the gateway's forwarded address tells clients apart.
const BUDGET = 6;
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    mcpReplicas: 2,
    env: {
      JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('stack-rl')),
      RATE_LIMIT_MCP: String(BUDGET),
      RATE_LIMIT_PAGES: String(BUDGET),
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

function toolsList(base: string, clientAddress: string) {
  return fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-forwarded-for': clientAddress,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
}

describe('rate limits behind the gateway', () => {
  it('hold across both mcp replicas and answer 429 as a JSON-RPC error with Retry-After', async () => {
    const client = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET; i++) statuses.push((await toolsList(stack.baseUrl, client)).status);
    expect(statuses).toEqual(Array(BUDGET).fill(200));

    // Over budget, from the gateway and from each replica directly (same client address).
    const over = await toolsList(stack.baseUrl, client);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('ratelimit-limit') ?? over.headers.get('x-ratelimit-limit')).toBe(
      String(BUDGET),
    );
    const body = await over.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
    for (const replica of ['mcp-1', 'mcp-2']) {
      const direct = await toolsList(stack.directUrl(replica), client);
      expect(direct.status, replica).toBe(429);
    }
  });

  it('count another client address apart', async () => {
    expect((await toolsList(stack.baseUrl, '203.0.113.10')).status).toBe(200);
  });

  it('answer pages over budget with a 429 page in the requested representation', async () => {
    const client = { 'x-forwarded-for': '198.51.100.7' };
    let last: Response | undefined;
    for (let i = 0; i <= BUDGET; i++)
      last = await fetch(`${stack.baseUrl}/catalog?q=cap`, { headers: client });
    expect(last?.status).toBe(429);
    expect(last?.headers.get('content-type')).toMatch(/^text\/html/);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    const markdown = await fetch(`${stack.baseUrl}/catalog.md?q=cap`, { headers: client });
    expect(markdown.status).toBe(429);
    expect(markdown.headers.get('content-type')).toMatch(/^text\/markdown/);
  });
});
