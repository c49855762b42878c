import { createHash } from 'node:crypto';
import type { Agent, CurrencyRates, Lexicon, Product } from '@repo/catalog-core';
import type { CatalogConfig } from '@repo/env';
import { type CatalogIndex, openCatalogIndex } from '@repo/search';
import { CatalogIoError } from './errors.js';
import type { CatalogFormat } from './formats.js';
import { loadAgents } from './load-agents.js';
import { loadCatalog } from './load-catalog.js';
import { loadLexicon } from './load-lexicon.js';
import { loadRates } from './load-rates.js';
import type { RowError } from './read/row-sink.js';

/**
 * Where the catalog comes from and which engine serves it: an app's validated `CatalogConfig`,
 * and the format of `file` when its name does not say it (a download kept in `DATA_DIR`).
 */
export type OpenCatalogOptions = CatalogConfig & {
  readonly format?: CatalogFormat | undefined;
  /** What `file` holds, naming its version instead of its bytes (see `contentHash`). */
  readonly contentHash?: string | undefined;
  /** Keep a fingerprint of each product, to tell what the next version changed. */
  readonly fingerprint?: boolean | undefined;
};

/** The part of a pino/Fastify logger this module writes to. */
export interface CatalogLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** An open catalog: the index every read goes through, and where its products came from. */
export interface OpenedCatalog {
  readonly index: CatalogIndex;
  /** The three agents with their links, offers and shipping lines. */
  readonly agents: readonly Agent[];
  /** How queries are read: the default lexicon plus the operator's words, if any. */
  readonly lexicon: Lexicon;
  /**
   * What one unit of each display currency costs in CNY: the operator's rates file, else the
   * defaults. Prices are converted with them (the index reads a query's prices with them too).
   */
  readonly rates: CurrencyRates;
  /** `url`: a file downloaded from `CATALOG_URL` (see `openLiveCatalog`). */
  readonly source: 'sample' | 'file' | 'url' | 'meilisearch';
  /** Rows of the catalog file that were rejected (empty for the sample and for Meilisearch). */
  readonly errors: readonly RowError[];
  /** With `fingerprint`: a hash of each product by slug (see {@link catalogChanges}). */
  readonly fingerprints?: ReadonlyMap<string, string>;
}

// A few rejected rows are worth reading in the log; the whole list is `catalog import`'s job.
const LOGGED_ROW_ERRORS = 5;

/**
 * Opens the catalog an app serves: with the embedded engine it loads the sample or the file and
 * indexes it in memory; with Meilisearch it connects to the index `catalog index` filled, and
 * opens even when Meilisearch does not answer (logged as a warning; the index reports itself
 * degraded and recovers when the engine is back).
 *
 * @throws {CatalogIoError} `CATALOG_EMPTY` when a catalog file holds no valid product, or the
 *   file errors of {@link loadCatalog}, {@link loadAgents}, {@link loadLexicon} and
 *   {@link loadRates}.
 * @example const { index } = await openCatalog({ engine: 'embedded' });
 */
export async function openCatalog(
  options: OpenCatalogOptions,
  log?: CatalogLog,
): Promise<OpenedCatalog> {
  const agents = await loadAgents(options.agentsFile);
  const lexicon = await loadLexicon(options.lexiconFile);
  const rates = await loadRates(options.ratesFile);
  if (options.engine === 'meilisearch') {
    if (!options.meilisearch) {
      throw new CatalogIoError('CATALOG_EMPTY', 'the meilisearch engine needs a server URL');
    }
    const index = await openCatalogIndex({
      engine: 'meilisearch',
      meilisearch: options.meilisearch,
      lexicon,
      rates,
    });
    // An engine that is down at start is an outage like any other: the app starts, answers 503
    // (and /health.json says degraded) until Meilisearch answers, then recovers by itself.
    const health = await index.health();
    const fields = { engine: 'meilisearch', index: options.meilisearch.indexUid };
    if (health.state === 'ready') {
      log?.info({ ...fields, products: health.products }, 'catalog opened');
    } else {
      log?.warn(
        { ...fields, reason: health.reason },
        'catalog opened degraded: search unavailable',
      );
    }
    return { index, agents, lexicon, rates, source: 'meilisearch', errors: [] };
  }

  const started = performance.now();
  // Agent links in the file are read with the agents the app serves (AGENTS_FILE), brands and
  // category words with the lexicon it searches with (LEXICON_FILE), prices in other currencies
  // at the rates it displays (RATES_FILE).
  const { products, source, errors } = await loadCatalog({
    file: options.file,
    ...(options.format ? { format: options.format } : {}),
    seed: options.seed,
    rules: { agents, rates },
    lexicon,
  });
  if (errors.length > 0) {
    log?.warn(
      { rejected: errors.length, first: errors.slice(0, LOGGED_ROW_ERRORS) },
      `${errors.length} rows of ${options.file} were rejected; run "catalog import" for the full report`,
    );
  }
  if (products.length === 0) {
    throw new CatalogIoError(
      'CATALOG_EMPTY',
      `no valid product in ${options.file ?? 'the catalog'}`,
    );
  }
  const index = await openCatalogIndex({ engine: 'embedded', products, lexicon, rates });
  log?.info(
    {
      engine: 'embedded',
      source,
      products: products.length,
      ms: Math.round(performance.now() - started),
    },
    'catalog indexed',
  );
  const fingerprints = options.fingerprint ? fingerprintsOf(products) : undefined;
  return { index, agents, lexicon, rates, source, errors, ...(fingerprints && { fingerprints }) };
}

function fingerprintsOf(products: readonly Product[]): Map<string, string> {
  const fingerprints = new Map<string, string>();
  for (const product of products) {
    const { created_at: _added, ...rest } = product;
    // Not when it was read (a row without a date is dated at each load): what it says.
    fingerprints.set(
      product.slug,
      createHash('sha1').update(JSON.stringify(rest)).digest('base64'),
    );
  }
  return fingerprints;
}

/** What a new version changed: products added, removed and changed, by slug. */
export function catalogChanges(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): { added: number; removed: number; changed: number } {
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
