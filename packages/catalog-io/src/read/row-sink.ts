import { normalizeProductRow, type Product } from '@repo/catalog-core';
import { createDuplicateGuard } from './duplicate-guard.js';

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

/** The counts of a streamed read; the products and errors went to callbacks as they were read. */
export interface ReadCatalogSummary {
  /** Data rows read, good and bad (header and blank lines excluded). */
  readonly rows: number;
  readonly products: number;
  readonly rejected: number;
}

/** Where a {@link RowSink} sends what it finds. */
export interface RowSinkTarget {
  readonly now: Date | string;
  readonly onProduct: (product: Product) => void;
  readonly onRowError: (error: RowError) => void;
}

/** Normalises rows as they are read and passes on products and the reasons rows were refused. */
export interface RowSink {
  accept(record: Record<string, unknown>, line: number, where: string): void;
  reject(line: number, where: string, reason: string): void;
  /** Passes on the last error and returns the counts. */
  finish(): ReadCatalogSummary;
}

/** Creates a {@link RowSink}; `now` is the `created_at` of rows without one. */
export function createRowSink({ now, onProduct, onRowError }: RowSinkTarget): RowSink {
  const duplicates = createDuplicateGuard();
  let rows = 0;
  let products = 0;
  let rejected = 0;
  // One broken quote can raise two parser errors for the same spot: one row, one report. So the
  // last error is held until the next one (or the end) shows whether it continues.
  let held: RowError | undefined;
  const release = () => {
    if (held) onRowError(held);
    held = undefined;
  };
  const refuse = (error: RowError) => {
    release();
    rejected++;
    held = error;
  };
  return {
    accept(record, line, where) {
      rows++;
      const normalized = normalizeProductRow(record, { now });
      const reason = normalized.ok
        ? duplicates.check(normalized.product, where)
        : normalized.reason;
      if (reason !== undefined) refuse({ line, where, reason });
      else if (normalized.ok) {
        products++;
        onProduct(normalized.product);
      }
    },
    reject(line, where, reason) {
      if (held?.line === line && held.where === where) {
        held = { ...held, reason: `${held.reason}; ${reason}` };
        return;
      }
      rows++;
      refuse({ line, where, reason });
    },
    finish() {
      release();
      return { rows, products, rejected };
    },
  };
}
