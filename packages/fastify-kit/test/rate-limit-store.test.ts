import { createRateCounter } from '@repo/ratelimit';
import { describe, expect, it } from 'vitest';
import { rateLimitStore } from '../src/rate-limit-store.js';

function incr(
  store: ReturnType<InstanceType<ReturnType<typeof rateLimitStore>>['child']>,
  key: string,
) {
  return new Promise<{ current: number; ttl: number } | undefined>((resolve, reject) =>
    store.incr(key, (err, result) => (err ? reject(err) : resolve(result)), 60_000, 10),
  );
}

describe('rateLimitStore', () => {
  it('speaks @fastify/rate-limit’s callback contract and scopes route-level children', async () => {
    const Store = rateLimitStore(createRateCounter());
    const store = new Store({});
    expect(await incr(store, 'ip')).toMatchObject({ current: 1 });
    expect(await incr(store, 'ip')).toMatchObject({ current: 2 });
    const child = store.child({ routeInfo: { method: 'POST', url: '/mcp' } });
    expect(await incr(child, 'ip')).toMatchObject({ current: 1 });
  });
});
