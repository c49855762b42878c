import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { growOldGeneration } from '../src/heap-growth.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

// Objects that stay live: small ones, as a server's caches hold.
const kept: object[][] = [];
function keep(megabytes: number) {
  const until = process.memoryUsage().heapUsed + megabytes * 2 ** 20;
  for (let n = 0; process.memoryUsage().heapUsed < until; n++) {
    kept.push(Array.from({ length: 1_000 }, (_, i) => ({ i, s: `${n}-${i}` })));
  }
}

/** The full collections V8 runs while `megabytes` more stay live, after one that sets its limit. */
async function fullCollectionsGrowingBy(megabytes: number): Promise<number> {
  gc();
  await sleep(20);
  let full = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as PerformanceEntry & { detail?: { kind: number } };
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  keep(megabytes);
  await sleep(50);
  observer.disconnect();
  return full;
}

describe('growOldGeneration', () => {
  afterAll(() => {
    // 0: V8's own choice again, for whatever else runs in this process.
    growOldGeneration(0);
    kept.length = 0;
  });

  it('sets how far the old generation grows past its live size before a full collection', async () => {
    keep(100);
    growOldGeneration(5);
    const tight = await fullCollectionsGrowingBy(80);
    growOldGeneration(200);
    const roomy = await fullCollectionsGrowingBy(80);
    expect({ tight: tight > 0, roomy }).toEqual({ tight: true, roomy: 0 });
  });
});
