/** Stable codes of {@link SearchError}; never reused for another meaning. */
export type SearchErrorCode =
  | 'INVALID_QUERY'
  | 'ENGINE_UNAVAILABLE'
  | 'ENGINE_TIMEOUT'
  | 'ENGINE_REJECTED'
  | 'INDEXING_FAILED';

/**
 * The base error of `@repo/search`: every failure it throws carries a stable `code`.
 *
 * @example
 * try { await index.search({ limit: 0 }) } catch (err) { if (isSearchError(err)) log(err.code) }
 */
export class SearchError extends Error {
  override name = 'SearchError';
  readonly code: SearchErrorCode;

  constructor(code: SearchErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * A query value is out of range (negative offset, limit 0 or above `MAX_LIMIT`, a price that is not
 * a finite non-negative number, `minPrice > maxPrice`, an unknown category or sort). A caller error:
 * the apps answer it with 400 / JSON-RPC -32602, never 500.
 *
 * @example
 * if (err instanceof SearchQueryError) reply.code(400).send({ detail: err.message, field: err.field })
 */
export class SearchQueryError extends SearchError {
  override name = 'SearchQueryError';
  /** The offending `SearchQuery` field. */
  readonly field: string;

  constructor(field: string, message: string) {
    super('INVALID_QUERY', message);
    this.field = field;
  }
}

/**
 * The search engine cannot be reached (`ENGINE_UNAVAILABLE`: network failure or a 5xx reply) or did
 * not answer in time (`ENGINE_TIMEOUT`). Translated once, where the Meilisearch client is called;
 * `cause` keeps the client's error. The embedded engine never throws it.
 *
 * @example
 * if (isSearchError(err) && err.code === 'ENGINE_TIMEOUT') reply.code(503)
 */
export class SearchUnavailableError extends SearchError {
  override name = 'SearchUnavailableError';

  constructor(
    code: 'ENGINE_UNAVAILABLE' | 'ENGINE_TIMEOUT',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}

/**
 * The engine answered but refused the request (`ENGINE_REJECTED`: a 4xx reply such as a bad API
 * key or a missing index) or an indexing task failed (`INDEXING_FAILED`). `cause` keeps the client's
 * error or the failed task.
 *
 * @example
 * if (err instanceof SearchEngineError && err.code === 'INDEXING_FAILED') process.exitCode = 1
 */
export class SearchEngineError extends SearchError {
  override name = 'SearchEngineError';

  constructor(
    code: 'ENGINE_REJECTED' | 'INDEXING_FAILED',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}

const ERROR_NAMES = new Set([
  'SearchError',
  'SearchQueryError',
  'SearchUnavailableError',
  'SearchEngineError',
]);

/**
 * Tells whether a value is a {@link SearchError}, also across duplicated bundles (where
 * `instanceof` fails).
 *
 * @example
 * if (isSearchError(err) && err.code === 'INVALID_QUERY') return badRequest(err.message)
 */
export function isSearchError(value: unknown): value is SearchError {
  return (
    value instanceof SearchError ||
    (value instanceof Error &&
      ERROR_NAMES.has(value.name) &&
      typeof (value as SearchError).code === 'string')
  );
}
