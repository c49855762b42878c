import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ClickCounter,
  type ClickCounterOptions,
  createClickCounter,
} from '../src/click-counter.js';
import { clock, DAY, HOUR, recordingLog, T0, tempDir, until } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function counter(options: ClickCounterOptions = {}): ClickCounter {
  const c = createClickCounter(options);
  cleanups.push(() => c.close());
  return c;
}

async function dir(): Promise<string> {
  const tmp = await tempDir();
  cleanups.push(tmp.remove);
  return tmp.dir;
}

const ADDRESS = '203.0.113.7';
const A = 'tenis-running-12345';
const B = 'mochila-urbana-67890';

describe('createClickCounter in the process', () => {
  it('counts a click once, folds repeats within the hour, and counts again after it', async () => {
    const c = clock(T0);
    const clicks = counter({ now: c.now });
    expect(clicks.mode()).toBe('local');
    expect(await clicks.record({ slug: A, agent: 'agent_a', client: ADDRESS })).toBe(true);
    c.advance(HOUR - 1);
    expect(await clicks.record({ slug: A, agent: 'agent_a', client: ADDRESS })).toBe(false);
    c.advance(1);
    expect(await clicks.record({ slug: A, agent: 'agent_a', client: ADDRESS })).toBe(true);
    expect((await clicks.clicks(1)).rows).toEqual([{ slug: A, agent: 'agent_a', clicks: 2 }]);
  });

  it('folds per product: another product counts, another agent of the same product does not', async () => {
    const clicks = counter({ now: () => T0 });
    expect(await clicks.record({ slug: A, agent: 'agent_a', client: ADDRESS })).toBe(true);
    expect(await clicks.record({ slug: B, agent: 'agent_a', client: ADDRESS })).toBe(true);
    expect(await clicks.record({ slug: A, agent: 'agent_b', client: ADDRESS })).toBe(false);
    expect(await clicks.record({ slug: A, agent: 'agent_a', client: '203.0.113.8' })).toBe(true);
    expect((await clicks.clicks(1)).rows).toEqual([
      { slug: A, agent: 'agent_a', clicks: 2 },
      { slug: B, agent: 'agent_a', clicks: 1 },
    ]);
  });

  it('starts a new day with a new bucket and a new fold', async () => {
    const c = clock(Date.UTC(2026, 10, 26, 23, 50));
    const clicks = counter({ now: c.now });
    expect(await clicks.record({ slug: A, agent: 'agent_a', client: ADDRESS })).toBe(true);
    c.advance(20 * 60_000);
    expect(await clicks.record({ slug: A, agent: 'agent_a', client: ADDRESS })).toBe(true);
    expect(await clicks.record({ slug: A, agent: 'agent_a', client: ADDRESS })).toBe(false);
    const stats = await clicks.clicks(2);
    expect(stats).toMatchObject({ from: '2026-11-26', to: '2026-11-27' });
    expect(stats.perDay).toEqual([
      { day: '2026-11-26', clicks: 1 },
      { day: '2026-11-27', clicks: 1 },
    ]);
    expect((await clicks.popularity(1)).counts).toEqual(new Map([[A, 1]]));
  });

  it('gives the popularity of a window of days, today included', async () => {
    const c = clock(T0);
    const clicks = counter({ now: c.now });
    const at = (days: number) => T0 - days * DAY;
    await clicks.record({ slug: A, agent: 'agent_a', client: '1', at: at(10) });
    await clicks.record({ slug: A, agent: 'agent_a', client: '2', at: at(3) });
    await clicks.record({ slug: B, agent: 'agent_b', client: '3', at: at(3) });
    await clicks.record({ slug: B, agent: 'agent_a', client: '4', at: at(0) });
    expect((await clicks.popularity(1)).counts).toEqual(new Map([[B, 1]]));
    expect((await clicks.popularity(4)).counts).toEqual(
      new Map([
        [A, 1],
        [B, 2],
      ]),
    );
    expect((await clicks.popularity(30)).counts).toEqual(
      new Map([
        [A, 2],
        [B, 2],
      ]),
    );
    const before = await clicks.popularity(30);
    expect(await clicks.popularity(30)).toBe(before);
    await clicks.record({ slug: A, agent: 'agent_a', client: '5' });
    const after = await clicks.popularity(30);
    expect(after.version).not.toBe(before.version);
    expect(after.counts.get(A)).toBe(3);
    expect(before.counts.get(A)).toBe(2);
    // The window moves with the day.
    c.advance(DAY);
    expect((await clicks.popularity(1)).counts).toEqual(new Map());
  });

  it('keeps its counts across a restart through the file, with nothing of the client in it', async () => {
    const file = join(await dir(), 'clicks.json');
    const first = createClickCounter({ file, now: () => T0 });
    await first.record({ slug: A, agent: 'agent_a', client: ADDRESS });
    await first.record({ slug: A, agent: 'agent_b', client: '198.51.100.23' });
    await first.record({ slug: B, agent: 'agent_a', client: ADDRESS, at: T0 - DAY });
    await first.close();

    const text = await readFile(file, 'utf8');
    expect(JSON.parse(text)).toEqual({
      version: 1,
      days: {
        '2026-11-25': { [`${B} agent_a`]: 1 },
        '2026-11-26': { [`${A} agent_a`]: 1, [`${A} agent_b`]: 1 },
      },
    });
    expect(text).not.toContain('203.0.113');
    expect(text).not.toContain('198.51.100');
    expect(await readdir(join(file, '..'))).toEqual(['clicks.json']);

    const second = counter({ file, now: () => T0 });
    expect((await second.clicks(7)).rows).toHaveLength(3);
    expect((await second.popularity(7)).counts).toEqual(
      new Map([
        [A, 2],
        [B, 1],
      ]),
    );
  });

  it('writes the file every flushMs, only when counts changed', async () => {
    const file = join(await dir(), 'clicks.json');
    const clicks = counter({ file, flushMs: 20 });
    await sleep(60);
    expect(await readdir(join(file, '..'))).toEqual([]);
    await clicks.record({ slug: A, agent: 'agent_a', client: ADDRESS });
    await until(async () => (await readdir(join(file, '..'))).includes('clicks.json'));
    expect(JSON.parse(await readFile(file, 'utf8')).days).not.toEqual({});
  });

  it('keeps an unreadable file aside, logs it, and starts from zero', async () => {
    const directory = await dir();
    const file = join(directory, 'clicks.json');
    await writeFile(file, '{"version":1,"days":{"2026-11-26":');
    const log = recordingLog();
    const clicks = counter({ file, log, now: () => T0 });
    expect(log.warnings()).toHaveLength(1);
    const aside = (await readdir(directory)).filter((name) => name !== 'clicks.json');
    expect(aside).toEqual(['clicks.json.corrupt-2026-11-26T10-00-00-000Z']);
    expect(await readFile(join(directory, aside[0]!), 'utf8')).toBe(
      '{"version":1,"days":{"2026-11-26":',
    );
    expect(log.warnings()[0]?.object).toMatchObject({ keptAs: join(directory, aside[0]!) });
    expect((await clicks.clicks(30)).rows).toEqual([]);
    expect(await clicks.record({ slug: A, agent: 'agent_a', client: ADDRESS })).toBe(true);
    await clicks.flush();
    expect(JSON.parse(await readFile(file, 'utf8')).days).toEqual({
      '2026-11-26': { [`${A} agent_a`]: 1 },
    });
  });

  it('keeps a file of another shape aside too', async () => {
    const directory = await dir();
    const file = join(directory, 'clicks.json');
    await writeFile(file, '{"2026-11-26":{"x":1}}');
    const log = recordingLog();
    counter({ file, log, now: () => T0 });
    expect(log.warnings()).toHaveLength(1);
    expect((await readdir(directory)).some((name) => name.includes('.corrupt-'))).toBe(true);
  });

  it('drops the days older than the retention, from memory and from the file', async () => {
    const file = join(await dir(), 'clicks.json');
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        days: {
          '2026-11-01': { [`${A} agent_a`]: 4 },
          '2026-11-20': { [`${A} agent_a`]: 2 },
          '2026-11-26': { [`${B} agent_a`]: 1 },
        },
      }),
    );
    const c = clock(T0);
    const clicks = counter({ file, retentionDays: 7, now: c.now });
    expect((await clicks.clicks(30)).perDay.reduce((sum, d) => sum + d.clicks, 0)).toBe(3);
    await clicks.flush();
    expect(Object.keys(JSON.parse(await readFile(file, 'utf8')).days)).toEqual([
      '2026-11-20',
      '2026-11-26',
    ]);
    // Six days later (2026-12-02) 2026-11-20 is past the retention too; 2026-11-26 is not.
    c.advance(6 * DAY);
    await clicks.flush();
    expect(Object.keys(JSON.parse(await readFile(file, 'utf8')).days)).toEqual(['2026-11-26']);
  });

  it('rejects flush when the file cannot be written, and logs it from the timer', async () => {
    const directory = await dir();
    await writeFile(join(directory, 'a-file'), '');
    const log = recordingLog();
    const clicks = createClickCounter({
      file: join(directory, 'a-file', 'clicks.json'),
      flushMs: 20,
      log,
    });
    await clicks.record({ slug: A, agent: 'agent_a', client: ADDRESS });
    await expect(clicks.flush()).rejects.toMatchObject({ code: 'CLICKS_FILE_WRITE' });
    await until(() => log.warnings().length > 0);
    await expect(clicks.close()).rejects.toMatchObject({ code: 'CLICKS_FILE_WRITE' });
  });

  it('never rejects a click, and does not count one it cannot', async () => {
    const clicks = counter();
    expect(await clicks.record({ slug: 'a b', agent: 'agent_a', client: ADDRESS })).toBe(false);
    expect(await clicks.record({ slug: A, agent: '', client: ADDRESS })).toBe(false);
    expect(
      await clicks.record({ slug: A, agent: 'agent_a', client: ADDRESS, at: Number.NaN }),
    ).toBe(false);
    expect(
      await clicks.record({ slug: A, agent: 'agent_a', client: undefined as unknown as string }),
    ).toBe(false);
    expect((await clicks.clicks(1)).rows).toEqual([]);
  });

  it('rejects windows and options out of range', async () => {
    const clicks = counter();
    await expect(clicks.popularity(0)).rejects.toMatchObject({ code: 'CLICKS_DAYS_INVALID' });
    await expect(clicks.clicks(1.5)).rejects.toMatchObject({ code: 'CLICKS_DAYS_INVALID' });
    expect(() => createClickCounter({ retentionDays: 0 })).toThrow(
      expect.objectContaining({ code: 'CLICKS_OPTIONS_INVALID' }),
    );
    expect(() => createClickCounter({ flushMs: Number.POSITIVE_INFINITY })).toThrow(
      expect.objectContaining({ code: 'CLICKS_OPTIONS_INVALID' }),
    );
  });
});
