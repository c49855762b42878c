import { closeSync, mkdirSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Agent, CurrencyRates, Lexicon } from '@repo/catalog-core';
import { compileLexicon } from '@repo/search';
import { PackBuilder, type PackedIndex } from '@repo/search/embedded';
import type { CatalogFormat } from '../formats.js';
import {
  catalogVersionParts,
  contentVersion,
  type VersionInputs,
} from '../live/content-version.js';
import type { RowError } from '../read/row-sink.js';
import { streamCatalogFile } from '../read-catalog-file.js';
import {
  type FileIdentity,
  identityOf,
  openPreparedFile,
  type PreparedFile,
  type Remembered,
  rememberedVersion,
  writePreparedFile,
} from './prepared-file.js';

function fileIdentity(path: string): FileIdentity | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    return identityOf(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** What {@link prepare} is asked: a catalog file, its version, where its prepared form may be. */
export interface PrepareJob {
  readonly file: string;
  readonly format?: CatalogFormat | undefined;
  /**
   * What a prepared file must have been built from (see `preparedSource`); absent, it is
   * computed here from `version` (hashing the catalog file when absent too, off the event loop)
   * and `rules`, the hash of the agents, lexicon and rates.
   */
  readonly source?: string | undefined;
  readonly version?: string | undefined;
  readonly inputs?: VersionInputs | undefined;
  readonly rules?: string | undefined;
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
}

/** The slugs and fingerprints of a version, to tell what the next one changed. */
export interface Fingerprints {
  readonly slugBytes: Uint8Array;
  readonly slugOffsets: Uint32Array;
  readonly prints: Uint32Array;
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
 * and intact, else one built now from the file (kept at `target`). Runs on a worker thread
 * (see `openPreparedCatalog`): every part of it may take seconds on a large catalog.
 */
export async function prepare(job: PrepareJob): Promise<Prepared> {
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
  const source = job.source ?? `${version}:${job.rules}`;
  const passed: string[] = [];
  for (const candidate of job.candidates) {
    try {
      const opened = openPreparedFile(candidate, source);
      return { ...opened, path: candidate, built: false, version, passed };
    } catch (error) {
      passed.push(`${candidate}: ${(error as Error).message}`);
    }
  }
  const path =
    writable(job.target) ?? join(tmpdir(), `catalog-${process.pid}-${Date.now()}.prepared`);
  let index: PackedIndex | undefined;
  await writePreparedFile(path, source, remembered, async (write) => {
    const builder = new PackBuilder({
      lexicon: compileLexicon(job.lexicon),
      write,
      fingerprints: job.fingerprints === true,
    });
    const errors: RowError[] = [];
    await streamCatalogFile(job.file, {
      ...(job.format ? { format: job.format } : {}),
      rules: { agents: job.agents, rates: job.rates },
      lexicon: job.lexicon,
      onProduct: (product) => builder.add(product),
      onRowError: (error) => errors.push(error),
    });
    index = builder.finish().index;
    return { index, errors };
  });
  const opened = openPreparedFile(path, source);
  const changes = job.previous && index?.fingerprints && changesOf(job.previous, index);
  const temporary = path !== job.target;
  return { ...opened, path, built: true, temporary, version, passed, changes };
}

/** `target` when its folder exists or can be made, else undefined. */
function writable(target: string | undefined): string | undefined {
  if (target === undefined) return undefined;
  try {
    mkdirSync(dirname(target), { recursive: true });
    return target;
  } catch {
    return undefined;
  }
}

const decoder = new TextDecoder();

function printsBySlug(of: Fingerprints): Map<string, number> {
  const bySlug = new Map<string, number>();
  const { slugBytes, slugOffsets, prints } = of;
  for (let doc = 0; doc + 1 < slugOffsets.length; doc++) {
    const slug = decoder.decode(slugBytes.subarray(slugOffsets[doc]!, slugOffsets[doc + 1]!));
    bySlug.set(slug, prints[2 * doc]! * 2 ** 32 + prints[2 * doc + 1]!);
  }
  return bySlug;
}

/** What a new version changed: products added, removed and changed, by slug. */
function changesOf(previous: Fingerprints, next: PackedIndex) {
  const before = printsBySlug(previous);
  const after = printsBySlug({
    slugBytes: next.slugs.bytes,
    slugOffsets: next.slugs.offsets,
    prints: next.fingerprints!,
  });
  let added = 0;
  let changed = 0;
  for (const [slug, print] of after) {
    const old = before.get(slug);
    if (old === undefined) added++;
    else if (old !== print) changed++;
  }
  let removed = 0;
  for (const slug of before.keys()) if (!after.has(slug)) removed++;
  return { added, removed, changed };
}
