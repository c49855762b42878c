import { generateSigningKey } from '@repo/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../src/stack.js';

// Redis stopped in the middle of traffic: every request is still served, limits fall back to
// per-process counts, each process logs the outage once (not per request), and once Redis is back
// on the same port the budget is shared by the replicas again.
const BUDGET = 8;
const OUTAGE_LOG = 'rate limits: Redis unreachable';
const BACK_LOG = 'rate limits: Redis is back';
const APPS = ['web', 'mcp-1', 'mcp-2', 'auth'];
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    mcpReplicas: 2,
    env: {
      JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('stack-redis')),
      RATE_LIMIT_MCP: String(BUDGET),
      RATE_LIMIT_PAGES: String(BUDGET),
      // The outage and recovery lines: warn and info.
      LOG_LEVEL: 'info',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

function toolsList(base: string, client: string) {
  return fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-forwarded-for': client,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
}

async function statuses(count: number, send: () => Promise<Response>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await send();
    await response.arrayBuffer();
    out.push(response.status);
  }
  return out;
}

const logCount = (name: string, line: string) =>
  stack.processes.get(name)?.log().split(line).length ?? 1;

async function expectSharedBudget(client: string) {
  const served = await statuses(BUDGET, () => toolsList(stack.baseUrl, client));
  expect(served).toEqual(Array(BUDGET).fill(200));
  // Over budget through the gateway and on each replica directly: the count is shared.
  expect((await toolsList(stack.baseUrl, client)).status).toBe(429);
  for (const replica of ['mcp-1', 'mcp-2']) {
    expect((await toolsList(stack.directUrl(replica), client)).status, replica).toBe(429);
  }
}

describe('Redis stopped in the middle of traffic', () => {
  it('shares the budget across replicas while Redis runs', async () => {
    await expectSharedBudget('203.0.113.20');
    for (const name of APPS) expect(logCount(name, OUTAGE_LOG) - 1, name).toBe(0);
  });

  it('serves every request while Redis is down, counting per process', async () => {
    await stack.stopProcess('redis');

    // Many clients, pages and tools: all served, none slowed down by the missing Redis.
    for (let i = 0; i < 24; i++) {
      const client = `198.51.100.${i + 1}`;
      const started = performance.now();
      const [page, tool] = await Promise.all([
        fetch(`${stack.baseUrl}/catalog?q=cap`, { headers: { 'x-forwarded-for': client } }),
        toolsList(stack.baseUrl, client),
      ]);
      await Promise.all([page.arrayBuffer(), tool.arrayBuffer()]);
      expect([page.status, tool.status], client).toEqual([200, 200]);
      expect(performance.now() - started, client).toBeLessThan(1_500);
    }

    // One client through the gateway: each replica counts its own share of the budget, so more
    // than one budget passes in all, and never more than one per replica.
    const spread = await statuses(4 * BUDGET, () => toolsList(stack.baseUrl, '203.0.113.21'));
    expect(
      spread.every((s) => s === 200 || s === 429),
      spread.join(),
    ).toBe(true);
    const ok = spread.filter((s) => s === 200).length;
    expect(ok).toBeGreaterThan(BUDGET);
    expect(ok).toBeLessThanOrEqual(2 * BUDGET);
    // Each replica still enforces its own count.
    const direct = await statuses(BUDGET + 1, () =>
      toolsList(stack.directUrl('mcp-1'), '203.0.113.22'),
    );
    expect(direct).toEqual([...Array(BUDGET).fill(200), 429]);
  });

  it('logs the outage once per process, not once per request', async () => {
    // Log lines leave a process in batches, at most 200 ms after they are written: the line of a
    // replica whose first request without Redis came last may still be on its way.
    const deadline = Date.now() + 2_000;
    while (Date.now() < deadline && !APPS.every((name) => logCount(name, OUTAGE_LOG) > 1)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const name of APPS) {
      expect(
        logCount(name, OUTAGE_LOG) - 1,
        `${name}:\n${stack.processes.get(name)?.output()}`,
      ).toBe(1);
    }
  });

  it('counts in Redis again once it is back on the same port', async () => {
    await stack.startProcess('redis');
    // ioredis reconnects with a back-off of at most 2 s.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && !APPS.every((name) => logCount(name, BACK_LOG) > 1)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const name of APPS) expect(logCount(name, BACK_LOG) - 1, name).toBe(1);

    await expectSharedBudget('203.0.113.23');
    // Still one outage line each: the recovery did not log the failure again.
    for (const name of APPS) expect(logCount(name, OUTAGE_LOG) - 1, name).toBe(1);
  });
});
