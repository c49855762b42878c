import { setFlagsFromString } from 'node:v8';

// The old generation may grow to twice what the last full collection left live.
const GROWTH_PERCENT = 100;

/**
 * Lets the old generation grow to `percent` above what the last full collection left live before
 * the next one starts (V8's `--heap-growing-percent`, read at each collection, so it holds from
 * the next one on). V8 picks that room itself from how fast it collects: on a loaded server it
 * settled at about 1.4 times the live heap (91 MB for 63 MB live at 200,000 products), and it
 * starts marking with about a young generation of room left (21 MB), lest scavenges overflow it. A reload fills
 * both versions' caches before the swap, and a few megabytes promoted while it warms were enough:
 * three or four full collections in each reload under load, each holding the event loop 20-50 ms
 * in steps and a final pause, where the same load without a reload ran none in 20 s. With twice
 * the live heap there is room for a reload's warm-up, and the old version's caches are collected
 * with the next full collection, or at once when the server is quiet (`collectAfterSwaps`).
 */
export function growOldGeneration(percent = GROWTH_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
