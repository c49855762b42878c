import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEFAULT_AGENTS } from '@repo/catalog-core';

const CLI = fileURLToPath(new URL('../../../packages/catalog-io/dist/cli.js', import.meta.url));

/** A product as the catalog file holds it (the fields the reload tests read). */
export interface Row {
  readonly slug: string;
  readonly title: string;
  readonly category: string;
  /** In CNY. */
  readonly price: number;
}

/** A catalog written by `catalog import`, ready to be imported over the served file. */
export interface Staged {
  readonly file: string;
  readonly rows: readonly Row[];
  /** Products per category, as list_categories and an unfiltered listing must show them. */
  readonly counts: Readonly<Record<string, number>>;
}

/** The two catalogs of the reload test and the files the stack serves. */
export interface Catalogs {
  /** The served catalog file; nothing is imported over it yet. */
  readonly catalogFile: string;
  /** The served agents file, with the default agents. */
  readonly agentsFile: string;
  readonly a: Staged;
  /** A without its first 40 products, with 20 others and its own product. */
  readonly b: Staged;
  /** The slug of the product only A has. */
  readonly onlyA: string;
  /** The slug of the product only B has. */
  readonly onlyB: string;
  /** Twelve slugs of products A and B both have. */
  readonly kept: readonly string[];
}

/** A file with no valid row: a line that is not JSON, and a row whose title is not text. */
export const BAD_CATALOG = 'not a catalog\n{"title": 42}\n';

// Each with a word no other product has, so a search tells which catalog answered.
const PRODUCT_ONLY_IN_A = {
  title: "Quasarvane Runner 'Ember'",
  brand: 'Quasarvane',
  category: 'sneakers',
  price: 420,
  marketplace: 'weidian',
  item_id: '7000000001',
  created_at: '2024-05-01T00:00:00.000Z',
};
const PRODUCT_ONLY_IN_B = {
  title: "Zephyrquill Tote 'Moss'",
  brand: 'Zephyrquill',
  category: 'bags',
  price: 199,
  marketplace: 'taobao',
  item_id: '912345678901',
  created_at: '2024-05-02T00:00:00.000Z',
};

const run = promisify(execFile);

/** The real `catalog` CLI; no AGENTS_FILE: rows are read with the default agents. */
export async function catalogCli(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], { env: {} });
  return stdout;
}

/** Imports `file` over `served`, as an operator does: `catalog import <file> --out <served>`. */
export async function importCatalog(file: string, served: string): Promise<void> {
  await catalogCli('import', file, '--out', served);
}

/**
 * Writes catalogs A and B with the real CLI into `<dir>/staging`, from a sample of 320 products,
 * and the agents file into `<dir>/served`, where the catalog file will be.
 */
export async function stageCatalogs(dir: string): Promise<Catalogs> {
  const staging = join(dir, 'staging');
  // The served files alone in their folder: the folder is what the processes watch.
  const served = join(dir, 'served');
  await mkdir(staging);
  await mkdir(served);
  const agentsFile = join(served, 'agents.json');
  await writeFile(agentsFile, JSON.stringify({ agents: DEFAULT_AGENTS }));

  const sampleFile = join(staging, 'sample.ndjson');
  await catalogCli('sample', '--count', '320', '--out', sampleFile);
  const sample = (await readNdjson(sampleFile)) as object[];
  const a = await stage(staging, 'a', [...sample.slice(0, 300), PRODUCT_ONLY_IN_A]);
  const b = await stage(staging, 'b', [...sample.slice(40), PRODUCT_ONLY_IN_B]);
  const slugsOfB = new Set(b.rows.map((row) => row.slug));
  return {
    catalogFile: join(served, 'catalog.ndjson'),
    agentsFile,
    a,
    b,
    onlyA: a.rows.find((row) => row.title.startsWith('Quasarvane'))?.slug ?? '',
    onlyB: b.rows.find((row) => row.title.startsWith('Zephyrquill'))?.slug ?? '',
    kept: a.rows
      .filter((row) => slugsOfB.has(row.slug))
      .map((row) => row.slug)
      .slice(0, 12),
  };
}

/** Replaces `file` in one step, as a deploy script does: a temporary file renamed over it. */
export async function replaceFile(file: string, text: string): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.new`);
  await writeFile(temporary, text);
  await rename(temporary, file);
}

/** Imports `items` into `<dir>/<name>.ndjson` with the real CLI: the file later served. */
async function stage(dir: string, name: string, items: readonly object[]): Promise<Staged> {
  const source = join(dir, `${name}-source.ndjson`);
  const file = join(dir, `${name}.ndjson`);
  await writeFile(source, items.map((item) => `${JSON.stringify(item)}\n`).join(''));
  await importCatalog(source, file);
  const rows = (await readNdjson(file)) as Row[];
  return { file, rows, counts: countByCategory(rows) };
}

/** The items of an NDJSON file, one a line. */
export async function readNdjson(file: string): Promise<unknown[]> {
  const text = await readFile(file, 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}

/** Products per category, as list_categories and an unfiltered listing show them. */
export function countByCategory(rows: readonly Row[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.category] = (counts[row.category] ?? 0) + 1;
  return counts;
}
