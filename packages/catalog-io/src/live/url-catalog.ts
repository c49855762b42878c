import type { CatalogUrlConfig } from '@repo/env';
import { CatalogIoError } from '../errors.js';
import type { CatalogFormat } from '../formats.js';
import type { CatalogLog, OpenCatalogOptions } from '../open-catalog.js';
import { CatalogMirror, type MirroredCatalog } from '../remote/catalog-mirror.js';
import { contentHash } from '../remote/content-hash.js';
import { fetchCatalog } from '../remote/fetch-catalog.js';
import { catalogDownloadUrl, shownUrl } from '../remote/sheet-link.js';
import {
  type LiveCatalog,
  type LiveCatalogOptions,
  openLiveCatalog,
  type ReloadStatus,
} from './live-catalog.js';
import { serialRuns } from './serial-runs.js';

/** The file a load reads: the good copy, or a candidate being tried. */
interface Loading {
  readonly path: string;
  readonly format: CatalogFormat;
  /** What it holds (`contentHash`), which names its version. */
  readonly contentHash: string;
}

/**
 * The catalog of `config.url`, kept in sync: fetched at start, then every `pollMs` and on
 * `reload()` (SIGHUP), with the last download's ETag and Last-Modified so that an unchanged sheet
 * costs a 304. New bytes are written beside the last good copy and loaded as the next version; only
 * once they load do they become the good copy (`CatalogMirror`). A bad fetch (unreachable, a 4xx
 * or 5xx, too large, a sign-in page) or a download with no valid row changes nothing that serves:
 * `lastReload` says `failed` with the reason, and the next good fetch recovers. Started while the
 * link is down, it serves the last good copy and says the fetch failed; with no copy either, it
 * does not start.
 *
 * @throws {CatalogIoError} `CATALOG_UNAVAILABLE` when neither the link nor a kept copy gives a
 *   catalog, or what loading the only catalog there is threw.
 */
export async function openUrlCatalog(
  config: OpenCatalogOptions & { readonly url: CatalogUrlConfig },
  log?: CatalogLog,
  options: LiveCatalogOptions = {},
): Promise<LiveCatalog> {
  const link = catalogDownloadUrl(config.url.href);
  const mirror = await CatalogMirror.open(config.url.dir, config.url.href);
  let good: MirroredCatalog | undefined = await mirror.good();
  let loading: Loading | undefined = good;
  let fetchedAt: Date | undefined = good ? new Date(good.fetchedAt) : undefined;
  let nextFetchAt: Date | undefined;
  let fetchFailure: ReloadStatus | undefined;
  /**
   * The load status that was the last word when the fetch failed: a load since then is newer
   * (times cannot tell: at start the failed fetch comes before the copy it leaves serving).
   */
  let failedOver: ReloadStatus | undefined;
  let live: LiveCatalog | undefined;
  const fetchFailed = (status: ReloadStatus) => {
    fetchFailure = status;
    failedOver = live?.lastReload;
  };
  /** The bytes of the last download that would not load: the same again fails the same way. */
  let refused: { contentHash: string; status: ReloadStatus } | undefined;

  /** One fetch: the new bytes written as a candidate, or why there is nothing new to load. */
  async function fetchOnce(): Promise<{
    candidate?: Loading;
    meta?: Omit<MirroredCatalog, 'path'>;
  }> {
    const at = new Date();
    try {
      const fetched = await fetchCatalog(link, {
        ...(good?.etag ? { etag: good.etag } : {}),
        ...(good?.lastModified ? { lastModified: good.lastModified } : {}),
        maxBytes: config.url.maxBytes,
        ...(options.fetchTimeoutMs ? { timeoutMs: options.fetchTimeoutMs } : {}),
      });
      fetchedAt = at;
      fetchFailure = undefined;
      if (fetched.status === 'not-modified') {
        if (good) good = await mirror.touch(good, {}, at.toISOString());
        return {};
      }
      const hash = await contentHash(fetched.bytes, fetched.format);
      if (good?.contentHash === hash) {
        good = await mirror.touch(good, fetched, at.toISOString());
        return {};
      }
      if (refused?.contentHash === hash) {
        fetchFailed({ ...refused.status, at });
        return {};
      }
      const path = await mirror.candidate(fetched.bytes, fetched.format);
      const meta = {
        format: fetched.format,
        contentHash: hash,
        fetchedAt: at.toISOString(),
        ...(fetched.etag ? { etag: fetched.etag } : {}),
        ...(fetched.lastModified ? { lastModified: fetched.lastModified } : {}),
      };
      return { candidate: { path, format: fetched.format, contentHash: hash }, meta };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      fetchFailed({ status: 'failed', at, error });
      log?.warn({ url: shownUrl(link) }, `${error}; the catalog being served stays`);
      return {};
    }
  }

  // At start: fetch, then serve the download if it loads, else the copy kept from before.
  const first = await fetchOnce();
  const open = () =>
    openLiveCatalog(config, log, {
      ...options,
      catalogFile: () => loading as Loading,
    });
  if (first.candidate && first.meta) {
    loading = first.candidate;
    try {
      live = await open();
      good = await mirror.promote(first.candidate.path, first.meta);
      loading = good;
    } catch (err) {
      await mirror.discard(first.candidate.path);
      const error = err instanceof Error ? err.message : String(err);
      refused = {
        contentHash: first.meta.contentHash,
        status: { status: 'failed', at: new Date(), error },
      };
      fetchFailed(refused.status);
      if (!good) throw err;
      loading = good;
    }
  }
  if (!live) {
    if (!good) {
      throw new CatalogIoError(
        'CATALOG_UNAVAILABLE',
        `${fetchFailure?.error ?? 'the catalog link gave nothing'}; and DATA_DIR holds no earlier download of it to serve instead`,
      );
    }
    live = await open();
  }
  const served = live;
  // Started from the kept copy because the fetch failed: that failure is the news.
  if (fetchFailure) failedOver = served.lastReload;

  async function sync(): Promise<ReloadStatus> {
    const { candidate, meta } = await fetchOnce();
    if (candidate && meta) {
      loading = candidate;
      try {
        const status = await served.reload();
        if (status.status === 'ok') {
          good = await mirror.promote(candidate.path, meta);
          refused = undefined;
        } else {
          await mirror.discard(candidate.path);
          refused = { contentHash: meta.contentHash, status };
        }
      } catch (err) {
        // A full disk or a broken DATA_DIR: said like a failed fetch, never thrown at the poll or
        // at SIGHUP, which nothing awaits (an unhandled rejection would end the process).
        const error = `the download could not be kept in DATA_DIR: ${err instanceof Error ? err.message : String(err)}`;
        fetchFailed({ status: 'failed', at: new Date(), error });
        log?.warn({ err }, error);
        await mirror.discard(candidate.path).catch(() => undefined);
      } finally {
        loading = good;
      }
    } else if (!fetchFailure && served.lastReload.status === 'failed') {
      // The link serves the copy that serves again (a broken sheet put back as it was): nothing
      // to load, but the failure it reported is over once the copy is seen to load.
      await served.reload();
    }
    return lastReload();
  }

  function lastReload(): ReloadStatus {
    const reloaded = served.lastReload;
    return withoutPaths(fetchFailure && failedOver === reloaded ? fetchFailure : reloaded);
  }

  /** A reason as `/health.json` shows it: the download, not where this server keeps it. */
  function withoutPaths(status: ReloadStatus): ReloadStatus {
    if (status.error === undefined || !status.error.includes(config.url.dir)) return status;
    const kept = new RegExp(`${escapeRegExp(config.url.dir)}[^\\s:;,)]*`, 'g');
    return { ...status, error: status.error.replace(kept, 'the download') };
  }

  // The poll joins a fetch under way; reload() (SIGHUP) waits for one more after it, as a file
  // catalog's does: the fetch under way may have left before the edit it was asked for.
  let closed = false;
  const fetches = serialRuns(() => (closed ? Promise.resolve(lastReload()) : sync()));
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    // A fetch that was under way when the catalog closed must not start the next one.
    if (closed) return;
    nextFetchAt = new Date(Date.now() + config.url.pollMs);
    timer = setTimeout(() => {
      void fetches.join().finally(schedule);
    }, config.url.pollMs);
    timer.unref();
  };
  if (options.watch !== false) schedule();

  return {
    get current() {
      return served.current;
    },
    get lastReload() {
      return lastReload();
    },
    get remote() {
      return {
        ...(fetchedAt ? { fetchedAt } : {}),
        ...(nextFetchAt && timer ? { nextFetchAt } : {}),
      };
    },
    reload: () => fetches.again(),
    onWarm: (warmer) => served.onWarm(warmer),
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await fetches.settled();
      await served.close();
    },
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
