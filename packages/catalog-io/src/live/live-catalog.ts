import {
  type Agent,
  type CurrencyRates,
  DEFAULT_AGENTS,
  DEFAULT_CURRENCY_RATES,
  DEFAULT_LEXICON,
  type Lexicon,
} from '@repo/catalog-core';
import { DEFAULT_CATALOG_POLL_MS, DEFAULT_CATALOG_WARM_MS } from '@repo/env';
import type { CatalogIndex } from '@repo/search';
import type { CatalogFormat } from '../formats.js';
import {
  type CatalogLog,
  type OpenCatalogOptions,
  type OpenedCatalog,
  openCatalogUnless,
} from '../open-catalog.js';
import { catalogVersionParts, contentVersion, localVersionParts } from './content-version.js';
import { type FileWatch, signature, watchFiles } from './file-watch.js';
import { indexVersions, type VersionStamp } from './index-version.js';
import { serialRuns } from './serial-runs.js';
import { type CatalogWarmer, WarmUps } from './warm-up.js';

/** One version of the catalog: everything a request reads, built and swapped in together. */
export interface CatalogVersion extends OpenedCatalog {
  /**
   * A hash of the files it was built from; with Meilisearch, the version `catalog index` stored
   * with the index (`unversioned` when there is none), then `+` and a hash of the agents,
   * lexicon and rates files when the process reads any. The same on every replica that serves the same.
   */
  readonly version: string;
  /** When it was loaded; with Meilisearch, when the index was filled, as every replica says. */
  readonly loadedAt: Date;
}

/** The outcome of the last try to load the catalog. */
export interface ReloadStatus {
  readonly status: 'ok' | 'failed';
  readonly at: Date;
  /** Why it failed; the old version still serves. */
  readonly error?: string;
}

/**
 * The catalog a process serves, which may change while it runs. A request reads `current` once,
 * when it starts, and keeps that version to its end; a reload builds the next version beside it
 * and swaps it in with one assignment.
 */
export interface LiveCatalog {
  readonly current: CatalogVersion;
  /** The last load or reload; the first is the load at start. */
  readonly lastReload: ReloadStatus;
  /**
   * Loads the files (with Meilisearch, the index's version) again and swaps the new version in;
   * unchanged ones keep the version, a bad file keeps the old one (status `failed`). Calls during
   * a reload wait for one more after it.
   */
  reload(): Promise<ReloadStatus>;
  /**
   * Adds a warmer, run on each next version before it is swapped in (see {@link CatalogWarmer});
   * the function returned removes it. An app adds one for each cache it keeps per version.
   */
  onWarm(warmer: CatalogWarmer): () => void;
  /** Stops watching; closes the current index. */
  close(): Promise<void>;
  /** A catalog read from a link (`CATALOG_URL`): when it was last fetched, and when it will be. */
  readonly remote?: RemoteStatus;
}

/** The fetches of a catalog read from a link. */
export interface RemoteStatus {
  /** The last fetch that got an answer (new bytes, or "not modified"). */
  readonly fetchedAt?: Date;
  readonly nextFetchAt?: Date;
}

/** Options of {@link openLiveCatalog}. */
export interface LiveCatalogOptions {
  /** Reload when a file (or, with Meilisearch, the index's version) changes; default true. */
  readonly watch?: boolean;
  /**
   * Poll of the files and of the index's version, in ms (see `watchFiles`); 0: file events and
   * `reload()` only. Default `config.pollMs`, else 2,000.
   */
  readonly pollMs?: number;
  /** How long a changed file must stay unchanged before it is read, in ms; default 300. */
  readonly settleMs?: number;
  /** Wraps each version's index (metrics); default: as opened. */
  readonly wrapIndex?: (index: CatalogIndex) => CatalogIndex;
  /**
   * The catalog file to load each time, instead of `config.file`, and its format: the copy of a
   * link's download that `openUrlCatalog` keeps (it changes the file, and calls `reload()`; the
   * file is not watched). Its versions say `source: 'url'`.
   */
  readonly catalogFile?: () => {
    readonly path: string;
    readonly format: CatalogFormat;
    /** Its `contentHash`, which names the version instead of its bytes. */
    readonly contentHash: string;
  };
  /** A catalog read from a link (`config.url`): each fetch's time limit in ms; default 30,000. */
  readonly fetchTimeoutMs?: number;
  /**
   * How long the warmers may take before a swap, in ms (see `onWarm`); 0 swaps at once. Default
   * `config.warmMs`, else 5,000.
   */
  readonly warmMs?: number;
  /**
   * Whether clients were served since it was last asked: between two answers, a warm-up leaves
   * them the event loop when they were (see `WarmUps`). Default: always, as under load.
   */
  readonly serving?: () => boolean;
}

const DEFAULT_SETTLE_MS = 300;
// A file replaced while it was read is read again, a few times at most.
const MAX_ATTEMPTS = 3;

/**
 * Opens the catalog with {@link openCatalog} and keeps it current: when the catalog, agents,
 * lexicon or rates file is replaced, when `catalog index` swaps a new Meilisearch index in (its stored
 * version is polled), and on `reload()` (the server calls it on SIGHUP), the catalog is opened
 * again beside the version that serves, checked, and swapped in: a new version object, so
 * everything kept per version is dropped with the old one. With `config.url` and the embedded
 * engine, the catalog is downloaded from the link and kept in sync (`openUrlCatalog`).
 *
 * @throws {CatalogIoError} when the first load fails (see {@link openCatalog}).
 * @example const catalog = await openLiveCatalog(config.catalog, app.log);
 */
export async function openLiveCatalog(
  config: OpenCatalogOptions,
  log?: CatalogLog,
  options: LiveCatalogOptions = {},
): Promise<LiveCatalog> {
  // A link instead of a file: its downloads are kept in sync, each loaded as the file is here.
  if (config.url && config.engine === 'embedded' && !options.catalogFile) {
    const { openUrlCatalog } = await import('./url-catalog.js');
    return openUrlCatalog({ ...config, url: config.url }, log, options);
  }
  if (config.url && config.engine === 'meilisearch') {
    log?.warn(
      {},
      'CATALOG_URL is not read with SEARCH_ENGINE=meilisearch: the index is served; keep it in sync with "catalog index <link> --watch"',
    );
  }
  const wrap = options.wrapIndex ?? ((index: CatalogIndex) => index);
  // The index each wrapped one wraps: the next version is opened beside the index as opened.
  const unwrapped = new WeakMap<CatalogIndex, CatalogIndex>();
  const wrapped = (index: CatalogIndex) => {
    const outer = wrap(index);
    if (outer !== index) unwrapped.set(outer, index);
    return outer;
  };
  const asOpened = (index: CatalogIndex) => unwrapped.get(index) ?? index;
  const files = watchedFiles(config);
  // Taken before the first load: a file replaced while it loads is read again.
  const since = await Promise.all(files.map(signature));
  const pollMs = options.pollMs ?? config.pollMs ?? DEFAULT_CATALOG_POLL_MS;
  const versions =
    config.engine === 'meilisearch' && config.meilisearch
      ? await indexVersions(config.meilisearch, localVersionParts(config), log)
      : undefined;
  /** The config of one load: with a downloaded copy, its file and format. */
  const configOfLoad = (): OpenCatalogOptions => {
    const copy = options.catalogFile?.();
    return copy
      ? {
          ...config,
          file: copy.path,
          format: copy.format,
          contentHash: copy.contentHash,
          fingerprint: true,
        }
      : config;
  };
  const stamp = async (inputs: OpenCatalogOptions): Promise<VersionStamp> =>
    versions ? versions.stamp() : { version: await contentVersion(catalogVersionParts(inputs)) };

  async function load(): Promise<CatalogVersion> {
    for (let attempt = 1; ; attempt++) {
      const inputs = configOfLoad();
      const before = await Promise.all(files.map(signature));
      // A catalog file's version is a hash of its bytes, read on the worker that prepares it
      // (hashing a large file here would hold up the requests being served).
      const stamped =
        inputs.engine === 'embedded' && inputs.file !== undefined && !versions
          ? undefined
          : await stamp(inputs);
      if (stamped && stamped.version === live?.current.version) return live.current;
      const loaded = await openCatalogUnless(
        {
          ...inputs,
          ...(stamped && { version: stamped.version }),
          ...(live && { previous: { ...live.current, index: asOpened(live.current.index) } }),
        },
        live?.current.version,
        log,
      );
      // The file names the version served: the worker stopped there, nothing was opened.
      if ('unchanged' in loaded) {
        if (live) return live.current;
        throw new Error(`a first load read as unchanged (${loaded.unchanged})`);
      }
      const version = stamped?.version ?? loaded.version;
      if (version === undefined) throw new Error('a catalog file opened without its version');
      if (version === live?.current.version) {
        await loaded.index.close();
        return live.current;
      }
      const opened = options.catalogFile ? { ...loaded, source: 'url' as const } : loaded;
      const after = await Promise.all(files.map(signature));
      if (attempt < MAX_ATTEMPTS && after.some((sig, i) => sig !== before[i])) continue;
      return {
        ...opened,
        index: wrapped(opened.index),
        version,
        loadedAt: stamped?.loadedAt ?? new Date(),
      };
    }
  }

  const warmUps = new WarmUps(
    options.warmMs ?? config.warmMs ?? DEFAULT_CATALOG_WARM_MS,
    log,
    options.serving,
  );
  let live: { current: CatalogVersion; lastReload: ReloadStatus } | undefined;
  const first = await load();
  live = { current: first, lastReload: { status: 'ok', at: first.loadedAt } };
  const state = live;

  async function attempt(): Promise<ReloadStatus> {
    const started = performance.now();
    try {
      const next = await load();
      if (next !== state.current) {
        const old = state.current;
        const warmed = await warmUps.run(next, old);
        state.current = next;
        // A catalog whose rows are kept apart says what changed (a sheet edited by many hands).
        const changes = next.changes
          ? {
              products: (await next.index.health()).products,
              rejected: next.errors.length,
              ...next.changes,
            }
          : {};
        log?.info(
          {
            version: next.version,
            previous: old.version,
            ms: Math.round(performance.now() - started),
            ...warmed,
            ...changes,
          },
          'catalog reloaded',
        );
      }
      state.lastReload = { status: 'ok', at: new Date() };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      log?.warn(
        { err, version: state.current.version },
        `catalog reload failed, the old catalog still serves: ${error}`,
      );
      state.lastReload = { status: 'failed', at: new Date(), error };
    }
    return state.lastReload;
  }

  let closed = false;
  // A change seen during a reload may have come after its read: calls meanwhile get one more.
  const runs = serialRuns(() => (closed ? Promise.resolve(state.lastReload) : attempt()));

  const watching = options.watch !== false;
  const watch: FileWatch | undefined =
    !watching || files.length === 0
      ? undefined
      : watchFiles(files, () => void runs.again(), {
          pollMs,
          settleMs: options.settleMs ?? DEFAULT_SETTLE_MS,
          since,
        });
  const indexWatch =
    watching && pollMs > 0 ? versions?.watch(() => void runs.again(), pollMs) : undefined;

  return {
    get current() {
      return state.current;
    },
    get lastReload() {
      return state.lastReload;
    },
    reload: () => runs.again(),
    onWarm: (warmer) => warmUps.add(warmer),
    async close() {
      watch?.close();
      indexWatch?.close();
      closed = true;
      warmUps.stop();
      await runs.settled();
      await state.current.index.close();
    },
  };
}

/** Options of {@link fixedCatalog}. */
export interface FixedCatalogOptions {
  /** Default: the default agents. */
  readonly agents?: readonly Agent[];
  /** Default: the default lexicon. */
  readonly lexicon?: Lexicon;
  /**
   * Default: the default rates. Open the index with the same ones (`createEmbeddedIndex(products,
   * { rates })`), so that a query's prices and the answers' prices convert alike.
   */
  readonly rates?: CurrencyRates;
  /** Default `fixed`. */
  readonly version?: string;
}

/**
 * A catalog that never changes: an index opened by the caller (a test, an embedding program),
 * served as one version.
 *
 * @example const catalog = fixedCatalog(createEmbeddedIndex(products));
 */
export function fixedCatalog(index: CatalogIndex, options: FixedCatalogOptions = {}): LiveCatalog {
  const current: CatalogVersion = {
    index,
    agents: options.agents ?? DEFAULT_AGENTS,
    lexicon: options.lexicon ?? DEFAULT_LEXICON,
    rates: options.rates ?? DEFAULT_CURRENCY_RATES,
    source: 'sample',
    errors: [],
    version: options.version ?? 'fixed',
    loadedAt: new Date(),
  };
  const lastReload: ReloadStatus = { status: 'ok', at: current.loadedAt };
  return {
    current,
    lastReload,
    reload: async () => lastReload,
    // It never swaps: nothing to warm.
    onWarm: () => () => undefined,
    close: () => current.index.close(),
  };
}

function watchedFiles(config: OpenCatalogOptions): string[] {
  const files = [config.agentsFile, config.lexiconFile, config.ratesFile];
  if (config.engine === 'embedded') files.unshift(config.file);
  return files.filter((file): file is string => file !== undefined);
}
