import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Product } from '@repo/catalog-core';
import { CatalogIoError } from './errors.js';

/** Bytes gathered before each write: few syscalls, flat memory. */
const WRITE_SIZE = 1 << 20;

/** A catalog file being written: products go to a temporary file until {@link commit}. */
export interface CatalogFileWriter {
  /** Appends one product (one NDJSON line). */
  write(product: Product): void;
  /** Flushes the file to disk and renames it over the target; returns the product count. */
  commit(): number;
  /** Removes the temporary file; the target is left as it was. */
  abort(): void;
}

/**
 * Starts writing a catalog atomically: into `<path>.tmp-<pid>` beside `path`, so that the target
 * keeps serving the previous catalog until {@link CatalogFileWriter.commit} writes the last byte,
 * fsyncs the file, renames it over `path` and fsyncs the directory (where the platform can).
 * A crash at any moment leaves the old file whole and, at worst, a temporary file; temporary files
 * of processes that no longer run are removed here, at the next write to the same path. Writes
 * are synchronous on purpose: the reader that feeds a writer waits for the disk, so memory stays
 * flat however big the catalog.
 *
 * @throws {CatalogIoError} `FILE_WRITE` when the file cannot be created or written; the
 *   temporary file is then removed and an existing `path` is left as it was.
 * @example
 * const writer = openCatalogFileWriter('data/catalog.ndjson');
 * try { for (const p of products) writer.write(p); writer.commit(); } catch (e) { writer.abort(); throw e; }
 */
export function openCatalogFileWriter(path: string): CatalogFileWriter {
  const temporary = `${path}.tmp-${process.pid}`;
  let fd: number | undefined;
  /** Closes and removes the temporary file, then throws the `FILE_WRITE` error. */
  const fail = (error: unknown): never => {
    discard();
    throw new CatalogIoError('FILE_WRITE', `cannot write ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  };
  const discard = () => {
    try {
      if (fd !== undefined) closeSync(fd);
    } catch {
      // Closing a file that failed to write can fail too; it is removed either way.
    }
    fd = undefined;
    rmSync(temporary, { force: true });
  };
  try {
    mkdirSync(dirname(path), { recursive: true });
    removeStaleTemporaryFiles(path);
    fd = openSync(temporary, 'w');
  } catch (error) {
    fail(error);
  }
  let pending: string[] = [];
  let pendingLength = 0;
  let count = 0;
  const flush = (file: number) => {
    const buffer = Buffer.from(pending.join(''));
    pending = [];
    pendingLength = 0;
    for (let at = 0; at < buffer.length; ) at += writeSync(file, buffer, at);
  };
  const opened = (): number => {
    if (fd === undefined) throw new Error('the catalog file was already committed or aborted');
    return fd;
  };
  return {
    write(product) {
      const file = opened();
      const line = `${JSON.stringify(product)}\n`;
      pending.push(line);
      pendingLength += line.length;
      count++;
      if (pendingLength < WRITE_SIZE) return;
      try {
        flush(file);
      } catch (error) {
        fail(error);
      }
    },
    commit() {
      const file = opened();
      try {
        flush(file);
        fsyncSync(file);
        fd = undefined;
        closeSync(file);
        renameSync(temporary, path);
      } catch (error) {
        fail(error);
      }
      syncDirectory(dirname(path));
      return count;
    },
    abort: discard,
  };
}

/**
 * Writes products as NDJSON (one JSON object per line) atomically, with
 * {@link openCatalogFileWriter}: readers see the old file or the new one, never half of one.
 * Creates the directory if needed.
 *
 * @throws {CatalogIoError} `FILE_WRITE` when the file cannot be written; an existing `path` is
 *   left as it was.
 * @example await writeCatalogFile('data/catalog.ndjson', products);
 */
export async function writeCatalogFile(path: string, products: Iterable<Product>): Promise<void> {
  const writer = openCatalogFileWriter(path);
  try {
    for (const product of products) writer.write(product);
    writer.commit();
  } catch (error) {
    writer.abort();
    throw error;
  }
}

/** `<name>.tmp-<pid>`: the temporary files {@link openCatalogFileWriter} creates. */
function temporaryPid(name: string, target: string): number | undefined {
  const prefix = `${target}.tmp-`;
  if (!name.startsWith(prefix)) return undefined;
  const pid = name.slice(prefix.length);
  return /^\d+$/.test(pid) ? Number(pid) : undefined;
}

/**
 * Removes the temporary files an earlier write to `path` left behind when its process died
 * (a crash, SIGKILL, power loss). A file whose process still runs is another import in progress
 * and is left alone; a file this process would reuse is truncated by `open` anyway.
 */
function removeStaleTemporaryFiles(path: string): void {
  const directory = dirname(path);
  for (const name of readdirSync(directory)) {
    const pid = temporaryPid(name, basename(path));
    if (pid === undefined || pid === process.pid || isRunning(pid)) continue;
    rmSync(join(directory, name), { force: true });
  }
}

/** Whether process `pid` runs (on this machine, whoever owns it). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Makes the rename itself durable. Best effort: some platforms (Windows) cannot open a directory,
 * and by now the new file is in place, so a failure here is not a failed write.
 */
function syncDirectory(directory: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(directory, 'r');
    fsyncSync(fd);
  } catch {
    // Not supported here; the file itself was already synced before the rename.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
