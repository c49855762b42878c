import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  type ColumnReport,
  createColumnMapper,
  DEFAULT_LEXICON,
  type LearnedBrand,
  type Lexicon,
  type Product,
  type SheetKnowledge,
} from '@repo/catalog-core';
import { CatalogIoError, isCatalogIoError } from './errors.js';
import type { CatalogFormat } from './formats.js';
import { learnFromRows } from './read/learning-pass.js';
import { readCsv } from './read/read-csv.js';
import { readJson } from './read/read-json.js';
import { readNdjson } from './read/read-ndjson.js';
import {
  createRowSink,
  type ReadCatalogResult,
  type ReadCatalogSummary,
  type RowError,
  type RowPlace,
  type RowRules,
  type RowSink,
  type RowWarning,
  type SectionRow,
  type SheetSummary,
} from './read/row-sink.js';

/** Options of {@link readCatalogFile}. */
export interface ReadCatalogOptions {
  /** Default: from the extension (`.csv`, `.xlsx`, `.json`, `.ndjson` or `.jsonl`). */
  readonly format?: CatalogFormat;
  /** The tab of an XLSX workbook to read alone; default: every tab holding a product table. */
  readonly sheet?: string;
  /**
   * What an XLSX workbook may unpack to, in all (`DEFAULT_MAX_UNPACKED_BYTES`, 500 MB, by
   * default): past it, the workbook is refused before anything is inflated.
   */
  readonly maxUnpackedBytes?: number;
  /**
   * How rows become products: column overrides (`createColumnMapper(parseColumnMap(…))`), the
   * agents whose links are read, currency rates, brand and category recognisers. Default: the
   * columns recognised by their names, the default agents and rates, recognisers of `lexicon`.
   */
  readonly rules?: RowRules;
  /** The lexicon brands and category words are recognised with; default: `DEFAULT_LEXICON`. */
  readonly lexicon?: Lexicon;
  /** A row that loads only with a warning (an inferred brand, a converted price) is refused. */
  readonly strict?: boolean;
  /**
   * Called as the file is read, at most once per chunk. A file without both a brand and a
   * category column is read twice: first to learn from (`learning`), then for its rows.
   */
  readonly onProgress?: (bytesRead: number, totalBytes: number, pass: ReadPass) => void;
  /**
   * Called with the count of rows read so far, as rows are read. For an XLSX file this is the
   * progress that counts: its bytes are all read (unpacked) before its rows are.
   */
  readonly onRows?: (rowsRead: number) => void;
  /** `created_at` of rows without one; default: when the read starts. */
  readonly now?: Date | string;
}

/** Which read of a file progress is about: the first, to learn from, or the one of its rows. */
export type ReadPass = 'learning' | 'rows';

const EXTENSIONS: Readonly<Record<string, CatalogFormat>> = {
  '.csv': 'csv',
  '.xlsx': 'xlsx',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
};

/** Options of {@link streamCatalogFile}: where each product and each bad row goes. */
export interface StreamCatalogOptions extends ReadCatalogOptions {
  /** Called with each valid product and where it was, in file order, as soon as it is read. */
  readonly onProduct: (product: Product, row: RowPlace) => void;
  /** Called with each refused row, in file order. */
  readonly onRowError: (error: RowError) => void;
  /** Called with each row that loaded with warnings, in file order, before its product. */
  readonly onRowWarning?: (warning: RowWarning) => void;
  /** Called with how the columns were understood, before the first row (see `RowSinkTarget`). */
  readonly onColumns?: (report: ColumnReport, line: number, sheet?: string) => void;
  /** Called with each section header row ("👟 SHOES"), in file order. */
  readonly onSection?: (section: SectionRow) => void;
  /** Called once, before the rows, with the brands the first read learned (maybe none). */
  readonly onLearned?: (brands: readonly LearnedBrand[]) => void;
  /** Called as each tab of a workbook ends, with its counts, or why it was skipped. */
  readonly onSheet?: (sheet: SheetSummary) => void;
}

/** What {@link streamCatalogFile} returns: the counts, and the brands the file taught. */
export interface StreamCatalogSummary extends ReadCatalogSummary {
  readonly learned: readonly LearnedBrand[];
}

/**
 * Reads an operator's catalog file, validating every row with `normalizeProductRow`: good rows
 * become products (those that needed something inferred or converted are also reported as
 * warnings), every bad or duplicate row is reported with its line (CSV, NDJSON: where the row
 * starts), sheet row (XLSX) or item number (JSON) and a reason. CSV, XLSX and NDJSON are streamed.
 *
 * @throws {CatalogIoError} `FORMAT_UNKNOWN` for an extension it cannot guess, `FILE_READ` when
 *   the file cannot be opened or read, `SHEET_UNKNOWN` for a sheet the workbook does not have.
 *   Bad rows never throw.
 * @example
 * const { products, errors, rows } = await readCatalogFile('catalog.csv');
 * for (const e of errors) console.log(`${e.where}: ${e.reason}`);
 */
export async function readCatalogFile(
  path: string,
  options: ReadCatalogOptions = {},
): Promise<ReadCatalogResult> {
  const products: Product[] = [];
  const errors: RowError[] = [];
  const warnings: RowWarning[] = [];
  const sections: SectionRow[] = [];
  const { rows, learned, sheets } = await streamCatalogFile(path, {
    ...options,
    onProduct: (product) => products.push(product),
    onRowError: (error) => errors.push(error),
    onRowWarning: (warning) => warnings.push(warning),
    onSection: (section) => sections.push(section),
  });
  return { products, errors, warnings, sections, learned, rows, ...(sheets ? { sheets } : {}) };
}

/**
 * {@link readCatalogFile} without holding the catalog: each product and each refused row is
 * handed to a callback as it is read, and only the slugs and item ids stay in memory (to report
 * duplicates). CSV, XLSX and NDJSON files of any size are read in flat memory; a JSON file is
 * read whole.
 *
 * @throws {CatalogIoError} as {@link readCatalogFile}.
 * @example
 * const { products } = await streamCatalogFile('big.csv', {
 *   onProduct: (p) => writer.write(p),
 *   onRowError: (e) => console.log(`${e.where}: ${e.reason}`),
 * });
 */
export async function streamCatalogFile(
  path: string,
  options: StreamCatalogOptions,
): Promise<StreamCatalogSummary> {
  const format = options.format ?? formatOf(path);
  let totalBytes: number;
  try {
    const stats = await stat(path);
    if (!stats.isFile()) throw new Error('not a file');
    totalBytes = stats.size;
  } catch (error) {
    throw new CatalogIoError('FILE_READ', `cannot read ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const lexicon = options.rules?.lexicon ?? options.lexicon ?? DEFAULT_LEXICON;
  const columns = options.rules?.columns ?? createColumnMapper();
  const read = async (sink: RowSink, pass: ReadPass) => {
    const onBytes = (bytesRead: number) => options.onProgress?.(bytesRead, totalBytes, pass);
    try {
      if (format === 'xlsx') {
        // Loaded on demand: the XLSX reader (zip and XML) is most of what the CLI would load at start.
        const { readXlsx } = await import('./read/read-xlsx.js');
        await readXlsx(path, sink, onBytes, {
          sheet: options.sheet,
          maxUnpackedBytes: options.maxUnpackedBytes,
          columns,
        });
      } else if (format === 'csv') await readCsv(path, sink, onBytes, columns);
      else await READERS[format](path, sink, onBytes);
    } catch (error) {
      // A callback's own error (a full disk while writing) is not a read error.
      if (isCatalogIoError(error) || pass === 'learning') throw error;
      throw new CatalogIoError('FILE_READ', `cannot read ${path}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  };
  let knowledge: SheetKnowledge | undefined;
  try {
    knowledge = await learnFromRows(
      (sink) => read(sink, 'learning'),
      lexicon,
      columns,
      // Each tab of a workbook has columns of its own: one with brands does not speak for all.
      format === 'xlsx' && options.sheet === undefined,
    );
  } catch (error) {
    // The second read reports whatever stopped the first, row by row.
    if (isCatalogIoError(error)) throw error;
  }
  const learned = knowledge?.brands ?? [];
  options.onLearned?.(learned);
  const sink = createRowSink({
    now: options.now ?? new Date(),
    strict: options.strict ?? false,
    onProduct: options.onProduct,
    onRowError: options.onRowError,
    lexicon,
    ...(options.rules ? { rules: options.rules } : {}),
    ...(knowledge ? { knowledge } : {}),
    ...(options.onRowWarning ? { onRowWarning: options.onRowWarning } : {}),
    ...(options.onColumns ? { onColumns: options.onColumns } : {}),
    ...(options.onRows ? { onRows: options.onRows } : {}),
    ...(options.onSection ? { onSection: options.onSection } : {}),
    ...(options.onSheet ? { onSheet: options.onSheet } : {}),
  });
  await read(sink, 'rows');
  return { ...sink.finish(), learned };
}

const READERS = { json: readJson, ndjson: readNdjson } as const;

/**
 * The format of a catalog file from its extension.
 *
 * @throws {CatalogIoError} `FORMAT_UNKNOWN` for any other extension.
 */
export function formatOf(path: string): CatalogFormat {
  const format = EXTENSIONS[extname(path).toLowerCase()];
  if (format) return format;
  throw new CatalogIoError(
    'FORMAT_UNKNOWN',
    `cannot tell the format of ${path}: use a .csv, .xlsx, .json, .ndjson or .jsonl file, or give the format`,
  );
}
