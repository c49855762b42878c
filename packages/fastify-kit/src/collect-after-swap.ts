import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { LiveCatalog } from '@repo/catalog-io';
import type { FastifyBaseLogger } from 'fastify';

// Checked once a second; quiet means the event loop worked less than this share of it.
const INTERVAL_MS = 1_000;
const QUIET_SHARE = 0.05;

/** Options of {@link collectAfterSwaps}. */
export interface CollectOptions {
  /** A full garbage collection; default V8's own (`gc()`, exposed to this module only). */
  readonly collect?: () => void;
  readonly intervalMs?: number;
}

/**
 * After a reload has swapped a new catalog version in, asks V8 for one full garbage collection
 * as soon as the event loop has been quiet for a whole interval, and returns a function that
 * stops watching. The old version (its index's buffers, every cache kept for it) is garbage from
 * its last request on, but V8 collects the old generation only once enough is allocated there:
 * a server at rest, or one with a few requests a second, held two versions (at 200,000 products,
 * 90 MB more) until its next busy hour. A busy server is left alone: it allocates, so its own
 * collections come soon, and a forced one would stop every request in flight. The collection
 * stops the event loop (tens of milliseconds for a large catalog), which a quiet server does not
 * feel.
 */
export function collectAfterSwaps(
  catalog: LiveCatalog,
  log: FastifyBaseLogger,
  options: CollectOptions = {},
): () => void {
  const collect = options.collect ?? (() => v8Collect()());
  let seen = catalog.current;
  let swapped = false;
  let used = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const share = performance.eventLoopUtilization(used).utilization;
    used = performance.eventLoopUtilization();
    if (catalog.current !== seen) {
      seen = catalog.current;
      swapped = true;
      return;
    }
    if (!swapped || share >= QUIET_SHARE) return;
    swapped = false;
    const rssBefore = process.memoryUsage.rss();
    const started = performance.now();
    collect();
    log.info(
      {
        ms: Math.round(performance.now() - started),
        rssMB: Math.round(process.memoryUsage.rss() / 2 ** 20),
        freedMB: Math.round((rssBefore - process.memoryUsage.rss()) / 2 ** 20),
      },
      'memory of the catalog version before collected',
    );
  }, options.intervalMs ?? INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

let exposed: (() => void) | undefined;

// V8's `gc()`, without putting it on the global object of the process: the flag gives it to new
// contexts only, and this one is used to read it.
function v8Collect(): () => void {
  if (exposed === undefined) {
    setFlagsFromString('--expose-gc');
    exposed = runInNewContext('gc') as () => void;
  }
  return exposed;
}
