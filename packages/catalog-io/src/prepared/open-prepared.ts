import { close, openSync, readSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CurrencyRates, Lexicon } from '@repo/catalog-core';
import type { CatalogIndex } from '@repo/search';
import {
  decodeIndex,
  openPackedIndex,
  PACKED_INDEX_VERSION,
  type ProductBytes,
} from '@repo/search/embedded';
import { CatalogIoError, type CatalogIoErrorCode, isCatalogIoError } from '../errors.js';
import type { Fingerprints, Prepared, PrepareJob, Unchanged } from './prepare.js';
import { identityOf } from './prepared-file.js';

/** How {@link openPreparedCatalog} opens the index. */
export interface OpenOptions {
  readonly lexicon: Lexicon;
  readonly rates: CurrencyRates;
  /** The version served now, whose products the new one takes where unchanged. */
  readonly earlier?: CatalogIndex | undefined;
}

/** A catalog opened from its prepared form: the index, and what preparing it found. */
export interface PreparedCatalog {
  readonly index: CatalogIndex;
  readonly prepared: Omit<Prepared, 'region' | 'identity' | 'layout' | 'productsOffset'>;
  /** The slugs and fingerprints of this version, when asked for: for the next one's changes. */
  readonly fingerprints?: Fingerprints | undefined;
}

// A version that is no longer served is dropped without being closed (requests may still read
// it): its file is closed when its index is collected.
const descriptors = new FinalizationRegistry<number>((fd) => closeQuietly(fd));

// Off the event loop: closing the last descriptor of a prepared file that was replaced frees its
// blocks, tens of milliseconds for a large catalog.
function closeQuietly(fd: number): void {
  close(fd, () => {
    // Closed already, or closed now: nothing waits on it.
  });
}

/**
 * Prepares a catalog file on a worker thread (reads an intact prepared form built from the same
 * version, else builds one from the file) and opens the embedded engine on it: the event loop
 * only receives the index's arrays (shared, not copied) and opens the file the products
 * are read from when shown. Serving never waits on the build. When the file names `current`, the
 * version served now, nothing is opened: {@link Unchanged}.
 *
 * @throws {CatalogIoError} the file errors of reading the catalog; `CATALOG_EMPTY` when it holds
 *   no valid product.
 */
export async function openPreparedCatalog(
  asked: Omit<PrepareJob, 'layoutVersion'>,
  options: OpenOptions,
): Promise<PreparedCatalog | Unchanged> {
  const job: PrepareJob = { ...asked, layoutVersion: PACKED_INDEX_VERSION };
  // A prepared file replaced between its check and its opening here is checked again.
  for (let attempt = 1; ; attempt++) {
    const prepared = await inWorker(job);
    if ('unchanged' in prepared) return prepared;
    const fd = openSame(prepared);
    if (fd !== undefined) return opened(job, prepared, fd, options);
    if (attempt === MAX_ATTEMPTS) {
      throw new CatalogIoError('FILE_READ', `${prepared.path} keeps changing while it is opened`);
    }
  }
}

const MAX_ATTEMPTS = 3;

/** The prepared file the worker checked, open; undefined when another has taken its place. */
function openSame(prepared: Prepared): number | undefined {
  let fd: number;
  try {
    fd = openSync(prepared.path, 'r');
  } catch {
    return undefined;
  } finally {
    if (prepared.temporary) rmSync(prepared.path, { force: true });
  }
  const now = identityOf(fd);
  const was = prepared.identity;
  if (
    now.dev === was.dev &&
    now.ino === was.ino &&
    now.size === was.size &&
    now.mtimeMs === was.mtimeMs
  ) {
    return fd;
  }
  closeQuietly(fd);
  return undefined;
}

function opened(
  job: PrepareJob,
  prepared: Prepared,
  fd: number,
  options: OpenOptions,
): PreparedCatalog {
  const { identity: _identity, layout, region, productsOffset, ...found } = prepared;
  if (layout.count === 0) {
    closeQuietly(fd);
    throw new CatalogIoError('CATALOG_EMPTY', `no valid product in ${job.file}`);
  }
  const packed = decodeIndex(layout, region);
  let scratch = Buffer.allocUnsafe(16 * 1024);
  const bytes: ProductBytes = {
    read(start, length) {
      if (scratch.length < length) scratch = Buffer.allocUnsafe(length * 2);
      let done = 0;
      while (done < length) {
        const n = readSync(fd, scratch, done, length - done, productsOffset + start + done);
        if (n === 0) throw new CatalogIoError('FILE_READ', `${found.path} was cut short`);
        done += n;
      }
      return scratch.subarray(0, length);
    },
  };
  const token = {};
  const index = openPackedIndex(packed, bytes, {
    lexicon: options.lexicon,
    rates: options.rates,
    earlier: options.earlier,
    onClose: () => {
      descriptors.unregister(token);
      closeQuietly(fd);
    },
  });
  descriptors.register(index, fd, token);
  const fingerprints = packed.fingerprints && {
    slugBytes: packed.slugs.bytes,
    slugOffsets: packed.slugs.offsets,
    prints: packed.fingerprints,
  };
  return { index, prepared: found, ...(fingerprints && { fingerprints }) };
}

/** The process's one preparing thread, started on first use, with the jobs it owes answers to. */
interface Preparer {
  readonly worker: Worker;
  readonly waiting: Map<
    number,
    { resolve(prepared: Prepared | Unchanged): void; reject(error: Error): void }
  >;
  next: number;
}

let preparer: Preparer | undefined;

function startPreparer(): Preparer {
  // Resolved through the package's own exports: the same file whether this module runs from its
  // sources (tests), its build or a server bundled with it, and only by a process that prepares.
  const worker = new Worker(
    createRequire(import.meta.url).resolve('@repo/catalog-io/prepare-worker'),
  );
  const started: Preparer = { worker, waiting: new Map(), next: 1 };
  const failAll = (error: Error) => {
    if (preparer === started) preparer = undefined;
    for (const { reject } of started.waiting.values()) reject(error);
    started.waiting.clear();
  };
  worker.on('message', (message: WorkerAnswer & { id: number }) => {
    const job = started.waiting.get(message.id);
    started.waiting.delete(message.id);
    // An idle preparer does not keep the process alive.
    if (started.waiting.size === 0) worker.unref();
    if (message.ok) job?.resolve(message.prepared);
    else job?.reject(translate(message.error));
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the preparing thread exited (${code})`)));
  return started;
}

function inWorker(job: PrepareJob): Promise<Prepared | Unchanged> {
  preparer ??= startPreparer();
  const { worker, waiting } = preparer;
  const id = preparer.next++;
  worker.ref();
  const previous = job.previous && forWorker(job.previous);
  return new Promise<Prepared | Unchanged>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, job: { ...job, previous: previous?.fingerprints } }, previous?.moved);
  }).catch((error: Error) => {
    if (isCatalogIoError(error)) throw error;
    throw new CatalogIoError('FILE_READ', `cannot prepare ${job.file}: ${error.message}`, {
      cause: error,
    });
  });
}

/**
 * The fingerprints as the worker gets them: as they are when their buffer is shared (those of a
 * version opened from its prepared form); else in buffers of their own, moved to it.
 */
function forWorker(fingerprints: Fingerprints): {
  fingerprints: Fingerprints;
  moved: ArrayBuffer[];
} {
  const { slugBytes, slugOffsets, prints } = fingerprints;
  if ([slugBytes, slugOffsets, prints].every((a) => a.buffer instanceof SharedArrayBuffer)) {
    return { fingerprints, moved: [] };
  }
  const own = ownBuffers(fingerprints);
  return {
    fingerprints: own,
    moved: [own.slugBytes.buffer, own.slugOffsets.buffer, own.prints.buffer],
  };
}

/** Fingerprints whose arrays each have a buffer of their own, which can be transferred. */
interface OwnFingerprints extends Fingerprints {
  readonly slugBytes: Uint8Array<ArrayBuffer>;
  readonly slugOffsets: Uint32Array<ArrayBuffer>;
  readonly prints: Uint32Array<ArrayBuffer>;
}

/**
 * The fingerprints in buffers of their own, to be moved to the worker. Views on a larger buffer
 * that is not shared would be posted with all of it, copied.
 */
export function ownBuffers(fingerprints: Fingerprints): OwnFingerprints {
  return {
    slugBytes: fingerprints.slugBytes.slice(),
    slugOffsets: fingerprints.slugOffsets.slice(),
    prints: fingerprints.prints.slice(),
  };
}

type WorkerAnswer =
  | { readonly ok: true; readonly prepared: Prepared | Unchanged }
  | { readonly ok: false; readonly error: { name: string; message: string; code?: string } };

// The worker's error crossed a thread as plain data: a catalog error keeps its code.
function translate(error: { name: string; message: string; code?: string }): Error {
  if (error.name === 'CatalogIoError' && error.code) {
    return new CatalogIoError(error.code as CatalogIoErrorCode, error.message);
  }
  return new CatalogIoError('FILE_READ', error.message);
}
