import { join } from 'node:path';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type CatalogVersion, openLiveCatalog } from '../../src/live/live-catalog.js';
import { writeCatalogFile } from '../../src/write-catalog-file.js';
import { tempDir } from '../helper.js';

const all = generateSampleCatalog({ count: 60 });
const A = all.slice(0, 50);
const B = all.slice(10, 60);

interface Line {
  readonly fields: Record<string, unknown>;
  readonly message: string;
}

async function open(options: { warmMs?: number; serving?: () => boolean } = {}) {
  const file = join(await tempDir(), 'catalog.ndjson');
  await writeCatalogFile(file, A);
  const lines: Line[] = [];
  const log = {
    info: (fields: object, message: string) => lines.push({ fields: { ...fields }, message }),
    warn: (fields: object, message: string) => lines.push({ fields: { ...fields }, message }),
  };
  const catalog = await openLiveCatalog({ engine: 'embedded', file }, log, {
    watch: false,
    ...options,
  });
  onTestFinished(() => catalog.close());
  return { catalog, lines, change: () => writeCatalogFile(file, B) };
}

describe('warm-ups before a swap', () => {
  it('hands the next version to each warmer while the old one still serves, then swaps', async () => {
    const { catalog, lines, change } = await open();
    const first = catalog.current;
    const seen: { next: CatalogVersion; previous: CatalogVersion; serving: CatalogVersion }[] = [];
    catalog.onWarm(async (next, previous) => {
      seen.push({ next, previous, serving: catalog.current });
      // What a warmer does: answers of the next version, worked out before it serves.
      expect((await next.index.search({})).total).toBe(50);
      return 3;
    });
    catalog.onWarm(async () => 2);
    await change();
    expect((await catalog.reload()).status).toBe('ok');

    expect(seen).toHaveLength(1);
    expect(seen[0]?.previous).toBe(first);
    expect(seen[0]?.serving).toBe(first);
    expect(seen[0]?.next).toBe(catalog.current);
    expect(catalog.current).not.toBe(first);
    const reloaded = lines.find((line) => line.message === 'catalog reloaded');
    expect(reloaded?.fields).toMatchObject({ warmed: 5, warmMs: expect.any(Number) });
  });

  it('swaps all the same when a warmer fails, and says so', async () => {
    const { catalog, lines, change } = await open();
    const first = catalog.current;
    catalog.onWarm(async () => {
      throw new Error('page builder broke');
    });
    await change();
    expect((await catalog.reload()).status).toBe('ok');
    expect(catalog.current).not.toBe(first);
    expect(lines.map((line) => line.message)).toContain('catalog warm-up failed; swapping anyway');
  });

  it('stops warming at the time budget and swaps', async () => {
    const { catalog, change } = await open({ warmMs: 50 });
    const first = catalog.current;
    let aborted = false;
    catalog.onWarm(
      (_next, _previous, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve(0);
          });
        }),
    );
    await change();
    const started = performance.now();
    expect((await catalog.reload()).status).toBe('ok');
    expect(aborted).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(catalog.current).not.toBe(first);
  });

  it('runs no warmer once it is removed, nor when nothing changed', async () => {
    const { catalog, change } = await open();
    let runs = 0;
    const remove = catalog.onWarm(async () => ++runs);
    expect((await catalog.reload()).status).toBe('ok');
    expect(runs).toBe(0);
    remove();
    await change();
    expect((await catalog.reload()).status).toBe('ok');
    expect(runs).toBe(0);
  });

  it('pauses by the share of the loop clients take, and not at all when nobody asks', async () => {
    /** How long each of four pauses lasted, between answers that hold the loop 20 ms. */
    async function pauses(served: boolean, clientShare: number): Promise<number[]> {
      const { catalog, change } = await open({ serving: () => served });
      // Clients that hold the loop `clientShare` of every 4 ms.
      const clients = setInterval(() => {
        const until = performance.now() + 4 * clientShare;
        while (performance.now() < until) {
          // A request being answered.
        }
      }, 4);
      onTestFinished(() => clearInterval(clients));
      const lasted: number[] = [];
      catalog.onWarm(async (_next, _previous, _signal, pause) => {
        for (let answer = 0; answer < 4; answer++) {
          const until = performance.now() + 20;
          while (performance.now() < until) {
            // An answer that holds the event loop.
          }
          const started = performance.now();
          await pause();
          lasted.push(performance.now() - started);
        }
        return 4;
      });
      await change();
      expect((await catalog.reload()).status).toBe('ok');
      clearInterval(clients);
      return lasted;
    }
    // Half the loop taken: one and a half answers' time (30 ms) each; nothing else on the loop:
    // after the first pause (half load assumed), a few milliseconds.
    const half = await pauses(true, 0.5);
    const idle = await pauses(true, 0);
    for (const ms of half) expect(ms).toBeGreaterThanOrEqual(20);
    expect(idle[0]).toBeGreaterThanOrEqual(28);
    expect(Math.min(...idle.slice(1))).toBeLessThan(15);
    // Nobody asked: a turn of the loop.
    for (const ms of await pauses(false, 0.5)) expect(ms).toBeLessThan(20);
  });

  it('with a budget of 0, swaps at once', async () => {
    const { catalog, change } = await open({ warmMs: 0 });
    let runs = 0;
    catalog.onWarm(async () => ++runs);
    await change();
    expect((await catalog.reload()).status).toBe('ok');
    expect(runs).toBe(0);
  });
});
