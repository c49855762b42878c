import { MeilisearchApiError } from 'meilisearch';
import { callMeilisearch } from './boundary.js';
import { createMeilisearchClient, type MeilisearchConnection } from './meilisearch-index.js';

/** The version `indexCatalogInMeilisearch` stored with an index, and when it was indexed. */
export interface IndexVersion {
  readonly version: string;
  readonly indexedAt: Date;
}

/** The one document of the meta index. */
export interface MetaDocument {
  readonly id: typeof VERSION_ID;
  readonly version: string;
  /** ISO 8601. */
  readonly indexed_at: string;
}

const VERSION_ID = 'version';

/**
 * The meta index beside `indexUid`: a separate index, so no search of the catalog ever has to
 * leave its document out, swapped in by the same atomic task as the catalog's documents.
 */
export function metaIndexUid(indexUid: string): string {
  return `${indexUid}_meta`;
}

/** The meta index's document for `version`. */
export function toMetaDocument(version: IndexVersion): MetaDocument {
  return { id: VERSION_ID, version: version.version, indexed_at: version.indexedAt.toISOString() };
}

/**
 * Reads the version stored with the index `connection.indexUid` (one small request, outside the
 * engine's circuit breaker: a caller that polls it must see the engine come back). `undefined`
 * when the index holds none: filled by an indexer older than versions, or never filled.
 *
 * @throws {SearchUnavailableError} when Meilisearch cannot be reached or is too slow.
 * @throws {SearchEngineError} `ENGINE_REJECTED` when it refuses (e.g. a key without access to
 *   the meta index `<indexUid>_meta`).
 * @example const stored = await readIndexVersion({ host, apiKey, indexUid: 'products' });
 */
export async function readIndexVersion(
  connection: MeilisearchConnection,
): Promise<IndexVersion | undefined> {
  const client = createMeilisearchClient(connection);
  const document = await callMeilisearch('read index version', async () => {
    try {
      return await client
        .index(metaIndexUid(connection.indexUid))
        .getDocument<Record<string, unknown>>(VERSION_ID);
    } catch (error) {
      // No meta index, or no document in it: an index filled before versions were stored.
      if (error instanceof MeilisearchApiError && error.response.status === 404) return undefined;
      throw error;
    }
  });
  return document === undefined ? undefined : fromMetaDocument(document);
}

function fromMetaDocument(document: Record<string, unknown>): IndexVersion | undefined {
  const { version, indexed_at: indexedAt } = document;
  if (typeof version !== 'string' || version === '' || typeof indexedAt !== 'string') {
    // Not written by this package: better no version than a wrong one.
    return undefined;
  }
  const at = new Date(indexedAt);
  return Number.isNaN(at.getTime()) ? undefined : { version, indexedAt: at };
}
