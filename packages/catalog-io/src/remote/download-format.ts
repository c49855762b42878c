import { CatalogIoError } from '../errors.js';
import type { CatalogFormat } from '../formats.js';

const ZIP = Buffer.from('PK', 'latin1');
const COMPOUND_FILE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * The format of a downloaded catalog, from its bytes first and its `Content-Type` second, never
 * from its name: a zip archive (or an Office compound file, which the workbook reader names
 * precisely) is a workbook; a body that opens with `[` is JSON, with `{` NDJSON when its second
 * line opens with `{` too, else JSON; other text is CSV. An HTML page is what a sheet that is not
 * shared answers with (a sign-in page), and is refused saying so.
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
    const second = head.slice(head.indexOf('\n') + 1).trimStart();
    return head.includes('\n') && second.startsWith('{') ? 'ndjson' : 'json';
  }
  if (type === 'application/json') return 'json';
  if (type === 'application/x-ndjson' || type === 'application/jsonl') return 'ndjson';
  return 'csv';
}
