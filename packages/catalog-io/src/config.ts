import { catalogEnv, dataConfig, dataEnv, type Env, EnvError, edgeEnv, parseEnv } from '@repo/env';
import { Type } from 'typebox';

/** The variables `catalog index` reads. */
export const IndexEnvSchema = Type.Object({
  MEILISEARCH_URL: catalogEnv.MEILISEARCH_URL,
  MEILISEARCH_API_KEY: catalogEnv.MEILISEARCH_API_KEY,
  MEILISEARCH_INDEX: catalogEnv.MEILISEARCH_INDEX,
  MEILISEARCH_TIMEOUT_MS: catalogEnv.MEILISEARCH_TIMEOUT_MS,
  LEXICON_FILE: catalogEnv.LEXICON_FILE,
  CATALOG_URL_POLL_S: catalogEnv.CATALOG_URL_POLL_S,
  CATALOG_URL_MAX_MB: catalogEnv.CATALOG_URL_MAX_MB,
});

/** Where `catalog index` pushes the catalog. */
export interface IndexConfig {
  readonly host: string;
  readonly apiKey?: string | undefined;
  readonly indexUid: string;
  readonly timeoutMs: number;
  /** The operator's lexicon file: the index settings carry its words as synonyms and stop words. */
  readonly lexiconFile?: string | undefined;
  /** `catalog index URL --watch`: how often the link is fetched again (`CATALOG_URL_POLL_S`). */
  readonly urlPollMs: number;
  /** The largest download read from a link (`CATALOG_URL_MAX_MB`), in bytes. */
  readonly urlMaxBytes: number;
}

/**
 * Reads the Meilisearch connection of `catalog index` from the environment (the only place this
 * package reads it): `MEILISEARCH_URL` (required), `MEILISEARCH_API_KEY`, `MEILISEARCH_INDEX`
 * (default `products`), `MEILISEARCH_TIMEOUT_MS`, `LEXICON_FILE` (the same file the apps read).
 *
 * @throws {EnvError} naming every invalid or missing variable.
 * @example const config = loadIndexConfig(); // from process.env
 */
export function loadIndexConfig(env: Env = process.env): Readonly<IndexConfig> {
  const values = parseEnv(IndexEnvSchema, env);
  if (!values.MEILISEARCH_URL) {
    throw new EnvError([
      { variable: 'MEILISEARCH_URL', message: 'is required for "catalog index" (not set)' },
    ]);
  }
  return {
    host: values.MEILISEARCH_URL,
    apiKey: values.MEILISEARCH_API_KEY,
    indexUid: values.MEILISEARCH_INDEX,
    timeoutMs: values.MEILISEARCH_TIMEOUT_MS,
    lexiconFile: values.LEXICON_FILE,
    urlPollMs: values.CATALOG_URL_POLL_S * 1_000,
    urlMaxBytes: values.CATALOG_URL_MAX_MB * 1024 * 1024,
  };
}

/** The variables `catalog import` reads. */
export const ImportEnvSchema = Type.Object({
  AGENTS_FILE: catalogEnv.AGENTS_FILE,
  LEXICON_FILE: catalogEnv.LEXICON_FILE,
  RATES_FILE: catalogEnv.RATES_FILE,
  CATALOG_URL_MAX_MB: catalogEnv.CATALOG_URL_MAX_MB,
});

/** What `catalog import` takes from the environment. */
export interface ImportConfig {
  /** The operator's agents file: their product links are read back into listings. */
  readonly agentsFile?: string | undefined;
  /** The operator's rates file: prices in other currencies are converted to CNY at its rates. */
  readonly ratesFile?: string | undefined;
  /** The operator's lexicon file: the prepared form beside the output is indexed with it. */
  readonly lexiconFile?: string | undefined;
  /** The largest download read from a link (`CATALOG_URL_MAX_MB`), in bytes. */
  readonly urlMaxBytes: number;
}

/**
 * Reads the settings of `catalog import`: `AGENTS_FILE`, `RATES_FILE` and `LEXICON_FILE`, the
 * files the apps serve, so that a sheet of the operator's agent links reads with the same link
 * rules the pages build, a price in dollars becomes the CNY price the pages show back in dollars,
 * and the prepared form written beside the output is the one the apps would build.
 *
 * @throws {EnvError} naming every invalid variable.
 * @example const { agentsFile, ratesFile } = loadImportConfig();
 */
export function loadImportConfig(env: Env = process.env): Readonly<ImportConfig> {
  const values = parseEnv(ImportEnvSchema, env);
  return {
    agentsFile: values.AGENTS_FILE,
    ratesFile: values.RATES_FILE,
    lexiconFile: values.LEXICON_FILE,
    urlMaxBytes: values.CATALOG_URL_MAX_MB * 1024 * 1024,
  };
}

/** The variables `catalog stats` reads: where the apps count clicks, and the catalog they serve. */
export const StatsEnvSchema = Type.Object({
  REDIS_URL: edgeEnv.REDIS_URL,
  DATA_DIR: dataEnv.DATA_DIR,
  CATALOG_FILE: catalogEnv.CATALOG_FILE,
  CATALOG_SEED: catalogEnv.CATALOG_SEED,
  AGENTS_FILE: catalogEnv.AGENTS_FILE,
});

/** Where `catalog stats` reads the clicks, and the catalog that names their products. */
export interface StatsConfig {
  /** The apps' shared counts; absent: the one-process counts in {@link StatsConfig.clicksFile}. */
  readonly redisUrl?: string | undefined;
  readonly clicksFile: string;
  readonly catalogFile?: string | undefined;
  readonly seed?: number | undefined;
  readonly agentsFile?: string | undefined;
}

/**
 * Reads the settings of `catalog stats`: the same `REDIS_URL`, `DATA_DIR`, `CATALOG_FILE`,
 * `CATALOG_SEED` and `AGENTS_FILE` the apps run with.
 *
 * @throws {EnvError} naming every invalid variable.
 */
export function loadStatsConfig(env: Env = process.env): Readonly<StatsConfig> {
  const values = parseEnv(StatsEnvSchema, env);
  return {
    redisUrl: values.REDIS_URL,
    clicksFile: dataConfig({ DATA_DIR: values.DATA_DIR, CLICKS: 'on', CLICKS_FLUSH_S: 60 }).clicks
      .file,
    catalogFile: values.CATALOG_FILE,
    seed: values.CATALOG_SEED,
    agentsFile: values.AGENTS_FILE,
  };
}
