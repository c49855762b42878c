import { type ColumnMapper, isLinkLabel } from '@repo/catalog-core';
import { CatalogIoError } from '../errors.js';

/** Link cells looked at before deciding whether the links were lost. */
const LOOK_AT = 20;
/** Rows held at most while deciding, when the link column is mostly empty. */
const MAX_HELD = 500;

/**
 * Tells a CSV whose link column holds only labels ("LINK", "W2C", "🔗") before any of its rows
 * is reported. A Google Sheets CSV download keeps a cell's text and drops the link behind it, so
 * such a file has no link at all; hundreds of row errors would hide the one fix: download the
 * workbook instead. Rows are held until the first link cells show which it is, then passed on.
 */
export class LostLinkCheck<Row> {
  readonly #path: string;
  readonly #pass: (row: Row) => void;
  #columns: number[] = [];
  #columnName = '';
  #held: Row[] = [];
  #labels = new Set<string>();
  #looked = 0;
  #decided = false;

  constructor(path: string, pass: (row: Row) => void) {
    this.#path = path;
    this.#pass = pass;
  }

  /** The header: which column holds the links (none: nothing to check). */
  header(names: readonly string[], columns: ColumnMapper): void {
    this.#columns = names.flatMap((name, index) =>
      columns.role(name)?.field === 'listing_url' ? [index] : [],
    );
    this.#columnName = names[this.#columns[0] ?? -1] ?? '';
    this.#decided = this.#columns.length === 0;
  }

  push(row: Row, fields: readonly string[]): void {
    if (this.#decided) {
      this.#pass(row);
      return;
    }
    this.#held.push(row);
    const cells = this.#columns.map((at) => (fields[at] ?? '').trim()).filter((c) => c !== '');
    if (cells.length > 0) {
      this.#looked++;
      if (!cells.every(isLinkLabel)) {
        this.#release();
        return;
      }
      for (const cell of cells) if (this.#labels.size < 4) this.#labels.add(cell);
    }
    if (this.#looked >= LOOK_AT || this.#held.length >= MAX_HELD) this.#decide();
  }

  /** The file ended: decides on what it had. */
  end(): void {
    if (!this.#decided) this.#decide();
  }

  #decide(): void {
    if (this.#looked === 0) {
      this.#release();
      return;
    }
    const labels = [...this.#labels].map((label) => JSON.stringify(label)).join(', ');
    throw new CatalogIoError(
      'LINKS_LOST',
      `${this.#path}: the link column "${this.#columnName}" holds only labels (${labels}), not links. A CSV download keeps a cell's text and drops the link behind it, so the links were lost: download the sheet as .xlsx (Google Sheets: File → Download → Microsoft Excel (.xlsx)) and import that file, which keeps them`,
    );
  }

  #release(): void {
    this.#decided = true;
    const held = this.#held;
    this.#held = [];
    for (const row of held) this.#pass(row);
  }
}
