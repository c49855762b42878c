import { CatalogIoError } from '../errors.js';
import type { CatalogFormat } from '../formats.js';

const ZIP = Buffer.from('PK', 'latin1');
const COMPOUND_FILE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const NDJSON_TYPES = new Set(['application/x-ndjson', 'application/ndjson', 'application/jsonl']);

/**
 * The format of a downloaded catalog, from its bytes first and its `Content-Type` second, never
 * from its name: a zip archive (or an Office compound file, which the workbook reader names
 * precisely) is a workbook; a body that opens with `[` is JSON, with `{` NDJSON when its second
 * line opens with `{` too (or, for one line, when the type says NDJSON), else JSON; other text is
 * CSV, whatever its type says. An HTML page is what a sheet that is not shared answers with (a
 * sign-in page), and is refused saying so.
 *
 * @throws {CatalogIoError} `FETCH_FAILED` for an empty body or an HTML page.
 */
export function downloadFormat(contentType: string | null, bytes: Buffer): CatalogFormat {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (bytes.length === 0) {
    throw new CatalogIoError('FETCH_FAILED', 'fetching the catalog failed: the download is empty');
  }
  if (bytes.subarray(0, 2).equals(ZIP) || bytes.subarray(0, 4).equals(COMPOUND_FILE)) {
    return 'xlsx';
  }
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (type === 'text/html' || /^<(?:!doctype\s+html|html|head|body)\b/i.test(head)) {
    throw new CatalogIoError(
      'FETCH_FAILED',
      'fetching the catalog failed: the link answered with a web page, not a spreadsheet: the sheet is not shared: set General access to Anyone with the link',
    );
  }
  if (head.startsWith('[')) return 'json';
  if (head.startsWith('{')) {
    const second = secondLine(bytes);
    if (second.startsWith('{')) return 'ndjson';
    // One object alone reads either way: a one-product NDJSON file, or `{ "products": [...] }`.
    return second === '' && NDJSON_TYPES.has(type) ? 'ndjson' : 'json';
  }
  // Text that opens with neither `[` nor `{` is no JSON catalog whatever its type says (a CSV
  // served as application/json): read as a table, its rows say what is wrong with them.
  return 'csv';
}

/** The start of the second line, from the bytes: an NDJSON line may be longer than any head. */
function secondLine(bytes: Buffer): string {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return '';
  return bytes
    .subarray(newline + 1, newline + 1 + 4096)
    .toString('utf8')
    .trimStart();
}
