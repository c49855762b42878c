import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createRateCounter, type RateCounter } from '../src/rate-counter.js';
import { freePort, startRedis } from '../src/testing/index.js';

function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  return {
    lines,
    info: (_o: object, message: string) => lines.push({ level: 'info', message }),
    warn: (_o: object, message: string) => lines.push({ level: 'warn', message }),
  };
}

async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
function track(counter: RateCounter) {
  cleanups.push(() => counter.close());
  return counter;
}

describe('createRateCounter', () => {
  it('counts in the process without Redis', async () => {
    const counter = track(createRateCounter());
    expect(counter.mode()).toBe('local');
    await counter.incr('ip', 60_000);
    expect((await counter.incr('ip', 60_000)).current).toBe(2);
  });

  it('shares counts between replicas through Redis', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    cleanups.push(() => redis.stop());
    const url = `redis://127.0.0.1:${port}`;
    const a = track(createRateCounter({ redisUrl: url, prefix: 'rl:test:' }));
    const b = track(createRateCounter({ redisUrl: url, prefix: 'rl:test:' }));
    await until(() => a.mode() === 'redis' && b.mode() === 'redis');
    await a.incr('client', 60_000);
    await b.incr('client', 60_000);
    const third = await a.incr('client', 60_000);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(59_000);
  });

  it('keeps counting in the process while Redis is down, logs it once, and returns to Redis', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const log = recordingLog();
    const counter = track(createRateCounter({ redisUrl: `redis://127.0.0.1:${port}`, log }));
    await until(() => counter.mode() === 'redis');
    expect((await counter.incr('k', 60_000)).current).toBe(1);

    await redis.stop();
    const during = [];
    for (let i = 0; i < 50; i++) during.push(await counter.incr('k', 60_000));
    expect(counter.mode()).toBe('local');
    expect(during.at(-1)?.current).toBe(50);
    expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(1);

    redis = await startRedis(port);
    cleanups.push(() => redis.stop());
    await until(() => counter.mode() === 'redis');
    expect((await counter.incr('k2', 60_000)).current).toBe(1);
    expect(log.lines.filter((l) => l.level === 'info')).toHaveLength(1);
  });

  it('falls back within its time limit when Redis hangs mid-traffic', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    cleanups.push(() => redis.stop());
    const url = `redis://127.0.0.1:${port}`;
    const log = recordingLog();
    const counter = track(createRateCounter({ redisUrl: url, commandTimeoutMs: 100, log }));
    await until(() => counter.mode() === 'redis');
    await counter.incr('k', 60_000);

    // Every client's commands now wait 1.5 s: the counter must not.
    const client = new Redis(url);
    cleanups.push(async () => client.disconnect());
    await client.call('CLIENT', 'PAUSE', '1500', 'ALL');
    const started = performance.now();
    const count = await counter.incr('k', 60_000);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(count.current).toBe(1);
    expect(counter.mode()).toBe('local');
    expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(1);

    // The connection never dropped, so no `ready` comes: once Redis answers, counting returns
    // there, and the budget is the shared one again: the count of before the pause goes on (the
    // command that timed out ran too, once Redis woke up).
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const shared = await counter.incr('k', 60_000);
    expect(counter.mode()).toBe('redis');
    expect(shared.current).toBe(3);
    expect(log.lines.filter((l) => l.level === 'info')).toHaveLength(1);
  });
});
