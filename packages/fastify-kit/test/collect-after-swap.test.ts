import { setTimeout as sleep } from 'node:timers/promises';
import type { CatalogVersion } from '@repo/catalog-io';
import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { collectAfterSwaps } from '../src/collect-after-swap.js';
import { swappableCatalog } from '../src/testing/swappable-catalog.js';

const INTERVAL_MS = 50;
const version = (name: string) => ({ version: name, loadedAt: new Date() }) as CatalogVersion;

function watched(collect?: () => void) {
  const catalog = swappableCatalog(version('a'));
  const stop = collectAfterSwaps(catalog, Fastify().log, {
    intervalMs: INTERVAL_MS,
    ...(collect ? { collect } : {}),
  });
  onTestFinished(stop);
  return catalog;
}

/** Keeps the event loop busy for `ms`, as a server under load is. */
async function busyFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const until = performance.now() + INTERVAL_MS / 5;
    while (performance.now() < until);
    await sleep(1);
  }
}

describe('collectAfterSwaps', () => {
  it('collects once after a swap, once the event loop has been quiet, and never without one', async () => {
    let collections = 0;
    const catalog = watched(() => collections++);
    await sleep(INTERVAL_MS * 4);
    expect(collections).toBe(0);
    catalog.swap(version('b'));
    await sleep(INTERVAL_MS * 4);
    expect(collections).toBe(1);
    await sleep(INTERVAL_MS * 3);
    expect(collections).toBe(1);
  });

  it('leaves a busy event loop alone, and collects when it quiets down', async () => {
    let collections = 0;
    const catalog = watched(() => collections++);
    catalog.swap(version('b'));
    await busyFor(INTERVAL_MS * 6);
    expect(collections).toBe(0);
    await sleep(INTERVAL_MS * 4);
    expect(collections).toBe(1);
  });

  it("returns the old version's memory with V8's own collection", async () => {
    const catalog = watched();
    let old: CatalogVersion | undefined = {
      ...version('a'),
      rows: new Array(1e6).fill(1),
    } as never;
    catalog.swap(old as CatalogVersion);
    await sleep(INTERVAL_MS * 2);
    const gone = new WeakRef(old as object);
    old = undefined;
    catalog.swap(version('b'));
    await sleep(INTERVAL_MS * 4);
    expect(gone.deref()).toBeUndefined();
  });
});
