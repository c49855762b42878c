/**
 * Relevance keys pack (score, doc) into one float, `(maxScore - score) * DOC_SPACE + doc`: doc
 * numbers stay below 2^24, so the packed key stays an exact integer.
 */
export const DOC_SPACE = 2 ** 24;

/**
 * The `k` smallest of `count` numeric keys, ascending, without sorting them all: a bounded max-heap
 * that rejects most keys with one comparison. O(count log k).
 */
export function smallestKeys(keys: Float64Array, count: number, k: number): Float64Array {
  if (k <= 0 || count === 0) return new Float64Array(0);
  if (k >= count) return keys.slice(0, count).sort();
  const heap = new Float64Array(k);
  let size = 0;
  for (let i = 0; i < count; i++) {
    const key = keys[i]!;
    if (size < k) {
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (heap[parent]! >= key) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = key;
    } else if (key < heap[0]!) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= k) break;
        const right = left + 1;
        const child = right < k && heap[right]! > heap[left]! ? right : left;
        if (heap[child]! <= key) break;
        heap[at] = heap[child]!;
        at = child;
      }
      heap[at] = key;
    }
  }
  return heap.sort();
}
