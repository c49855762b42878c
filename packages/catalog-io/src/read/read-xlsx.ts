import type { ColumnMapper } from '@repo/catalog-core';
import { CatalogIoError } from '../errors.js';
import { HeaderSearch } from './header-search.js';
import type { RowSink } from './row-sink.js';
import { SharedStrings } from './shared-strings.js';
import type { CellContext } from './xlsx/cell-value.js';
import { readSharedStrings } from './xlsx/shared-strings-part.js';
import { rowValues, type SheetHeader, sheetHeader, sheetRecord } from './xlsx/sheet-record.js';
import { readSheetLinks, readSheetRows, type SheetRow } from './xlsx/sheet-rows.js';
import { assertZipWorkbook } from './xlsx/sniff-workbook.js';
import {
  readRelationships,
  readWorkbookLayout,
  type SheetPart,
  type WorkbookLayout,
} from './xlsx/workbook-parts.js';
import { StopReading } from './xlsx/xml-stream.js';
import { DEFAULT_MAX_UNPACKED_BYTES, ZipArchive } from './xlsx/zip-archive.js';

/** How {@link readXlsx} reads a workbook. */
export interface XlsxReadOptions {
  /** Read this tab alone; default: every tab that holds a product table. */
  readonly sheet?: string | undefined;
  /** What the workbook's parts may unpack to, in all; default 500 MB. */
  readonly maxUnpackedBytes?: number | undefined;
  /** How headers are understood, to find each tab's header row. */
  readonly columns: ColumnMapper;
}

/**
 * Streams an XLSX workbook into `sink`: every tab that holds a product table, or the one named
 * `sheet`. Each tab's header is found where it is (banners, notes and blank rows may come
 * first), each tab has its own columns, and a tab without a product table (info, rules, a
 * shipping table) is skipped and reported through `sink.endSheet`. Links are read wherever the
 * workbook keeps them: a cell's hyperlink under any text, `HYPERLINK` formulas, a linked title.
 * Rows are named by tab and sheet row (`"Schuhe" row 12`).
 *
 * Read in bounded memory and time from a file nobody vouches for: the bytes must be a zip
 * archive holding a workbook (an `.xls`, `.ods`, encrypted workbook or HTML page is named as
 * what it is), its parts may unpack to at most `maxUnpackedBytes`, no cell may pass Excel's
 * limit, no XML entity is declared; shared strings are kept in a temporary file.
 *
 * @throws {CatalogIoError} `FORMAT_MISMATCH`, `WORKBOOK_UNSAFE`, `SHEET_UNKNOWN`.
 */
export async function readXlsx(
  path: string,
  sink: RowSink,
  onBytes: (bytesRead: number) => void,
  options: XlsxReadOptions,
): Promise<void> {
  await assertZipWorkbook(path);
  const archive = await ZipArchive.open(
    path,
    options.maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED_BYTES,
  );
  const strings = new SharedStrings();
  try {
    const layout = await readWorkbookLayout(archive, path);
    const sheets = chosenSheets(layout, path, options.sheet);
    if (layout.sharedStrings) {
      const source = await archive.stream(layout.sharedStrings);
      if (source) await readSharedStrings(source, strings, `the shared strings of ${path}`);
    }
    const context: CellContext = { strings, formats: layout.formats, date1904: layout.date1904 };
    const alone = sheets.length === 1;
    for (const sheet of sheets) {
      await readSheet(archive, sheet, context, sink, options.columns, alone);
      onBytes(archive.readBytes());
    }
  } finally {
    strings.close();
    archive.close();
  }
}

function chosenSheets(layout: WorkbookLayout, path: string, wanted?: string): SheetPart[] {
  if (wanted === undefined) return [...layout.sheets];
  const sheet = layout.sheets.find((part) => part.name === wanted);
  if (sheet) return [sheet];
  throw new CatalogIoError(
    'SHEET_UNKNOWN',
    `${path} has no sheet named "${wanted}"; its sheets: ${layout.sheets.map((s) => `"${s.name}"`).join(', ')}`,
  );
}

/**
 * One tab: its hyperlinks first (they come after the rows in the XML), then its rows through a
 * header search. A tab read alone takes its first row as the header when none reads as one.
 */
async function readSheet(
  archive: ZipArchive,
  sheet: SheetPart,
  context: CellContext,
  sink: RowSink,
  columns: ColumnMapper,
  alone: boolean,
): Promise<void> {
  const where = `sheet "${sheet.name}"`;
  const targets = new Map<string, string>();
  for (const [id, relationship] of await readRelationships(archive, sheet.path)) {
    if (relationship.type === 'hyperlink' && relationship.external) {
      targets.set(id, relationship.target);
    }
  }
  const wanted = targets.size > 0 && sink.wantsLinks !== false;
  const linkSource = wanted ? await archive.stream(sheet.path) : undefined;
  const links = linkSource
    ? await readSheetLinks(linkSource, targets, where)
    : new Map<string, string>();
  let header: SheetHeader | undefined;
  let skip = false;
  const search = new HeaderSearch<SheetRow>(
    rowValues,
    columns,
    {
      header(row) {
        header = sheetHeader(row, columns);
        skip = sink.columns(header.names, row.number, sheet.name) === 'skip';
      },
      data(row) {
        if (!header) return;
        const record = sheetRecord(header, row);
        if (Object.keys(record).length === 0) return;
        sink.accept(record, row.number, `"${sheet.name}" row ${row.number}`, sheet.name);
      },
    },
    alone,
  );
  const source = await archive.stream(sheet.path);
  if (source) {
    await readSheetRows(source, context, links, where, (row) => {
      if (!row.cells.some((cell) => cell !== undefined && cell.value !== '')) return;
      search.push(row);
      if (search.gaveUp || skip) throw new StopReading();
    });
  }
  if (search.end()) sink.endSheet(sheet.name);
  else {
    sink.endSheet(
      sheet.name,
      source ? 'no product table: no header row names a title or link column' : 'no cells',
    );
  }
}
