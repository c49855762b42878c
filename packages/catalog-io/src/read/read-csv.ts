import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { type CsvError, type Info, parse } from 'csv-parse';
import { createByteTap } from './byte-tap.js';
import { LineTracker } from './line-tracker.js';
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
 * The header row is read here rather than by csv-parse's `columns: true`: that way every record,
 * the header included, reports where it ends, and the line of the next one can be counted.
 */
export async function readCsv(
  path: string,
  sink: RowSink,
  onBytes: (bytesRead: number) => void,
): Promise<void> {
  const lines = new LineTracker();
  let header: string[] | undefined;
  let previousEnd = 0;

  const parser = parse({
    bom: true,
    relax_quotes: false,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_record: (fields: string[], context: Info) => {
      const line = lines.contentLineAt(previousEnd);
      previousEnd = context.bytes;
      // Only a decoded U+FFFD can come from bad bytes; then the raw bytes say whether it did.
      const notUtf8 =
        fields.some((field) => field.includes('\uFFFD')) &&
        !isUtf8(lines.bytesUntil(context.bytes));
      if (header === undefined) {
        if (notUtf8) throw new Error(`the header (line ${line}) is ${NOT_UTF8}`);
        header = fields.map((name) => name.trim());
        sink.columns(header, line);
      } else if (fields.some((field) => field.trim() !== '')) {
        // Rows of empty cells (",,,,") are spreadsheet padding, not products: not counted.
        const reason = notUtf8 ? NOT_UTF8 : fieldCountProblem(fields, header);
        if (reason) sink.reject(line, `line ${line}`, reason);
        else sink.accept(toRecord(header, fields), line, `line ${line}`);
      }
      return null;
    },
  });
  parser.on('skip', (error: CsvError) => {
    const line = lines.contentLineAt(previousEnd);
    previousEnd = Math.max(previousEnd, (error as CsvError & { bytes?: number }).bytes ?? 0);
    sink.reject(line, `line ${line}`, `CSV: ${CSV_REASONS[error.code] ?? error.message}`);
  });

  const tap = createByteTap((chunk, bytesRead) => {
    lines.push(chunk);
    onBytes(bytesRead);
  });
  await pipeline(createReadStream(path), tap, parser, async (records: AsyncIterable<unknown>) => {
    for await (const _ of records);
  });
}

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
