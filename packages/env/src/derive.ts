import { resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from './data.js';
import { EnvError, type EnvIssue } from './errors.js';

/** What {@link serverConfig} reads; the output of `parseEnv` over `serverEnv()`. */
export interface ServerEnvValues {
  readonly HOST: string;
  readonly PORT: number;
  readonly BASE_URL?: string | undefined;
  readonly LOG_LEVEL: string;
  readonly CLOSE_GRACE_MS: number;
  readonly UV_THREADPOOL_SIZE?: number | undefined;
}

/** The server part of an app's config. */
export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** No trailing slash; every absolute URL starts with it. */
  readonly baseUrl: string;
  readonly logLevel: string;
  readonly closeGraceMs: number;
  /** The size of libuv's thread pool, when `UV_THREADPOOL_SIZE` sets one (libuv's default: 4). */
  readonly threadPoolSize?: number;
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
    ...(env.UV_THREADPOOL_SIZE !== undefined && { threadPoolSize: env.UV_THREADPOOL_SIZE }),
  };
}

/** What {@link catalogConfig} reads; the output of `parseEnv` over `catalogEnv`. */
export interface CatalogEnvValues {
  readonly CATALOG_FILE?: string | undefined;
  readonly CATALOG_URL?: string | undefined;
  readonly CATALOG_URL_POLL_S?: number | undefined;
  readonly CATALOG_URL_MAX_MB?: number | undefined;
  /** Where a catalog read from `CATALOG_URL` is kept between fetches and restarts. */
  readonly DATA_DIR?: string | undefined;
  readonly AGENTS_FILE?: string | undefined;
  readonly LEXICON_FILE?: string | undefined;
  readonly RATES_FILE?: string | undefined;
  readonly CATALOG_SEED?: number | undefined;
  readonly CATALOG_POLL_MS?: number | undefined;
  readonly CATALOG_WARM_MS?: number | undefined;
  readonly SEARCH_ENGINE: 'embedded' | 'meilisearch';
  readonly MEILISEARCH_URL?: string | undefined;
  readonly MEILISEARCH_API_KEY?: string | undefined;
  readonly MEILISEARCH_INDEX: string;
  readonly MEILISEARCH_TIMEOUT_MS: number;
}

/** The catalog part of an app's config. */
export interface CatalogConfig {
  /** Absent (and no `url`): the deterministic sample catalog from `seed`. */
  readonly file?: string | undefined;
  /** The catalog read from a link instead of a file, fetched at start and then polled. */
  readonly url?: CatalogUrlConfig | undefined;
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
  /**
   * How long a reload may warm the next version (the pages and tool results the serving one kept)
   * before it swaps it in, in ms; 0: at once. Absent: the default of the catalog's reader.
   */
  readonly warmMs?: number | undefined;
  /**
   * Where the embedded engine keeps the prepared form of a catalog file that has none beside it
   * (`DATA_DIR/prepared`); absent: it is built for each start, in a temporary file.
   */
  readonly preparedDir?: string | undefined;
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

/** Where `CATALOG_URL` points, and how it is polled. */
export interface CatalogUrlConfig {
  /** The link as the operator gave it (never shown on public pages: it may be private). */
  readonly href: string;
  /** How often it is fetched again, in ms. */
  readonly pollMs: number;
  /** The largest body read, in bytes; the rest is not read. */
  readonly maxBytes: number;
  /** The folder that keeps the last good download and its version (`DATA_DIR/catalog-url`). */
  readonly dir: string;
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Why a catalog link cannot be used, or `undefined`: https, or http to this machine only. */
function urlProblem(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return `must be an absolute https URL (got "${href}")`;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK.test(url.hostname)) return undefined;
  return `must be an https URL; http is accepted only for a loopback address (got "${url.protocol}//${url.host}")`;
}

/**
 * Maps validated catalog variables to config.
 *
 * @throws {EnvError} when `SEARCH_ENGINE=meilisearch` comes without `MEILISEARCH_URL`, when both
 *   `CATALOG_FILE` and `CATALOG_URL` are set, or when `CATALOG_URL` is not https (or loopback http).
 */
export function catalogConfig(env: CatalogEnvValues): CatalogConfig {
  const issues: EnvIssue[] = [];
  if (env.SEARCH_ENGINE === 'meilisearch' && !env.MEILISEARCH_URL) {
    issues.push({
      variable: 'MEILISEARCH_URL',
      message: 'is required when SEARCH_ENGINE=meilisearch (not set)',
    });
  }
  if (env.CATALOG_FILE && env.CATALOG_URL) {
    issues.push({
      variable: 'CATALOG_URL',
      message: 'and CATALOG_FILE are both set: name the catalog by one of them (unset the other)',
    });
  }
  const problem = env.CATALOG_URL ? urlProblem(env.CATALOG_URL) : undefined;
  if (problem) issues.push({ variable: 'CATALOG_URL', message: problem });
  if (issues.length > 0) throw new EnvError(issues);
  return {
    file: env.CATALOG_FILE || undefined,
    url: env.CATALOG_URL
      ? {
          href: env.CATALOG_URL,
          pollMs: (env.CATALOG_URL_POLL_S ?? 60) * 1_000,
          maxBytes: (env.CATALOG_URL_MAX_MB ?? 50) * 1024 * 1024,
          dir: resolve(env.DATA_DIR ?? DEFAULT_DATA_DIR, 'catalog-url'),
        }
      : undefined,
    agentsFile: env.AGENTS_FILE,
    lexiconFile: env.LEXICON_FILE,
    ratesFile: env.RATES_FILE,
    seed: env.CATALOG_SEED,
    pollMs: env.CATALOG_POLL_MS,
    warmMs: env.CATALOG_WARM_MS,
    preparedDir: resolve(env.DATA_DIR ?? DEFAULT_DATA_DIR, 'prepared'),
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
