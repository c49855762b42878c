import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startRedis } from '@repo/ratelimit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createClickCounter } from '../src/click-counter.js';
import { type ClickReaderOptions, openClickReader } from '../src/click-reader.js';
import { clock, recordingLog, T0, tempDir, until } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function reader(options: ClickReaderOptions) {
  const r = openClickReader(options);
  cleanups.push(() => r.close());
  return r;
}

const A = 'tenis-running-12345';
const B = 'mochila-urbana-67890';

describe('openClickReader', () => {
  it("reads the counter's file, again when it changes and no more often than refreshMs", async () => {
    const tmp = await tempDir();
    cleanups.push(tmp.remove);
    const file = join(tmp.dir, 'clicks.json');
    const c = clock(T0);
    const counter = createClickCounter({ file, now: c.now });
    cleanups.push(() => counter.close());
    const clicks = reader({ file, now: c.now, refreshMs: 1_000 });

    const empty = await clicks.popularity(30);
    expect(empty.counts).toEqual(new Map());
    expect((await clicks.clicks(30)).rows).toEqual([]);

    await counter.record({ slug: A, agent: 'agent_a', client: '1' });
    await counter.record({ slug: B, agent: 'agent_b', client: '1' });
    await counter.flush();
    // Within refreshMs the snapshot stands; `clicks` reads the file now.
    expect(await clicks.popularity(30)).toBe(empty);
    expect((await clicks.clicks(30)).rows).toHaveLength(2);
    c.advance(1_000);
    const two = await clicks.popularity(30);
    expect(two.counts).toEqual(
      new Map([
        [A, 1],
        [B, 1],
      ]),
    );
    expect(two.version).not.toBe(empty.version);
    c.advance(1_000);
    expect(await clicks.popularity(30)).toBe(two);

    await counter.record({ slug: A, agent: 'agent_b', client: '2' });
    await counter.flush();
    c.advance(1_000);
    expect((await clicks.popularity(30)).counts.get(A)).toBe(2);
  });

  it('keeps the last clicks read while the file cannot be read, and leaves the file alone', async () => {
    const tmp = await tempDir();
    cleanups.push(tmp.remove);
    const file = join(tmp.dir, 'clicks.json');
    await writeFile(
      file,
      JSON.stringify({ version: 1, days: { '2026-11-26': { [`${A} agent_a`]: 5 } } }),
    );
    const log = recordingLog();
    const c = clock(T0);
    const clicks = reader({ file, now: c.now, refreshMs: 10, log });
    const good = await clicks.popularity(30);
    expect(good.counts).toEqual(new Map([[A, 5]]));

    await writeFile(file, 'garbage');
    c.advance(10);
    expect(await clicks.popularity(30)).toBe(good);
    c.advance(10);
    expect(await clicks.popularity(30)).toBe(good);
    expect((await clicks.clicks(30)).rows).toEqual([{ slug: A, agent: 'agent_a', clicks: 5 }]);
    expect(log.warnings()).toHaveLength(1);
    expect(await readdir(tmp.dir)).toEqual(['clicks.json']);
  });

  it('has no clicks without Redis or a file', async () => {
    const clicks = reader({});
    expect((await clicks.popularity(30)).counts).toEqual(new Map());
    expect((await clicks.clicks(7)).perDay).toHaveLength(7);
    await expect(clicks.popularity(0)).rejects.toMatchObject({ code: 'CLICKS_DAYS_INVALID' });
  });

  it('reads what the counters count in Redis', async () => {
    const port = await freePort();
    const server = await startRedis(port);
    cleanups.push(() => server.stop());
    const redisUrl = `redis://127.0.0.1:${port}`;
    const counter = createClickCounter({ redisUrl });
    cleanups.push(() => counter.close());
    await until(() => counter.mode() === 'redis');
    await counter.record({ slug: A, agent: 'agent_a', client: '1' });
    await counter.record({ slug: A, agent: 'agent_b', client: '2' });

    const clicks = reader({ redisUrl, refreshMs: 50 });
    expect((await clicks.popularity(30)).counts).toEqual(new Map([[A, 2]]));
    expect((await clicks.clicks(1)).rows).toEqual([
      { slug: A, agent: 'agent_a', clicks: 1 },
      { slug: A, agent: 'agent_b', clicks: 1 },
    ]);
    await counter.record({ slug: B, agent: 'agent_a', client: '1' });
    await sleep(60);
    expect((await clicks.popularity(30)).counts).toEqual(
      new Map([
        [A, 2],
        [B, 1],
      ]),
    );
  });

  it('keeps the last popularity while Redis is down, and says so for the stats', async () => {
    const port = await freePort();
    const server = await startRedis(port);
    const redisUrl = `redis://127.0.0.1:${port}`;
    const counter = createClickCounter({ redisUrl });
    cleanups.push(() => counter.close());
    await until(() => counter.mode() === 'redis');
    await counter.record({ slug: A, agent: 'agent_a', client: '1' });
    const log = recordingLog();
    const clicks = reader({ redisUrl, refreshMs: 10, log });
    const before = await clicks.popularity(30);
    expect(before.counts).toEqual(new Map([[A, 1]]));

    await server.stop();
    await sleep(20);
    const started = performance.now();
    expect(await clicks.popularity(30)).toBe(before);
    expect(performance.now() - started).toBeLessThan(500);
    await expect(clicks.clicks(30)).rejects.toMatchObject({
      name: 'ClicksError',
      code: 'CLICKS_REDIS_UNAVAILABLE',
    });
    expect(log.warnings()).toHaveLength(1);
  });
});
