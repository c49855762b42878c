import { statSync } from 'node:fs';
import type { Agent, CurrencyRates, Lexicon } from '@repo/catalog-core';
import type { CatalogFormat } from '../formats.js';
import {
  catalogVersionParts,
  contentVersion,
  type VersionInputs,
} from '../live/content-version.js';
import {
  type FileIdentity,
  openPreparedFile,
  type PreparedFile,
  type Remembered,
  rememberedVersion,
} from './prepared-file.js';

function fileIdentity(path: string): FileIdentity | undefined {
  try {
    const { dev, ino, size, mtimeMs } = statSync(path);
    return { dev, ino, size, mtimeMs };
  } catch {
    return undefined;
  }
}

/** What {@link prepare} is asked: a catalog file, its version, where its prepared form may be. */
export interface PrepareJob {
  readonly file: string;
  readonly format?: CatalogFormat | undefined;
  /**
   * The catalog's version, when known; absent, it is computed here from `inputs` (hashing the
   * catalog file, off the event loop, unless a prepared form remembers it).
   */
  readonly version?: string | undefined;
  readonly inputs?: VersionInputs | undefined;
  /**
   * The version served now: when the file still names it, {@link prepare} says so and reads no
   * prepared form (a reload that finds nothing new reads no index only to drop it).
   */
  readonly current?: string | undefined;
  /** `rulesHash` of the agents, lexicon and rates: with the version, what a form is built from. */
  readonly rules: string;
  /** Prepared files to try first, in order (beside the catalog, then the one kept in DATA_DIR). */
  readonly candidates: readonly string[];
  /** Where to keep the one built when none fits; absent: a temporary file, removed once open. */
  readonly target?: string | undefined;
  readonly agents: readonly Agent[];
  readonly lexicon: Lexicon;
  readonly rates: CurrencyRates;
  /** Keep a fingerprint of each product, and compare them with `previous`'s. */
  readonly fingerprints?: boolean | undefined;
  readonly previous?: Fingerprints | undefined;
  /** `PACKED_INDEX_VERSION` of `@repo/search/embedded`: the layout a prepared form must have. */
  readonly layoutVersion: number;
}

/** The slugs and fingerprints of a version, to tell what the next one changed. */
export interface Fingerprints {
  readonly slugBytes: Uint8Array;
  readonly slugOffsets: Uint32Array;
  readonly prints: Uint32Array;
}

/** What {@link prepare} answers when the file names the version served now (`job.current`). */
export interface Unchanged {
  readonly unchanged: string;
}

/** A prepared file open and checked, and how it was found. */
export interface Prepared extends PreparedFile {
  readonly path: string;
  /** True when it was built now; false when an earlier one was read. */
  readonly built: boolean;
  /** A file of its own in the temporary folder: removed once open. */
  readonly temporary?: boolean;
  /** The catalog's version (see `contentVersion`). */
  readonly version: string;
  /** Why each candidate that was not used was not (`path: reason`). */
  readonly passed: readonly string[];
  readonly changes?: { added: number; removed: number; changed: number } | undefined;
}

/**
 * Opens the prepared form of a catalog file: the first candidate built from this very version
 * and intact, else one built now from the file (kept at `target`); nothing when the file names
 * `job.current`. Runs on a worker thread
 * (see `openPreparedCatalog`): every part of it may take seconds on a large catalog.
 */
export async function prepare(job: PrepareJob): Promise<Prepared | Unchanged> {
  const inputs = job.inputs ?? { file: job.file };
  // The catalog's bytes are hashed once per file: a prepared form remembers the version of the
  // very file (device, inode, size, time) it was built from, when the catalog alone names it.
  let remembered: Remembered | undefined;
  let version = job.version;
  if (version === undefined) {
    const identity = fileIdentity(job.file);
    const alone = catalogVersionParts(inputs).length === 1 && inputs.contentHash === undefined;
    if (alone && identity) {
      for (const candidate of job.candidates) {
        version ??= rememberedVersion(candidate, identity);
      }
    }
    version ??= await contentVersion(catalogVersionParts(inputs));
    if (alone && identity) remembered = { version, identity };
  }
  if (version === job.current) return { unchanged: version };
  const source = `${version}:${job.rules}`;
  const passed: string[] = [];
  for (const candidate of job.candidates) {
    try {
      const opened = openPreparedFile(candidate, source, job.layoutVersion);
      return { ...opened, path: candidate, built: false, version, passed };
    } catch (error) {
      passed.push(`${candidate}: ${(error as Error).message}`);
    }
  }
  // The code that reads catalogs and builds indexes loads only when a form is built.
  const { buildPrepared } = await import('./build-prepared.js');
  return buildPrepared(job, { version, source, remembered, passed });
}
