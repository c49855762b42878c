import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { LineSplitter } from './line-splitter.js';
import type { RowSink } from './row-sink.js';
import { NOT_UTF8 } from './utf8.js';

const BOM = '\uFEFF';

/**
 * Streams an NDJSON (JSON Lines) file into `sink`, one object per line; blank lines are skipped,
 * a line that is not UTF-8 or not a JSON object is reported and reading goes on.
 */
export async function readNdjson(
  path: string,
  sink: RowSink,
  onBytes: (bytesRead: number) => void,
): Promise<void> {
  let line = 0;
  let bytesRead = 0;
  const onLine = (bytes: Buffer) => {
    line++;
    const where = `line ${line}`;
    if (!isUtf8(bytes)) {
      sink.reject(line, where, NOT_UTF8);
      return;
    }
    const raw = bytes.toString('utf8');
    const text = line === 1 && raw.startsWith(BOM) ? raw.slice(1) : raw;
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      sink.reject(line, where, `not valid JSON: ${(error as Error).message}`);
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      sink.reject(line, where, `must be a JSON object, got ${describe(value)}`);
    } else sink.accept(value as Record<string, unknown>, line, where);
  };
  const lines = new LineSplitter();
  for await (const chunk of createReadStream(path)) {
    bytesRead += (chunk as Buffer).length;
    lines.push(chunk as Buffer, onLine);
    onBytes(bytesRead);
  }
  lines.end(onLine);
}

/** `an array`, `a string`, `null`… for reasons. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
