import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createByteTap } from './byte-tap.js';
import type { RowSink } from './row-sink.js';

/** Streams an NDJSON (JSON Lines) file into `sink`, one object per line; blank lines are skipped. */
export async function readNdjson(
  path: string,
  sink: RowSink,
  onBytes: (bytesRead: number) => void,
): Promise<void> {
  const input = createReadStream(path).pipe(createByteTap((_, bytesRead) => onBytes(bytesRead)));
  let line = 0;
  for await (const raw of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    line++;
    const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      sink.reject(line, `line ${line}`, `not valid JSON: ${(error as Error).message}`);
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      sink.reject(line, `line ${line}`, `must be a JSON object, got ${describe(value)}`);
    } else sink.accept(value as Record<string, unknown>, line, `line ${line}`);
  }
}

/** `an array`, `a string`, `null`… for reasons. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
