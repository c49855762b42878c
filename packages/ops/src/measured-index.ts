import type { CatalogIndex } from '@repo/search';
import type { ServiceMetrics } from './metrics.js';

const MEASURED = ['search', 'getBySlug', 'categories', 'featured', 'health'] as const;

/**
 * The same index, timing each call (`search`, `getBySlug`, `categories`, `featured`, `health`)
 * into `search_engine_duration_seconds`, failures included. Answers and errors pass through
 * unchanged.
 */
export function measureIndex(index: CatalogIndex, metrics: ServiceMetrics): CatalogIndex {
  const measured: Record<string, unknown> = {};
  for (const operation of MEASURED) {
    const call = index[operation].bind(index) as (...args: unknown[]) => Promise<unknown>;
    measured[operation] = async (...args: unknown[]) => {
      const start = process.hrtime.bigint();
      const seconds = () => Number(process.hrtime.bigint() - start) / 1e9;
      try {
        const result = await call(...args);
        metrics.observeSearch(index.engine, operation, 'ok', seconds());
        return result;
      } catch (err) {
        metrics.observeSearch(index.engine, operation, 'error', seconds());
        throw err;
      }
    };
  }
  return { engine: index.engine, close: () => index.close(), ...measured } as CatalogIndex;
}
