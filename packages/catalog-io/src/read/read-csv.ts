import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { type ColumnMapper, createColumnMapper } from '@repo/catalog-core';
import { type CsvError, type Info, parse } from 'csv-parse';
import { createByteTap } from './byte-tap.js';
import { HeaderSearch } from './header-search.js';
import { LineTracker } from './line-tracker.js';
import { LostLinkCheck } from './lost-links.js';
import type { RowSink } from './row-sink.js';
import { NOT_UTF8 } from './utf8.js';

const CSV_REASONS: Readonly<Record<string, string>> = {
  CSV_INVALID_CLOSING_QUOTE: 'a quoted field has text after its closing quote',
  CSV_QUOTE_NOT_CLOSED:
    'a quote opened in this row is never closed, so nothing after it could be read',
  CSV_INVALID_OPENING_QUOTE: 'a quote appears inside an unquoted field',
};

/**
 * Streams a CSV file (UTF-8, optional BOM, LF or CRLF, `"`-quoted fields that may hold commas
 * and new lines) into `sink`, one record at a time, naming each record by the line it starts on.
 * A record whose bytes are not UTF-8 is refused (the parser would have turned them into U+FFFD);
 * so is a header that is not, since no column of it could be trusted.
 * The header is the first row that reads as one (`HeaderSearch`): a banner or notes may come
 * before it. It is read here rather than by csv-parse's `columns: true`: that way every record,
 * the header included, reports where it ends, and the line of the next one can be counted. A
 * link column that holds only labels ("LINK") stops the read with one clear error
 * (`LostLinkCheck`).
 */
export async function readCsv(
  path: string,
  sink: RowSink,
  onBytes: (bytesRead: number) => void,
  columns: ColumnMapper = createColumnMapper(),
): Promise<void> {
  const lines = new LineTracker();
  let header: string[] | undefined;
  let previousEnd = 0;
  const where = (line: number) => `line ${line}`;
  const links = new LostLinkCheck<CsvRecord>(path, (record) => {
    // Rows of empty cells (",,,,") are spreadsheet padding, not products: not counted.
    if ('error' in record) return sink.reject(record.line, where(record.line), record.error);
    const reason = record.notUtf8 ? NOT_UTF8 : fieldCountProblem(record.fields, header ?? []);
    if (reason) sink.reject(record.line, where(record.line), reason);
    else sink.accept(toRecord(header ?? [], record.fields), record.line, where(record.line));
  });
  const search = new HeaderSearch<CsvRecord>(
    (record) => ('error' in record ? [] : record.fields),
    columns,
    {
      header(record) {
        if ('error' in record) return;
        if (record.notUtf8) throw new Error(`the header (line ${record.line}) is ${NOT_UTF8}`);
        header = record.fields.map((name) => name.trim());
        sink.columns(header, record.line);
        links.header(header, columns);
      },
      data: (record) => links.push(record, 'error' in record ? [] : record.fields),
    },
    true,
  );

  const parser = parse({
    bom: true,
    relax_quotes: false,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_record: (fields: string[], context: Info) => {
      const line = lines.contentLineAt(previousEnd);
      previousEnd = context.bytes;
      if (!fields.some((field) => field.trim() !== '')) return null;
      // Only a decoded U+FFFD can come from bad bytes; then the raw bytes say whether it did.
      const notUtf8 =
        fields.some((field) => field.includes('\uFFFD')) &&
        !isUtf8(lines.bytesUntil(context.bytes));
      search.push({ fields, line, notUtf8 });
      return null;
    },
  });
  parser.on('skip', (error: CsvError) => {
    const line = lines.contentLineAt(previousEnd);
    previousEnd = Math.max(previousEnd, (error as CsvError & { bytes?: number }).bytes ?? 0);
    search.push({ line, error: `CSV: ${CSV_REASONS[error.code] ?? error.message}` });
  });

  const tap = createByteTap((chunk, bytesRead) => {
    lines.push(chunk);
    onBytes(bytesRead);
  });
  await pipeline(createReadStream(path), tap, parser, async (records: AsyncIterable<unknown>) => {
    for await (const _ of records);
  });
  search.end();
  links.end();
}

/** A record of the file, or a spot the parser could not read as one. */
type CsvRecord =
  | { readonly fields: readonly string[]; readonly line: number; readonly notUtf8: boolean }
  | { readonly line: number; readonly error: string };

function fieldCountProblem(
  fields: readonly string[],
  header: readonly string[],
): string | undefined {
  if (fields.length < header.length) {
    return `has ${fields.length} fields, the header has ${header.length} (a missing comma or an unclosed quote?)`;
  }
  // Extra empty cells at the end are what spreadsheets export; extra values are a shifted row.
  if (fields.slice(header.length).some((field) => field.trim() !== '')) {
    return `has ${fields.length} fields, the header has ${header.length} (a comma inside an unquoted value?)`;
  }
  return undefined;
}

function toRecord(header: readonly string[], fields: readonly string[]): Record<string, string> {
  const record: Record<string, string> = {};
  header.forEach((name, index) => {
    // Unnamed columns ("", "__1") carry nothing; of two same-named columns the first filled wins.
    if (name === '' || (record[name] ?? '') !== '') return;
    record[name] = fields[index] ?? '';
  });
  return record;
}
