import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';
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

/** One product in this many is changed in the copy {@link changedCatalog} writes. */
export const CHANGED_EVERY = 50;

/**
 * Line `i` of an NDJSON catalog as the changed copy holds it: one product in
 * {@link CHANGED_EVERY} a yuan dearer (as an operator's new export moves a few prices), the others
 * as they are, byte for byte.
 */
export function changedLine(line: string, i: number): string {
  if (i % CHANGED_EVERY !== 0 || line.trim() === '') return line;
  const product = JSON.parse(line) as { price: number };
  return JSON.stringify({ ...product, price: product.price + 1 });
}

// Each line of an NDJSON file in turn, with its index among the lines.
async function* linesOf(file: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  try {
    yield* lines;
  } finally {
    lines.close();
  }
}

/**
 * A copy of an NDJSON catalog with a few prices changed (see {@link changedLine}), written once
 * beside it in the bench cache: a second version of the same catalog, for a reload that swaps.
 */
export async function changedCatalog(ndjson: string): Promise<string> {
  const file = join(paths.cache, basename(ndjson).replace(/\.ndjson$/, '-changed.ndjson'));
  if (existsSync(file)) return file;
  const partial = `${file}.partial`;
  const out = createWriteStream(partial);
  let i = 0;
  for await (const line of linesOf(ndjson)) {
    if (!out.write(`${changedLine(line, i++)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  renameSync(partial, file);
  return file;
}

/** The slug of one product in `every` of an NDJSON catalog, in file order. */
export async function slugsOf(ndjson: string, every: number): Promise<string[]> {
  const slugs: string[] = [];
  let i = 0;
  for await (const line of linesOf(ndjson)) {
    if (line.trim() === '' || i++ % every !== 0) continue;
    slugs.push((JSON.parse(line) as { slug: string }).slug);
  }
  return slugs;
}
