import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Agent, CurrencyRates, Lexicon } from '@repo/catalog-core';
import { compileLexicon } from '@repo/search';
import { PackBuilder, type PackedIndex } from '@repo/search/embedded';
import type { CatalogFormat } from '../formats.js';
import type { RowError } from '../read/row-sink.js';
import { streamCatalogFile } from '../read-catalog-file.js';
import { openPreparedFile, type PreparedFile, writePreparedFile } from './prepared-file.js';

/** What {@link prepare} is asked: a catalog file, its version, where its prepared form may be. */
export interface PrepareJob {
  readonly file: string;
  readonly format?: CatalogFormat | undefined;
  /** The catalog's version (a hash of the files it is read with): what a prepared file must match. */
  readonly source: string;
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
  const passed: string[] = [];
  for (const candidate of job.candidates) {
    try {
      const opened = openPreparedFile(candidate, job.source);
      return { ...opened, path: candidate, built: false, passed };
    } catch (error) {
      passed.push(`${candidate}: ${(error as Error).message}`);
    }
  }
  const path =
    writable(job.target) ?? join(tmpdir(), `catalog-${process.pid}-${Date.now()}.prepared`);
  let index: PackedIndex | undefined;
  await writePreparedFile(path, job.source, async (write) => {
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
  const opened = openPreparedFile(path, job.source);
  const changes = job.previous && index?.fingerprints && changesOf(job.previous, index);
  return { ...opened, path, built: true, temporary: path !== job.target, passed, changes };
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
