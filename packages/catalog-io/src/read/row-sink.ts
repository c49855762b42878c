import { createCatalogCollector, normalizeProductRow, type Product } from '@repo/catalog-core';

/** A row that did not make it into the catalog. */
export interface RowError {
  /** The line where the row starts (CSV, NDJSON) or the element's position (JSON: item N). */
  readonly line: number;
  /** `line 12` or `item 3`: how to name the row to a person. */
  readonly where: string;
  readonly reason: string;
}

/** What reading a catalog file gives: the good rows, every bad row, and how many rows there were. */
export interface ReadCatalogResult {
  readonly products: Product[];
  readonly errors: RowError[];
  /** Data rows read, good and bad (header and blank lines excluded). */
  readonly rows: number;
}

/** Normalises rows as they are read, collecting products and the reasons rows were refused. */
export interface RowSink {
  accept(record: Record<string, unknown>, line: number, where: string): void;
  reject(line: number, where: string, reason: string): void;
  result(): ReadCatalogResult;
}

/** Creates a {@link RowSink}; `now` is the `created_at` of rows without one. */
export function createRowSink(now: Date | string): RowSink {
  const collector = createCatalogCollector();
  const errors: RowError[] = [];
  let rows = 0;
  const sink: RowSink = {
    accept(record, line, where) {
      rows++;
      const normalized = normalizeProductRow(record, { now });
      const kept = normalized.ok ? collector.add(normalized.product, where) : normalized;
      if (!kept.ok) errors.push({ line, where, reason: kept.reason });
    },
    reject(line, where, reason) {
      const last = errors.at(-1);
      // One broken quote can raise two parser errors for the same spot: one row, one report.
      if (last?.line === line && last.where === where) {
        errors[errors.length - 1] = { ...last, reason: `${last.reason}; ${reason}` };
        return;
      }
      rows++;
      errors.push({ line, where, reason });
    },
    result: () => ({ products: collector.products(), errors, rows }),
  };
  return sink;
}
