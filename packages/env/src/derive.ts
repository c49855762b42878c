import { EnvError } from './errors.js';

/** What {@link serverConfig} reads; the output of `parseEnv` over `serverEnv()`. */
export interface ServerEnvValues {
  readonly HOST: string;
  readonly PORT: number;
  readonly BASE_URL?: string | undefined;
  readonly LOG_LEVEL: string;
  readonly CLOSE_GRACE_MS: number;
}

/** The server part of an app's config. */
export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** No trailing slash; every absolute URL starts with it. */
  readonly baseUrl: string;
  readonly logLevel: string;
  readonly closeGraceMs: number;
}

/**
 * Maps validated server variables to config, deriving `baseUrl` from the port when unset.
 *
 * @example serverConfig(parseEnv(Type.Object(serverEnv(8080)), env)).baseUrl // 'http://localhost:8080'
 */
export function serverConfig(env: ServerEnvValues): ServerConfig {
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    host: env.HOST,
    port: env.PORT,
    baseUrl,
    logLevel: env.LOG_LEVEL,
    closeGraceMs: env.CLOSE_GRACE_MS,
  };
}

/** What {@link catalogConfig} reads; the output of `parseEnv` over `catalogEnv`. */
export interface CatalogEnvValues {
  readonly CATALOG_FILE?: string | undefined;
  readonly AGENTS_FILE?: string | undefined;
  readonly LEXICON_FILE?: string | undefined;
  readonly RATES_FILE?: string | undefined;
  readonly CATALOG_SEED?: number | undefined;
  readonly CATALOG_POLL_MS?: number | undefined;
  readonly SEARCH_ENGINE: 'embedded' | 'meilisearch';
  readonly MEILISEARCH_URL?: string | undefined;
  readonly MEILISEARCH_API_KEY?: string | undefined;
  readonly MEILISEARCH_INDEX: string;
  readonly MEILISEARCH_TIMEOUT_MS: number;
}

/** The catalog part of an app's config. */
export interface CatalogConfig {
  /** Absent: the deterministic sample catalog from `seed`. */
  readonly file?: string | undefined;
  /** The operator's agents (JSON); absent: the default agents. */
  readonly agentsFile?: string | undefined;
  /** The operator's words added to the default lexicon (JSON); absent: the default lexicon. */
  readonly lexiconFile?: string | undefined;
  /**
   * The operator's exchange rates (JSON, CNY per unit of each display currency); absent: the
   * default rates.
   */
  readonly ratesFile?: string | undefined;
  /** Absent: the sample catalog's own default seed. */
  readonly seed?: number | undefined;
  /**
   * How often the served process checks its files for a new version, in ms, besides the file
   * system's events; 0: events and SIGHUP only. Absent: the default of the catalog's reader.
   */
  readonly pollMs?: number | undefined;
  readonly engine: 'embedded' | 'meilisearch';
  readonly meilisearch?:
    | {
        readonly host: string;
        readonly apiKey?: string | undefined;
        readonly indexUid: string;
        readonly timeoutMs: number;
      }
    | undefined;
}

/**
 * Maps validated catalog variables to config.
 *
 * @throws {EnvError} when `SEARCH_ENGINE=meilisearch` comes without `MEILISEARCH_URL`.
 */
export function catalogConfig(env: CatalogEnvValues): CatalogConfig {
  if (env.SEARCH_ENGINE === 'meilisearch' && !env.MEILISEARCH_URL) {
    throw new EnvError([
      {
        variable: 'MEILISEARCH_URL',
        message: 'is required when SEARCH_ENGINE=meilisearch (not set)',
      },
    ]);
  }
  return {
    file: env.CATALOG_FILE,
    agentsFile: env.AGENTS_FILE,
    lexiconFile: env.LEXICON_FILE,
    ratesFile: env.RATES_FILE,
    seed: env.CATALOG_SEED,
    pollMs: env.CATALOG_POLL_MS,
    engine: env.SEARCH_ENGINE,
    meilisearch: env.MEILISEARCH_URL
      ? {
          host: env.MEILISEARCH_URL,
          apiKey: env.MEILISEARCH_API_KEY,
          indexUid: env.MEILISEARCH_INDEX,
          timeoutMs: env.MEILISEARCH_TIMEOUT_MS,
        }
      : undefined,
  };
}
