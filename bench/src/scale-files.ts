import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { PRODUCT_FIELDS } from '@repo/catalog-core';
import { paths } from './context.js';

/**
 * The sample catalog of `count` products as NDJSON, written once by the project's own
 * `catalog sample` into the bench cache (node_modules/.cache/bench, never committed) and reused.
 */
export async function sampleNdjson(count: number): Promise<string> {
  const file = join(paths.cache, `catalog-${count}.ndjson`);
  if (existsSync(file)) return file;
  mkdirSync(paths.cache, { recursive: true });
  console.log(`  writing ${file} (once; kept for the next runs)`);
  await promisify(execFile)(
    process.execPath,
    [paths.catalogCli, 'sample', '--count', String(count), '--out', file],
    { maxBuffer: 1 << 20 },
  );
  return file;
}

// A CSV cell as a spreadsheet exports it: lists joined with `|`, quoted when it holds a comma,
// a quote or a new line.
function cell(value: unknown): string {
  const text = Array.isArray(value) ? value.join('|') : value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The first `rows` products of an NDJSON catalog as a CSV export (CRLF, every Product column),
 * streamed line by line, written once into the bench cache.
 */
export async function csvExport(ndjson: string, rows: number): Promise<string> {
  const file = join(paths.cache, `catalog-${rows}.csv`);
  if (existsSync(file)) return file;
  console.log(`  writing ${file} (once; kept for the next runs)`);
  const partial = `${file}.partial`;
  const out = createWriteStream(partial);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write(`${PRODUCT_FIELDS.join(',')}\r\n`);
  let written = 0;
  const lines = createInterface({ input: createReadStream(ndjson), crlfDelay: Infinity });
  for await (const line of lines) {
    if (written === rows) break;
    if (line.trim() === '') continue;
    const product = JSON.parse(line) as Record<string, unknown>;
    await write(`${PRODUCT_FIELDS.map((column) => cell(product[column])).join(',')}\r\n`);
    written++;
  }
  lines.close();
  out.end();
  await once(out, 'finish');
  if (written < rows) throw new Error(`${ndjson} has ${written} products, not ${rows}`);
  renameSync(partial, file);
  return file;
}
