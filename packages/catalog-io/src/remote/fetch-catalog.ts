import { CatalogIoError } from '../errors.js';
import type { CatalogFormat } from '../formats.js';
import { downloadFormat } from './download-format.js';
import { isFetchableUrl } from './sheet-link.js';

/** What the last good download said about itself, sent back to be told "not modified". */
export interface Validators {
  readonly etag?: string | undefined;
  readonly lastModified?: string | undefined;
}

/** Options of {@link fetchCatalog}. */
export interface FetchCatalogOptions extends Validators {
  /** Past this many bytes the body is not read; default 50 MB. */
  readonly maxBytes?: number;
  /** The whole fetch, redirects and body included, in ms; default 30,000. */
  readonly timeoutMs?: number;
  /** Redirects followed at most; default 5. */
  readonly maxRedirects?: number;
}

/** A fetch's outcome: the server said nothing changed, or here are the new bytes. */
export type FetchedCatalog =
  | { readonly status: 'not-modified' }
  | {
      readonly status: 'ok';
      readonly bytes: Buffer;
      readonly format: CatalogFormat;
      readonly etag?: string;
      readonly lastModified?: string;
    };

const MB = 1024 * 1024;

/**
 * Downloads a catalog from `url` (already turned into its download URL by `catalogDownloadUrl`),
 * politely and within bounds: `If-None-Match` / `If-Modified-Since` from the last good download,
 * redirects followed by hand (at most `maxRedirects`, each only to a URL the link itself could
 * be: https, or http on a loopback address), one time limit for the whole of it, and a size limit
 * past which no byte is read. The format comes from the bytes and the `Content-Type`, never the
 * name; an HTML page (a sheet that is not shared answers with a sign-in page) is refused saying so.
 * Error messages never quote the URL: they end up on `/health.json`, and a sheet's link may be
 * its only key.
 *
 * @throws {CatalogIoError} `FETCH_FAILED` with the reason.
 */
export async function fetchCatalog(
  url: URL,
  options: FetchCatalogOptions = {},
): Promise<FetchedCatalog> {
  const maxBytes = options.maxBytes ?? 50 * MB;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const signal = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = { accept: '*/*', 'user-agent': 'catalog-import' };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  try {
    let target = url;
    for (let redirects = 0; ; redirects++) {
      if (!isFetchableUrl(target)) {
        throw failed(
          redirects === 0
            ? 'the link must be https (http only on a loopback address)'
            : `a redirect led to a ${target.protocol} address that is neither https nor loopback http: not followed`,
        );
      }
      const response = await fetch(target, { headers, redirect: 'manual', signal });
      if (response.status >= 300 && response.status < 400 && response.status !== 304) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) throw failed(`the server answered ${response.status} without a Location`);
        if (redirects >= maxRedirects) {
          throw failed(`more than ${maxRedirects} redirects: not followed further`);
        }
        target = new URL(location, target);
        continue;
      }
      if (response.status === 304) {
        await response.body?.cancel();
        return { status: 'not-modified' };
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw failed(statusReason(response.status));
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (declared > maxBytes) {
        await response.body?.cancel();
        throw tooLarge(maxBytes);
      }
      const bytes = await readBounded(response, maxBytes);
      const format = downloadFormat(response.headers.get('content-type'), bytes);
      const etag = response.headers.get('etag') ?? undefined;
      const lastModified = response.headers.get('last-modified') ?? undefined;
      return {
        status: 'ok',
        bytes,
        format,
        ...(etag ? { etag } : {}),
        ...(lastModified ? { lastModified } : {}),
      };
    }
  } catch (error) {
    if (error instanceof CatalogIoError) throw error;
    if (signal.aborted) throw failed(`no complete answer within ${timeoutMs / 1000} s`, error);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw failed(
      `the server could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`,
      error,
    );
  }
}

/** The body, read until `maxBytes`: a byte more and the rest is not read. */
async function readBounded(response: Response, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function statusReason(status: number): string {
  if (status === 401 || status === 403) {
    return `the server answered ${status}: the sheet is not shared: set General access to Anyone with the link`;
  }
  if (status === 404) return 'the server answered 404: no sheet or file at this link';
  if (status === 429) return 'the server answered 429: too many requests, it will be tried again';
  return `the server answered ${status}`;
}

function tooLarge(maxBytes: number): CatalogIoError {
  return failed(
    `the download is larger than ${Math.round(maxBytes / MB)} MB (CATALOG_URL_MAX_MB): not read past that`,
  );
}

function failed(reason: string, cause?: unknown): CatalogIoError {
  return new CatalogIoError('FETCH_FAILED', `fetching the catalog failed: ${reason}`, { cause });
}
