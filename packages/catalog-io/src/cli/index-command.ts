import { indexCatalogInMeilisearch } from '@repo/search/meilisearch';
import { loadIndexConfig } from '../config.js';
import { catalogVersionParts, contentVersion } from '../live/content-version.js';
import { signature } from '../live/file-watch.js';
import { loadCatalog } from '../load-catalog.js';
import { loadLexicon } from '../load-lexicon.js';
import { createProgressReporter } from './progress.js';
import { CliUsageError, formatOption, integerOption } from './usage.js';

/** Options of `catalog index` as parsed from argv. */
export interface IndexArgs {
  readonly positionals: readonly string[];
  readonly values: { readonly format?: string | undefined; readonly seed?: string | undefined };
}

/**
 * `catalog index [FILE]`: loads a catalog (the sample without FILE) and rebuilds the Meilisearch
 * index from it with `indexCatalogInMeilisearch` (a fresh index swapped in whole), stored with
 * its version: a hash of FILE (or the seed) and the lexicon file, as the embedded engine names
 * the same files, which every process serving the index polls.
 */
export async function indexCommand({ positionals, values }: IndexArgs): Promise<number> {
  const [file, ...extra] = positionals;
  if (extra.length > 0)
    throw new CliUsageError(`index reads one file, got also: ${extra.join(' ')}`);
  const format = formatOption(values.format);
  const seed = integerOption('seed', values.seed, 0);
  const config = loadIndexConfig();
  const inputs = [file, config.lexiconFile].filter((f): f is string => f !== undefined);
  const before = await Promise.all(inputs.map(signature));
  const version = await contentVersion(
    catalogVersionParts({ file, seed, lexiconFile: config.lexiconFile }),
  );
  // Checked before the catalog is read: a bad file fails at once, naming the problem.
  const lexicon = await loadLexicon(config.lexiconFile);

  const reading = createProgressReporter(`reading ${file ?? 'the sample'}`, 'bytes');
  const catalog = await loadCatalog({
    file,
    seed,
    lexicon,
    ...(format ? { format } : {}),
    onProgress: (read, total) => reading.update(read, total),
  }).finally(() => reading.stop());
  for (const error of catalog.errors) console.log(`${error.where}: ${error.reason}`);
  if (catalog.products.length === 0) {
    console.error(`nothing valid in ${file}; the index was not changed`);
    return 1;
  }
  // The version must name what was read: a file replaced meanwhile would leave it naming another.
  const after = await Promise.all(inputs.map(signature));
  const changed = inputs.filter((_, i) => after[i] !== before[i]);
  if (changed.length > 0) {
    console.error(`${changed.join(' and ')} changed while it was read; the index was not changed`);
    return 1;
  }

  const source = catalog.source === 'sample' ? 'the sample catalog' : file;
  console.log(
    `indexing ${catalog.products.length} products from ${source} into ${config.indexUid}`,
  );
  const indexing = createProgressReporter('indexing', 'documents');
  const report = await indexCatalogInMeilisearch(catalog.products, {
    host: config.host,
    indexUid: config.indexUid,
    timeoutMs: config.timeoutMs,
    lexicon,
    version,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    onProgress: (done, total) => indexing.update(done, total),
  }).finally(() => indexing.stop());
  console.log(
    `indexed ${report.documents} documents into ${report.indexUid} in ${report.batches} batches (${Math.round(report.durationMs)} ms), version ${report.version.version}`,
  );
  return 0;
}
