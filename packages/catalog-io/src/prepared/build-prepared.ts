import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { compileLexicon } from '@repo/search';
import { PackBuilder, type PackedIndex } from '@repo/search/embedded';
import type { RowError } from '../read/row-sink.js';
import { streamCatalogFile } from '../read-catalog-file.js';
import type { Fingerprints, Prepared, PrepareJob } from './prepare.js';
import { openPreparedFile, type Remembered } from './prepared-file.js';
import { writePreparedFile } from './write-prepared-file.js';

/** Builds the prepared form of `job`'s catalog file (kept at `target`, else a temporary file) and opens it. */
export async function buildPrepared(
  job: PrepareJob,
  found: {
    readonly version: string;
    readonly source: string;
    readonly remembered: Remembered | undefined;
    readonly passed: readonly string[];
  },
): Promise<Prepared> {
  const { version, source, remembered, passed } = found;
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
  const opened = openPreparedFile(path, source, job.layoutVersion);
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
