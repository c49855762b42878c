import {
  type ColumnReport,
  createColumnMapper,
  DEFAULT_LEXICON,
  describeColumns,
  type LearnedBrand,
  type Lexicon,
  type NormalizeRowContext,
  normalizeProductRow,
  type Product,
  readSectionHeader,
  readTabName,
  type SectionHeader,
  type SheetKnowledge,
} from '@repo/catalog-core';
import { createDuplicateGuard } from './duplicate-guard.js';

/** A row that did not make it into the catalog. */
export interface RowError {
  /** The line where the row starts (CSV, NDJSON), its sheet row (XLSX) or position (JSON). */
  readonly line: number;
  /** `line 12`, `row 12` or `item 3`: how to name the row to a person. */
  readonly where: string;
  readonly reason: string;
  /** The workbook tab the row is on (XLSX). */
  readonly sheet?: string;
}

/** Where a row is in its file. */
export interface RowPlace {
  readonly line: number;
  readonly where: string;
  /** The workbook tab the row is on (XLSX). */
  readonly sheet?: string;
}

/** A section header row ("👟 SHOES 👟"): not a product; it names the category of the rows below. */
export interface SectionRow extends RowPlace {
  readonly section: SectionHeader;
}

/** A row that loaded, and what was inferred or converted to load it. */
export interface RowWarning {
  readonly line: number;
  readonly where: string;
  readonly warnings: readonly string[];
  /** The workbook tab the row is on (XLSX). */
  readonly sheet?: string;
}

/** What one tab of a workbook gave, or why it was skipped. */
export interface SheetSummary {
  readonly name: string;
  /** Why the tab was not read as a product table ("no header row among its first rows"). */
  readonly skipped?: string;
  /** The row of its header. */
  readonly header?: number;
  readonly rows: number;
  readonly products: number;
  readonly rejected: number;
  readonly sections: number;
}

/** What reading a catalog file gives: the good rows, every bad row, and how many rows there were. */
export interface ReadCatalogResult {
  readonly products: Product[];
  readonly errors: RowError[];
  /** Rows that loaded with something inferred or converted (brand, category, price). */
  readonly warnings: RowWarning[];
  /** Section header rows, which label the rows below them. */
  readonly sections: SectionRow[];
  /** Brands learned from the file itself (see `createSheetLearner`). */
  readonly learned: readonly LearnedBrand[];
  /** Data rows read, good and bad (header and blank lines excluded). */
  readonly rows: number;
  /** A workbook's tabs, in its order, each with its counts or why it was skipped. */
  readonly sheets?: readonly SheetSummary[];
}

/** The counts of a streamed read; the products and errors went to callbacks as they were read. */
export interface ReadCatalogSummary {
  /** Data rows read, good and bad (header and blank lines excluded). */
  readonly rows: number;
  readonly products: number;
  /** Products that loaded with a warning (counted in `products` too). */
  readonly warned: number;
  readonly rejected: number;
  /** Section header rows (counted in `rows` too). */
  readonly sections: number;
  /** A workbook's tabs, in its order, each with its counts or why it was skipped. */
  readonly sheets?: readonly SheetSummary[];
}

/** How rows become products: the row context of `normalizeProductRow` without `now`. */
export type RowRules = Omit<NormalizeRowContext, 'now'>;

/** Where a {@link RowSink} sends what it finds, and the rules it reads rows with. */
export interface RowSinkTarget {
  readonly now: Date | string;
  readonly rules?: RowRules;
  /**
   * The lexicon brands and category words are recognised with, unless `rules` names one; default:
   * the one the catalog ships with.
   */
  readonly lexicon?: Lexicon;
  /** What a first read of the file taught (learned brands, the words of its categories). */
  readonly knowledge?: SheetKnowledge;
  /** Warnings refuse the row instead of loading it. */
  readonly strict?: boolean;
  readonly onProduct: (product: Product, row: RowPlace) => void;
  readonly onRowError: (error: RowError) => void;
  readonly onRowWarning?: (warning: RowWarning) => void;
  /** Called with each section header row, in file order. */
  readonly onSection?: (section: SectionRow) => void;
  /**
   * How the columns were understood: once from a header row (CSV, XLSX); for JSON and NDJSON
   * from the first row's keys, then again for keys first seen in a later row (`line` says where).
   */
  readonly onColumns?: (report: ColumnReport, line: number, sheet?: string) => void;
  /** Called with the count of rows read so far, every 1,000 rows. */
  readonly onRows?: (rowsRead: number) => void;
  /** Called as each tab of a workbook ends, with its counts, or why it was skipped. */
  readonly onSheet?: (sheet: SheetSummary) => void;
}

/** Normalises rows as they are read and passes on products and the reasons rows were refused. */
export interface RowSink {
  /**
   * The header row of a file that has one, or of a workbook's tab (`sheet`): each tab is a
   * table of its own, whose name may name the category of its rows. `skip`: its rows are not
   * wanted, and the reader may leave them unread.
   */
  columns(names: readonly string[], line?: number, sheet?: string): undefined | 'skip';
  /** `false`: the links behind cells are not wanted (the first read learns from text alone). */
  readonly wantsLinks?: boolean;
  accept(record: Record<string, unknown>, line: number, where: string, sheet?: string): void;
  reject(line: number, where: string, reason: string, sheet?: string): void;
  /** A workbook's tab ends: read as a table, or `skipped` for the reason given. */
  endSheet(name: string, skipped?: string): void;
  /** Passes on the last error and returns the counts. */
  finish(): ReadCatalogSummary;
}

/** Creates a {@link RowSink}; `now` is the `created_at` of rows without one. */
export function createRowSink(target: RowSinkTarget): RowSink {
  const { now, onProduct, onRowError, onRowWarning, onColumns, strict = false } = target;
  const columns = target.rules?.columns ?? createColumnMapper();
  const lexicon = target.rules?.lexicon ?? target.lexicon ?? DEFAULT_LEXICON;
  const context: NormalizeRowContext = {
    ...target.rules,
    ...(target.knowledge ? { knowledge: target.knowledge } : {}),
    lexicon,
    columns,
    now,
  };
  let section: SectionHeader | undefined;
  /** What the current tab's name labels its rows with. */
  let tabSection: SectionHeader | undefined;
  let sections = 0;
  const duplicates = createDuplicateGuard();
  let header = false;
  const seenKeys = new Set<string>();
  let rows = 0;
  let products = 0;
  let warned = 0;
  let rejected = 0;
  const sheets: SheetSummary[] = [];
  /** The counts when the current tab started, and its header's row. */
  let tabStart = { rows: 0, products: 0, rejected: 0, sections: 0, header: 0 };
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
  /** JSON rows have no header: their keys are reported as they first appear. */
  const noteKeys = (record: Record<string, unknown>, line: number) => {
    const fresh = Object.keys(record).filter((key) => !seenKeys.has(key));
    if (fresh.length === 0) return;
    for (const key of fresh) seenKeys.add(key);
    onColumns?.(describeColumns(fresh, columns), line);
  };
  const place = (line: number, where: string, sheet: string | undefined) =>
    sheet === undefined ? { line, where } : { line, where, sheet };
  return {
    columns(names, line = 1, sheet) {
      header = true;
      if (sheet !== undefined) {
        // A tab is a table of its own: its name labels its rows as a section header would.
        tabSection = readTabName(sheet, lexicon);
        section = tabSection;
        tabStart = { rows, products, rejected, sections, header: line };
      }
      onColumns?.(describeColumns(names, columns), line, sheet);
      return undefined;
    },
    accept(record, line, where, sheet) {
      rows++;
      if (rows % 1_000 === 0) target.onRows?.(rows);
      if (!header) noteKeys(record, line);
      const label = readSectionHeader(record, columns, lexicon);
      if (label) {
        // "🔥 BEST SELLERS 🔥" on a tab named "Schuhe": its rows are still shoes.
        section = label.category === undefined && tabSection ? tabSection : label;
        sections++;
        release();
        target.onSection?.({ ...place(line, where, sheet), section: label });
        return;
      }
      const normalized = normalizeProductRow(record, context, section);
      if (!normalized.ok)
        return refuse({ ...place(line, where, sheet), reason: normalized.reason });
      const { product, warnings } = normalized;
      if (strict && warnings.length > 0) {
        return refuse({
          ...place(line, where, sheet),
          reason: `${warnings.join('; ')} (strict: a warning refuses the row)`,
        });
      }
      const duplicate = duplicates.check(product, where);
      if (duplicate !== undefined)
        return refuse({ ...place(line, where, sheet), reason: duplicate });
      products++;
      if (warnings.length > 0) {
        warned++;
        release();
        onRowWarning?.({ ...place(line, where, sheet), warnings });
      }
      onProduct(product, place(line, where, sheet));
    },
    reject(line, where, reason, sheet) {
      if (held?.line === line && held.where === where) {
        held = { ...held, reason: `${held.reason}; ${reason}` };
        return;
      }
      rows++;
      refuse({ ...place(line, where, sheet), reason });
    },
    endSheet(name, skipped) {
      release();
      const summary: SheetSummary = skipped
        ? { name, skipped, rows: 0, products: 0, rejected: 0, sections: 0 }
        : {
            name,
            header: tabStart.header,
            rows: rows - tabStart.rows,
            products: products - tabStart.products,
            rejected: rejected - tabStart.rejected,
            sections: sections - tabStart.sections,
          };
      sheets.push(summary);
      target.onSheet?.(summary);
    },
    finish() {
      release();
      return {
        rows,
        products,
        warned,
        rejected,
        sections,
        ...(sheets.length > 0 ? { sheets } : {}),
      };
    },
  };
}
