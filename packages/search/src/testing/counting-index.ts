import type { CatalogIndex } from '../catalog-index.js';

/** Calls of one method of an index, counted. */
export interface CountedCalls {
  count: number;
}

/**
 * `index` as it is, with the calls of `method` counted in `calls`: to tell an answer that was
 * worked out from one that was kept.
 *
 * @example const { index, calls } = countingIndex(createEmbeddedIndex(products), 'search');
 */
export function countingIndex(
  index: CatalogIndex,
  method: keyof CatalogIndex,
): { index: CatalogIndex; calls: CountedCalls } {
  const calls: CountedCalls = { count: 0 };
  const counted = new Proxy(index, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const bound = value.bind(target);
      if (key !== method) return bound;
      return (...args: unknown[]) => {
        calls.count++;
        return bound(...args);
      };
    },
  });
  return { index: counted, calls };
}
