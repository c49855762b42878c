import { CATEGORY_IDS, type CategoryId, type Product } from '@repo/catalog-core';
import type { EngineAnswer } from '../query/relax.js';

/** An engine answer from a page of products and the per-category counts (in `CATEGORY_IDS` order). */
export function answerOf(hits: Product[], total: number, counts: Uint32Array): EngineAnswer {
  const byCategory = {} as Record<CategoryId, number>;
  CATEGORY_IDS.forEach((id, i) => {
    byCategory[id] = counts[i]!;
  });
  return { hits: Object.freeze(hits), total, categoryCounts: Object.freeze(byCategory) };
}
