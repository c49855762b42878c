import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { CatalogIoError } from '../errors.js';
import { createByteTap } from './byte-tap.js';
import type { RowSink } from './row-sink.js';
import { SharedStrings } from './shared-strings.js';
import { cellValue, type XlsxCell } from './xlsx-cell.js';

/** The part of an exceljs streamed row this reader uses. */
interface XlsxRow {
  readonly number: number;
  readonly cellCount: number;
  getCell(column: number): XlsxCell;
}

/** The part of exceljs's streamed worksheet this reader uses. */
interface XlsxWorksheet extends AsyncIterable<XlsxRow> {
  readonly name: string;
}

/**
 * Streams one sheet of an XLSX workbook into `sink`: the first sheet, or the one named `sheet`.
 * The first row with any text is the header; each later row is named by its row number in the
 * sheet (`row 12`), so errors point where the spreadsheet shows them. Rows of empty cells are
 * padding and are skipped. Read with exceljs's streaming reader; the shared-string table goes
 * to a temporary file ({@link SharedStrings}), so memory stays flat however big the workbook.
 *
 * @throws {CatalogIoError} `SHEET_UNKNOWN` when the workbook has no sheet of that name.
 */
export async function readXlsx(
  path: string,
  sink: RowSink,
  onBytes: (bytesRead: number) => void,
  sheet?: string,
): Promise<void> {
  const strings = new SharedStrings();
  const input = createReadStream(path).pipe(createByteTap((_, bytesRead) => onBytes(bytesRead)));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const seen: string[] = [];
  let found = false;
  try {
    // exceljs types parse() as an AsyncIterator; it is an async generator, so iterable too.
    for await (const event of reader.parse() as unknown as AsyncIterable<unknown>) {
      // Shared strings come as bare `{ index, text }` (exceljs gives them no event type).
      const { eventType, value, text } = event as {
        eventType?: string;
        value?: unknown;
        text?: unknown;
      };
      if (eventType === undefined && 'index' in (event as object)) {
        strings.push(
          typeof text === 'string' ? text : String(cellValue({ value: text }, strings) ?? ''),
        );
        continue;
      }
      if (eventType !== 'worksheet') continue;
      const worksheet = value as XlsxWorksheet;
      seen.push(worksheet.name);
      const wanted = sheet ?? firstSheetName(reader);
      if (found || (wanted !== undefined && worksheet.name !== wanted)) {
        // Read through, unused: exceljs deletes a sheet's temporary file once it moves on, and a
        // file stream it opened and nobody read would then fail (ENOENT) with nobody listening,
        // taking the process down while it reads the next file or the same file again.
        for await (const _ of worksheet);
        continue;
      }
      found = true;
      await readRows(worksheet, sink, strings);
    }
  } finally {
    strings.close();
  }
  if (!found) {
    throw new CatalogIoError(
      'SHEET_UNKNOWN',
      `${path} has no sheet named "${sheet}"; its sheets: ${seen.map((name) => `"${name}"`).join(', ')}`,
    );
  }
}

/** The name of the workbook's first sheet (its order in the workbook, not in the zip). */
function firstSheetName(reader: unknown): string | undefined {
  const sheets = (reader as { model?: { sheets?: { name: string }[] } }).model?.sheets;
  return sheets?.[0]?.name;
}

async function readRows(
  worksheet: XlsxWorksheet,
  sink: RowSink,
  strings: SharedStrings,
): Promise<void> {
  let header: string[] | undefined;
  for await (const row of worksheet) {
    const values: unknown[] = [];
    for (let column = 1; column <= row.cellCount; column++) {
      const value = cellValue(row.getCell(column), strings);
      values.push(typeof value === 'string' ? value.trim() : value);
    }
    if (!values.some((value) => value !== undefined && value !== '')) continue;
    if (header === undefined) {
      header = values.map((value) =>
        value instanceof Date ? value.toISOString() : String(value ?? ''),
      );
      sink.columns(header);
      continue;
    }
    const record: Record<string, unknown> = {};
    header.forEach((name, index) => {
      // Unnamed columns carry nothing; of two same-named columns the first filled wins.
      const value = values[index];
      if (name === '' || value === undefined || (record[name] ?? '') !== '') return;
      record[name] = value;
    });
    sink.accept(record, row.number, `row ${row.number}`);
  }
}
