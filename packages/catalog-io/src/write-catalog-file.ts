import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Product } from '@repo/catalog-core';
import { CatalogIoError } from './errors.js';

/** Lines per write: big enough to keep syscalls few, small enough to keep memory flat. */
const LINES_PER_WRITE = 2_000;

/**
 * Writes products as NDJSON (one JSON object per line), atomically: into `<path>.tmp-<pid>` in
 * the same directory, flushed to disk, then renamed over `path`. Readers see the old file or the
 * new one, never half of one. Creates the directory if needed.
 *
 * @throws {CatalogIoError} `FILE_WRITE` when the file cannot be written; the temporary file is
 *   removed and an existing `path` is left as it was.
 * @example await writeCatalogFile('data/catalog.ndjson', products);
 */
export async function writeCatalogFile(path: string, products: readonly Product[]): Promise<void> {
  const temporary = `${path}.tmp-${process.pid}`;
  try {
    await mkdir(dirname(path), { recursive: true });
    const file = await open(temporary, 'w');
    try {
      for (let start = 0; start < products.length; start += LINES_PER_WRITE) {
        const lines = products.slice(start, start + LINES_PER_WRITE).map((p) => JSON.stringify(p));
        await file.write(`${lines.join('\n')}\n`);
      }
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new CatalogIoError('FILE_WRITE', `cannot write ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
