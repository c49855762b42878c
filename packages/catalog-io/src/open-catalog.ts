import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Agent, CurrencyRates, Lexicon } from '@repo/catalog-core';
import type { CatalogConfig } from '@repo/env';
import { type CatalogIndex, openCatalogIndex } from '@repo/search';
import { CatalogIoError } from './errors.js';
import type { CatalogFormat } from './formats.js';
import { loadAgents } from './load-agents.js';
import { loadCatalog } from './load-catalog.js';
import { loadLexicon } from './load-lexicon.js';
import { loadRates } from './load-rates.js';
import { openPreparedCatalog } from './prepared/open-prepared.js';
import type { Fingerprints, Unchanged } from './prepared/prepare.js';
import { rulesHash } from './prepared/prepared-source.js';
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
  /** The version the files name (see `contentVersion`); computed when absent. */
  readonly version?: string | undefined;
  /**
   * The version before: the products it keeps that this one has unchanged are taken over, and
   * with `fingerprint`, what this one changed is counted (`changes`).
   */
  readonly previous?: OpenedCatalog | undefined;
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
  /** With `fingerprint`: a hash of each product by slug, for the next version's `changes`. */
  readonly fingerprints?: Fingerprints;
  /** The version of the files, when the catalog is a file (see `contentVersion`). */
  readonly version?: string;
  /** With `fingerprint` and `previous`: products added, removed and changed since. */
  readonly changes?: { added: number; removed: number; changed: number };
  /**
   * Where the prepared form of a catalog file was found (`beside`: next to the file; `kept`: in
   * DATA_DIR) or that it was `built` now; absent for the sample and Meilisearch.
   */
  readonly prepared?: 'beside' | 'kept' | 'built';
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
  const opened = await openCatalogUnless(options, undefined, log);
  // Without a version to compare with, nothing reads as unchanged.
  if ('unchanged' in opened) throw new Error(`${opened.unchanged} read as unchanged`);
  return opened;
}

/**
 * {@link openCatalog}, unless the catalog file names `current`, the version served now: then
 * nothing is opened (the worker hashes the file, or reads the version its prepared form
 * remembers, and stops there).
 */
export async function openCatalogUnless(
  options: OpenCatalogOptions,
  current: string | undefined,
  log?: CatalogLog,
): Promise<OpenedCatalog | Unchanged> {
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
  const { file } = options;
  if (file !== undefined) {
    return openCatalogFile({ ...options, file }, { agents, lexicon, rates }, current, log);
  }
  // The sample catalog: built in process, as its objects (a fraction of a second).
  const { products, source } = await loadCatalog({ seed: options.seed });
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
  return { index, agents, lexicon, rates, source, errors: [] };
}

/** Where the prepared form of a catalog file is kept when none lies beside it. */
function keptPath(dir: string, file: string): string {
  const name = createHash('sha256').update(resolve(file)).digest('hex').slice(0, 16);
  return join(dir, `${name}.prepared`);
}

/**
 * A catalog file, opened from its prepared form (see `openPreparedCatalog`): the one beside the
 * file (`catalog import` writes it), else the one kept in DATA_DIR, else one built now on a worker
 * thread and kept there. Agent links are read with the agents the app serves (AGENTS_FILE), brands
 * and category words with the lexicon it searches with (LEXICON_FILE), prices in other currencies
 * at the rates it displays (RATES_FILE): all three are part of the version a prepared form is for.
 */
async function openCatalogFile(
  options: OpenCatalogOptions & { readonly file: string },
  rules: { agents: readonly Agent[]; lexicon: Lexicon; rates: CurrencyRates },
  current: string | undefined,
  log: CatalogLog | undefined,
): Promise<OpenedCatalog | Unchanged> {
  const started = performance.now();
  const { agents, lexicon, rates } = rules;
  const beside = `${options.file}.prepared`;
  const kept = options.preparedDir && keptPath(options.preparedDir, options.file);
  const opened = await openPreparedCatalog(
    {
      file: options.file,
      format: options.format,
      // The catalog's hash, when not known yet, is read by the worker: not on the event loop.
      version: options.version,
      current,
      inputs: {
        file: options.file,
        contentHash: options.contentHash,
        agentsFile: options.agentsFile,
        lexiconFile: options.lexiconFile,
        ratesFile: options.ratesFile,
      },
      rules: rulesHash(rules),
      candidates: kept ? [beside, kept] : [beside],
      target: kept,
      agents,
      lexicon,
      rates,
      fingerprints: options.fingerprint === true,
      previous: options.previous?.fingerprints,
    },
    { lexicon, rates, earlier: options.previous?.index },
  );
  if ('unchanged' in opened) return opened;
  const { index, prepared, fingerprints } = opened;
  const errors = [...prepared.errors];
  if (errors.length > 0) {
    log?.warn(
      { rejected: errors.length, first: errors.slice(0, LOGGED_ROW_ERRORS) },
      `${errors.length} rows of ${options.file} were rejected; run "catalog import" for the full report`,
    );
  }
  const how = prepared.built ? 'built' : prepared.path === beside ? 'beside' : 'kept';
  const { products } = await index.health();
  log?.info(
    {
      engine: 'embedded',
      source: 'file',
      products,
      prepared: how,
      ...(prepared.built && prepared.passed.length > 0 && { rebuilt: prepared.passed }),
      ms: Math.round(performance.now() - started),
    },
    'catalog indexed',
  );
  return {
    index,
    agents,
    lexicon,
    rates,
    source: 'file',
    errors,
    version: prepared.version,
    prepared: how,
    ...(fingerprints && { fingerprints }),
    ...(prepared.changes && { changes: prepared.changes }),
  };
}
