import { type CatalogErrorCode, isCatalogError } from '@repo/catalog-core';
import { isSearchError, type SearchErrorCode } from '@repo/search';
import { isMcpToolError } from '../errors.js';

// What an agent can do about a catalog error whose own message only says what went wrong.
const CATALOG_HINTS: Partial<Readonly<Record<CatalogErrorCode, string>>> = {
  UNKNOWN_PRODUCT: ' Use a slug returned by search_products, or give a category instead.',
  UNKNOWN_SHIPPING_LINE: ' get_agent_offers lists each agent’s lines.',
};

const ENGINE_DOWN =
  'The catalog search engine is unavailable right now; retry in a few seconds. ' +
  'get_agent_offers and estimate_shipping by weight still answer.';

// Every code, so a new one cannot go unanswered: a query the engine refuses is the caller's to
// change (its message says how); anything else is the engine's outage, which the caller can only
// wait out.
const SEARCH_FAILURES: Readonly<Record<SearchErrorCode, 'query' | 'outage'>> = {
  INVALID_QUERY: 'query',
  ENGINE_UNAVAILABLE: 'outage',
  ENGINE_TIMEOUT: 'outage',
  ENGINE_REJECTED: 'outage',
  INDEXING_FAILED: 'outage',
};

/** A failure a tool can explain to the calling agent, as the text of an `isError` result. */
export interface ToolFailure {
  readonly message: string;
  /** The search engine failed: worth a log line, unlike a mistake in the arguments. */
  readonly outage: boolean;
}

/**
 * What to tell the agent about an error a tool threw: its own {@link McpToolError}, a catalog
 * error with a hint, a refused query, or the search engine's outage. `undefined` for anything
 * else, which is a defect and goes on as a JSON-RPC internal error.
 */
export function explainFailure(err: unknown): ToolFailure | undefined {
  if (isMcpToolError(err)) return { message: err.message, outage: false };
  if (isCatalogError(err)) {
    return { message: `${err.message}${CATALOG_HINTS[err.code] ?? ''}`, outage: false };
  }
  if (isSearchError(err)) {
    return SEARCH_FAILURES[err.code] === 'query'
      ? { message: err.message, outage: false }
      : { message: ENGINE_DOWN, outage: true };
  }
  return undefined;
}
