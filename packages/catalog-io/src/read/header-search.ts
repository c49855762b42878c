import type { ColumnMapper, ImportField } from '@repo/catalog-core';

/** How many of a table's first non-empty rows may come before its header. */
export const HEADER_SEARCH_ROWS = 30;

/** Longer than any header cell: a note, a banner sentence, a product title. */
const MAX_HEADER_CELL = 60;

/**
 * How much a row reads as a product table's header: the number of different fields its cells
 * name (`Artikel`, `Preis (¥)`, `Link` → 3), or 0 when it names fewer than two or neither a
 * title nor a link, which every product table has. A banner ("🔥 EU FINDS 🔥"), a note in one
 * merged cell, a legend or a shipping table (`Line`, `Price`, `Weight`) scores 0.
 */
export function headerScore(cells: readonly unknown[], columns: ColumnMapper): number {
  const fields = new Set<ImportField>();
  for (const cell of cells) {
    if (typeof cell !== 'string') continue;
    const text = cell.trim();
    if (text === '' || text.length > MAX_HEADER_CELL || /:\/\/|^www\./i.test(text)) continue;
    const field = columns.role(text)?.field;
    if (field) fields.add(field);
  }
  return fields.size >= 2 && (fields.has('title') || fields.has('listing_url')) ? fields.size : 0;
}

/** What {@link HeaderSearch} hands on: the header row, then each row after it. */
export interface HeaderSearchTarget<Row> {
  header(row: Row): void;
  data(row: Row): void;
}

/**
 * Finds a table's header where it is: among its first {@link HEADER_SEARCH_ROWS} non-empty
 * rows, the one that names the most fields (the first of equals), so a banner, notes, a legend
 * or blank rows may come before it. Rows are held until the header is known, then handed on in
 * order; rows before the header are dropped. With `firstRowFallback` (a file that is one
 * table: a CSV, a chosen tab), a table none of whose first rows reads as a header takes its first
 * row as the header, so its rows are reported against it; otherwise it is no product table.
 */
export class HeaderSearch<Row> {
  readonly #cells: (row: Row) => readonly unknown[];
  readonly #columns: ColumnMapper;
  readonly #target: HeaderSearchTarget<Row>;
  readonly #firstRowFallback: boolean;
  #pending: Row[] = [];
  #state: 'searching' | 'found' | 'none' = 'searching';

  constructor(
    cells: (row: Row) => readonly unknown[],
    columns: ColumnMapper,
    target: HeaderSearchTarget<Row>,
    firstRowFallback: boolean,
  ) {
    this.#firstRowFallback = firstRowFallback;
    this.#cells = cells;
    this.#columns = columns;
    this.#target = target;
  }

  /** Whether a header was found; `false` while searching or once none was. */
  get found(): boolean {
    return this.#state === 'found';
  }

  /** Whether the first rows held no header, so the rest of the table can be left unread. */
  get gaveUp(): boolean {
    return this.#state === 'none';
  }

  push(row: Row): void {
    if (this.#state === 'found') this.#target.data(row);
    else if (this.#state === 'searching') {
      this.#pending.push(row);
      if (this.#pending.length >= HEADER_SEARCH_ROWS) this.#decide();
    }
  }

  /** The table ended: decides if it still has to. Returns whether the table had a header. */
  end(): boolean {
    if (this.#state === 'searching') this.#decide();
    return this.#state === 'found';
  }

  #decide(): void {
    let best = -1;
    let bestScore = 0;
    this.#pending.forEach((row, index) => {
      const score = headerScore(this.#cells(row), this.#columns);
      if (score > bestScore) [best, bestScore] = [index, score];
    });
    if (best < 0 && this.#firstRowFallback && this.#pending.length > 0) best = 0;
    const pending = this.#pending;
    this.#pending = [];
    if (best < 0) {
      this.#state = 'none';
      return;
    }
    this.#state = 'found';
    this.#target.header(pending[best] as Row);
    for (const row of pending.slice(best + 1)) this.#target.data(row);
  }
}
