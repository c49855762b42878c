import {
  MeilisearchApiError,
  MeilisearchRequestError,
  MeilisearchRequestTimeOutError,
  MeilisearchTaskTimeOutError,
} from 'meilisearch';
import { SearchEngineError, type SearchError, SearchUnavailableError } from '../errors.js';

/**
 * Translates whatever the Meilisearch client threw into a {@link SearchError}, once, where the
 * client is called: a timeout → `ENGINE_TIMEOUT`; a network failure, a 5xx or an answer that is
 * not JSON (something else listens on the port, a proxy's error page) → `ENGINE_UNAVAILABLE`;
 * another API error (bad key, missing index, bad filter) → `ENGINE_REJECTED`. `cause` keeps the
 * original. Anything else (a bug) is returned unchanged.
 */
export function translateMeilisearchError(error: unknown, action: string): unknown {
  const timedOut =
    error instanceof MeilisearchRequestTimeOutError ||
    error instanceof MeilisearchTaskTimeOutError ||
    // The client wraps a request timeout in a request error.
    (error instanceof MeilisearchRequestError &&
      error.cause instanceof MeilisearchRequestTimeOutError);
  if (timedOut) {
    return new SearchUnavailableError('ENGINE_TIMEOUT', `Meilisearch timed out (${action})`, {
      cause: error,
    });
  }
  if (error instanceof MeilisearchApiError) {
    const status = error.response.status;
    if (status >= 500) {
      return new SearchUnavailableError(
        'ENGINE_UNAVAILABLE',
        `Meilisearch answered ${status} (${action})`,
        { cause: error },
      );
    }
    return new SearchEngineError(
      'ENGINE_REJECTED',
      `Meilisearch rejected the request with ${status}: ${error.message} (${action})`,
      { cause: error },
    );
  }
  if (error instanceof MeilisearchRequestError) {
    return new SearchUnavailableError(
      'ENGINE_UNAVAILABLE',
      `Meilisearch is unreachable (${action})`,
      { cause: error },
    );
  }
  // The client parses every body as JSON outside its own error handling.
  if (error instanceof SyntaxError) {
    return new SearchUnavailableError(
      'ENGINE_UNAVAILABLE',
      `Meilisearch answered something that is not JSON (${action})`,
      { cause: error },
    );
  }
  return error;
}

/** Runs one client call and translates its failure with {@link translateMeilisearchError}. */
export async function callMeilisearch<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw translateMeilisearchError(error, action);
  }
}
