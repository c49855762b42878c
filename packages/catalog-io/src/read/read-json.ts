import { createReadStream } from 'node:fs';
import { createByteTap } from './byte-tap.js';
import { describe } from './read-ndjson.js';
import type { RowSink } from './row-sink.js';
import { firstLineNotUtf8, NOT_UTF8 } from './utf8.js';

/**
 * Reads a JSON file holding an array of product objects, or `{ "products": [...] }`. JSON cannot
 * be parsed row by row without a streaming parser, so the file is read whole; rows are then
 * named by position (`item 3`), and a syntax error by the line it is on.
 */
export async function readJson(
  path: string,
  sink: RowSink,
  onBytes: (bytesRead: number) => void,
): Promise<void> {
  const chunks: Buffer[] = [];
  const input = createReadStream(path).pipe(createByteTap((_, bytesRead) => onBytes(bytesRead)));
  for await (const chunk of input) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const badLine = firstLineNotUtf8(bytes);
  if (badLine !== undefined) {
    // One document: the items cannot be told apart before it is parsed, so none is guessed at.
    sink.reject(badLine, `line ${badLine}`, `${NOT_UTF8} (the JSON file was not read)`);
    return;
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') return;

  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? 0);
    const line = text.slice(0, position).split('\n').length;
    sink.reject(line, `line ${line}`, `not valid JSON: ${message}`);
    return;
  }
  const items = Array.isArray(document)
    ? document
    : (document as { products?: unknown } | null)?.products;
  if (!Array.isArray(items)) {
    sink.reject(
      1,
      'line 1',
      `must be an array of products or {"products": [...]}, got ${describe(document)}`,
    );
    return;
  }
  items.forEach((item: unknown, index) => {
    const where = `item ${index + 1}`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      sink.reject(index + 1, where, `must be a JSON object, got ${describe(item)}`);
    } else sink.accept(item as Record<string, unknown>, index + 1, where);
  });
}
