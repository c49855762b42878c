import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startRedis } from '@repo/ratelimit/testing';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ClickCounter,
  type ClickCounterOptions,
  createClickCounter,
} from '../src/click-counter.js';
import { dayOf } from '../src/days.js';
import { recordingLog, until } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function redisServer() {
  const port = await freePort();
  let server = await startRedis(port);
  const url = `redis://127.0.0.1:${port}`;
  const admin = new Redis(url, { lazyConnect: true, enableOfflineQueue: true });
  cleanups.push(async () => {
    admin.disconnect();
    await server.stop();
  });
  return {
    url,
    admin,
    stop: () => server.stop(),
    async restart() {
      server = await startRedis(port);
    },
  };
}

function counter(url: string, options: ClickCounterOptions = {}): ClickCounter {
  const c = createClickCounter({
    redisUrl: url,
    prefix: 'clicks:test:',
    refreshMs: 100,
    ...options,
  });
  cleanups.push(() => c.close());
  return c;
}

const A = 'tenis-running-12345';
const B = 'mochila-urbana-67890';
const today = () => dayOf(Date.now());

describe('createClickCounter with Redis', () => {
  it('counts the clicks of two replicas once each and folds a client across them', async () => {
    const redis = await redisServer();
    const a = counter(redis.url);
    const b = counter(redis.url);
    await until(() => a.mode() === 'redis' && b.mode() === 'redis');

    expect(await a.record({ slug: A, agent: 'agent_a', client: '203.0.113.1' })).toBe(true);
    expect(await b.record({ slug: A, agent: 'agent_a', client: '203.0.113.2' })).toBe(true);
    expect(await b.record({ slug: B, agent: 'agent_b', client: '203.0.113.1' })).toBe(true);
    // The same client on the same product, through the other replica and another agent.
    expect(await b.record({ slug: A, agent: 'agent_a', client: '203.0.113.1' })).toBe(false);
    expect(await a.record({ slug: A, agent: 'agent_b', client: '203.0.113.1' })).toBe(false);
    expect(await a.record({ slug: B, agent: 'agent_b', client: '203.0.113.1' })).toBe(false);

    expect(await redis.admin.hgetall(`clicks:test:day:${today()}`)).toEqual({
      [`${A} agent_a`]: '2',
      [`${B} agent_b`]: '1',
    });
    const ttl = await redis.admin.ttl(`clicks:test:day:${today()}`);
    expect(ttl).toBeGreaterThan(399 * 86_400);
    expect(ttl).toBeLessThanOrEqual(400 * 86_400);
    const salts = await redis.admin.keys('clicks:test:salt:*');
    expect(salts).toEqual([`clicks:test:salt:${today()}`]);
    expect(await redis.admin.ttl(salts[0]!)).toBeGreaterThan(25 * 3_600);
    const folds = await redis.admin.keys('clicks:test:fold:*');
    expect(folds).toHaveLength(3);
    for (const fold of folds) expect(await redis.admin.pttl(fold)).toBeGreaterThan(3_590_000);

    for (const c of [a, b]) {
      expect(await c.clicks(1)).toMatchObject({
        rows: [
          { slug: A, agent: 'agent_a', clicks: 2 },
          { slug: B, agent: 'agent_b', clicks: 1 },
        ],
        perDay: [{ day: today(), clicks: 3 }],
      });
    }
  });

  it('shows both replicas the same popularity, and its own clicks at once', async () => {
    const redis = await redisServer();
    // A reads Redis once a minute: its own clicks reach its snapshot without a read.
    const a = counter(redis.url, { refreshMs: 60_000 });
    const b = counter(redis.url);
    await until(() => a.mode() === 'redis' && b.mode() === 'redis');
    await a.record({ slug: A, agent: 'agent_a', client: '1' });
    const before = await b.popularity(30);
    expect(before.counts).toEqual(new Map([[A, 1]]));
    expect(await a.popularity(30)).toMatchObject({ counts: before.counts });

    await a.record({ slug: A, agent: 'agent_b', client: '2' });
    await a.record({ slug: B, agent: 'agent_a', client: '2' });
    // A repeat, folded, changes nothing.
    await a.record({ slug: B, agent: 'agent_a', client: '2' });
    const own = await a.popularity(30);
    expect(own.counts).toEqual(
      new Map([
        [A, 2],
        [B, 1],
      ]),
    );
    // The other replica sees them once its snapshot is refreshMs old.
    expect(await b.popularity(30)).toBe(before);
    await sleep(150);
    const after = await b.popularity(30);
    expect(after.counts).toEqual(own.counts);
    expect(after.version).not.toBe(before.version);
  });

  it('counts in the process while Redis is down, quickly, and adds those clicks to Redis when it is back', async () => {
    const redis = await redisServer();
    const log = recordingLog();
    const a = counter(redis.url, { log });
    await until(() => a.mode() === 'redis');
    await a.record({ slug: A, agent: 'agent_a', client: '1' });
    await a.popularity(30);

    await redis.stop();
    const results: boolean[] = [];
    for (const client of ['2', '3', '3', '4']) {
      const started = performance.now();
      results.push(await a.record({ slug: B, agent: 'agent_b', client }));
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    expect(results).toEqual([true, true, false, true]);
    expect(a.mode()).toBe('local');
    expect(log.warnings()).toHaveLength(1);
    await sleep(150);
    const during = await a.popularity(30);
    expect(during.counts).toEqual(
      new Map([
        [A, 1],
        [B, 3],
      ]),
    );
    await expect(a.clicks(1)).rejects.toMatchObject({ code: 'CLICKS_REDIS_UNAVAILABLE' });

    // Redis comes back empty (no persistence): only the clicks counted meanwhile are added.
    await redis.restart();
    await until(() => a.mode() === 'redis');
    await until(
      async () =>
        (await redis.admin.hget(`clicks:test:day:${today()}`, `${B} agent_b`).catch(() => null)) ===
        '3',
    );
    expect(log.infos().map((l) => l.message)).toEqual(
      expect.arrayContaining([expect.stringContaining('Redis is back')]),
    );
    expect((await a.clicks(1)).rows).toEqual([{ slug: B, agent: 'agent_b', clicks: 3 }]);
    await a.flush();
    expect(await redis.admin.hget(`clicks:test:day:${today()}`, `${B} agent_b`)).toBe('3');
  });

  it('falls back within its time limit when Redis hangs, and returns to it after', async () => {
    const redis = await redisServer();
    const log = recordingLog();
    const a = counter(redis.url, { log, commandTimeoutMs: 100 });
    await until(() => a.mode() === 'redis');
    await a.record({ slug: A, agent: 'agent_a', client: '1' });

    await redis.admin.connect();
    await redis.admin.call('CLIENT', 'PAUSE', '1500', 'ALL');
    const started = performance.now();
    expect(await a.record({ slug: A, agent: 'agent_a', client: '2' })).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(a.mode()).toBe('local');
    expect(log.warnings()).toHaveLength(1);

    // Once Redis answers again, a click goes to Redis and the one counted meanwhile follows it.
    await sleep(1_600);
    await until(async () => {
      await a.record({ slug: B, agent: 'agent_a', client: String(Math.random()) });
      return a.mode() === 'redis';
    });
    await until(
      async () => (await redis.admin.hget(`clicks:test:day:${today()}`, `${A} agent_a`)) === '2',
    );
    // The command that timed out ran once the pause ended: the click counted in the process
    // meanwhile is the same click, and is not added a second time.
    await a.flush();
    await sleep(100);
    expect(await redis.admin.hget(`clicks:test:day:${today()}`, `${A} agent_a`)).toBe('2');
  });

  it('folds a click counted in the process while Redis paused against the other replica’s', async () => {
    const redis = await redisServer();
    const a = counter(redis.url, { commandTimeoutMs: 100 });
    const b = counter(redis.url, { commandTimeoutMs: 100 });
    await until(() => a.mode() === 'redis' && b.mode() === 'redis');
    // Both replicas have the day's salt.
    await a.record({ slug: A, agent: 'agent_a', client: '1' });
    await b.record({ slug: A, agent: 'agent_a', client: '2' });

    await redis.admin.connect();
    await redis.admin.call('CLIENT', 'PAUSE', '600', 'ALL');
    // One click times out; the next is counted in the process without asking Redis.
    expect(await a.record({ slug: A, agent: 'agent_a', client: '3' })).toBe(true);
    expect(await a.record({ slug: B, agent: 'agent_a', client: '9' })).toBe(true);
    // The same client on the other replica, once Redis answers: counted there.
    await sleep(1_200);
    await until(() => b.record({ slug: B, agent: 'agent_b', client: '9' }).then(() => true));
    await a.flush();
    await until(async () => {
      await a.flush();
      return (await redis.admin.hget(`clicks:test:day:${today()}`, `${A} agent_a`)) === '3';
    });
    // The client's clicks on B, one per replica within the hour, are one click.
    const day = await redis.admin.hgetall(`clicks:test:day:${today()}`);
    expect(Number(day[`${B} agent_a`] ?? 0) + Number(day[`${B} agent_b`] ?? 0)).toBe(1);
  });

  it('stores no address in Redis', async () => {
    const redis = await redisServer();
    const a = counter(redis.url);
    await until(() => a.mode() === 'redis');
    const addresses = ['203.0.113.77', '2001:db8::1234', '198.51.100.23'];
    for (const client of addresses) {
      await a.record({ slug: A, agent: 'agent_a', client });
      await a.record({ slug: B, agent: 'agent_b', client });
    }
    await redis.admin.connect();
    const stored: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.admin.scan(cursor, 'COUNT', 1_000);
      cursor = next;
      for (const key of keys) {
        stored.push(key);
        const type = await redis.admin.type(key);
        if (type === 'string') stored.push((await redis.admin.get(key)) ?? '');
        else if (type === 'hash')
          stored.push(...Object.entries(await redis.admin.hgetall(key)).flat());
        else stored.push(`unexpected ${type}`);
      }
    } while (cursor !== '0');
    expect(stored.length).toBeGreaterThan(8);
    const everything = stored.join('\n');
    for (const address of addresses) expect(everything).not.toContain(address);
    expect(everything).not.toContain('203.0.113');
    expect(everything).not.toContain('2001:db8');
    expect(everything).not.toContain('unexpected');
  });
});
