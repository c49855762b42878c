import type { CatalogConfig } from '@repo/env';
import { isSearchError } from '@repo/search';
import type { IndexVersion } from '@repo/search/meilisearch';
import type { CatalogLog } from '../open-catalog.js';
import { contentVersion, type VersionPart } from './content-version.js';

/**
 * The version named when the index holds none (`catalog index` older than versions), or when
 * Meilisearch has not answered since the process started: the same on every replica, so they
 * still agree, and left for the stored version as soon as one is read.
 */
export const UNVERSIONED = 'unversioned';

/** What names a catalog version, read before the catalog is opened. */
export interface VersionStamp {
  readonly version: string;
  /** When it was made, when every replica can tell (the time the index was filled). */
  readonly loadedAt?: Date | undefined;
}

/** The version of a Meilisearch catalog, and the poll that notices a new index. */
export interface IndexVersions {
  /**
   * The stored version of the index, then `+` and a hash of the process's own agents and lexicon
   * files when it reads any (they change what it serves, not what the index holds). When
   * Meilisearch does not answer, the last stored version read (poll or load) stands in: a reload
   * for a changed file never fails, nor waits, on the engine.
   */
  stamp(): Promise<VersionStamp>;
  /**
   * Reads the stored version every `pollMs` and calls `onChange` when it is not the one last
   * read. A poll that gets no answer changes nothing: the version that serves goes on serving,
   * no reload is tried (so none is recorded as failed) and the log gets one warning per outage.
   */
  watch(onChange: () => void, pollMs: number): { close(): void };
}

type Connection = NonNullable<CatalogConfig['meilisearch']>;
/** One answer of Meilisearch: the stored version, or none stored. */
type Stored = { readonly stored: IndexVersion | undefined };

/**
 * The versions of the catalog in the Meilisearch index `connection` names, as every replica
 * reads them from the index (`catalog index` stores them, see `readIndexVersion`).
 */
export async function indexVersions(
  connection: Connection,
  local: readonly VersionPart[],
  log?: CatalogLog,
): Promise<IndexVersions> {
  // Loaded with the engine only: a process on the embedded engine never loads the client.
  const { readIndexVersion } = await import('@repo/search/meilisearch');
  const { host, apiKey, indexUid, timeoutMs } = connection;
  const target = { host, indexUid, timeoutMs, ...(apiKey ? { apiKey } : {}) };
  // The last stored version read; undefined until Meilisearch first answered.
  let latest: Stored | undefined;
  let failing = false;

  async function read(): Promise<Stored | undefined> {
    try {
      const stored = await readIndexVersion(target);
      failing = false;
      latest = { stored };
      return latest;
    } catch (err) {
      if (!isSearchError(err)) throw err;
      if (!failing) {
        log?.warn(
          { err, index: indexUid, version: latest?.stored?.version ?? UNVERSIONED },
          `cannot read the version of the index, the catalog serves on as it is: ${err.message}`,
        );
      }
      failing = true;
      return undefined;
    }
  }

  return {
    async stamp() {
      const known = (await read()) ?? latest;
      const index = known?.stored?.version ?? UNVERSIONED;
      const own = local.length === 0 ? undefined : await contentVersion(local);
      return {
        version: own === undefined ? index : `${index}+${own}`,
        loadedAt: known?.stored?.indexedAt,
      };
    },
    watch(onChange, pollMs) {
      let timer: NodeJS.Timeout | undefined;
      let closed = false;
      // One read at a time: the next is planned when this one is done, however long it took.
      const tick = async () => {
        const before = latest;
        const now = await read().catch((err: unknown) => {
          // A bug, not an outage: said, and the poll goes on rather than ending the process.
          log?.warn({ err }, 'cannot poll the version of the index');
          return undefined;
        });
        if (closed) return;
        if (now !== undefined && (before === undefined || changed(before.stored, now.stored))) {
          onChange();
        }
        timer = setTimeout(() => void tick(), pollMs).unref();
      };
      timer = setTimeout(() => void tick(), pollMs).unref();
      return {
        close() {
          closed = true;
          clearTimeout(timer);
        },
      };
    },
  };
}

function changed(before: IndexVersion | undefined, now: IndexVersion | undefined): boolean {
  return before?.version !== now?.version;
}
