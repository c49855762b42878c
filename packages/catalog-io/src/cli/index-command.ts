import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { indexCatalogInMeilisearch } from '@repo/search/meilisearch';
import { type IndexConfig, loadIndexConfig } from '../config.js';
import { isCatalogIoError } from '../errors.js';
import type { CatalogFormat } from '../formats.js';
import { catalogVersionParts, contentVersion } from '../live/content-version.js';
import { signature } from '../live/file-watch.js';
import { loadCatalog } from '../load-catalog.js';
import { loadLexicon } from '../load-lexicon.js';
import { contentHash } from '../remote/content-hash.js';
import type { Validators } from '../remote/fetch-catalog.js';
import { download, formatDownload, isLink } from './download.js';
import { createProgressReporter } from './progress.js';
import { CliUsageError, formatOption, integerOption } from './usage.js';

/** Options of `catalog index` as parsed from argv. */
export interface IndexArgs {
  readonly positionals: readonly string[];
  readonly values: {
    readonly format?: string | undefined;
    readonly seed?: string | undefined;
    readonly watch?: boolean | undefined;
  };
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
  if (file !== undefined && isLink(file)) return indexLink(file, config, values.watch === true);
  if (values.watch) throw new CliUsageError('--watch follows a link: give the catalog as a URL');
  return indexFile(file, format, seed, config);
}

/**
 * `catalog index URL [--watch]`: the link downloaded as `CATALOG_URL` reads it, and indexed;
 * with `--watch`, fetched again every `CATALOG_URL_POLL_S` (an unchanged sheet costs a 304) and
 * indexed again whenever its bytes change, until the process is stopped. A failed fetch or a
 * download without a valid row leaves the index as it is, and the next round tries again.
 */
async function indexLink(link: string, config: IndexConfig, watch: boolean): Promise<number> {
  let validators: Validators = {};
  let indexed: string | undefined;
  for (;;) {
    let status = 1;
    try {
      const got = await download(link, config.urlMaxBytes, validators);
      if (got === 'not-modified') {
        console.log('the sheet is unchanged (304)');
        status = 0;
      } else {
        try {
          const hash = await contentHash(await readFile(got.path), got.format);
          if (hash === indexed) {
            console.log('the sheet is unchanged');
            status = 0;
          } else {
            console.log(formatDownload(link, got));
            status = await indexFile(got.path, got.format, undefined, config, hash);
            if (status === 0) [indexed, validators] = [hash, got.validators];
          }
        } finally {
          await got.remove();
        }
      }
    } catch (error) {
      if (!watch || !isCatalogIoError(error)) throw error;
      console.error(`${error.message}; the index stays as it is`);
    }
    if (!watch) return status;
    await sleep(config.urlPollMs);
  }
}

async function indexFile(
  file: string | undefined,
  format: CatalogFormat | undefined,
  seed: number | undefined,
  config: IndexConfig,
  /** A link's download: what it holds names the version, as on the embedded engine. */
  hash?: string,
): Promise<number> {
  const inputs = [file, config.lexiconFile].filter((f): f is string => f !== undefined);
  const before = await Promise.all(inputs.map(signature));
  const version = await contentVersion(
    catalogVersionParts({ file, seed, lexiconFile: config.lexiconFile, contentHash: hash }),
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
