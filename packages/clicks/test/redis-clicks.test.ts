import { freePort, startRedis } from '@repo/ratelimit/testing';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisClicks } from '../src/redis-clicks.js';
import { until } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const messages = { down: 'down', up: 'up' };
const DAY = '2099-01-01';

async function setup() {
  const port = await freePort();
  let server = await startRedis(port);
  cleanups.push(() => server.stop());
  const url = `redis://127.0.0.1:${port}`;
  const admin = new Redis(url);
  cleanups.push(async () => admin.disconnect());
  const open = () => {
    const clicks = new RedisClicks({ url, prefix: 't:', messages });
    cleanups.push(() => clicks.close());
    return clicks;
  };
  return {
    admin,
    open,
    async restart() {
      await server.stop();
      server = await startRedis(port);
    },
  };
}

describe('RedisClicks', () => {
  it("shares the day's salt between replicas, and keeps it 26 hours", async () => {
    const { admin, open } = await setup();
    const a = open();
    const b = open();
    await until(() => a.usable() && b.usable());
    const [x, y] = await Promise.all([
      a.foldKey(DAY, '203.0.113.7', 'a-12345'),
      b.foldKey(DAY, '203.0.113.7', 'a-12345'),
    ]);
    expect(x).toBe(y);
    expect(x).toMatch(/^t:fold:[A-Za-z0-9_-]{22}$/);
    expect(await a.foldKey('2099-01-02', '203.0.113.7', 'a-12345')).not.toBe(x);
    expect(await admin.ttl(`t:salt:${DAY}`)).toBeGreaterThan(93_000);
  });

  it('asks for the salt again after a reconnection (Redis may have restarted empty)', async () => {
    const { open, restart } = await setup();
    const a = open();
    await until(() => a.usable());
    const before = await a.foldKey(DAY, 'c', 'a-12345');
    await restart();
    await until(() => a.usable());
    const b = open();
    await until(() => b.usable());
    const after = await b.foldKey(DAY, 'c', 'a-12345');
    expect(after).not.toBe(before);
    expect(await a.foldKey(DAY, 'c', 'a-12345')).toBe(after);
  });

  it('adds a batch once, and an unanswered click only if its command never ran', async () => {
    const { admin, open } = await setup();
    const a = open();
    await until(() => a.usable());
    const ran = await a.foldKey(DAY, 'ran', 'a-12345');
    const lost = await a.foldKey(DAY, 'lost', 'a-12345');
    expect(await a.count(ran, DAY, 'a-12345 agent_a', 400)).toBe(true);
    const records = [
      { day: DAY, field: 'b-12345 agent_b', clicks: 4 },
      { day: DAY, field: 'a-12345 agent_a', clicks: 1, fold: ran },
      { day: DAY, field: 'a-12345 agent_a', clicks: 1, fold: lost },
    ];
    expect(await a.add('batch-1', records, DAY, 400)).toBe(5);
    expect(await a.add('batch-1', records, DAY, 400)).toBe(0);
    expect(await admin.hgetall(`t:day:${DAY}`)).toEqual({
      'a-12345 agent_a': '2',
      'b-12345 agent_b': '4',
    });
    expect(await admin.pttl(lost)).toBeGreaterThan(3_500_000);
    // The click that was added is folded like one counted directly.
    expect(await a.count(lost, DAY, 'a-12345 agent_a', 400)).toBe(false);
  });

  it('leaves out the days past the retention', async () => {
    const { admin, open } = await setup();
    const a = open();
    await until(() => a.usable());
    const records = [
      { day: '2098-12-01', field: 'a-12345 agent_a', clicks: 1 },
      { day: DAY, field: 'a-12345 agent_a', clicks: 1 },
    ];
    expect(await a.add('batch-2', records, DAY, 7)).toBe(1);
    expect(await admin.keys('t:day:*')).toEqual([`t:day:${DAY}`]);
  });

  it('reads the days of a window, and fails once closed', async () => {
    const { admin, open } = await setup();
    const a = open();
    await until(() => a.usable());
    await admin.hset(`t:day:${DAY}`, 'a-12345 agent_a', '3', 'junk', '1', 'b-12345 agent_a', 'x');
    expect((await a.load([DAY, '2099-01-02'], 0)).toJSON()).toEqual({
      [DAY]: { 'a-12345 agent_a': 3 },
    });
    await a.close();
    await expect(a.load([DAY], 0)).rejects.toThrow();
  });
});
