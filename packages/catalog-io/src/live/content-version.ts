import { createHash, type Hash } from 'node:crypto';
import { type FileHandle, open } from 'node:fs/promises';
import { CatalogIoError } from '../errors.js';

/** One input of a catalog version: a file's bytes, or a fixed text (the sample's seed). */
export type VersionPart =
  | { readonly name: string; readonly file: string }
  | { readonly name: string; readonly text: string };

/** The files and seed a catalog is built from; absent ones take no part. */
export interface VersionInputs {
  /** Absent: the sample catalog of `seed`. */
  readonly file?: string | undefined;
  /** What `file` holds, when its bytes say more than that (a link's download: `contentHash`). */
  readonly contentHash?: string | undefined;
  readonly seed?: number | undefined;
  readonly agentsFile?: string | undefined;
  readonly lexiconFile?: string | undefined;
  readonly ratesFile?: string | undefined;
}

/**
 * The parts of {@link contentVersion} for a catalog: `catalog index` (no agents nor rates: they
 * are not in the index) and the embedded engine read the same parts, so the same files name the
 * same version whichever engine serves them.
 */
export function catalogVersionParts(inputs: VersionInputs): VersionPart[] {
  const source: VersionPart =
    inputs.file === undefined
      ? { name: 'sample', text: String(inputs.seed ?? 'default') }
      : inputs.contentHash !== undefined
        ? { name: 'catalog', text: inputs.contentHash }
        : { name: 'catalog', file: inputs.file };
  return [source, ...localVersionParts(inputs)];
}

/** The parts a process adds to a shared index: its agents, lexicon and rates files. */
export function localVersionParts(inputs: VersionInputs): VersionPart[] {
  const parts: VersionPart[] = [];
  if (inputs.agentsFile !== undefined) parts.push({ name: 'agents', file: inputs.agentsFile });
  if (inputs.lexiconFile !== undefined) parts.push({ name: 'lexicon', file: inputs.lexiconFile });
  // Last, and only when set: the versions of processes without a rates file stay as they were.
  if (inputs.ratesFile !== undefined) parts.push({ name: 'rates', file: inputs.ratesFile });
  return parts;
}

/** Hex digits of a version: 64 bits, enough to tell one file from the next. */
const VERSION_DIGITS = 16;

/**
 * The version of a catalog: a SHA-256 of every input it is built from (the catalog file or the
 * sample's seed, the agents, lexicon and rates files), so every replica serving the same files
 * names the same version, and a file saved again unchanged keeps it.
 *
 * @throws {CatalogIoError} `FILE_READ` when a file cannot be read.
 * @example await contentVersion([{ name: 'catalog', file: 'data/catalog.ndjson' }])
 */
export async function contentVersion(parts: readonly VersionPart[]): Promise<string> {
  const hash = createHash('sha256');
  for (const part of parts) {
    // Each input named and closed, so moving bytes from one file to the next changes the hash.
    hash.update(`${part.name}\0`);
    if ('text' in part) hash.update(part.text);
    else await hashFile(hash, part.file, part.name);
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, VERSION_DIGITS);
}

// A reload hashes the catalog while the process serves: one chunk per read, each read its own
// turn of the event loop (a stream hands over every buffered chunk at once, tens of ms of hashing).
const CHUNK = 256 * 1024;

async function hashFile(hash: Hash, file: string, name: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const chunk = Buffer.allocUnsafe(CHUNK);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, CHUNK, null);
      if (bytesRead === 0) break;
      hash.update(chunk.subarray(0, bytesRead));
    }
  } catch (cause) {
    throw new CatalogIoError('FILE_READ', `cannot read the ${name} file ${file}`, { cause });
  } finally {
    await handle?.close();
  }
}
