import { Type } from 'typebox';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The variables every server shares. `BASE_URL` defaults to `http://localhost:PORT` and is the one
 * source of every absolute URL the service prints.
 */
export function serverEnv(defaultPort: number) {
  return {
    HOST: Type.String({ default: '0.0.0.0', description: 'a host name or IP address to bind' }),
    PORT: Type.Integer({
      minimum: 0,
      maximum: 65_535,
      default: defaultPort,
      description: 'a TCP port from 0 to 65535',
    }),
    BASE_URL: Type.Optional(
      Type.String({
        pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$',
        description: 'an absolute http(s) URL without query or fragment, e.g. https://example.com',
      }),
    ),
    LOG_LEVEL: Type.Union(
      LOG_LEVELS.map((l) => Type.Literal(l)),
      { default: 'info', description: `one of ${LOG_LEVELS.join(', ')}` },
    ),
    CLOSE_GRACE_MS: Type.Integer({
      minimum: 0,
      maximum: 120_000,
      default: 10_000,
      description: 'milliseconds from 0 to 120000',
    }),
    // libuv's own variable, read by Node at start: the process reads it too, to tell the pool's
    // threads from V8's (see `startServer` of @repo/fastify-kit).
    UV_THREADPOOL_SIZE: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1_024, description: 'an integer from 1 to 1024' }),
    ),
  };
}

/**
 * How often a catalog's files are checked for a new version, in ms, when nothing says otherwise:
 * the environment's default and `openLiveCatalog`'s.
 */
export const DEFAULT_CATALOG_POLL_MS = 2_000;
/**
 * How long a reload may warm the next version before it swaps it in, in ms: enough to work out
 * again a few thousand kept answers at half load. The environment's default and
 * `openLiveCatalog`'s.
 */
export const DEFAULT_CATALOG_WARM_MS = 5_000;

/** Where the catalog comes from and which engine serves it. */
export const catalogEnv = {
  CATALOG_FILE: Type.Optional(
    Type.String({ description: 'a path to a CSV, XLSX, JSON or NDJSON catalog file' }),
  ),
  CATALOG_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s]+$',
      description:
        'an https URL of the catalog: a Google Sheets share or published link, or a CSV, XLSX, JSON or NDJSON file (http only on a loopback address)',
    }),
  ),
  CATALOG_URL_POLL_S: Type.Integer({
    minimum: 5,
    maximum: 86_400,
    default: 60,
    description: 'seconds from 5 to 86400',
  }),
  CATALOG_URL_MAX_MB: Type.Integer({
    minimum: 1,
    maximum: 2_048,
    default: 50,
    description: 'megabytes from 1 to 2048',
  }),
  // No default here: the sample catalog owns its seed, so `pnpm start` and `catalog sample` agree.
  AGENTS_FILE: Type.Optional(
    Type.String({
      description: 'a path to a JSON file of the three agents (replaces the defaults)',
    }),
  ),
  LEXICON_FILE: Type.Optional(
    Type.String({
      description:
        'a path to a JSON lexicon file {"version": 1, ...} of words to add to the default lexicon',
    }),
  ),
  RATES_FILE: Type.Optional(
    Type.String({
      description:
        'a path to a JSON file {"as_of": "YYYY-MM-DD", "cny_per_unit": {...}} of exchange rates (replaces the defaults)',
    }),
  ),
  CATALOG_POLL_MS: Type.Integer({
    minimum: 0,
    maximum: 3_600_000,
    default: DEFAULT_CATALOG_POLL_MS,
    description: 'milliseconds from 0 (no poll) to 3600000',
  }),
  CATALOG_WARM_MS: Type.Integer({
    minimum: 0,
    maximum: 60_000,
    default: DEFAULT_CATALOG_WARM_MS,
    description: 'milliseconds from 0 (swap at once) to 60000',
  }),
  CATALOG_SEED: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 4_294_967_295, description: 'an unsigned 32-bit integer' }),
  ),
  SEARCH_ENGINE: Type.Union([Type.Literal('embedded'), Type.Literal('meilisearch')], {
    default: 'embedded',
    description: 'embedded or meilisearch',
  }),
  MEILISEARCH_URL: Type.Optional(
    Type.String({ pattern: '^https?://', description: 'an http(s) URL of a Meilisearch server' }),
  ),
  MEILISEARCH_API_KEY: Type.Optional(Type.String()),
  MEILISEARCH_INDEX: Type.String({
    pattern: '^[A-Za-z0-9_-]{1,400}$',
    default: 'products',
    description: 'an index uid of letters, digits, - and _',
  }),
  MEILISEARCH_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 60_000,
    default: 2_000,
    description: 'milliseconds from 100 to 60000',
  }),
};
